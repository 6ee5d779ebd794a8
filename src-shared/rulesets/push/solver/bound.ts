/**
 * Lower bounds of push positions: a minimum-cost matching of boxes to goals over push distances
 * that know which side of each box the player is on (sides.ts), kept up to date box by box as the
 * search moves from node to node; or, where matching is off or there are spare boxes, sums of
 * relaxed nearest-goal distances.
 */
import { Assignment, INFEASIBLE } from '../../../search/assignment.ts';
import { UNREACHABLE } from '../analysis.ts';
import type { CompiledBoard } from './compiled.ts';
import type { FreezeDetector } from './deadlock.ts';
import { sideCell } from './sides.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';
import { nextStamp } from '../../../search/stamps.ts';

/** Matchings of at least this many cells (rows x columns) are solved with stop polls. */
const LARGE_MATCHING = 1 << 16;

export class MatchingBound {
  private readonly board: CompiledBoard;
  private readonly boxCount: number;
  /** The matching of the node being expanded, and of the child being made from it. */
  private readonly parentMatch: Assignment;
  private readonly childMatch: Assignment;
  private readonly goalIndex: Int32Array;
  // Rows of `parentMatch` belong to boxes by side cell, not by sorted index: one expansion after
  // another usually differs in a box or two, and only those rows are re-solved (O(n m) each, not
  // O(n^2 m)).
  private readonly rowSide: Int32Array;
  private readonly sideRow: Int32Array;
  private readonly sideOf: Int32Array;
  /** rowOf[i]: box i's row, after `matchParent`. */
  private readonly rowOf: Int32Array;
  private readonly rowSeen: Uint32Array;
  private rowStamp = 0;
  private readonly moved: Int32Array;
  /** The rows of the moved boxes, for re-solving them together. */
  private readonly movedRows: Int32Array;
  /** Whether `parentMatch` holds a solved matching (of the last node matched). */
  private matchedValid = false;

  private readonly poll: StopPoll | undefined;

  /** `poll`: the solver's stop, asked while a large matching is solved from scratch. */
  constructor(board: CompiledBoard, boxCount: number, poll?: StopPoll) {
    this.board = board;
    this.boxCount = boxCount;
    this.poll = poll;
    const G = board.goals.length;
    this.parentMatch = new Assignment(boxCount, G);
    this.childMatch = new Assignment(boxCount, G);
    this.goalIndex = new Int32Array(board.size).fill(-1);
    board.goals.forEach((g, i) => (this.goalIndex[g] = i));
    this.rowSide = new Int32Array(boxCount).fill(-1);
    this.sideRow = new Int32Array(board.sides.count).fill(-1);
    this.sideOf = new Int32Array(boxCount);
    this.rowOf = new Int32Array(boxCount);
    this.rowSeen = new Uint32Array(boxCount);
    this.moved = new Int32Array(boxCount);
    this.movedRows = new Int32Array(boxCount);
  }

  /** The side cell of a box on `cell` with the player on `player` (sides.ts). */
  private sideAt(cell: number, player: number): number {
    return sideCell(this.board.sides, this.board.size, cell, player);
  }

  /** The matching's costs for a box on side cell `side` into row `row`. */
  private fillRow(a: Assignment, row: number, side: number): void {
    const { sideDist, sides } = this.board;
    const G = this.board.goals.length;
    const sideCount = sides.count;
    const base = row * G;
    for (let g = 0; g < G; g++) {
      const v = sideDist[g * sideCount + side];
      a.cost[base + g] = v === UNREACHABLE ? INFEASIBLE : v;
    }
  }

  /** The bound of a start position, solved from scratch (it leaves no node matched). */
  startBound(boxes: Int32Array, player: number): number {
    this.matchedValid = false;
    for (let i = 0; i < this.boxCount; i++) this.fillRow(this.parentMatch, i, this.sideAt(boxes[i], player));
    return this.solveFromScratch(this.parentMatch);
  }

  /**
   * Solve `a` from scratch. A large one (O(n^2 m) at worst: seconds for a thousand boxes) is
   * built row by row, asking the stop between rows; any way gives the same (optimal) total.
   */
  private solveFromScratch(a: Assignment): number {
    if (a.rows * a.cols < LARGE_MATCHING || !this.poll) return a.solve();
    a.u.fill(0);
    a.v.fill(0);
    a.colRow.fill(0);
    let total = 0;
    for (let r = 0; r < a.rows; r++) {
      total = a.resolveRow(r);
      this.poll.check(8 * a.cols);
    }
    return total;
  }

  /**
   * On a symmetric board, the image (index into `maps`, 0 the identity) of a node in which the
   * last matching already holds the most boxes' side cells: fewer rows to re-solve. A guess: only
   * which frame re-solves fewer rows depends on it.
   */
  bestFrame(boxes: Int32Array, player: number, maps: readonly Int32Array[]): number {
    if (!this.matchedValid) return 0;
    const n = this.boxCount;
    const { sideRow } = this;
    let frame = 0;
    let bestHeld = 0;
    for (let i = 0; i < n; i++) if (sideRow[this.sideAt(boxes[i], player)] >= 0) bestHeld++;
    for (let s = 1; s < maps.length && bestHeld < n - 2; s++) {
      const map = maps[s];
      let held = 0;
      const mapped = map[player];
      for (let i = 0; i < n; i++) if (sideRow[this.sideAt(map[boxes[i]], mapped)] >= 0) held++;
      if (held > bestHeld) {
        bestHeld = held;
        frame = s;
      }
    }
    return frame;
  }

  /** Bring the parent matching to the node's boxes and player. */
  matchParent(boxes: Int32Array, player: number): void {
    const n = this.boxCount;
    const { sideOf, sideRow, rowSide, rowOf, rowSeen, moved, parentMatch } = this;
    let movedCount = 0;
    const stamp = (this.rowStamp = nextStamp(this.rowStamp, this.rowSeen));
    for (let i = 0; i < n; i++) {
      sideOf[i] = this.sideAt(boxes[i], player);
      const r = this.matchedValid ? sideRow[sideOf[i]] : -1;
      if (r >= 0) {
        rowOf[i] = r;
        rowSeen[r] = stamp;
      } else moved[movedCount++] = i;
    }
    if (movedCount === 0) return;
    // Many rows at once only on a square matching small enough to need no stop polls.
    const together = parentMatch.rows === parentMatch.cols && parentMatch.rows * parentMatch.cols < LARGE_MATCHING;
    if (this.matchedValid && (movedCount <= 2 || together)) {
      // The moved boxes take the rows no box kept, and only those rows are solved again.
      const rows = this.movedRows;
      let r = 0;
      for (let k = 0; k < movedCount; k++) {
        while (rowSeen[r] === stamp) r++;
        const i = moved[k];
        if (rowSide[r] >= 0) sideRow[rowSide[r]] = -1;
        rowSide[r] = sideOf[i];
        sideRow[sideOf[i]] = r;
        rowOf[i] = r;
        rowSeen[r] = stamp;
        this.fillRow(parentMatch, r, sideOf[i]);
        rows[k] = r;
        // One at a time, each row is solved before the next one's costs change (resolveRow
        // needs every other row's potentials to fit its costs).
        if (!together) parentMatch.resolveRow(r);
      }
      if (together) parentMatch.resolveRows(rows, movedCount);
      return;
    }
    for (let r = 0; r < n; r++) if (rowSide[r] >= 0) sideRow[rowSide[r]] = -1;
    for (let i = 0; i < n; i++) {
      rowSide[i] = sideOf[i];
      sideRow[sideOf[i]] = i;
      rowOf[i] = i;
      this.fillRow(parentMatch, i, sideOf[i]);
    }
    this.solveFromScratch(parentMatch);
    this.matchedValid = true;
  }

  /** The bound of the parent's child in which box i went to `cell` with the player on `player`. */
  childBound(i: number, cell: number, player: number): number {
    const { childMatch, rowOf } = this;
    childMatch.copyFrom(this.parentMatch);
    this.fillRow(childMatch, rowOf[i], this.sideAt(cell, player));
    return childMatch.resolveRow(rowOf[i]);
  }

  /**
   * Whether the last child's matching gives every box frozen on a goal (per `freeze`) its own
   * goal; `boxAt` maps the child's box cells to the parent's box indices.
   */
  pinsFrozen(freeze: FreezeDetector, boxAt: Int32Array): boolean {
    const { childMatch, goalIndex, rowOf } = this;
    for (let k = 0; k < freeze.frozenCount; k++) {
      const f = freeze.frozenCells[k];
      if (childMatch.colRow[goalIndex[f] + 1] !== rowOf[boxAt[f]] + 1) return false;
    }
    return true;
  }
}

/**
 * The relaxed bound of box cells `cells` (matching off, or spare boxes): with as many boxes as
 * goals, each box's nearest goal; with more boxes, each goal's nearest box.
 */
export function nearestBound(board: CompiledBoard, cells: Int32Array): number {
  const n = cells.length;
  const G = board.goals.length;
  let h = 0;
  if (n === G) {
    for (let i = 0; i < n; i++) {
      const v = board.nearest[cells[i]];
      if (v === UNREACHABLE) return INFEASIBLE;
      h += v;
    }
    return h;
  }
  // More boxes than goals: each goal needs some box.
  for (let g = 0; g < G; g++) {
    let best = UNREACHABLE;
    for (let i = 0; i < n; i++) best = Math.min(best, board.dist[g * board.size + cells[i]]);
    if (best === UNREACHABLE) return INFEASIBLE;
    h += best;
  }
  return h;
}
