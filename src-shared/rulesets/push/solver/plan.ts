/**
 * Whether the boxes can still fill the goals in the packing order (packing.ts). The feature-space
 * search follows that plan: its packing progress counts the order's goals filled from its start,
 * and its packing advisor fills the next one with one of the boxes nearest to it. The nearest box
 * is not always the one to take: on XSokoban 20 the last goal of the order can only be filled down
 * a column that the player can get above once the goals beside it are filled only if the box is
 * already in it, and the box that starts there is the nearest to the goals before. The advisor
 * took it for one of those, the box left for the last goal could not follow, and the search spent
 * its budget round that dead end (FESS's "out of plan" feature counts such boxes).
 *
 * Here, for each step j, `live` holds the (box cell, player side) pairs from which a box can be
 * pushed onto order[j] with the goals order[0..j) as walls and the other boxes left out (they can
 * only block it): a backward breadth-first search over pulls from the goal. A side of a cell is
 * the area of the floor (less the walls and the cell) that one of its neighbours is in; two sides
 * in one area are one. The other boxes never change which area of the floor less a box's cell the
 * player is in, only whether it can walk there now, so a box's pairs are read from the sides of
 * its cell that the player's region touches (a box whose sides it touches none of is not judged).
 * The plan is stuck when no matching gives each box off the goals filled a goal of the rest that
 * it can take at that goal's step. This is stricter than the game: a box may be moved early to a
 * cell from which it can still go on once more goals are filled. So it only steers the advisor
 * (feature-search.ts takes the nearest box whose pick leaves the plan not stuck, and the nearest
 * routable one when every pick does); as a pruning rule it solved XSokoban 31 and 42 but lost 15,
 * 46, 48 and 49 (10 s of CPU; as advice: 20 won, none lost). One variant alone prunes by it (the
 * clearer's, `FeatureVariant.pruneStuck`), beside the others in the race.
 */
import { BitMatching } from '../../../search/bit-matching.ts';
import type { CompiledBoard } from './compiled.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';

/** Steps times cells above this and no plan is kept (its table takes 4 bytes a step and cell, its set-up a flood or so a cell and step). */
export const PLAN_LIMIT = 1 << 20;

const plans = new WeakMap<readonly number[], PlanLiveness>();

export class PlanLiveness {
  private readonly board: CompiledBoard;
  private readonly steps: number;
  /** live[j * size * 4 + c * 4 + d]: 1 when a box on c, the player on the side of neighbour d, can be pushed onto order[j] at step j. */
  private readonly live: Uint8Array;
  /** Rank of each cell in the packing order (the goal count elsewhere). */
  private readonly rank: Int32Array;

  private constructor(board: CompiledBoard, order: readonly number[], poll: StopPoll | undefined) {
    this.board = board;
    this.steps = order.length;
    const { size } = board;
    this.rank = new Int32Array(size).fill(order.length);
    order.forEach((c, k) => (this.rank[c] = k));
    this.live = new Uint8Array(order.length * size * 4);
    const wall = new Uint8Array(size);
    const area = new Int32Array(size * 4);
    const scratch = new Scratch(size);
    for (let k = 0; k < order.length; k++) {
      // (Worked out first: `poll?.check(work())` would skip the work without a poll.)
      const work = labelSides(board, wall, area, scratch) + fillStep(board, order[k], wall, area, scratch.queue, this.live, k * size * 4);
      poll?.check(work);
      wall[order[k]] = 1;
    }
  }

  /**
   * The plan of `order` (every goal of `board`), or undefined above PLAN_LIMIT. `poll` counts the
   * work of setting it up. The searches of one solve share one order, and so one plan (it is read
   * only; `stuck` keeps scratch, but no search runs inside another).
   */
  static of(board: CompiledBoard, order: readonly number[], poll?: StopPoll): PlanLiveness | undefined {
    if (order.length * board.size > PLAN_LIMIT) return undefined;
    let plan = plans.get(order);
    if (!plan || plan.board !== board) {
      plan = new PlanLiveness(board, order, poll);
      plans.set(order, plan);
    }
    return plan;
  }

  /** Whether a box on `cell`, the player on the side of its neighbour in direction `side`, can be pushed onto order[step] at that step. */
  takes(step: number, cell: number, side: number): boolean {
    return this.live[step * this.board.size * 4 + cell * 4 + side] === 1;
  }

  /** Scratch of `stuck`: each box's goals (column j - k of its row) and their matching, made at the first call. */
  private matching: BitMatching | undefined;

  /**
   * Whether the boxes of `boxes` off the plan's first `k` goals cannot fill the rest in its order:
   * no matching gives each a goal j >= k it can reach at step j (walls order[0..j)) from a side
   * of its cell that `inRegion` (the player's region now) touches. A box whose sides it touches
   * none of may take any goal.
   */
  stuck(boxes: ArrayLike<number>, k: number, inRegion: (cell: number) => boolean): boolean {
    return k > 0 && this.unplanned(boxes, k, inRegion, 1) > 0;
  }

  /**
   * How many of those boxes are out of plan (FESS's feature, in a form of our own): left without
   * a goal by the largest such matching, counted up to `atMost`. For k > 0 it is 0 exactly when
   * the plan is not stuck; at k = 0 it counts too (`stuck` judges no plan before its first goal).
   */
  unplanned(boxes: ArrayLike<number>, k: number, inRegion: (cell: number) => boolean, atMost = Infinity): number {
    if (k >= this.steps) return 0;
    const matching = (this.matching ??= new BitMatching(boxes.length, this.steps));
    let count = 0;
    let out = 0;
    for (let i = 0; i < boxes.length && out < atMost; i++) {
      const c = boxes[i];
      if (this.rank[c] < k) continue;
      matching.clearRow(count);
      if (this.reaches(c, k, inRegion, matching, count)) count++;
      else out++;
    }
    // A box at a time, each given a goal or left out.
    matching.reset();
    for (let b = 0; b < count && out < atMost; b++) if (!matching.match(b)) out++;
    return out;
  }

  /** Lets row `row` of `matching` take the goals j >= k (column j - k) the box on c can take; whether it has any. */
  private reaches(c: number, k: number, inRegion: (cell: number) => boolean, matching: BitMatching, row: number): boolean {
    const { nbr, size } = this.board;
    let touchedSides = 0;
    for (let d = 0; d < 4; d++) {
      const m = nbr[c * 4 + d];
      if (m >= 0 && inRegion(m)) touchedSides |= 1 << d;
    }
    let any = false;
    for (let j = k; j < this.steps; j++) {
      const base = j * size * 4 + c * 4;
      const live = touchedSides === 0 || ((touchedSides & 1) !== 0 && this.live[base] === 1) || ((touchedSides & 2) !== 0 && this.live[base + 1] === 1) || ((touchedSides & 4) !== 0 && this.live[base + 2] === 1) || ((touchedSides & 8) !== 0 && this.live[base + 3] === 1);
      if (!live) continue;
      matching.allow(row, j - k);
      any = true;
    }
    return any;
  }
}

/**
 * Backward over pulls from (`goal`, any side), the `wall` cells blocked and `area` their sides'
 * labels (labelSides): marks in live[base + cell * 4 + side] the pairs from which a box is pushed
 * onto the goal. Returns the pairs visited.
 */
function fillStep(board: CompiledBoard, goal: number, wall: Uint8Array, area: Int32Array, queue: Int32Array, live: Uint8Array, base: number): number {
  const { nbr } = board;
  let head = 0;
  let tail = 0;
  for (let d = 0; d < 4; d++) {
    live[base + goal * 4 + d] = 1;
    queue[tail++] = goal * 4 + d;
  }
  while (head < tail) {
    const state = queue[head++];
    const x = state >> 2;
    const f = state & 3;
    // The box came to x from c (the player's cell now, on side f), pushed from p beyond c.
    const c = nbr[x * 4 + f];
    if (c < 0 || wall[c]) continue;
    const p = nbr[c * 4 + f];
    if (p < 0 || wall[p]) continue;
    const pusherArea = area[c * 4 + f];
    for (let d = 0; d < 4; d++) {
      if (area[c * 4 + d] !== pusherArea) continue;
      const prev = c * 4 + d;
      if (live[base + prev]) continue;
      live[base + prev] = 1;
      queue[tail++] = prev;
    }
  }
  return tail;
}

/**
 * One step of a plan (PlanLiveness) for a goal and walls given one at a time: the cells from which
 * a box, alone on the floor less the walls, is pushed onto the goal, the player on any side of it
 * (the packing order's picks, packing.ts).
 */
export class StepLiveness {
  private readonly board: CompiledBoard;
  private readonly area: Int32Array;
  private readonly live: Uint8Array;
  private readonly scratch: Scratch;
  /** Pairs visited by the last `takes`'s search. */
  visited = 0;

  constructor(board: CompiledBoard) {
    this.board = board;
    this.area = new Int32Array(board.size * 4);
    this.live = new Uint8Array(board.size * 4);
    this.scratch = new Scratch(board.size);
  }

  /** Each cell of `cells` from which a box can be pushed onto `goal` with the `wall` cells blocked, marked in the result. */
  takes(goal: number, wall: Uint8Array, cells: ArrayLike<number>): boolean[] {
    const { board, area, live, scratch } = this;
    live.fill(0);
    this.visited = labelSides(board, wall, area, scratch) + fillStep(board, goal, wall, area, scratch.queue, live, 0);
    return Array.from(cells, (c) => live[c * 4] === 1 || live[c * 4 + 1] === 1 || live[c * 4 + 2] === 1 || live[c * 4 + 3] === 1);
  }
}

class Scratch {
  readonly queue: Int32Array;
  readonly mark: Uint32Array;
  stamp = 0;
  constructor(size: number) {
    this.queue = new Int32Array(size * 4);
    this.mark = new Uint32Array(size);
  }
}

/**
 * area[c * 4 + d]: a label shared by the neighbours of c (in direction d) that are joined round
 * c on the floor less the walls and c; -1 for a wall or no neighbour. A flood from a neighbour
 * stops once it has met all of them (in a room, a few cells round the corner). Returns the cells
 * visited.
 */
function labelSides(board: CompiledBoard, wall: Uint8Array, area: Int32Array, scratch: Scratch): number {
  const { size, nbr } = board;
  const { queue, mark } = scratch;
  area.fill(-1);
  let label = 0;
  let visited = size;
  for (let c = 0; c < size; c++) {
    if (wall[c]) continue;
    for (let d = 0; d < 4; d++) {
      const start = nbr[c * 4 + d];
      if (start < 0 || wall[start] || area[c * 4 + d] >= 0) continue;
      const own = label++;
      area[c * 4 + d] = own;
      // The neighbours not labelled yet: the flood may stop once it has met them all.
      let open = 0;
      for (let e = d + 1; e < 4; e++) {
        const m = nbr[c * 4 + e];
        if (m >= 0 && !wall[m] && area[c * 4 + e] < 0) open++;
      }
      if (open === 0) continue;
      const stamp = ++scratch.stamp;
      mark[c] = stamp;
      mark[start] = stamp;
      let head = 0;
      let tail = 0;
      queue[tail++] = start;
      while (head < tail && open > 0) {
        const x = queue[head++];
        for (let e = 0; e < 4; e++) {
          const y = nbr[x * 4 + e];
          if (y < 0 || wall[y] || mark[y] === stamp) continue;
          mark[y] = stamp;
          queue[tail++] = y;
        }
        for (let e = d + 1; e < 4; e++) {
          const m = nbr[c * 4 + e];
          if (m >= 0 && area[c * 4 + e] < 0 && mark[m] === stamp) {
            area[c * 4 + e] = own;
            open--;
          }
        }
      }
      visited += tail;
    }
  }
  return visited;
}
