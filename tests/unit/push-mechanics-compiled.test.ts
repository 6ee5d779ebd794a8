/**
 * The compiled mechanics search (solver/mechanics/) against the generic searches over the real
 * `step` (the reference), mechanic by mechanic, on random small levels (spare boxes too): the
 * optimum by moves equals breadth-first search's, by pushes a 0-1 breadth-first search's (a walk
 * is free, a push costs one); unsolvable agrees; every line replays to a win through the engine.
 * A time-led solve (no state budget, phases by shares of the time) proves the same optimum.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src-shared/engine/rng.ts';
import { replay } from '../../src-shared/engine/play/replay.ts';
import type { PushState } from '../../src-shared/rulesets/push/board.ts';
import type { PushRules } from '../../src-shared/rulesets/push/kind.ts';
import { DIRECTIONS } from '../../src-shared/rulesets/push/schema.ts';
import { solveMechanics } from '../../src-shared/rulesets/push/solver/mechanics/solve.ts';
import { MAX_VERIFY_BUDGET } from '../../src-shared/search/budget.ts';
import { bfs } from '../../src-shared/search/generic.ts';
import { MECHANICS, randomMechanicLevel } from '../support/push-mechanic-levels.ts';

/** Fewest pushes to a win over the real step (0-1 BFS on the rules' keys), or undefined past `limit` states. */
function fewestPushes(rules: PushRules, start: PushState, limit: number): number | 'unsolvable' | undefined {
  const seen = new Map<string, number>([[rules.key(start), 0]]);
  let layer: PushState[] = [start];
  for (let pushes = 0; layer.length > 0; pushes++) {
    const next: PushState[] = [];
    for (let i = 0; i < layer.length; i++) {
      const state = layer[i];
      if (seen.get(rules.key(state))! < pushes) continue;
      if (rules.status(state) === 'won') return pushes;
      for (const dir of DIRECTIONS) {
        const step = rules.step(state, dir);
        if (!step.changed) continue;
        const cost = pushes + (step.state.pushes > state.pushes ? 1 : 0);
        const key = rules.key(step.state);
        if ((seen.get(key) ?? Infinity) <= cost) continue;
        seen.set(key, cost);
        if (seen.size > limit) return undefined;
        (cost === pushes ? layer : next).push(step.state);
      }
    }
    layer = next;
  }
  return 'unsolvable';
}

describe('push mechanics: the compiled search against the generic searches', () => {
  for (const mechanic of MECHANICS) {
    it(`finds the same optimum by moves and by pushes with ${mechanic}`, () => {
      const rng = new Rng(`mechanics-search-${mechanic}`);
      let solved = 0;
      let unsolvable = 0;
      let byPushesCompared = 0;
      for (let round = 0; round < 300 && solved < 25; round++) {
        const boxes = 2 + rng.int(2);
        const drawn = randomMechanicLevel(rng, mechanic, { width: 6 + rng.int(2), height: 5 + rng.int(2), boxes, goals: boxes - rng.int(2) });
        if (!drawn) continue;
        const { rules, state, level } = drawn;
        const where = JSON.stringify(level);
        const reference = bfs(rules, state, { budget: 60_000 });
        if (reference.status === 'budget') continue;
        const byMoves = solveMechanics(state, 'moves', {});
        if (reference.status === 'unsolvable') {
          expect(byMoves.status, where).toBe('unsolvable');
          unsolvable++;
          continue;
        }
        expect(byMoves, where).toMatchObject({ status: 'solved', optimal: true });
        expect(byMoves.solution!.length, where).toBe(reference.solution!.length);
        expect(replay(rules, state, byMoves.solution!).status, where).toBe('won');
        if (solved < 5) {
          // Time-led (no state budget, the clock the solver's own polls): each phase within its
          // share of the time, the same proven optimum.
          let polls = 0;
          const timed = solveMechanics(state, 'moves', { budget: MAX_VERIFY_BUDGET, timeSpent: () => polls / 2_000, shouldStop: () => ++polls > 2_000 });
          expect(timed, where).toMatchObject({ status: 'solved', optimal: true });
          expect(timed.solution!.length, where).toBe(reference.solution!.length);
        }
        const pushes = fewestPushes(rules, state, 60_000);
        if (typeof pushes === 'number') {
          const byPushes = solveMechanics(state, 'pushes', {});
          expect(byPushes, where).toMatchObject({ status: 'solved', optimal: true });
          const played = replay(rules, state, byPushes.solution!);
          expect(played.status, where).toBe('won');
          expect(played.final.pushes, where).toBe(pushes);
          byPushesCompared++;
        }
        solved++;
      }
      expect(solved).toBeGreaterThanOrEqual(15);
      expect(unsolvable).toBeGreaterThanOrEqual(1);
      expect(byPushesCompared).toBeGreaterThanOrEqual(10);
    });
  }
});
