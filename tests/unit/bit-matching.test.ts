/**
 * Kuhn's matching over bit rows (`BitMatching`, the push solver's "can every box have a goal"
 * tests): on random bipartite graphs, rows offered one at a time, the rows left without a column
 * are as few as a brute force over every assignment says, and the columns held are each one's own.
 * A row may be released and offered again (a packing order's picks), a state saved and put back,
 * and rows past the room made at the start (and columns past 32) work.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BitMatching } from '../../src-shared/search/bit-matching.ts';

/** The largest matching by trying every row's every choice (or none), rows and columns <= 7. */
function largest(rows: number, cols: number, edges: boolean[][]): number {
  const used = new Array<boolean>(cols).fill(false);
  const walk = (r: number): number => {
    if (r === rows) return 0;
    let best = walk(r + 1);
    for (let c = 0; c < cols; c++) {
      if (!edges[r][c] || used[c]) continue;
      used[c] = true;
      best = Math.max(best, 1 + walk(r + 1));
      used[c] = false;
    }
    return best;
  };
  return walk(0);
}

const graph = fc
  .record({ rows: fc.integer({ min: 1, max: 7 }), cols: fc.integer({ min: 1, max: 7 }) })
  .chain(({ rows, cols }) => fc.record({ rows: fc.constant(rows), cols: fc.constant(cols), edges: fc.array(fc.array(fc.boolean(), { minLength: cols, maxLength: cols }), { minLength: rows, maxLength: rows }) }));

function load(m: BitMatching, edges: boolean[][]): void {
  edges.forEach((row, r) => {
    m.clearRow(r);
    row.forEach((on, c) => on && m.allow(r, c));
  });
}

describe('BitMatching', () => {
  it('matches as many rows as a brute force, each to a column it may take', () => {
    fc.assert(
      fc.property(graph, ({ rows, cols, edges }) => {
        // Room for one row only: the others are made room for as they are set.
        const m = new BitMatching(1, cols);
        load(m, edges);
        m.reset();
        let matched = 0;
        for (let r = 0; r < rows; r++) if (m.match(r)) matched++;
        expect(matched).toBe(largest(rows, cols, edges));
        const held = m.save();
        for (let c = 0; c < cols; c++) if (held[c] >= 0) expect(edges[held[c]][c]).toBe(true);
        for (let r = 0; r < rows; r++) expect(m.holds(r)).toBe(held.includes(r));
      }),
      { numRuns: 300, seed: 58 },
    );
  });

  it('lets a released row go and take again, and puts a saved state back', () => {
    const m = new BitMatching(2, 2);
    load(m, [
      [true, true],
      [true, false],
    ]);
    m.reset();
    expect(m.match(0)).toBe(true);
    // Row 1 takes column 0 from row 0, which moves on to column 1.
    expect(m.match(1)).toBe(true);
    expect(Array.from(m.save())).toEqual([1, 0]);
    const saved = m.save();
    m.release(0);
    expect(m.holds(0)).toBe(false);
    m.clearRow(0);
    m.allow(0, 0);
    // Column 0 is row 1's, and row 1 has nowhere else to go.
    expect(m.match(0)).toBe(false);
    m.restore(saved);
    expect(m.holds(0)).toBe(true);
  });

  it('works past 32 columns', () => {
    const cols = 70;
    const m = new BitMatching(3, cols);
    const edges = [new Array<boolean>(cols).fill(false), new Array<boolean>(cols).fill(false), new Array<boolean>(cols).fill(false)];
    edges[0][65] = true;
    edges[1][65] = true;
    edges[1][33] = true;
    edges[2][33] = true;
    edges[2][5] = true;
    load(m, edges);
    m.reset();
    expect([m.match(0), m.match(1), m.match(2)]).toEqual([true, true, true]);
    const held = m.save();
    expect([held[65], held[33], held[5]]).toEqual([0, 1, 2]);
  });
});
