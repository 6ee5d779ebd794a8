/**
 * Weighted A* (f = g + w * h, h = Manhattan distance plus linear conflicts) for boards where no
 * exact method finishes (5x5): it finds a solution within w times the optimum while storing far
 * fewer states than A*. Every stored state counts against the budget. States are packed 5 bits
 * per cell (the last cell follows from the others) into an open-addressing hash table.
 */
import type { SolveOptions } from '../../../engine/ruleset.ts';
import { BucketQueue } from '../../../search/bucket-queue.ts';
import { conflictBound, lineConflicts } from './bounds.ts';
import type { Frame } from './geometry.ts';

export interface WeightedOptions {
  /** The weight as a fraction `numerator / denominator`, so f stays an integer. */
  readonly numerator: number;
  readonly denominator: number;
  /** Most states stored. */
  readonly budget: number;
  readonly shouldStop?: SolveOptions['shouldStop'];
  readonly progress?: SolveOptions['progress'];
}

export interface WeightedResult {
  readonly status: 'solved' | 'budget' | 'unsolvable';
  readonly moves?: readonly number[];
  readonly nodes: number;
  readonly stored: number;
  readonly stoppedBy?: 'budget' | 'stopped';
}

const CELLS_PER_WORD = 6;

/** Bytes per stored state: packed words, parent, move, cost, closed flag, two hash slots. */
export function weightedBytesPerState(n: number): number {
  return Math.ceil((n - 1) / CELLS_PER_WORD) * 4 + 4 + 1 + 2 + 1 + 8;
}

export function weightedAStar(frame: Frame, start: Uint8Array, options: WeightedOptions): WeightedResult {
  const { width, height, n, neighbours, order } = frame;
  const { numerator, denominator, budget } = options;
  const lines = lineConflicts(width, height);
  const words = Math.ceil((n - 1) / CELLS_PER_WORD);
  let capacity = 1 << 12;
  let packed = new Uint32Array(capacity * words);
  let parent = new Int32Array(capacity);
  let via = new Int8Array(capacity);
  let cost = new Uint16Array(capacity);
  let closed = new Uint8Array(capacity);
  let count = 0;
  let slots = new Int32Array(capacity * 2).fill(-1);
  const key = new Uint32Array(words);
  const tiles = new Uint8Array(n);

  const pack = (t: Uint8Array): void => {
    key.fill(0);
    for (let c = 0; c < n - 1; c++) key[Math.floor(c / CELLS_PER_WORD)] |= t[c] << (5 * (c % CELLS_PER_WORD));
  };
  const unpack = (id: number, out: Uint8Array): number => {
    let seen = 0;
    let blank = -1;
    for (let c = 0; c < n - 1; c++) {
      const v = (packed[id * words + Math.floor(c / CELLS_PER_WORD)] >>> (5 * (c % CELLS_PER_WORD))) & 31;
      out[c] = v;
      seen += v;
      if (v === 0) blank = c;
    }
    out[n - 1] = (n * (n - 1)) / 2 - seen;
    return blank < 0 ? n - 1 : blank;
  };
  const hashOf = (source: Uint32Array, offset: number): number => {
    let h = 0x9e3779b9;
    for (let w = 0; w < words; w++) h = Math.imul(h ^ source[offset + w], 0x85ebca6b) ^ (h >>> 13);
    return (h ^ (h >>> 16)) >>> 0;
  };
  const find = (): number => {
    const mask = slots.length - 1;
    for (let s = hashOf(key, 0) & mask; ; s = (s + 1) & mask) {
      const id = slots[s];
      if (id < 0) return -1 - s;
      let same = true;
      for (let w = 0; w < words && same; w++) same = packed[id * words + w] === key[w];
      if (same) return id;
    }
  };
  const grow = (): void => {
    capacity *= 2;
    const p = new Uint32Array(capacity * words);
    p.set(packed);
    packed = p;
    const pa = new Int32Array(capacity);
    pa.set(parent);
    parent = pa;
    const v = new Int8Array(capacity);
    v.set(via);
    via = v;
    const c = new Uint16Array(capacity);
    c.set(cost);
    cost = c;
    const cl = new Uint8Array(capacity);
    cl.set(closed);
    closed = cl;
    slots = new Int32Array(capacity * 2).fill(-1);
    const mask = slots.length - 1;
    for (let id = 0; id < count; id++) {
      let s = hashOf(packed, id * words) & mask;
      while (slots[s] >= 0) s = (s + 1) & mask;
      slots[s] = id;
    }
  };
  const add = (slot: number, from: number, move: number, g: number): number => {
    if (count === capacity) {
      grow();
      const again = find();
      slot = -1 - again;
    }
    const id = count++;
    packed.set(key, id * words);
    parent[id] = from;
    via[id] = move;
    cost[id] = g;
    slots[slot] = id;
    return id;
  };
  const heuristic = (t: Uint8Array): number => {
    const b = conflictBound(t, width, height, lines);
    return b.manhattan + b.conflicts;
  };

  const open = new BucketQueue();
  pack(start);
  const first = add(-1 - find(), -1, -1, 0);
  open.push(first, heuristic(start) * numerator, 0);
  let expanded = 0;
  for (;;) {
    const id = open.pop();
    if (id < 0) return { status: 'unsolvable', nodes: expanded, stored: count };
    if (closed[id]) continue;
    closed[id] = 1;
    const blank = unpack(id, tiles);
    const g = cost[id];
    let solved = true;
    for (let c = 0; c < n && solved; c++) solved = tiles[c] === c;
    if (solved) {
      const moves: number[] = [];
      for (let at = id; parent[at] >= 0; at = parent[at]) moves.push(via[at]);
      return { status: 'solved', moves: moves.reverse(), nodes: expanded, stored: count };
    }
    expanded++;
    if ((expanded & 0x3ff) === 0) {
      options.progress?.({ nodes: expanded, stored: count });
      if (options.shouldStop?.()) return { status: 'budget', stoppedBy: 'stopped', nodes: expanded, stored: count };
    }
    const previous = via[id];
    for (let k = 0; k < 4; k++) {
      const m = order[k];
      if (previous >= 0 && m === (previous ^ 1)) continue;
      const to = neighbours[blank * 4 + m];
      if (to < 0) continue;
      tiles[blank] = tiles[to];
      tiles[to] = 0;
      pack(tiles);
      const found = find();
      if (found < 0) {
        if (count >= budget) return { status: 'budget', stoppedBy: 'budget', nodes: expanded, stored: count };
        const h = heuristic(tiles);
        const child = add(found, id, m, g + 1);
        open.push(child, (g + 1) * denominator + h * numerator, g + 1);
      } else if (!closed[found] && cost[found] > g + 1) {
        parent[found] = id;
        via[found] = m;
        cost[found] = g + 1;
        open.push(found, (g + 1) * denominator + heuristic(tiles) * numerator, g + 1);
      }
      tiles[to] = tiles[blank];
      tiles[blank] = 0;
    }
  }
}
