/**
 * Figures for a verification record: size, how shuffled the board is (inversions, Manhattan
 * distance, the linear-conflict bound) and par when a solution is given.
 */
import type { SlidingState } from './board.ts';
import { conflictBound, type LineConflicts } from './solver/bounds.ts';
import { canonicalTiles, frameFor } from './solver/geometry.ts';
import { countInversions } from './parity.ts';

export function slidingMetrics(state: SlidingState, lines: LineConflicts, solution?: readonly unknown[]): Record<string, number> {
  const { width, height } = state.board;
  const bound = conflictBound(canonicalTiles(state, frameFor(state)), width, height, lines);
  const metrics: Record<string, number> = {
    width,
    height,
    cells: width * height,
    inversions: countInversions(state.tiles),
    tilesOutOfPlace: state.tiles.reduce((n, t, c) => n + (t !== 0 && t !== state.board.goalTiles[c] ? 1 : 0), 0),
    manhattan: bound.manhattan,
    linearConflictBound: bound.manhattan + bound.conflicts,
  };
  if (solution) metrics.par = solution.length;
  return metrics;
}

/** Manhattan distance plus linear conflicts: the admissible bound the generic searches use. */
export function slidingLowerBound(state: SlidingState, lines: LineConflicts): number {
  const { width, height } = state.board;
  const bound = conflictBound(canonicalTiles(state, frameFor(state)), width, height, lines);
  return bound.manhattan + bound.conflicts;
}
