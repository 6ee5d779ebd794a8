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
import { BitMatching } from '../../../search/bit-matching.ts';
import { UNREACHABLE } from '../analysis.ts';
import type { CompiledBoard } from './compiled.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';
import { floorSides, sideCell, sidePushDistances, type Sides } from './sides.ts';
import { AreaCounter } from './areas.ts';
import { nextStamp } from '../../../search/stamps.ts';

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
    const stamp = (this.stamp = nextStamp(this.stamp, this.mark));
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
 * A deadlock test for a position where some boxes froze on goals. Those boxes never move again, so
 * they are walls for the others, and the floor less them may fall apart: the player keeps to the
 * part it is in, so a box in another part never moves and a goal in another part is never filled.
 * In the player's part, push distances that know the player's side of the box (sides.ts), on the
 * floor less the frozen cells, tell which goals each box can still reach, and the position is
 * dead when no matching gives every box a goal so: a goal the frozen boxes wall off, the far end
 * of a goal column whose mouth was filled first, or a goal a box reaches only when pushed from a
 * pocket that the frozen boxes closed to the player, none of which the plain bound can see. Only
 * whether such a matching exists matters (Kuhn's augmenting paths), not its cost: the searches
 * bound a position by their own matching. On XSokoban 66 it ends the positions whose goal room
 * has its two top corner goals filled while goals further in can no longer be: the feature-space
 * variants that had filled 3 of its 18 goals that way, and searched on from there to the end of
 * their time, now stop at 1. The tables are cached per frozen set and part.
 */
interface FrozenSet {
  readonly cells: Int32Array;
  /** Each cell's part of the floor less the frozen cells (-1 on them). */
  readonly comp: Int32Array;
  readonly parts: Map<number, PartTables>;
}

/** Side-aware distances (sides.ts) in one part of the floor less a frozen set. */
interface PartTables {
  /** Each cell's index in the part's own floor, or -1 off it. */
  readonly local: Int32Array;
  readonly size: number;
  readonly sides: Sides;
  /** Per goal index, its table in `dist` (-1: the goal is not in the part). */
  readonly row: Int32Array;
  readonly dist: Uint16Array;
  /**
   * The part is the whole floor less the frozen cells, and every side cell of it reaches the same
   * goals here as on the open floor (the search's matching, board.sideDist): a complete matching
   * there that pins the frozen boxes to their goals is one here too.
   */
  readonly likeOpen: boolean;
}

export class FrozenGoalDeadlock {
  private readonly board: CompiledBoard;
  private readonly goalIndex: Int32Array;
  private readonly sets = new Map<number, FrozenSet[]>();
  private cached = 0;
  /** Rows: boxes; columns: the goals each can still reach. */
  private readonly matching: BitMatching;
  /** Matchings made (a test reads it: one skipped for the search's own is not made). */
  made = 0;
  private readonly wall: Uint8Array;
  /**
   * Most frozen sets and part tables kept, together (a part's tables at most CACHE_BYTES /
   * cacheLimit); beyond it, new ones get no bound (0), which is still sound.
   */
  private readonly cacheLimit: number;
  private static readonly CACHE_BYTES = 64 * 1024 * 1024;

  private readonly poll: StopPoll | undefined;
  /** The floor's parts less a frozen set (made at the first set). */
  private areas: AreaCounter | undefined;

  /** `poll`: the solver's stop, asked while a frozen set's tables are built (goals x cells). */
  constructor(board: CompiledBoard, boxCount: number, poll?: StopPoll) {
    this.board = board;
    this.poll = poll;
    this.goalIndex = new Int32Array(board.size).fill(-1);
    board.goals.forEach((g, i) => (this.goalIndex[g] = i));
    this.matching = new BitMatching(boxCount, board.goals.length);
    this.wall = new Uint8Array(board.size);
    // A part's side cells are at most four times its cells (a cell splits a part in at most four),
    // and its own floor, sides and parts take some 48 bytes a cell.
    const tableBytes = 2 * board.goals.length * 4 * board.size + 48 * board.size;
    this.cacheLimit = Math.max(2, Math.min(4096, Math.floor(FrozenGoalDeadlock.CACHE_BYTES / Math.max(1, tableBytes))));
  }

  /**
   * Whether the position is dead: boxes at `cells` (all of them), of which `frozen[0..count)` are
   * frozen on goals, the player on `player`. `matched`, if given, says whether the search's
   * matching of the position (over the open floor's side-aware distances) pairs every frozen box
   * with its own goal: when it does and the part is like the open floor (PartTables.likeOpen),
   * that matching stands here too, and none is made (not dead). Beyond the cache's room it says
   * not dead either, which is sound.
   */
  dead(cells: Int32Array, frozen: Int32Array, count: number, player: number, matched?: () => boolean): boolean {
    const { wall } = this;
    // The set's key is order-free: a sum of mixed cells, checked against the stored cells.
    let key = count;
    for (let k = 0; k < count; k++) {
      wall[frozen[k]] = 1;
      key = (key + Math.imul(frozen[k] + 1, 0x9e3779b1)) | 0;
    }
    try {
      const bucket = this.sets.get(key);
      let set: FrozenSet | undefined;
      for (const entry of bucket ?? []) {
        if (entry.cells.length === count && entry.cells.every((c) => wall[c] === 1)) set = entry;
      }
      if (set === undefined) {
        // Room for the set and one part.
        if (this.cached + 2 > this.cacheLimit) return false;
        this.cached++;
        set = { cells: frozen.slice(0, count), comp: this.floorParts(), parts: new Map() };
        if (bucket) bucket.push(set);
        else this.sets.set(key, [set]);
      }
      const home = set.comp[player];
      if (home < 0) return false;
      let part = set.parts.get(home);
      if (part === undefined) {
        if (this.cached >= this.cacheLimit) return false;
        part = this.partTables(set.comp, home, count);
        set.parts.set(home, part);
        this.cached++;
      }
      if (part.likeOpen && matched?.()) return false;
      return !this.complete(set.comp, part, cells, player);
    } finally {
      for (let k = 0; k < count; k++) wall[frozen[k]] = 0;
    }
  }

  /** Whether every box gets a goal it can reach over the part's side-aware distances (the frozen cells in `wall`). */
  private complete(comp: Int32Array, part: PartTables, cells: Int32Array, player: number): boolean {
    const { board, goalIndex, wall, matching } = this;
    const { goals } = board;
    const G = goals.length;
    const V = part.sides.count;
    const home = comp[player];
    const at = part.local[player];
    this.made++;
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i];
      matching.clearRow(i);
      if (wall[c] || comp[c] !== home) {
        // It never moves again: on its goal, or a deadlock.
        if (!board.goal[c]) return false;
        matching.allow(i, goalIndex[c]);
        continue;
      }
      const v = sideCell(part.sides, part.size, part.local[c], at);
      for (let g = 0; g < G; g++) {
        const r = part.row[g];
        if (r >= 0 && !wall[goals[g]] && part.dist[r * V + v] !== UNREACHABLE) matching.allow(i, g);
      }
    }
    matching.reset();
    for (let i = 0; i < cells.length; i++) if (!matching.match(i)) return false;
    return true;
  }

  /** Each cell's part of the floor less the `wall` cells (-1 on them). */
  private floorParts(): Int32Array {
    const { wall } = this;
    const walls = new Int32Array(wall.length);
    for (let c = 0; c < wall.length; c++) walls[c] = wall[c] - 1;
    return (this.areas ??= new AreaCounter(this.board)).areasOf(walls);
  }

  /** Part `home`'s tables (of `frozen` frozen cells): its own floor, its sides, and side-aware distances onto its goals. */
  private partTables(comp: Int32Array, home: number, frozen: number): PartTables {
    const { board } = this;
    const { size, nbr, goals } = board;
    const local = new Int32Array(size).fill(-1);
    const cellOf: number[] = [];
    for (let c = 0; c < size; c++) {
      if (comp[c] !== home) continue;
      local[c] = cellOf.length;
      cellOf.push(c);
    }
    const m = cellOf.length;
    const partNbr = new Int32Array(m * 4).fill(-1);
    for (let x = 0; x < m; x++) {
      for (let d = 0; d < 4; d++) {
        const y = nbr[cellOf[x] * 4 + d];
        if (y >= 0 && local[y] >= 0) partNbr[x * 4 + d] = local[y];
      }
    }
    const floor = { size: m, nbr: partNbr };
    const sides = floorSides(floor);
    const row = new Int32Array(goals.length).fill(-1);
    const sources: number[] = [];
    goals.forEach((g, k) => {
      if (local[g] < 0) return;
      row[k] = sources.length;
      sources.push(local[g]);
    });
    const dist = sidePushDistances(floor, sides, sources, 'onto', this.poll);
    const likeOpen = m + frozen === size && this.sameReach(cellOf, floor, sides, row, dist);
    return { local, size: m, sides, row, dist, likeOpen };
  }

  /**
   * Whether every side cell of the part reaches a goal (not frozen) here exactly when its side
   * cell on the open floor does: a side cell stands for a part of the floor less its cell, which
   * lies inside one part of the open floor less it, found from a neighbour of the cell in it.
   */
  private sameReach(cellOf: number[], floor: { size: number; nbr: Int32Array }, sides: Sides, row: Int32Array, dist: Uint16Array): boolean {
    const { board, wall } = this;
    const { goals, sideDist } = board;
    const V = sides.count;
    const openV = board.sides.count;
    for (let x = 0; x < floor.size; x++) {
      for (let d = 0; d < 4; d++) {
        const y = floor.nbr[x * 4 + d];
        if (y < 0) continue;
        const v = sideCell(sides, floor.size, x, y);
        const open = sideCell(board.sides, board.size, cellOf[x], cellOf[y]);
        for (let g = 0; g < goals.length; g++) {
          if (wall[goals[g]]) continue;
          const here = row[g] < 0 ? UNREACHABLE : dist[row[g] * V + v];
          if ((here === UNREACHABLE) !== (sideDist[g * openV + open] === UNREACHABLE)) return false;
        }
      }
      this.poll?.check(goals.length);
    }
    return true;
  }
}
