/**
 * The lower bound of the mechanics search, in moves or pushes (one box-moving step is one of
 * each). In the relaxed model (board.ts) one push brings a box at most one push nearer any goal,
 * and one step moves at most `chain` boxes. So a minimum-cost matching of boxes to goals over the
 * relaxed distances falls by at most `chain` a step, and the farthest box's (or, with spare
 * boxes, the farthest goal's) nearest distance by at most one: the larger of the matching over
 * `chain` (rounded up) and that distance is consistent, so A* closes every node at its optimal
 * cost. No complete matching (a box no goal can take, goals no box can reach): no solution. A
 * heavy box the strength cannot move is 0 from the goal it stands on and never reaches another.
 * Past MATCHING_MOST boxes the matching (cubic in the boxes, per child) gives way to the sum of
 * the nearest distances (each box's, or each goal's with spare boxes), which also falls by at
 * most `chain` a step.
 */
import { Assignment, INFEASIBLE } from '../../../../search/assignment.ts';
import { UNREACHABLE, type MechanicsBoard } from './board.ts';

/** Most boxes (or goals) for the matching; above it the nearest-distance sum. */
export const MATCHING_MOST = 40;

/** The bound of a position from which no solution exists. */
export const NO_SOLUTION = Infinity;

export class MechanicsBound {
  private readonly b: MechanicsBoard;
  private readonly lightCount: number;
  private readonly matching: Assignment;
  /** Goals are the rows when there are spare boxes (the assignment wants rows <= columns). */
  private readonly goalRows: boolean;
  /** A child's matching: the parent's (`parent`) with the moved box's row re-solved. */
  private readonly childMatching: Assignment;
  /** Each box's nearest goal distance in the parent position. */
  private readonly rowNear: Int32Array;
  /** Children may take the parent's matching with one row changed (as many boxes as goals, not past MATCHING_MOST). */
  readonly incremental: boolean;

  constructor(board: MechanicsBoard) {
    this.b = board;
    this.lightCount = board.light.length;
    const boxes = board.light.length + board.heavy.length;
    const goals = board.goals.length;
    this.goalRows = boxes > goals;
    this.matching = this.goalRows ? new Assignment(goals, boxes) : new Assignment(boxes, Math.max(goals, boxes));
    this.incremental = !this.goalRows && boxes <= MATCHING_MOST;
    this.childMatching = this.incremental ? new Assignment(boxes, Math.max(goals, boxes)) : this.matching;
    this.rowNear = new Int32Array(boxes);
  }

  /** Write box `i`'s row of `into` for its cell; its nearest distance (UNREACHABLE where none). */
  private writeRow(into: Assignment, i: number, cell: number): number {
    const goals = this.b.goals.length;
    const { cost, cols } = into;
    let near = UNREACHABLE;
    for (let k = 0; k < goals; k++) {
      const d = this.distance(i, cell, k);
      cost[i * cols + k] = d === UNREACHABLE ? INFEASIBLE : d;
      if (d < near) near = d;
    }
    return near;
  }

  /**
   * Solve the matching of the node being expanded (`cells`), for `child` (incremental only; the
   * node's own bound is known: it was stored with it).
   */
  parent(cells: Int32Array): void {
    for (let i = 0; i < cells.length; i++) this.rowNear[i] = this.writeRow(this.matching, i, cells[i]);
    this.matching.solve();
  }

  /** The bound of the parent (`parent`) with box `i` moved to `cell`: one row re-solved. */
  child(i: number, cell: number): number {
    const { childMatching, rowNear } = this;
    childMatching.copyFrom(this.matching);
    const near = this.writeRow(childMatching, i, cell);
    if (near === UNREACHABLE) return NO_SOLUTION;
    let most = near;
    for (let r = 0; r < rowNear.length; r++) if (r !== i && rowNear[r] > most) most = rowNear[r];
    const total = childMatching.resolveRow(i);
    if (total >= INFEASIBLE) return NO_SOLUTION;
    return Math.max(most, Math.ceil(total / this.b.chain));
  }

  /** Relaxed pushes of box `i` on `cell` onto goal `k` (UNREACHABLE where none). */
  private distance(i: number, cell: number, k: number): number {
    const { b } = this;
    if (i >= this.lightCount && b.heavyFixed) return cell === b.goals[k] ? 0 : UNREACHABLE;
    return b.dist[k * b.size + cell];
  }

  /** The bound of a position: light cells then heavy cells in `cells`. NO_SOLUTION when none can win. */
  of(cells: Int32Array): number {
    const { b, matching, goalRows } = this;
    const n = cells.length;
    const goals = b.goals.length;
    const cost = matching.cost;
    const cols = matching.cols;
    // The farthest nearest distance: of each box (as many boxes as goals), or of each goal.
    let most = 0;
    let sum = 0;
    if (!goalRows) {
      for (let i = 0; i < n; i++) {
        let near = UNREACHABLE;
        for (let k = 0; k < goals; k++) {
          const d = this.distance(i, cells[i], k);
          cost[i * cols + k] = d === UNREACHABLE ? INFEASIBLE : d;
          if (d < near) near = d;
        }
        if (near === UNREACHABLE) return NO_SOLUTION;
        if (near > most) most = near;
        sum += near;
      }
    } else {
      for (let k = 0; k < goals; k++) {
        let near = UNREACHABLE;
        for (let i = 0; i < n; i++) {
          const d = this.distance(i, cells[i], k);
          cost[k * cols + i] = d === UNREACHABLE ? INFEASIBLE : d;
          if (d < near) near = d;
        }
        if (near === UNREACHABLE) return NO_SOLUTION;
        if (near > most) most = near;
        sum += near;
      }
    }
    if (Math.min(n, goals) > MATCHING_MOST) return Math.max(most, Math.ceil(sum / b.chain));
    const total = matching.solve();
    if (total >= INFEASIBLE) return NO_SOLUTION;
    return Math.max(most, Math.ceil(total / b.chain));
  }
}
