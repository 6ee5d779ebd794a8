/**
 * Minimum-cost assignment (Hungarian algorithm with potentials, O(n^2 m)) for n rows and m >= n
 * columns, plus an O(n m) re-solve when one row's costs change (the push solver's lower bound
 * matches boxes (rows) to goals (columns) and a push moves one box), and, on a square matrix, a
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
   * The other rows keep feasible potentials, so one augmentation restores optimality.
   */
  resolveRow(row: number): number {
    const r = row + 1;
    for (let c = 1; c <= this.cols; c++) if (this.colRow[c] === r) this.colRow[c] = 0;
    // Make row r's potential feasible for its new costs before augmenting.
    let best = Infinity;
    const base = row * this.cols;
    for (let c = 1; c <= this.cols; c++) {
      const reduced = this.cost[base + c - 1] - this.v[c];
      if (reduced < best) best = reduced;
    }
    this.u[r] = best;
    this.augment(r);
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
    for (let k = 0; k < count; k++) {
      const r = rows[k] + 1;
      for (let c = 1; c <= cols; c++) if (colRow[c] === r) colRow[c] = 0;
    }
    for (let k = 0; k < count; k++) {
      const base = rows[k] * cols;
      let best = Infinity;
      for (let c = 1; c <= cols; c++) {
        const reduced = cost[base + c - 1] - v[c];
        if (reduced < best) best = reduced;
      }
      u[rows[k] + 1] = best;
      this.augment(rows[k] + 1);
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
