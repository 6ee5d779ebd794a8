/**
 * Priority queue for searches with small integer costs: buckets by primary key f, and inside a
 * bucket by secondary key g, popping the lowest f and, among those, the highest g (deepest first,
 * which reaches a goal sooner on the last f layer). LIFO among equals. O(1) amortised.
 */
import { Int32Stack } from './int32-stack.ts';

export class BucketQueue {
  private readonly buckets: (Int32Stack | undefined)[][] = [];
  private readonly counts: number[] = [];
  private readonly topG: number[] = [];
  private minF = 0;
  private total = 0;
  /** f and g of the entry `pop` returned last. */
  lastF = -1;
  lastG = -1;

  get size(): number {
    return this.total;
  }

  push(id: number, f: number, g: number): void {
    let row = this.buckets[f];
    if (row === undefined) {
      row = [];
      this.buckets[f] = row;
      this.counts[f] = 0;
      this.topG[f] = -1;
    }
    let stack = row[g];
    if (stack === undefined) {
      stack = new Int32Stack(16);
      row[g] = stack;
    }
    stack.push(id);
    this.counts[f]++;
    if (g > this.topG[f]) this.topG[f] = g;
    if (this.total === 0 || f < this.minF) this.minF = f;
    this.total++;
  }

  /** Removes and returns the best entry's id, or -1 when empty. */
  pop(): number {
    if (this.total === 0) return -1;
    let f = this.minF;
    while (!this.counts[f]) f++;
    this.minF = f;
    const row = this.buckets[f];
    let g = this.topG[f];
    while (row[g] === undefined || row[g]!.length === 0) g--;
    this.topG[f] = g;
    const id = row[g]!.pop();
    this.counts[f]--;
    this.total--;
    this.lastF = f;
    this.lastG = g;
    return id;
  }

  /** Lowest f present, or -1 when empty. */
  peekF(): number {
    if (this.total === 0) return -1;
    let f = this.minF;
    while (!this.counts[f]) f++;
    this.minF = f;
    return f;
  }
}
