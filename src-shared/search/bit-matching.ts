/**
 * A largest matching of rows to columns (Kuhn's augmenting paths), where row r may take column c
 * when bit c of row r is set. The push solver asks it whether boxes can each have a goal, or
 * goals a box: the plan's boxes out of plan (plan.ts), a packing order's picks kept with a start
 * box each (packing.ts), boxes left a goal when some froze on goals (deadlock.ts). Only whether
 * rows get columns matters there, not what they cost (assignment.ts weighs them).
 *
 * A row is offered its columns lowest first, so the matching found is the same for the same
 * bits and the same order of rows.
 */
import { nextStamp } from './stamps.ts';

export class BitMatching {
  /** 32-bit words a row takes. */
  private readonly words: number;
  private bits: Uint32Array;
  /** Each column's row, or -1. */
  private readonly rowOf: Int32Array;
  private readonly seen: Uint32Array;
  private stamp = 0;

  /** Room for `rows` rows (more are made room for when set) over `cols` columns. */
  constructor(rows: number, cols: number) {
    this.words = Math.max(1, (cols + 31) >>> 5);
    this.bits = new Uint32Array(Math.max(1, rows) * this.words);
    this.rowOf = new Int32Array(cols).fill(-1);
    this.seen = new Uint32Array(cols);
  }

  /** Clears row r's columns (making room for it). */
  clearRow(r: number): void {
    const base = r * this.words;
    if (base + this.words > this.bits.length) {
      const grown = new Uint32Array(Math.max(this.bits.length * 2, base + this.words));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits.fill(0, base, base + this.words);
  }

  /** Lets row r take column c (after `clearRow(r)`). */
  allow(r: number, c: number): void {
    this.bits[r * this.words + (c >>> 5)] |= 1 << (c & 31);
  }

  /** Frees every column. */
  reset(): void {
    this.rowOf.fill(-1);
  }

  /** Frees the column row r holds, if any. */
  release(r: number): void {
    for (let c = 0; c < this.rowOf.length; c++) if (this.rowOf[c] === r) this.rowOf[c] = -1;
  }

  /** Whether row r holds a column. */
  holds(r: number): boolean {
    return this.rowOf.includes(r);
  }

  /** Gives row r a column, moving the rows that hold columns along an augmenting path; false when there is none. */
  match(r: number): boolean {
    this.stamp = nextStamp(this.stamp, this.seen);
    return this.augment(r);
  }

  /** The rows matched to columns, as `rowOf` would list them (a copy, for putting back with `restore`). */
  save(): Int32Array {
    return this.rowOf.slice();
  }

  restore(saved: Int32Array): void {
    this.rowOf.set(saved);
  }

  private augment(r: number): boolean {
    const { words, bits, rowOf, seen, stamp } = this;
    const base = r * words;
    for (let w = 0; w < words; w++) {
      let word = bits[base + w];
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const c = w * 32 + (31 - Math.clz32(low));
        if (seen[c] === stamp) continue;
        seen[c] = stamp;
        if (rowOf[c] < 0 || this.augment(rowOf[c])) {
          rowOf[c] = r;
          return true;
        }
      }
    }
    return false;
  }
}
