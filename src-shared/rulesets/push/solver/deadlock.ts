/**
 * Freeze deadlocks, computed as a greatest fixpoint so the test is sound (it never calls a
 * solvable position dead, which would make a par wrong).
 *
 * Take the boxes connected to the pushed box through side-by-side contact. Repeatedly drop any box
 * that is not blocked on both axes, where a box is blocked on an axis when a neighbour on that
 * axis is a wall or a box still in the set, or both neighbours are dead squares. What remains can
 * never move: to move the first of them, a neighbour that is still in place would have to be
 * free. If any remaining box is off a goal the position is dead.
 */
import { Assignment, INFEASIBLE } from '../../../search/assignment.ts';
import { UNREACHABLE } from '../analysis.ts';
import { relaxedPushDistances, type CompiledBoard } from './compiled.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';

/** `FreezeDetector.check` results. */
export const MOVABLE = 0;
export const FROZEN_OFF_GOAL = 1;
/** The pushed box froze, with every box of its frozen group on a goal: see `frozenCells`. */
export const FROZEN_ON_GOALS = 2;

export class FreezeDetector {
  private readonly nbr: Int32Array;
  private readonly goal: Uint8Array;
  private readonly dead: Uint8Array;
  private readonly mark: Uint32Array;
  private readonly inSet: Uint8Array;
  private readonly members: Int32Array;
  private stamp = 0;

  constructor(board: CompiledBoard) {
    this.nbr = board.nbr;
    this.goal = board.goal;
    this.dead = board.dead;
    this.mark = new Uint32Array(board.size);
    this.inSet = new Uint8Array(board.size);
    this.members = new Int32Array(board.size);
    this.frozenCells = new Int32Array(board.size);
  }

  /** Cells of the frozen group found by the last `check` that returned FROZEN_ON_GOALS. */
  readonly frozenCells: Int32Array;
  frozenCount = 0;

  /** True when the box just pushed to `cell` leaves a frozen group with a box off its goal. */
  isDeadlock(boxAt: Int32Array, cell: number): boolean {
    return this.check(boxAt, cell) === FROZEN_OFF_GOAL;
  }

  /** Whether the box just pushed to `cell` froze, and if so whether every frozen box is on a goal. */
  check(boxAt: Int32Array, cell: number): number {
    const { nbr, mark, inSet, members } = this;
    const stamp = ++this.stamp;
    let count = 0;
    mark[cell] = stamp;
    members[count++] = cell;
    for (let i = 0; i < count; i++) {
      const c = members[i];
      for (let d = 0; d < 4; d++) {
        const m = nbr[c * 4 + d];
        if (m >= 0 && boxAt[m] >= 0 && mark[m] !== stamp) {
          mark[m] = stamp;
          members[count++] = m;
        }
      }
    }
    for (let i = 0; i < count; i++) inSet[members[i]] = 1;
    let changed = true;
    while (changed) {
      changed = false;
      for (let i = 0; i < count; i++) {
        const c = members[i];
        if (inSet[c] && !(this.blocked(c, 0) && this.blocked(c, 1))) {
          inSet[c] = 0;
          changed = true;
          // The pushed box itself can move: any other frozen box was frozen before this push.
          if (c === cell) break;
        }
      }
      if (!inSet[cell]) break;
    }
    let result = MOVABLE;
    if (inSet[cell]) {
      result = FROZEN_ON_GOALS;
      this.frozenCount = 0;
      for (let i = 0; i < count; i++) {
        const c = members[i];
        if (!inSet[c]) continue;
        if (!this.goal[c]) result = FROZEN_OFF_GOAL;
        this.frozenCells[this.frozenCount++] = c;
      }
    }
    for (let i = 0; i < count; i++) inSet[members[i]] = 0;
    return result;
  }

  private blocked(c: number, axis: number): boolean {
    const a = this.nbr[c * 4 + 2 * axis];
    const b = this.nbr[c * 4 + 2 * axis + 1];
    if (a < 0 || b < 0) return true;
    if (this.inSet[a] || this.inSet[b]) return true;
    return this.dead[a] === 1 && this.dead[b] === 1;
  }
}

/**
 * A lower bound for a position where some boxes froze on goals. Those boxes never move again, so
 * they are walls for the others: push distances on that board are at least the plain ones, and a
 * goal walled off by them (the far end of a goal column whose mouth was filled first) shows up
 * as INFEASIBLE, a deadlock the plain bound cannot see. Distance tables are cached per frozen set.
 */
interface FrozenTables {
  readonly cells: Int32Array;
  readonly dist: Uint16Array;
  readonly cutsOff: boolean;
}

export class FrozenGoalBound {
  private readonly board: CompiledBoard;
  private readonly goalIndex: Int32Array;
  private readonly tables = new Map<number, FrozenTables[]>();
  private cached = 0;
  private readonly match: Assignment;
  private readonly wall: Uint8Array;
  /**
   * Most frozen sets kept (their tables take at most CACHE_BYTES); beyond it, new sets get no
   * bound (0), which is still sound.
   */
  private readonly cacheLimit: number;
  private static readonly CACHE_BYTES = 64 * 1024 * 1024;

  private readonly poll: StopPoll | undefined;

  /** `poll`: the solver's stop, asked while a frozen set's tables are built (goals x cells). */
  constructor(board: CompiledBoard, boxCount: number, poll?: StopPoll) {
    this.board = board;
    this.poll = poll;
    this.goalIndex = new Int32Array(board.size).fill(-1);
    board.goals.forEach((g, i) => (this.goalIndex[g] = i));
    this.match = new Assignment(boxCount, board.goals.length);
    this.wall = new Uint8Array(board.size);
    const tableBytes = 2 * board.goals.length * board.size;
    this.cacheLimit = Math.max(1, Math.min(4096, Math.floor(FrozenGoalBound.CACHE_BYTES / Math.max(1, tableBytes))));
  }

  /**
   * Boxes at `cells` (all of them), of which `frozen[0..count)` are frozen on goals. `matched`,
   * if given, says whether the search's matching of the position (over side-aware distances, at
   * least the relaxed ones, so a finite cost there is finite here) pairs every frozen box with its
   * own goal: when it does and the walls cut off no box from any goal, that matching stands on the
   * walled board too, and the costly check is skipped (returns 0).
   */
  bound(cells: Int32Array, frozen: Int32Array, count: number, matched?: () => boolean): number {
    const { board, goalIndex, wall } = this;
    const { size, goals } = board;
    // The set's key is order-free: a sum of mixed cells, checked against the stored cells.
    let key = count;
    for (let k = 0; k < count; k++) {
      wall[frozen[k]] = 1;
      key = (key + Math.imul(frozen[k] + 1, 0x9e3779b1)) | 0;
    }
    const bucket = this.tables.get(key);
    let found: FrozenTables | undefined;
    for (const entry of bucket ?? []) {
      if (entry.cells.length === count && entry.cells.every((c) => wall[c] === 1)) found = entry;
    }
    if (found === undefined) {
      if (this.cached >= this.cacheLimit) {
        for (let k = 0; k < count; k++) wall[frozen[k]] = 0;
        return 0;
      }
      const dist = this.distances();
      found = { cells: frozen.slice(0, count), dist, cutsOff: this.cutsOff(dist) };
      if (bucket) bucket.push(found);
      else this.tables.set(key, [found]);
      this.cached++;
    }
    if (!found.cutsOff && matched?.()) {
      for (let k = 0; k < count; k++) wall[frozen[k]] = 0;
      return 0;
    }
    const dist = found.dist;
    const G = goals.length;
    const cost = this.match.cost;
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i];
      const base = i * G;
      if (wall[c]) {
        for (let g = 0; g < G; g++) cost[base + g] = INFEASIBLE;
        cost[base + goalIndex[c]] = 0;
        continue;
      }
      for (let g = 0; g < G; g++) {
        const v = wall[goals[g]] ? UNREACHABLE : dist[g * size + c];
        cost[base + g] = v === UNREACHABLE ? INFEASIBLE : v;
      }
    }
    for (let k = 0; k < count; k++) wall[frozen[k]] = 0;
    return this.match.solve();
  }

  /** Whether the walls leave some free cell unable to reach a free goal it reached before. */
  private cutsOff(dist: Uint16Array): boolean {
    const { board, wall } = this;
    const { size, goals } = board;
    for (let g = 0; g < goals.length; g++) {
      if (wall[goals[g]]) continue;
      for (let c = 0; c < size; c++) {
        if (wall[c]) continue;
        if ((dist[g * size + c] === UNREACHABLE) !== (board.dist[g * size + c] === UNREACHABLE)) return true;
      }
      this.poll?.check(size);
    }
    return false;
  }

  /** Relaxed push distances onto each goal with `wall` cells blocked (for box and player). */
  private distances(): Uint16Array {
    return relaxedPushDistances(this.board, this.board.goals, 'onto', this.wall, this.poll);
  }
}
