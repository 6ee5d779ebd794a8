/**
 * The push solve is anytime within one budget and one stop: a solution first, then shorter ones,
 * then the proof. A larger budget never gives a worse result, and a stop that comes while the
 * exact search runs still returns the best solution found, labelled a bound (`par <= N`) with the
 * proven lower bound (`at least L`); `optimal` only when proven.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import type { SolveResult } from '../../src-shared/engine/ruleset.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, pushRules } from '../support/microban.ts';

const optimal = readMicrobanOptimal();

/** How good a result is: solved beats not, fewer moves beat more, proven beats not. */
function rank(result: SolveResult<unknown>): [number, number, number] {
  return [result.status === 'solved' ? 1 : 0, -(result.solution?.length ?? Infinity), result.optimal ? 1 : 0];
}

describe('anytime push solve', () => {
  for (const level of [65, 146]) {
    it(`Microban ${level} by moves: a larger budget never gives a worse result`, () => {
      let before: [number, number, number] = [0, -Infinity, 0];
      for (const budget of [10_000, 30_000, 100_000]) {
        const result = solvePlainPush(microbanState(level), { objective: 'moves', budget });
        const now = rank(result);
        expect(now[0], `solved at ${budget}`).toBeGreaterThanOrEqual(before[0]);
        if (now[0] === before[0]) expect(now[1], `moves at ${budget}`).toBeGreaterThanOrEqual(before[1]);
        if (now[1] === before[1] && now[0] === 1) expect(now[2], `proof at ${budget}`).toBeGreaterThanOrEqual(before[2]);
        const known = optimal[level - 1].moves;
        if (result.solution && known !== undefined) {
          expect(result.solution.length).toBeGreaterThanOrEqual(known);
          if (result.optimal) expect(result.solution.length).toBe(known);
        }
        before = now;
      }
    });
  }

  it('a stop during the exact search returns the best solution found as a bound, with the proven lower bound', () => {
    // Microban 123 by moves: the quick searches find a solution within the first 10,000 states;
    // the exact search is still far from the proof when the host stops it at 60,000.
    const state = microbanState(123);
    let stored = 0;
    const result = solvePlainPush(state, { objective: 'moves', budget: 10_000_000, progress: (p) => (stored = Math.max(stored, p.stored)), shouldStop: () => stored > 60_000 });
    expect(result).toMatchObject({ status: 'solved', optimal: false, stoppedBy: 'stopped' });
    expect(replay(pushRules, state, result.solution!).status).toBe('won');
    expect(result.solution!.length).toBeGreaterThanOrEqual(optimal[122].moves!);
    expect(result.lowerBound).toBeGreaterThan(0);
    expect(result.lowerBound).toBeLessThanOrEqual(optimal[122].moves!);
    expect(result.reason).toMatch(/is a bound on the par, not a proven one/);
  });
});
