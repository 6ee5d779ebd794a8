/**
 * The maze solver: the generic A* (`search/generic.ts`) in steps, over walks folded into macro
 * moves (`walks.ts`: a node is a state just after something other than plain walking happened),
 * with the kind's bound (the walls-only exit distance, `bound.ts`, and behind closed gates the
 * plates bound, `plates.ts`) and its packed key (`key.ts`: the player's figures, the cells that can
 * change, the boulders' cells; the spike phase only where there are spikes). Optimal in steps,
 * jumps (2) and recalls (3) included.
 */
import type { SearchableRules, SolveOptions, SolveResult } from '../../../engine/ruleset.ts';
import { astar } from '../../../search/generic.ts';
import type { MazeState } from '../level.ts';
import type { MazeCommand } from '../schema.ts';
import { expandWalks, walkMacroRules } from './walks.ts';

export const MAZE_SOLVER_NAME = 'maze-astar/2';

export function solveMaze(rules: SearchableRules<MazeState, MazeCommand>, state: MazeState, options: SolveOptions = {}): SolveResult<MazeCommand> {
  const { firstMove: _first, solution, ...result } = astar(walkMacroRules(rules), state, { budget: options.budget, shouldStop: options.shouldStop, progress: options.progress });
  return { ...result, ...(solution ? { solution: expandWalks(rules, state, solution) } : {}), solver: MAZE_SOLVER_NAME };
}
