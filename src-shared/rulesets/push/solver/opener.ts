/**
 * The opener (after FESS's opener and explorer advisors, in a small form of our own): when the
 * boxes the packing advisor would take to the next goal have no route because other boxes stand
 * between the player and the side one must be pushed from, a short route of one of those boxes
 * that clears the player's way.
 *
 * The player's cheapest ways to a side that pushes the box nearer the goal (in the relaxed model)
 * are found breadth first with each box crossed counting one (0-1 searches from the player and
 * from the sides). The blockers are the boxes each such way crosses first. Each is routed (as the
 * packing advisor routes, box-route.ts `routeWhere`, never over a dead square) to the first
 * position, within MAX_PUSHES pushes, after which the way crosses fewer boxes; the route of fewest
 * pushes is proposed as one macro move. On XSokoban 18 the boxes stand in the doors of the goal
 * room and every route is shut at the start: the opener takes one of them down a corridor and
 * along the bottom row, and the player can walk round to the far side of the box nearest the
 * first goal. Given as advice at the position's weight, it led every feature-space variant astray
 * on levels they solved (XSokoban 13: 79,155 states where 694 did), so the race runs it in one
 * variant only (attempts.ts).
 *
 * The clearer (`clear`, after FESS's hotspots in a small form of our own) is for a way shut
 * further on, past the first push: each box is lifted in turn, and one whose removal gives the
 * nearest box a route is routed, within MAX_PUSHES pushes, to the first position where that route
 * is open. It tries a route per box, so the search asks it for the nearest box alone, and it
 * skips the boxes whose lifting cannot change the route's search (box-route.ts `mayOpen`): on
 * XSokoban 14 (the clearer's variant alone, 47,731 states) 166,068 of 238,102 lifts, so the same
 * search took 2.5 s where it took 2.7 to 2.9 s.
 */
import { BoxRoute } from './box-route.ts';
import type { CompiledBoard } from './compiled.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';
import { nextStamp } from '../../../search/stamps.ts';

/** The most pushes of one opening move. */
const MAX_PUSHES = 6;

export interface Opening {
  /** The blocker's cell now, and where the pushes leave it. */
  readonly from: number;
  readonly to: number;
  /** The cell the player stands on after the last push (where the box was before it). */
  readonly after: number;
  readonly pushes: number;
}

const FAR = 0xffff;

/** Boxes crossed per cell, valid where its stamp is the search's (no clearing per search). */
class Crossings {
  readonly cost: Uint16Array;
  readonly stamp: Uint32Array;
  current = 0;

  constructor(size: number) {
    this.cost = new Uint16Array(size);
    this.stamp = new Uint32Array(size);
  }

  get(c: number): number {
    return this.stamp[c] === this.current ? this.cost[c] : FAR;
  }

  set(c: number, value: number): void {
    this.stamp[c] = this.current;
    this.cost[c] = value;
  }
}

export class Opener {
  private readonly board: CompiledBoard;
  private readonly router: BoxRoute;
  /** Boxes crossed on the cheapest way from the player (fwd) and on to a target (bwd); scratch (tmp). */
  private readonly fwd: Crossings;
  private readonly bwd: Crossings;
  private readonly tmp: Crossings;
  /** The sides wanted (a stamp per cell, and the list of at most four). */
  private readonly target: Uint32Array;
  private targetStamp = 0;
  private readonly targets: number[] = [];
  /** A double-ended queue of cells for the 0-1 searches: a cell is queued at most twice (once a cost of 0 or 1 above its first). */
  private readonly deque: Int32Array;
  /** Routes tried from inside the router's own searches (a clearing move's tests). */
  private readonly tester: BoxRoute;
  /** `clear`'s boxes to lift (their cells), in cell order. */
  private readonly lifts: number[] = [];

  constructor(board: CompiledBoard, router: BoxRoute) {
    this.board = board;
    this.router = router;
    this.tester = new BoxRoute(board);
    this.fwd = new Crossings(board.size);
    this.bwd = new Crossings(board.size);
    this.tmp = new Crossings(board.size);
    this.target = new Uint32Array(board.size);
    this.deque = new Int32Array(board.size * 2 + 4);
  }

  /**
   * The opening for box cell `box`, to be pushed towards the goal whose relaxed distances start at
   * `row` in `board.dist`; the player on `player`, the boxes where `boxAt` marks them (as it found
   * them, when it returns). A box on a cell `settled` says is not moved (the goals the packing
   * order has filled). Undefined when the player can already walk to a useful push of the box,
   * when the box has none (or none the player could reach even crossing boxes), or when no
   * blocker's route of at most MAX_PUSHES pushes makes the way cross fewer boxes.
   */
  find(box: number, row: number, player: number, boxAt: Int32Array, poll?: StopPoll, settled?: (cell: number) => boolean): Opening | undefined {
    const { size } = this.board;
    const { fwd, bwd } = this;
    if (this.markTargets(box, row, boxAt) === 0) return undefined;
    this.spread(player, boxAt, box, fwd, false, poll);
    let base = FAR;
    for (const c of this.targets) base = Math.min(base, fwd.get(c));
    if (base === 0 || base === FAR) return undefined;
    this.spread(-1, boxAt, box, bwd, true, poll);
    let best: Opening | undefined;
    // Blockers: the first box on some cheapest way (one crossed to reach it, and no more after).
    poll?.tick(size);
    for (let k = 0; k < size && (!best || best.pushes > 1); k++) {
      if (boxAt[k] < 0 || k === box || fwd.get(k) !== 1 || fwd.get(k) + bwd.get(k) !== base || settled?.(k)) continue;
      const index = boxAt[k];
      // Leaves boxAt as it found it (routeWhere's routes must be those of `route`).
      const accept = (cell: number, behind: number): boolean => {
        boxAt[cell] = index;
        const opened = this.markTargets(box, row, boxAt) === 0 ? FAR : this.spread(behind, boxAt, box, this.tmp, false, poll, true);
        boxAt[cell] = -1;
        return opened < base;
      };
      const cells = this.router.routeWhere(k, player, boxAt, best ? best.pushes - 1 : MAX_PUSHES, accept, poll);
      if (cells && cells.length > 0) best = { from: k, to: cells[cells.length - 1], after: cells.length < 2 ? k : cells[cells.length - 2], pushes: cells.length };
    }
    return best;
  }

  /**
   * A clearing move for box cell `box` that has no route to `goal` (the player on `player`, the
   * boxes where `boxAt` marks them, as it found them when it returns): a box whose removal gives
   * it one (not one on a cell `settled` says stays), routed within MAX_PUSHES pushes to the first
   * position after which the route exists; of those, the route of fewest pushes. Undefined when
   * no one box's removal opens the route, or none can be moved out of its way so.
   */
  clear(box: number, goal: number, player: number, boxAt: Int32Array, poll?: StopPoll, settled?: (cell: number) => boolean): Opening | undefined {
    const { size } = this.board;
    const { tester, lifts } = this;
    // The boxes whose lifting could open the route (tester's `mayOpen`, before its next search).
    const open = tester.routeExists(box, goal, player, boxAt, poll);
    lifts.length = 0;
    for (let k = 0; k < size; k++) {
      if (boxAt[k] >= 0 && k !== box && !settled?.(k) && (open || tester.mayOpen(k, box, boxAt))) lifts.push(k);
    }
    let best: Opening | undefined;
    for (let l = 0; l < lifts.length && (!best || best.pushes > 1); l++) {
      const k = lifts[l];
      const index = boxAt[k];
      boxAt[k] = -1;
      const opens = tester.route(box, goal, player, boxAt, poll) !== undefined;
      boxAt[k] = index;
      if (!opens) continue;
      // Leaves boxAt as it found it (routeWhere's routes must be those of `route`).
      const accept = (cell: number, behind: number): boolean => {
        boxAt[cell] = index;
        const routed = tester.route(box, goal, behind, boxAt, poll) !== undefined;
        boxAt[cell] = -1;
        return routed;
      };
      const cells = this.router.routeWhere(k, player, boxAt, best ? best.pushes - 1 : MAX_PUSHES, accept, poll);
      if (cells && cells.length > 0) best = { from: k, to: cells[cells.length - 1], after: cells.length < 2 ? k : cells[cells.length - 2], pushes: cells.length };
    }
    return best;
  }

  /** Marks the cells the player pushes box cell `box` from to take it nearer the goal of `row` (onto a free cell); their count. */
  private markTargets(box: number, row: number, boxAt: Int32Array): number {
    const { nbr, dist } = this.board;
    const stamp = (this.targetStamp = nextStamp(this.targetStamp, this.target));
    this.targets.length = 0;
    for (let d = 0; d < 4; d++) {
      const t = nbr[box * 4 + d];
      const pusher = nbr[box * 4 + (d ^ 1)];
      if (t < 0 || pusher < 0 || boxAt[t] >= 0 || dist[row + t] >= dist[row + box]) continue;
      this.target[pusher] = stamp;
      this.targets.push(pusher);
    }
    return this.targets.length;
  }

  /**
   * A 0-1 search over the floor but box cell `box`, a box crossed counting one: from `from`
   * (forwards: the boxes entered on the way to each cell, the cell's own included), or from the
   * targets (`backward`: the boxes entered from each cell on to a target, its own not included).
   * With `stopAtTarget`, ends at the first target reached and returns its cost (else FAR).
   */
  private spread(from: number, boxAt: Int32Array, box: number, costs: Crossings, backward: boolean, poll?: StopPoll, stopAtTarget = false): number {
    const { nbr } = this.board;
    const { deque, target, targetStamp } = this;
    const cap = deque.length;
    costs.current = nextStamp(costs.current, costs.stamp);
    let head = 0;
    let tail = 0;
    if (backward) {
      for (const c of this.targets) {
        costs.set(c, 0);
        deque[tail++] = c;
      }
    } else {
      costs.set(from, 0);
      deque[tail++] = from;
    }
    let visited = 0;
    let found = FAR;
    while (head !== tail) {
      const x = deque[head];
      head = (head + 1) % cap;
      visited++;
      const here = costs.cost[x];
      if (stopAtTarget && target[x] === targetStamp) {
        found = here;
        break;
      }
      for (let d = 0; d < 4; d++) {
        const m = nbr[x * 4 + d];
        if (m < 0 || m === box) continue;
        // Forwards the box entered is m's; backwards (m on the way to x) it is x's.
        const step = (backward ? boxAt[x] : boxAt[m]) >= 0 ? 1 : 0;
        const c = here + step;
        if (costs.get(m) <= c) continue;
        costs.set(m, c);
        if (step === 0) {
          head = (head - 1 + cap) % cap;
          deque[head] = m;
        } else {
          deque[tail] = m;
          tail = (tail + 1) % cap;
        }
      }
    }
    poll?.tick(visited);
    return found;
  }
}
