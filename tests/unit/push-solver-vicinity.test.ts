/**
 * Vicinity searches: an optimal search among the positions whose boxes differ from one of a known
 * solution's positions in at most one box. The solver uses them to make a solution that is only a
 * bound cheaper (index.ts `polish`).
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { compilePlainBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { pathToMoves, solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import { searchPlain } from '../../src-shared/rulesets/push/solver/search.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, pushRules } from '../support/microban.ts';

const optimal = readMicrobanOptimal();

/** Boxes of `a` not in `b` (both sorted cell lists of one size). */
const differing = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  const inB = new Set(Array.from(b));
  return Array.from(a).filter((c) => !inB.has(c)).length;
};

describe('vicinity search', () => {
  it('stays within one box of the known positions, and finds a cheaper solution there', () => {
    // Microban 111: a weighted search by pushes, walked out, is far from the best by moves.
    const board = compilePlainBoard(microbanState(111));
    const rough = searchPlain(board, { objective: 'pushes', budget: 1_000_000, weight: 4, direction: 'push' });
    expect(rough.status).toBe('solved');
    const roughMoves = pathToMoves(board, rough).length;
    const known = rough.path!.map((p) => p.boxes);
    const better = searchPlain(board, { objective: 'moves', budget: 400_000, direction: 'push', upperBound: roughMoves, vicinity: known });
    expect(better.status).toBe('solved');
    const moves = pathToMoves(board, better);
    expect(moves.length).toBeLessThan(roughMoves * 0.75);
    expect(moves.length).toBeGreaterThanOrEqual(optimal[110].moves!);
    expect(replay(pushRules, microbanState(111), moves).status).toBe('won');
    for (const position of better.path!) {
      expect(Math.min(...known.map((k) => differing(position.boxes, k)))).toBeLessThanOrEqual(1);
    }
    // Optimal only within the vicinity: no lower bound is claimed.
    expect(better.lowerBound).toBe(0);
  });

  it('a search cut at the best cost in the vicinity finds nothing, and proves nothing', () => {
    const board = compilePlainBoard(microbanState(111));
    const rough = searchPlain(board, { objective: 'pushes', budget: 1_000_000, weight: 4, direction: 'push' });
    const known = rough.path!.map((p) => p.boxes);
    const best = searchPlain(board, { objective: 'moves', budget: 400_000, direction: 'push', vicinity: known });
    const cut = searchPlain(board, { objective: 'moves', budget: 400_000, direction: 'push', upperBound: best.cost, vicinity: known });
    expect(cut.status).toBe('unsolvable');
    expect(cut.lowerBound).toBe(0);
    // Also when the start's bound alone reaches the cut (Microban 2 by pushes).
    const small = compilePlainBoard(microbanState(2));
    const found = searchPlain(small, { objective: 'pushes', budget: 20_000, weight: 4, direction: 'push' });
    const none = searchPlain(small, { objective: 'pushes', budget: 20_000, direction: 'push', upperBound: found.path!.length - 1, vicinity: found.path!.map((p) => p.boxes) });
    expect(none).toMatchObject({ status: 'unsolvable', lowerBound: 0 });
  });

  it('the solver polishes a solution the budget left unproven: Microban 123 at 400,000 states reaches its optimum', () => {
    const state = microbanState(123);
    const result = solvePlainPush(state, { objective: 'moves', budget: 400_000 });
    // A floor: the optimum at least as a bound (proven is better still).
    expect(result.status).toBe('solved');
    if (!result.optimal) expect(result.stoppedBy).toBe('budget');
    // 458 moves without polishing; 296 is the optimum of the table.
    expect(result.solution!.length).toBe(optimal[122].moves);
    expect(replay(pushRules, state, result.solution!).status).toBe('won');
  });
});
