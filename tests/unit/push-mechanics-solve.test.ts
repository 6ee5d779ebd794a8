/**
 * The anytime solve for push levels with mechanics (solver/mechanics.ts) over the generic A*
 * (weighted, cut at a known cost, with the lower bound it proved): under push strength 2 it
 * proves our exact table's value (../shared/data/sokoban/microban_I_strength2_optimal.csv, an
 * exact BFS); a stop during the proof keeps the solution found first.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { PUSH_MECHANICS_NAME } from '../../src-shared/rulesets/push/solver/mechanics.ts';
import { astar, bfs } from '../../src-shared/search/generic.ts';
import { REPO_ROOT } from '../support/data.ts';
import { microbanLevels } from '../support/microban.ts';

const strong = pushKind.create({ pushStrength: 2 }).rules!;
const table = new Map(
  readFileSync(`${REPO_ROOT}../shared/data/sokoban/microban_I_strength2_optimal.csv`, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .filter(([, status]) => status === 'solved')
    .map(([level, , moves]) => [Number(level), Number(moves)]),
);
const stateOf = (level: number) => strong.load(microbanLevels()[level - 1]).state!;

describe('push mechanics: the anytime solve', () => {
  it('proves the strength-2 optimum of our exact table on small Microban levels', () => {
    for (const level of [1, 2, 3, 4, 5, 6, 8, 9]) {
      const result = strong.solve!(stateOf(level), {});
      expect(result.solver).toBe(PUSH_MECHANICS_NAME);
      expect(result, `Microban ${level}`).toMatchObject({ status: 'solved', optimal: true });
      expect(result.solution!.length, `Microban ${level}`).toBe(table.get(level));
      expect(replay(strong, stateOf(level), result.solution!).status).toBe('won');
    }
  });

  it('a stop during the proof keeps the weighted solution as a bound with the proven lower bound', () => {
    const level = 6;
    // Stopped once the second search (the exact one) has stored 3,000 states: progress's count starts again.
    let searches = 0;
    let stored = 0;
    const progress = (p: { stored: number }): void => {
      if (p.stored < stored || searches === 0) searches++;
      stored = p.stored;
    };
    const result = strong.solve!(stateOf(level), { progress, shouldStop: () => searches >= 2 && stored > 3000 });
    expect(result).toMatchObject({ status: 'solved', optimal: false, stoppedBy: 'stopped' });
    expect(replay(strong, stateOf(level), result.solution!).status).toBe('won');
    const best = table.get(level);
    if (best !== undefined) {
      expect(result.solution!.length).toBeGreaterThanOrEqual(best);
      expect(result.lowerBound).toBeLessThanOrEqual(best);
    }
  });
});

describe('generic A*: weight, a known cost and the proven bound', () => {
  const state = stateOf(3);
  const optimum = bfs(strong, state).solution!.length;

  it('weighted finds a solution, not called optimal; cut at the optimum nothing cheaper exists', () => {
    const weighted = astar(strong, state, { weight: 3 });
    expect(weighted).toMatchObject({ status: 'solved', optimal: false });
    expect(weighted.solution!.length).toBeGreaterThanOrEqual(optimum);
    expect(astar(strong, state, { upperBound: optimum }).status).toBe('unsolvable');
    expect(astar(strong, state, { upperBound: optimum + 1 }).solution!.length).toBe(optimum);
  });

  it('out of budget, its lower bound never exceeds the optimum', () => {
    for (const budget of [50, 200, 800]) {
      const result = astar(strong, state, { budget });
      if (result.status === 'budget') expect(result.lowerBound).toBeLessThanOrEqual(optimum);
    }
  });
});
