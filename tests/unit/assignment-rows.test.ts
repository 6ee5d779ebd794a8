/**
 * Re-solving one row of a matching (`Assignment.resolveRow`, rows <= columns) or several at once
 * (`resolveRows`, square) gives the optimum a brute force gives, on random matrices with forbidden
 * pairs and many ties, change after change; a matrix with more columns than rows is refused by
 * `resolveRows`. A row whose old column is still among its cheapest keeps it without augmenting.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Assignment, INFEASIBLE } from '../../src-shared/search/assignment.ts';

/** The optimum by trying every assignment of rows to distinct columns (rows <= cols <= 6). */
function bruteForce(n: number, cost: Int32Array, m = n): number {
  let best = Infinity;
  const used = new Array<boolean>(m).fill(false);
  const walk = (r: number, sum: number): void => {
    if (sum >= best) return;
    if (r === n) return void (best = sum);
    for (let c = 0; c < m; c++) {
      if (used[c]) continue;
      used[c] = true;
      walk(r + 1, sum + cost[r * m + c]);
      used[c] = false;
    }
  };
  walk(0, 0);
  return best;
}

/** The matched pairs' costs (each row matched once), for checking `total` against the matching. */
function matchedSum(a: Assignment): number {
  const rows = Array.from(a.colRow.subarray(1)).filter((r) => r > 0);
  expect(new Set(rows).size).toBe(a.rows);
  let sum = 0;
  a.colRow.forEach((r, c) => {
    if (c > 0 && r > 0) sum += a.cost[(r - 1) * a.cols + c - 1];
  });
  return sum;
}

const entry = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 0, max: 30 }) }, { weight: 1, arbitrary: fc.constant(INFEASIBLE) });
/** Few distinct costs: many ties, so a row's old column is often still among its cheapest. */
const tied = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: 3 }) }, { weight: 1, arbitrary: fc.constant(INFEASIBLE) });

describe('Assignment.resolveRow', () => {
  it('matches the brute-force optimum after each changed row, with as many columns as rows or more', () => {
    let kept = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((n) =>
          fc.integer({ min: n, max: 6 }).chain((m) =>
            fc.record({
              n: fc.constant(n),
              m: fc.constant(m),
              start: fc.array(tied, { minLength: n * m, maxLength: n * m }),
              changes: fc.array(fc.record({ row: fc.integer({ min: 0, max: n - 1 }), costs: fc.array(tied, { minLength: m, maxLength: m }) }), { minLength: 1, maxLength: 8 }),
            }),
          ),
        ),
        ({ n, m, start, changes }) => {
          const a = new Assignment(n, m);
          a.cost.set(start);
          expect(a.solve()).toBe(bruteForce(n, a.cost, m));
          for (const { row, costs } of changes) {
            const before = a.colRow.indexOf(row + 1);
            a.cost.set(costs, row * m);
            const total = a.resolveRow(row);
            if (a.colRow.indexOf(row + 1) === before) kept++;
            expect(total).toBe(bruteForce(n, a.cost, m));
            expect(matchedSum(a)).toBe(total);
          }
        },
      ),
      { numRuns: 400, seed: 31 },
    );
    // The shortcut is taken often enough to be tested.
    expect(kept).toBeGreaterThan(200);
  });
});

describe('Assignment.resolveRows', () => {
  it('matches the brute-force optimum after each batch of changed rows', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(entry, tied)).chain(([n, costs]) =>
          fc.record({
            n: fc.constant(n),
            start: fc.array(costs, { minLength: n * n, maxLength: n * n }),
            batches: fc.array(fc.array(fc.record({ row: fc.integer({ min: 0, max: n - 1 }), costs: fc.array(costs, { minLength: n, maxLength: n }) }), { minLength: 1, maxLength: n }), { minLength: 1, maxLength: 5 }),
          }),
        ),
        ({ n, start, batches }) => {
          const a = new Assignment(n, n);
          a.cost.set(start);
          expect(a.solve()).toBe(bruteForce(n, a.cost));
          for (const batch of batches) {
            const rows = [...new Set(batch.map((b) => b.row))];
            for (const { row, costs } of batch) a.cost.set(costs, row * n);
            const total = a.resolveRows(Int32Array.from(rows), rows.length);
            expect(total).toBe(bruteForce(n, a.cost));
            // Every column matched once, and the total is the matched costs' sum.
            expect(new Set(Array.from(a.colRow.subarray(1))).size).toBe(n);
            expect(matchedSum(a)).toBe(total);
          }
        },
      ),
      { numRuns: 300, seed: 27 },
    );
  });

  it('refuses a matrix with more columns than rows', () => {
    const a = new Assignment(2, 3);
    expect(() => a.resolveRows(Int32Array.of(0), 1)).toThrow(RangeError);
  });
});
