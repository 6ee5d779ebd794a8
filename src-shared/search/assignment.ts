/**
 * Minimum-cost assignment (Hungarian algorithm with potentials, O(n^2 m)) for n rows and m >= n
 * columns, plus, on a square matrix, an O(n m) re-solve when one row's costs change (the push
 * solver's lower bound matches boxes (rows) to goals (columns) and a push moves one box) and a
 * re-solve of several changed rows at once from the potentials the others keep.
 *
 * Costs are non-negative integers; INFEASIBLE marks a forbidden pair. A total at or above
 * INFEASIBLE means no complete assignment exists (a bipartite deadlock).
 */
export const INFEASIBLE = 1_000_000;

export class Assignment {
  readonly rows: number;
  readonly cols: number;
  /** cost[r * cols + c] */
  readonly cost: Int32Array;
  /** Potentials, 1-based as in the classic formulation (index 0 is the virtual row/column). */
  readonly u: Float64Array;
  readonly v: Float64Array;
  /** colRow[c] = 1-based row assigned to 1-based column c, or 0. */
  readonly colRow: Int32Array;
  private readonly minv: Float64Array;
  private readonly way: Int32Array;
  private readonly used: Uint8Array;
  /** resolveRows' scratch: the column each re-solved row held before. */
  private readonly held: Int32Array;

  constructor(rows: number, cols: number) {
    if (cols < rows) throw new RangeError('Assignment needs at least as many columns as rows');
    this.rows = rows;
    this.cols = cols;
    this.cost = new Int32Array(rows * cols);
    this.u = new Float64Array(rows + 1);
    this.v = new Float64Array(cols + 1);
    this.colRow = new Int32Array(cols + 1);
    this.minv = new Float64Array(cols + 1);
    this.way = new Int32Array(cols + 1);
    this.used = new Uint8Array(cols + 1);
    this.held = new Int32Array(rows);
  }

  /** Solve from scratch; returns the total cost. */
  solve(): number {
    this.u.fill(0);
    this.v.fill(0);
    this.colRow.fill(0);
    for (let r = 1; r <= this.rows; r++) this.augment(r);
    return this.total();
  }

  /** Copy potentials and assignment from another instance of the same shape. */
  copyFrom(other: Assignment): void {
    this.cost.set(other.cost);
    this.u.set(other.u);
    this.v.set(other.v);
    this.colRow.set(other.colRow);
  }

  /**
   * Row `row` (0-based) has new costs (already written into `cost`): unassign it and re-augment.
   * The other rows keep feasible potentials, so one augmentation restores optimality. That holds
   * on a square matrix only: with more columns than rows, the column it gives up keeps its
   * potential unmatched, and the next re-solve can come out above the optimum (a fast-check
   * property found a 3 x 4 case), so a matrix that is not square is solved from scratch. The
   * solver's matchings are square (as many boxes as goals).
   */
  resolveRow(row: number): number {
    if (this.rows !== this.cols) return this.solve();
    const r = row + 1;
    let held = 0;
    for (let c = 1; c <= this.cols; c++) {
      if (this.colRow[c] === r) {
        this.colRow[c] = 0;
        held = c;
      }
    }
    // Make row r's potential feasible for its new costs before augmenting.
    let best = Infinity;
    const base = row * this.cols;
    for (let c = 1; c <= this.cols; c++) {
      const reduced = this.cost[base + c - 1] - this.v[c];
      if (reduced < best) best = reduced;
    }
    this.u[r] = best;
    // Where the column it held is still among its cheapest (reduced costs), it keeps it: every
    // reduced cost stays non-negative and the matched ones zero, so the matching is optimal.
    if (held > 0 && best < INFEASIBLE && this.cost[base + held - 1] - this.v[held] === best) this.colRow[held] = r;
    else this.augment(r);
    return this.total();
  }

  /**
   * Rows `rows[0..count)` (0-based) have new costs: all are unassigned, then re-augmented one by
   * one from the potentials the others keep (each row's own made feasible first). On a square
   * matrix (every column matched in the end) the result is optimal, as from scratch; the work is
   * O(count n m) at worst and near O(count m) when the old potentials still fit, where a solve
   * from scratch does n augmentations from zero. Not for rows < cols: a freed column would keep
   * its potential unmatched.
   */
  resolveRows(rows: Int32Array, count: number): number {
    if (this.rows !== this.cols) throw new RangeError('resolveRows needs a square matrix');
    const { colRow, cost, v, u, cols } = this;
    const held = this.held;
    for (let k = 0; k < count; k++) {
      const r = rows[k] + 1;
      held[k] = 0;
      for (let c = 1; c <= cols; c++) {
        if (colRow[c] === r) {
          colRow[c] = 0;
          held[k] = c;
        }
      }
    }
    for (let k = 0; k < count; k++) {
      const base = rows[k] * cols;
      let best = Infinity;
      for (let c = 1; c <= cols; c++) {
        const reduced = cost[base + c - 1] - v[c];
        if (reduced < best) best = reduced;
      }
      u[rows[k] + 1] = best;
      // Its old column, still free and still among its cheapest, is kept (as in resolveRow).
      const c = held[k];
      if (c > 0 && colRow[c] === 0 && best < INFEASIBLE && cost[base + c - 1] - v[c] === best) colRow[c] = rows[k] + 1;
      else this.augment(rows[k] + 1);
    }
    return this.total();
  }

  total(): number {
    let sum = 0;
    for (let c = 1; c <= this.cols; c++) {
      const r = this.colRow[c];
      if (r > 0) sum += this.cost[(r - 1) * this.cols + c - 1];
    }
    return sum;
  }

  private augment(r: number): void {
    const { cols, cost, u, v, colRow, minv, way, used } = this;
    colRow[0] = r;
    let c0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[c0] = 1;
      const r0 = colRow[c0];
      const base = (r0 - 1) * cols - 1;
      let delta = Infinity;
      let c1 = 0;
      for (let c = 1; c <= cols; c++) {
        if (used[c]) continue;
        const cur = cost[base + c] - u[r0] - v[c];
        if (cur < minv[c]) {
          minv[c] = cur;
          way[c] = c0;
        }
        if (minv[c] < delta) {
          delta = minv[c];
          c1 = c;
        }
      }
      for (let c = 0; c <= cols; c++) {
        if (used[c]) {
          u[colRow[c]] += delta;
          v[c] -= delta;
        } else {
          minv[c] -= delta;
        }
      }
      c0 = c1;
    } while (colRow[c0] !== 0);
    do {
      const c1 = way[c0];
      colRow[c0] = colRow[c1];
      c0 = c1;
    } while (c0 !== 0);
  }
}
