/**
 * Push distances that know which side of the box the player is on.
 *
 * The relaxed distances (compiled.ts) let the player stand behind a box whenever that cell is
 * floor. Where the box's cell is an articulation point of the floor (a corridor, a doorway), the
 * floor less that cell falls apart into up to four parts, and the player can only push from the
 * part it is in. A box in a doorway that the player reached from the wrong room must go round: in
 * Microban 153 the boxes of the left hall can only leave it through the middle room, a detour of
 * some thirty pushes that the relaxed distance does not see.
 *
 * So a box's place here is a "side cell": its cell and the part of the floor (less that cell) the
 * player is in. A cell that splits nothing has one side cell, numbered as the cell itself; the
 * other sides of an articulation cell get numbers from `size` on. Distances are BFS over side
 * cells with the other boxes ignored. They are admissible and consistent: between two pushes of a
 * box the player walks round it without crossing its cell, so it stays in the same part, and
 * pushing the other boxes never changes a box's side cell.
 */
import { UNREACHABLE } from '../analysis.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';

/** A floor with a 4-neighbour table (see CompiledBoard), as `floorSides` and the distances take it. */
interface Floor {
  readonly size: number;
  readonly nbr: Int32Array;
}

export interface Sides {
  /** Number of side cells (>= size). */
  readonly count: number;
  /** Cell of each side cell. */
  readonly cellOf: Int32Array;
  /** Per cell: its index among the articulation cells, or -1. */
  readonly art: Int32Array;
  /** Per cell c (an articulation cell, else -1): its side cells for parts 1.. are size + first[c] on. */
  readonly first: Int32Array;
  /** Depth-first order of each cell (the parts are ranges of it, below). */
  readonly order: Int32Array;
  /**
   * By articulation index a = art[c], parts 1..splits[a] of the floor less c: part k + 1 holds the
   * cells whose order lies in [lo[a * 3 + k], hi[a * 3 + k]); part 0 is the rest.
   */
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly splits: Uint8Array;
}

/**
 * The articulation cells of the floor (which must be connected) and the parts each splits it
 * into, by one depth-first search (Tarjan's low points): a child subtree whose low point does
 * not reach above a cell is a part of its own, a range of the depth-first order. O(size).
 */
export function floorSides(floor: Floor): Sides {
  const { size, nbr } = floor;
  if (size === 0) throw new Error('floorSides: an empty floor');
  const order = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const end = new Int32Array(size);
  const parent = new Int32Array(size).fill(-1);
  const nextDir = new Uint8Array(size);
  // Children of each cell whose subtree is a part of its own (at most 4: a cell has 4 neighbours).
  const cut = new Int32Array(size * 4);
  const cutCount = new Uint8Array(size);
  const stack = new Int32Array(size);
  let counter = 0;
  let top = 0;
  order[0] = low[0] = counter++;
  stack[top++] = 0;
  while (top > 0) {
    const c = stack[top - 1];
    if (nextDir[c] < 4) {
      const y = nbr[c * 4 + nextDir[c]++];
      if (y < 0) continue;
      if (order[y] < 0) {
        parent[y] = c;
        order[y] = low[y] = counter++;
        stack[top++] = y;
      } else if (y !== parent[c] && order[y] < low[c]) low[c] = order[y];
      continue;
    }
    top--;
    end[c] = counter;
    const up = parent[c];
    if (up < 0) continue;
    if (low[c] < low[up]) low[up] = low[c];
    // The root is split by each of its children; any other cell by a child that cannot climb past it.
    if (parent[up] < 0 || low[c] >= order[up]) cut[up * 4 + cutCount[up]++] = c;
  }
  // A part would be missed: the parts of a cell are found among its own neighbours.
  if (counter !== size) throw new Error('floorSides: the floor is not connected');
  const art = new Int32Array(size).fill(-1);
  const first = new Int32Array(size).fill(-1);
  const lo: number[] = [];
  const hi: number[] = [];
  const splits: number[] = [];
  const cellOf: number[] = Array.from({ length: size }, (_, c) => c);
  for (let c = 0; c < size; c++) {
    // The root's first child stands for "the rest": it needs a second to split anything.
    const skip = parent[c] < 0 ? 1 : 0;
    const parts = cutCount[c] - skip;
    if (parts < 1) continue;
    art[c] = splits.length;
    first[c] = cellOf.length - size;
    for (let k = 0; k < 3; k++) {
      const child = k < parts ? cut[c * 4 + skip + k] : -1;
      lo.push(child < 0 ? 0 : order[child]);
      hi.push(child < 0 ? 0 : end[child]);
      if (child >= 0) cellOf.push(c);
    }
    splits.push(parts);
  }
  return {
    count: cellOf.length,
    cellOf: Int32Array.from(cellOf),
    art,
    first,
    order,
    lo: Int32Array.from(lo),
    hi: Int32Array.from(hi),
    splits: Uint8Array.from(splits),
  };
}

/** The side cell of a box on `cell` with the player on `player` (any cell but `cell`). */
export function sideCell(sides: Sides, size: number, cell: number, player: number): number {
  const a = sides.art[cell];
  if (a < 0) return cell;
  const o = sides.order[player];
  for (let k = 0; k < sides.splits[a]; k++) {
    if (o >= sides.lo[a * 3 + k] && o < sides.hi[a * 3 + k]) return size + sides.first[cell] + k;
  }
  return cell;
}

/**
 * Side-aware push distances, one table per source at `dist[k * sides.count + v]`. `onto`: the
 * pushes that bring a box from side cell v onto cell `sources[k]` (any side). `from`: the pushes
 * that bring a box from side cell `sources[k]` to side cell v (sources are side cells here).
 * `poll` (the solver's stop) is asked after each source's table.
 */
export function sidePushDistances(floor: Floor, sides: Sides, sources: ArrayLike<number>, way: 'onto' | 'from', poll?: StopPoll): Uint16Array {
  const { size, nbr } = floor;
  const V = sides.count;
  const { cellOf } = sides;
  const dist = new Uint16Array(sources.length * V).fill(UNREACHABLE);
  const queue = new Int32Array(V);
  for (let k = 0; k < sources.length; k++) {
    const base = k * V;
    let head = 0;
    let tail = 0;
    const seed = (v: number): void => {
      dist[base + v] = 0;
      queue[tail++] = v;
    };
    if (way === 'from') seed(sources[k]);
    else {
      const g = sources[k];
      seed(g);
      for (let v = size; v < V; v++) if (cellOf[v] === g) seed(v);
    }
    while (head < tail) {
      const v = queue[head++];
      const x = cellOf[v];
      const next = dist[base + v] + 1;
      for (let d = 0; d < 4; d++) {
        if (way === 'from') {
          // The box goes on from x to t, pushed from p (which must be on v's side).
          const t = nbr[x * 4 + d];
          const p = nbr[x * 4 + (d ^ 1)];
          if (t < 0 || p < 0 || sideCell(sides, size, x, p) !== v) continue;
          const u = sideCell(sides, size, t, x);
          if (dist[base + u] !== UNREACHABLE) continue;
          dist[base + u] = next;
          queue[tail++] = u;
        } else {
          // The box came to x from c, pushed from p; the player then stood on c, which must be on v's side.
          const c = nbr[x * 4 + (d ^ 1)];
          if (c < 0) continue;
          const p = nbr[c * 4 + (d ^ 1)];
          if (p < 0 || sideCell(sides, size, x, c) !== v) continue;
          const u = sideCell(sides, size, c, p);
          if (dist[base + u] !== UNREACHABLE) continue;
          dist[base + u] = next;
          queue[tail++] = u;
        }
      }
    }
    poll?.check(8 * tail + 1);
  }
  return dist;
}
