/**
 * Solving a block-tray level. A scripted puzzle (fixed trays) is searched depth-first over every
 * order and position, identical states once, until a placement line reaches the goal: a proof that
 * the puzzle can be won (not that its score is the best). A dealt level's trays depend on the
 * board, so it is played by the lookahead bot to its end: a solution when it wins, no proof
 * either way when it does not.
 */
import { Rng } from '../../engine/rng.ts';
import type { SolveOptions, SolveResult } from '../../engine/ruleset.ts';
import { legalPlacements, makeBot } from './bots.ts';
import type { BlocksCommand } from './schema.ts';
import type { BlocksState } from './state.ts';
import { stepBlocks } from './step.ts';

export const BLOCKS_SOLVER = 'blocks-dfs/1';

export function solveBlocks(start: BlocksState, key: (s: BlocksState) => string, options: SolveOptions = {}): SolveResult<BlocksCommand> {
  const budget = options.budget ?? 400_000;
  if (!start.setup.script) return playDealt(start, options);
  const seen = new Set<string>();
  const line: BlocksCommand[] = [];
  let nodes = 0;
  let stoppedBy: 'budget' | 'stopped' | undefined;
  const search = (state: BlocksState): boolean => {
    if (state.outcome === 'won') return true;
    if (state.outcome === 'lost') return false;
    for (const command of legalPlacements(state)) {
      if (stoppedBy) return false;
      const next = stepBlocks(state, command).state;
      const k = key(next);
      if (seen.has(k)) continue;
      if (seen.size >= budget) stoppedBy = 'budget';
      else if ((++nodes & 1023) === 0 && options.shouldStop?.()) stoppedBy = 'stopped';
      if (stoppedBy) return false;
      seen.add(k);
      if ((nodes & 1023) === 0) options.progress?.({ nodes, stored: seen.size });
      line.push(command);
      if (search(next)) return true;
      line.pop();
    }
    return false;
  };
  const found = search(start);
  const base = { optimal: false, nodes, stored: seen.size, solver: BLOCKS_SOLVER };
  if (found) return { ...base, status: 'solved', solution: line };
  if (stoppedBy) return { ...base, status: 'budget', stoppedBy };
  return { ...base, status: 'unsolvable', optimal: true };
}

function playDealt(start: BlocksState, options: SolveOptions): SolveResult<BlocksCommand> {
  const rng = new Rng('blocks-solve');
  const bot = makeBot('lookahead', () => rng.float());
  const line: BlocksCommand[] = [];
  let state = start;
  while (state.outcome === 'playing') {
    if (options.shouldStop?.()) return { status: 'budget', stoppedBy: 'stopped', optimal: false, nodes: line.length, stored: line.length, solver: BLOCKS_SOLVER };
    const command = bot(state);
    if (!command) break;
    state = stepBlocks(state, command).state;
    line.push(command);
  }
  const base = { optimal: false, nodes: line.length, stored: line.length, solver: BLOCKS_SOLVER };
  if (state.outcome === 'won') return { ...base, status: 'solved', solution: line };
  return { ...base, status: 'budget', reason: `The lookahead bot played this dealt level to a loss after ${line.length} placements (score ${state.score}); dealt levels are played, not proven.` };
}
