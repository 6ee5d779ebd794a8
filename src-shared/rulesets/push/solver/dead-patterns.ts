/**
 * Deadlock patterns learned during a search: a few boxes that cannot all reach goals even with
 * every other box taken off the board.
 *
 * A probe searches such a subset alone: only its boxes, pushed by the player from where it stands,
 * each to be brought onto a goal (any goal, one box a goal). Taking boxes away only frees the
 * player and the boxes left, so a subset with no solution leaves the whole position without one,
 * whatever the other boxes: that is a pattern. It holds wherever its boxes stand on its cells with
 * the player in the area it was proven for (the floor the player reaches with only the pattern's
 * boxes on it): a position's own area lies inside one such area, so one cell tells.
 *
 * Freeze deadlocks, dead squares and corrals catch the patterns of boxes frozen in place; a probe
 * catches those whose boxes can still move but never all reach goals (two boxes in a dead end, a
 * group that can only be pushed into a corner). On XSokoban such a group is often made far
 * upstream of where the search stalls: once learned, the pattern closes every position with it.
 */
import { FreezeDetector, FROZEN_OFF_GOAL } from './deadlock.ts';
import type { CompiledBoard } from './compiled.ts';
import { PlayerReach } from './reach.ts';
import { nextStamp } from '../../../search/stamps.ts';

export type ProbeVerdict = 'dead' | 'alive' | 'unknown';

/**
 * Positions a probe searches at most: most dead subsets are proven in a few (XSokoban 28: 10, 30:
 * 6), and most probes end unknown, so this is their cost (16 against 64: the race at 10 s of CPU
 * solved 63 against 61 of XSokoban 90).
 */
const PROBE_NODES = 16;
/** A position with at most this many boxes off goals probes them all together. */
const OFF_GOAL_MOST = 5;
/** Otherwise it probes the box pushed last with those around it, this many in all... */
const LOCAL_BOXES = 4;
/** ...within this many rows and columns of it (nearest first). */
const LOCAL_REACH = 2;
/** Most patterns kept (each costs its cells and an area of the floor). */
const MOST_PATTERNS = 20_000;
/** Probe results remembered (by subset and area), so the same subset is not searched again. */
const MOST_REMEMBERED = 200_000;

/** Whether a board can have patterns: its cells fit a key's characters (below QUICK's). */
export function patternsFit(board: CompiledBoard): boolean {
  return board.size < 0xffff;
}

export class DeadPatterns {
  private readonly board: CompiledBoard;
  /** Floor cells within LOCAL_REACH of each cell, nearest first. */
  private readonly around: Int32Array[];
  private readonly subset: number[] = [];
  private readonly boxAt: Int32Array;
  private readonly seen: Uint32Array;
  private stamp = 0;
  private readonly stack: Int32Array;
  private readonly freeze: FreezeDetector;
  /** The least cell of the player's area over the probe's own boxes, for its keys (`leastIn`). */
  private readonly reach: PlayerReach;
  /** Each pattern's cells, and its area: the cells from which the player cannot solve it. */
  private readonly cells: Int32Array[] = [];
  private readonly areas: Uint8Array[] = [];
  /** Patterns by each of their cells, and by their least cell. */
  private readonly byCell: number[][];
  private readonly byLeast: number[][];
  private readonly remembered = new Map<string, ProbeVerdict>();
  /** Per group size, a probe's positions (each once), its stack of those to expand, and its pushes' scratch. */
  private readonly scratch: ({ seen: ProbePositions; todo: Int32Array; targets: Int32Array; next: Int32Array } | undefined)[] = [];

  constructor(board: CompiledBoard) {
    this.board = board;
    this.around = cellsAround(board, LOCAL_REACH);
    this.boxAt = new Int32Array(board.size).fill(-1);
    this.seen = new Uint32Array(board.size);
    this.stack = new Int32Array(board.size);
    this.freeze = new FreezeDetector(board);
    this.reach = new PlayerReach(board);
    this.byCell = Array.from({ length: board.size }, () => []);
    this.byLeast = Array.from({ length: board.size }, () => []);
  }

  get count(): number {
    return this.cells.length;
  }

  /** Whether a pattern with a box on `cell` holds in the position of `boxAt`, the player on `player`. */
  holdsWith(cell: number, boxAt: Int32Array, player: number): boolean {
    for (const p of this.byCell[cell]) if (this.holds(p, boxAt, player)) return true;
    return false;
  }

  /** Whether any pattern holds in the position (`boxes`, `boxAt`, the player on `player`). */
  holdsIn(boxes: Int32Array, boxAt: Int32Array, player: number): boolean {
    for (let i = 0; i < boxes.length; i++) {
      for (const p of this.byLeast[boxes[i]]) if (this.holds(p, boxAt, player)) return true;
    }
    return false;
  }

  private holds(p: number, boxAt: Int32Array, player: number): boolean {
    if (!this.areas[p][player]) return false;
    const cells = this.cells[p];
    for (let k = 0; k < cells.length; k++) if (boxAt[cells[k]] < 0) return false;
    return true;
  }

  /**
   * Probe the position (`boxes`, `boxAt`, the player on `player`, the box pushed last on `last`,
   * or -1): its boxes off goals when they are few, else the box pushed last with those around it;
   * each group, when its probe ends unknown, also one box fewer (`learnGroup`). True when a
   * pattern was learned (the position is dead).
   */
  learnFrom(boxes: Int32Array, boxAt: Int32Array, last: number, player: number): boolean {
    const { goal } = this.board;
    const subset = this.subset;
    subset.length = 0;
    for (let i = 0; i < boxes.length && subset.length <= OFF_GOAL_MOST; i++) if (!goal[boxes[i]]) subset.push(boxes[i]);
    if (subset.length === 0) return false;
    if (subset.length > 1 && subset.length <= OFF_GOAL_MOST && this.learnGroup(subset, player, -1)) return true;
    if (last < 0) return false;
    subset.length = 0;
    subset.push(last);
    let off = !goal[last];
    for (const c of this.around[last]) {
      if (subset.length >= LOCAL_BOXES) break;
      if (boxAt[c] < 0) continue;
      subset.push(c);
      if (!goal[c]) off = true;
    }
    return subset.length > 1 && off && this.learnGroup(subset, player, last);
  }

  /**
   * Learn from the group of boxes on `subset`; when its probe ends unknown (within PROBE_NODES),
   * from each group of one box fewer (never leaving out `keep`, and with a box off goals), first
   * dead one wins. A free box beside a dead group keeps the group's probe busy until it gives up
   * (XSokoban 28: three boxes that can only be pushed into a corner, and a fourth that roams);
   * the smaller group is proven dead at once. A group whose probe found it alive is not split: a
   * subset of boxes that can all reach goals can too. Soundness is the probe's (a dead subset
   * leaves the whole position dead).
   */
  private learnGroup(subset: readonly number[], player: number, keep: number): boolean {
    if (this.learn(subset, player)) return true;
    if (subset.length < 3 || this.probe(subset, player) !== 'unknown') return false;
    const { goal } = this.board;
    const all = [...subset];
    for (const c of all) {
      if (c === keep) continue;
      const fewer = all.filter((x) => x !== c);
      if (fewer.some((x) => !goal[x]) && this.learn(fewer, player)) return true;
    }
    return false;
  }

  /**
   * Probe the boxes on `subset` (cells) with the player on `player`: a pattern learned when dead,
   * made smaller first (each box left out in turn, kept out while the rest stay dead).
   */
  private learn(subset: readonly number[], player: number): boolean {
    if (this.probe(subset, player) !== 'dead') return false;
    let cells = [...subset];
    for (const c of subset) {
      if (cells.length <= 1) break;
      const fewer = cells.filter((x) => x !== c);
      if (this.probe(fewer, player) === 'dead') cells = fewer;
    }
    if (this.cells.length < MOST_PATTERNS) this.add(cells, player);
    return true;
  }

  private add(cells: number[], player: number): void {
    const { boxAt } = this;
    for (const c of cells) boxAt[c] = 0;
    this.flood(player);
    for (const c of cells) boxAt[c] = -1;
    const area = new Uint8Array(this.board.size);
    for (let c = 0; c < area.length; c++) if (this.seen[c] === this.stamp) area[c] = 1;
    const p = this.cells.length;
    const sorted = Int32Array.from(cells).sort();
    this.cells.push(sorted);
    this.areas.push(area);
    for (const c of sorted) this.byCell[c].push(p);
    this.byLeast[sorted[0]].push(p);
  }

  /** Player floods over the probe's own boxes (`boxAt`): the least cell reached (`seen` stamped). */
  private flood(from: number): number {
    const { nbr } = this.board;
    const { seen, stack, boxAt } = this;
    const stamp = (this.stamp = nextStamp(this.stamp, this.seen));
    let top = 0;
    stack[top++] = from;
    seen[from] = stamp;
    let least = from;
    while (top > 0) {
      const c = stack[--top];
      if (c < least) least = c;
      for (let d = 0; d < 4; d++) {
        const m = nbr[c * 4 + d];
        if (m >= 0 && boxAt[m] < 0 && seen[m] !== stamp) {
          seen[m] = stamp;
          stack[top++] = m;
        }
      }
    }
    return least;
  }

  /** The subset's own search, depth first within `nodes` positions. */
  private probe(subset: readonly number[], player: number): ProbeVerdict {
    const { nbr, goal, dead } = this.board;
    const { boxAt, freeze } = this;
    const k = subset.length;
    const start = Int32Array.from(subset).sort();
    // At most PROBE_NODES expansions of at most 4 pushes a box each, and the start.
    const most = PROBE_NODES * 4 * k + 1;
    const scratch = (this.scratch[k] ??= { seen: new ProbePositions(k, most), todo: new Int32Array(most), targets: new Int32Array(8 * k), next: new Int32Array(k) });
    // Remembered by the player's cell as asked (no flood), and by the least cell of its area.
    const quick = keyOf(start, player) + QUICK;
    const knownQuick = this.remembered.get(quick);
    if (knownQuick) return knownQuick;
    for (const c of start) boxAt[c] = 0;
    const least = this.reach.leastIn(player, boxAt);
    for (const c of start) boxAt[c] = -1;
    const asked = keyOf(start, least);
    const known = this.remembered.get(asked);
    if (known) {
      this.remembered.set(quick, known);
      return known;
    }
    const seenProbe = scratch.seen;
    seenProbe.clear();
    seenProbe.add(start, least);
    // The positions still to expand, last found first (entries of `seenProbe`).
    const todo = scratch.todo;
    let top = 0;
    todo[top++] = 0;
    const targets = scratch.targets;
    let expanded = 0;
    let verdict: ProbeVerdict = 'dead';
    while (top > 0) {
      if (expanded >= PROBE_NODES) {
        verdict = 'unknown';
        break;
      }
      const entry = todo[--top];
      const cells = seenProbe.cellsOf(entry);
      const at = seenProbe.playerOf(entry);
      expanded++;
      let home = true;
      for (let i = 0; i < k; i++) if (!goal[cells[i]]) home = false;
      if (home) {
        verdict = 'alive';
        break;
      }
      for (let i = 0; i < k; i++) boxAt[cells[i]] = i;
      this.flood(at);
      const reached = this.stamp;
      let found = 0;
      for (let i = 0; i < k; i++) {
        const c = cells[i];
        for (let d = 0; d < 4; d++) {
          const from = nbr[c * 4 + (d ^ 1)];
          const t = nbr[c * 4 + d];
          if (from >= 0 && t >= 0 && this.seen[from] === reached && boxAt[t] < 0 && !dead[t]) {
            targets[found++] = i;
            targets[found++] = t;
          }
        }
      }
      for (let m = 0; m < found; m += 2) {
        const i = targets[m];
        const t = targets[m + 1];
        const c = cells[i];
        boxAt[c] = -1;
        boxAt[t] = i;
        if (freeze.check(boxAt, t) !== FROZEN_OFF_GOAL) {
          const next = scratch.next;
          next.set(cells);
          next[i] = t;
          next.sort();
          const child = seenProbe.add(next, this.reach.leastIn(c, boxAt), c);
          if (child >= 0) todo[top++] = child;
        }
        boxAt[t] = -1;
        boxAt[c] = i;
      }
      for (let i = 0; i < k; i++) boxAt[cells[i]] = -1;
    }
    if (this.remembered.size >= MOST_REMEMBERED) this.remembered.clear();
    this.remembered.set(asked, verdict);
    this.remembered.set(quick, verdict);
    return verdict;
  }
}

/**
 * A probe's positions, each stored once (its sorted cells and the least cell of the player's
 * area, what `keyOf` keys): an open-addressed table cleared per probe by a stamp, so a probe
 * makes no garbage. Each entry keeps the player's cell as found too, where the probe walks from.
 */
class ProbePositions {
  private readonly k: number;
  private readonly cells: Int32Array;
  private readonly least: Int32Array;
  private readonly player: Int32Array;
  private count = 0;
  private readonly slots: Int32Array;
  private readonly slotStamp: Uint32Array;
  private stamp = 0;
  private readonly mask: number;

  constructor(k: number, most: number) {
    this.k = k;
    this.cells = new Int32Array(k * most);
    this.least = new Int32Array(most);
    this.player = new Int32Array(most);
    let capacity = 4;
    while (capacity < most * 2) capacity *= 2;
    this.slots = new Int32Array(capacity);
    this.slotStamp = new Uint32Array(capacity);
    this.mask = capacity - 1;
  }

  clear(): void {
    this.count = 0;
    this.stamp = nextStamp(this.stamp, this.slotStamp);
  }

  /** Stores the position (its player walking from `from`, `least` when not given); its entry, or -1 when it was stored already. */
  add(cells: Int32Array, least: number, from = least): number {
    const { k } = this;
    let h = Math.imul(least + 1, 0x9e3779b1);
    for (let i = 0; i < k; i++) h = Math.imul(h ^ cells[i], 0x85ebca6b) ^ (h >>> 13);
    let slot = h & this.mask;
    while (this.slotStamp[slot] === this.stamp) {
      const e = this.slots[slot];
      if (this.least[e] === least && this.sameCells(e, cells)) return -1;
      slot = (slot + 1) & this.mask;
    }
    const e = this.count++;
    this.cells.set(cells, e * k);
    this.least[e] = least;
    this.player[e] = from;
    this.slotStamp[slot] = this.stamp;
    this.slots[slot] = e;
    return e;
  }

  cellsOf(entry: number): Int32Array {
    return this.cells.subarray(entry * this.k, entry * this.k + this.k);
  }

  playerOf(entry: number): number {
    return this.player[entry];
  }

  private sameCells(entry: number, cells: Int32Array): boolean {
    const base = entry * this.k;
    for (let i = 0; i < this.k; i++) if (this.cells[base + i] !== cells[i]) return false;
    return true;
  }
}

/** Ends the key of a probe remembered by the player's cell as asked. */
const QUICK = '\uffff';

/** A probe position's key: its sorted cells and the player's cell (cells below 0xffff: `patternsFit`). */
function keyOf(cells: Int32Array, player: number): string {
  return String.fromCharCode(...cells, player);
}

/** Each floor cell's floor cells within `reach` rows and columns, nearest (by the larger offset) first. */
function cellsAround(board: CompiledBoard, reach: number): Int32Array[] {
  const { width, gridOf, floorOf, size } = board;
  const height = Math.ceil(floorOf.length / width);
  return Array.from({ length: size }, (_, c) => {
    const x = gridOf[c] % width;
    const y = Math.floor(gridOf[c] / width);
    const found: number[] = [];
    for (let ring = 1; ring <= reach; ring++) {
      for (let dy = -ring; dy <= ring; dy++) {
        for (let dx = -ring; dx <= ring; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || xx >= width || yy < 0 || yy >= height) continue;
          const f = floorOf[yy * width + xx];
          if (f >= 0) found.push(f);
        }
      }
    }
    return Int32Array.from(found);
  });
}
