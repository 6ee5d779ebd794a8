/**
 * A fast subset of XSokoban 90 (the classic benchmark, ../shared/data/sokoban/xsokoban_90.txt): full-
 * size levels the solver solves within 20,000 states (well under a second on an idle desktop).
 * Floors: each must be solved, its solution replayed to a win, never labelled optimal below the
 * lower bound it reports. Figures for the whole set: `npm run bench -- push --set xsokoban`.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { pushSetLevels } from '../support/push-sets.ts';
import { pushRules } from '../support/microban.ts';

describe('XSokoban: a fast subset', () => {
  const levels = pushSetLevels('xsokoban');
  for (const level of [1, 5, 17]) {
    it(`XSokoban ${level} is solved within 20,000 states`, () => {
      const state = pushRules.load(levels[level - 1]).state!;
      const result = pushRules.solve!(state, { budget: 20_000 });
      expect(result.status).toBe('solved');
      expect(result.stored).toBeLessThanOrEqual(20_000);
      expect(replay(pushRules, state, result.solution!).status).toBe('won');
      if (!result.optimal) expect(result.lowerBound ?? 0).toBeLessThanOrEqual(result.solution!.length);
    }, 60_000);
  }
});
