/**
 * Re-solving several rows of a matching at once (`Assignment.resolveRows`) gives the optimum a
 * solve from scratch gives, on random square matrices with forbidden pairs, row after row of
 * changes; a matrix with more columns than rows is refused.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Assignment, INFEASIBLE } from '../../src-shared/search/assignment.ts';

/** The optimum by trying every permutation (n <= 6). */
function bruteForce(n: number, cost: Int32Array): number {
  let best = Infinity;
  const used = new Array<boolean>(n).fill(false);
  const walk = (r: number, sum: number): void => {
    if (sum >= best) return;
    if (r === n) return void (best = sum);
    for (let c = 0; c < n; c++) {
      if (used[c]) continue;
      used[c] = true;
      walk(r + 1, sum + cost[r * n + c]);
      used[c] = false;
    }
  };
  walk(0, 0);
  return best;
}

const entry = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 0, max: 30 }) }, { weight: 1, arbitrary: fc.constant(INFEASIBLE) });

describe('Assignment.resolveRows', () => {
  it('matches the brute-force optimum after each batch of changed rows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((n) =>
          fc.record({
            n: fc.constant(n),
            start: fc.array(entry, { minLength: n * n, maxLength: n * n }),
            batches: fc.array(fc.array(fc.record({ row: fc.integer({ min: 0, max: n - 1 }), costs: fc.array(entry, { minLength: n, maxLength: n }) }), { minLength: 1, maxLength: n }), { minLength: 1, maxLength: 5 }),
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
