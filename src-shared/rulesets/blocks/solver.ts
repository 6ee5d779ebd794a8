/**
 * Solving a block-tray level for its score (a maximised objective: the best line found, which may
 * end in any state). A scripted puzzle (fixed trays) is searched depth-first over every order and
 * position, identical states once; a won line beats any line that does not win (a "clear the
 * board" puzzle is solved by clearing it), then the higher score; a search that ends within its
 * budget has proven that line best. A dealt level's trays depend on the board, so it is played by
 * the lookahead bot to its end: its score, never proven best.
 */
import { Rng } from '../../engine/rng.ts';
import type { SolveOptions, SolveResult } from '../../engine/ruleset.ts';
import { legalPlacements, makeBot } from './bots.ts';
import type { BlocksCommand } from './schema.ts';
import type { BlocksState } from './state.ts';
import { stepBlocks } from './step.ts';

export const BLOCKS_SOLVER = 'blocks-dfs/2';

/** How good a line's end is: a win first, then the score. */
const worth = (state: BlocksState): number => (state.outcome === 'won' ? 1e12 : 0) + state.score;

export function solveBlocks(start: BlocksState, key: (s: BlocksState) => string, options: SolveOptions = {}): SolveResult<BlocksCommand> {
  if (!start.setup.script) return playDealt(start, options);
  const budget = options.budget ?? 400_000;
  const seen = new Set<string>();
  const line: BlocksCommand[] = [];
  let best: { worth: number; line: BlocksCommand[] } = { worth: worth(start), line: [] };
  let nodes = 0;
  let stoppedBy: 'budget' | 'stopped' | undefined;
  const search = (state: BlocksState): void => {
    if (worth(state) > best.worth) best = { worth: worth(state), line: [...line] };
    if (state.outcome !== 'playing') return;
    for (const command of legalPlacements(state)) {
      if (stoppedBy) return;
      const next = stepBlocks(state, command).state;
      const k = key(next);
      if (seen.has(k)) continue;
      if (seen.size >= budget) stoppedBy = 'budget';
      else if ((++nodes & 1023) === 0 && options.shouldStop?.()) stoppedBy = 'stopped';
      if (stoppedBy) return;
      seen.add(k);
      if ((nodes & 1023) === 0) options.progress?.({ nodes, stored: seen.size });
      line.push(command);
      search(next);
      line.pop();
    }
  };
  search(start);
  return { status: 'solved', solution: best.line, optimal: stoppedBy === undefined, nodes, stored: seen.size, solver: BLOCKS_SOLVER, ...(stoppedBy ? { stoppedBy } : {}) };
}

function playDealt(start: BlocksState, options: SolveOptions): SolveResult<BlocksCommand> {
  const rng = new Rng('blocks-solve');
  const bot = makeBot('lookahead', () => rng.float());
  const line: BlocksCommand[] = [];
  let state = start;
  let stoppedBy: 'stopped' | undefined;
  while (state.outcome === 'playing') {
    if (options.shouldStop?.()) {
      stoppedBy = 'stopped';
      break;
    }
    const command = bot(state);
    if (!command) break;
    state = stepBlocks(state, command).state;
    line.push(command);
  }
  return {
    status: 'solved',
    solution: line,
    optimal: false,
    nodes: line.length,
    stored: line.length,
    solver: BLOCKS_SOLVER,
    ...(stoppedBy ? { stoppedBy } : {}),
    reason: `A dealt level is played by the lookahead bot (${line.length} placements, ${state.outcome === 'won' ? 'won' : state.outcome === 'lost' ? 'then no piece fitted' : 'stopped'}): its score is a bound, not the best.`,
  };
}
