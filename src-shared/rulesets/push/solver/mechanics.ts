/**
 * The push solve for levels with mechanics (push strength and heavy boxes, ice, buttons and doors,
 * teleporters): the generic A* over the real `step` (search/generic.ts), made anytime within one
 * budget and one stop. First a weighted A* within a small share of the budget for *a* solution;
 * then the exact A* with what is left, cut at that solution's cost, which either finds a cheaper
 * one (then optimal), or exhausts the cheaper ones (the solution in hand is proven optimal), or
 * runs out and keeps the solution as a bound (`par <= N`) with the lower bound it proved
 * (`at least L`). A stop that comes during the exact search still returns the solution found.
 *
 * It searches by moves (each step costs one move): by pushes a result is never called optimal and
 * carries no lower bound (a bound on moves says nothing about pushes).
 */
import type { SolveOptions, SolveResult } from '../../../engine/ruleset.ts';
import type { SearchableRules } from '../../../engine/ruleset.ts';
import { astar } from '../../../search/generic.ts';
import { DEFAULT_STATE_BUDGET, stateBudget } from '../../../search/budget.ts';
import type { PushState } from '../board.ts';
import type { Direction } from '../schema.ts';

export const PUSH_MECHANICS_NAME = 'push-mechanics/1';
/** The weighted search's share of the budget, and its weight on the bound. */
export const QUICK_SHARE = 1 / 16;
export const QUICK_WEIGHT = 3;

export function solveWithMechanics(
  rules: SearchableRules<PushState, Direction>,
  state: PushState,
  objective: 'moves' | 'pushes',
  options: SolveOptions,
): SolveResult<Direction> {
  const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  const { shouldStop, progress, memoryBytes } = options;
  const byMoves = objective === 'moves';
  const common = { shouldStop, progress, memoryBytes };
  const base = { solver: PUSH_MECHANICS_NAME };
  // 1. A solution first.
  const quick = astar(rules, state, { ...common, budget: Math.max(1, Math.floor(budget * QUICK_SHARE)), weight: QUICK_WEIGHT });
  // Every reachable position searched (only dead ones are cut): no solution exists.
  if (quick.status === 'unsolvable') return { ...base, status: 'unsolvable', optimal: true, nodes: quick.nodes, stored: quick.stored };
  const found = quick.status === 'solved' ? quick.solution! : undefined;
  const spent = { nodes: quick.nodes, stored: quick.stored };
  if (quick.stoppedBy === 'stopped') return finish(found, undefined, 'stopped', 0);
  // 2. The proof, cut at the solution in hand.
  const exact = astar(rules, state, { ...common, budget: Math.max(1, budget - quick.stored), ...(found ? { upperBound: found.length } : {}) });
  spent.nodes += exact.nodes;
  spent.stored += exact.stored;
  if (exact.status === 'solved') return { ...base, status: 'solved', solution: exact.solution, optimal: byMoves, ...spent };
  if (exact.status === 'unsolvable') {
    return found ? { ...base, status: 'solved', solution: found, optimal: byMoves, ...spent } : { ...base, status: 'unsolvable', optimal: true, ...spent };
  }
  return finish(found, exact.reason, exact.stoppedBy ?? 'budget', exact.lowerBound ?? 0);

  function finish(solution: readonly Direction[] | undefined, reason: string | undefined, stoppedBy: NonNullable<SolveResult<Direction>['stoppedBy']>, lowerBound: number): SolveResult<Direction> {
    const bound = byMoves && lowerBound > 0 ? { lowerBound } : {};
    if (solution && byMoves && lowerBound >= solution.length) return { ...base, status: 'solved', solution, optimal: true, ...spent };
    const why =
      reason ??
      (stoppedBy === 'stopped'
        ? `The time limit or a cancel stopped the solver after ${spent.stored} states${solution ? `: ${solution.length} moves is a bound on the par, not a proven one.` : ', before it found a solution.'}`
        : `The budget of ${budget} states ran out ${solution ? `before the par was proven: ${solution.length} moves is a bound` : 'before any solution was found'}.`);
    return solution
      ? { ...base, status: 'solved', solution, optimal: false, stoppedBy, reason: why, ...bound, ...spent }
      : { ...base, status: 'budget', optimal: false, stoppedBy, reason: why, ...bound, ...spent };
  }
}
