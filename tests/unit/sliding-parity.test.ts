import { describe, expect, it } from 'vitest';
import { neighbourTable } from '../../src-shared/rulesets/sliding/board.ts';
import { defaultSlidingRules } from '../../src-shared/rulesets/sliding/kind.ts';
import { countInversions, parityReport } from '../../src-shared/rulesets/sliding/parity.ts';
import { PermutationRanker, UNREACHED, buildCompleteTable, factorial } from '../../src-shared/rulesets/sliding/solver/complete-table.ts';

const rules = defaultSlidingRules();
const lintCodes = (level: object): string[] => rules.lint(level as never).map((d) => d.code);

/** Level-frame tiles for the blank-last goal from canonical (blank-first) ones: half a turn. */
function turned(canonical: ArrayLike<number>): number[] {
  const n = canonical.length;
  const out = new Array<number>(n);
  for (let p = 0; p < n; p++) out[n - 1 - p] = canonical[p] === 0 ? 0 : n - canonical[p];
  return out;
}

describe('sliding parity', () => {
  it('counts inversions with the blank ignored', () => {
    expect(countInversions([1, 2, 3, 4, 5, 6, 7, 8, 0])).toBe(0);
    expect(countInversions([1, 2, 3, 4, 5, 6, 8, 7, 0])).toBe(1);
    expect(countInversions([0, 8, 7, 6, 5, 4, 3, 2, 1])).toBe(28);
  });

  it('odd width: solvable exactly when the inversions are even (seed 003 examples)', () => {
    expect(parityReport(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0], 'blank-last').solvable).toBe(true);
    expect(parityReport(3, 3, [1, 2, 3, 4, 5, 6, 8, 7, 0], 'blank-last').solvable).toBe(false);
    expect(parityReport(3, 3, [8, 6, 7, 2, 5, 4, 3, 0, 1], 'blank-last').solvable).toBe(true);
    expect(parityReport(3, 3, [0, 1, 2, 3, 4, 5, 6, 7, 8], 'blank-first').solvable).toBe(true);
    expect(parityReport(3, 3, [0, 2, 1, 3, 4, 5, 6, 7, 8], 'blank-first').solvable).toBe(false);
  });

  it('even width: inversions plus the blank row decide, and the goal row matters', () => {
    // Sam Loyd's 14-15 puzzle: one inversion, blank on the bottom row.
    const loyd = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0];
    expect(parityReport(4, 4, loyd, 'blank-last').solvable).toBe(false);
    // Korf's instance 1 is solvable for its own goal (blank first) but not for blank last.
    const korf1 = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    expect(parityReport(4, 4, korf1, 'blank-first').solvable).toBe(true);
    expect(parityReport(4, 4, korf1, 'blank-last').solvable).toBe(false);
  });

  it('agrees with a complete search on every arrangement of small boards, both goals, rectangles too', () => {
    for (const [width, height] of [[2, 2], [2, 3], [3, 2], [2, 4], [4, 2], [3, 3]]) {
      const n = width * height;
      const table = buildCompleteTable(n, neighbourTable(width, height))!;
      const ranker = new PermutationRanker(n);
      const perm = new Uint8Array(n);
      let disagreements = 0;
      let reachable = 0;
      for (let r = 0; r < factorial(n); r++) {
        ranker.unrank(r, perm);
        const reached = table[r] !== UNREACHED;
        if (reached) reachable++;
        if (parityReport(width, height, perm, 'blank-first').solvable !== reached) disagreements++;
        if (parityReport(width, height, turned(perm), 'blank-last').solvable !== reached) disagreements++;
      }
      expect(disagreements, `${width}x${height}`).toBe(0);
      expect(reachable, `${width}x${height}`).toBe(factorial(n) / 2);
    }
  });

  it('an unsolvable board is a lint error that says why, on odd and even widths', () => {
    const odd = rules.lint({ width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 8, 7, 0] });
    expect(odd).toHaveLength(1);
    expect(odd[0]).toMatchObject({ severity: 'error', code: 'sliding.unsolvable', params: { inversions: 1 } });
    expect(odd[0].message).toMatch(/1 inversion, an odd number.*odd width \(3\)/);
    const even = rules.lint({ width: 4, height: 4, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0] });
    expect(even[0].code).toBe('sliding.unsolvable');
    expect(even[0].message).toMatch(/blank's row 3.*even width \(4\).*blank last \(blank on row 3\) needs it odd/);
    const rectangle = rules.lint({ width: 4, height: 2, tiles: [1, 2, 3, 4, 5, 7, 6, 0] });
    expect(rectangle[0].code).toBe('sliding.unsolvable');
    expect(lintCodes({ width: 4, height: 2, tiles: [1, 2, 3, 4, 5, 6, 0, 7] })).toEqual([]);
  });

  it('never loads an unsolvable board as a playable state', () => {
    const loaded = rules.load({ width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 8, 7, 0] });
    expect(loaded.state).toBeUndefined();
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(['sliding.unsolvable']);
  });

  it('lint catches duplicate, missing and out-of-range tiles and a wrong count', () => {
    expect(lintCodes({ width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 7, 0] })).toEqual(['sliding.tile.duplicate', 'sliding.tile.missing']);
    expect(lintCodes({ width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 8] })).toEqual(['sliding.tile.duplicate', 'sliding.blank.missing']);
    expect(lintCodes({ width: 3, height: 3, tiles: [0, 2, 3, 4, 5, 6, 7, 8, 0] })).toEqual(['sliding.blank.duplicate', 'sliding.tile.missing']);
    expect(lintCodes({ width: 2, height: 2, tiles: [1, 2, 9, 0] })).toEqual(['sliding.tile.range', 'sliding.tile.missing']);
    expect(lintCodes({ width: 3, height: 3, tiles: [1, 2, 3, 0] })).toEqual(['sliding.tiles.count']);
    const duplicate = rules.lint({ width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 7, 0] })[0];
    expect(duplicate.cell).toEqual({ x: 1, y: 2 });
    expect(duplicate.message).toContain('(0,2) and (1,2)');
  });

  it('warns about a board that starts solved', () => {
    expect(rules.lint({ width: 2, height: 2, tiles: [1, 2, 3, 0] }).map((d) => [d.severity, d.code])).toEqual([['warning', 'sliding.solved']]);
  });
});
