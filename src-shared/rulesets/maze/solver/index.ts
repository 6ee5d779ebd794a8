/**
 * The maze solver: the generic A* (`search/generic.ts`) in steps with the kind's bound (the
 * walls-only exit distance, `bound.ts`, and behind closed gates the plates bound, `plates.ts`)
 * and its packed key (`key.ts`: the player's figures, the cells that can change, the boulders'
 * cells; the spike phase only where there are spikes). Optimal in steps, jumps (2) and recalls
 * (3) included.
 */
import type { SearchableRules, SolveOptions, SolveResult } from '../../../engine/ruleset.ts';
import { astar } from '../../../search/generic.ts';
import type { MazeState } from '../level.ts';
import type { MazeCommand } from '../schema.ts';

export const MAZE_SOLVER_NAME = 'maze-astar/1';

export function solveMaze(rules: SearchableRules<MazeState, MazeCommand>, state: MazeState, options: SolveOptions = {}): SolveResult<MazeCommand> {
  const { firstMove: _first, ...result } = astar(rules, state, { budget: options.budget, shouldStop: options.shouldStop, progress: options.progress });
  return { ...result, solver: MAZE_SOLVER_NAME };
}
