/**
 * The greedy bot (seed 001's first bot sieve): straight for the exit with a compass and no plan.
 * Each step it walks to a cell it has not stood on that is nearest the exit as the crow flies
 * (ties in the fixed order up, down, left, right); with no such cell it gives up. A level it wins
 * asks nothing of the player.
 */
import type { Bot } from '../../../engine/ruleset.ts';
import type { MazeState } from '../level.ts';
import type { MazeCommand } from '../schema.ts';
import { manhattan, nearestExit, probe, WALK } from './moves.ts';

export const greedyBot: Bot<MazeState, MazeCommand> = {
  id: 'greedy',
  label: 'Greedy',
  runs: 1,
  start(start) {
    const stood = new Set<number>([start.player]);
    return (state) => {
      stood.add(state.player);
      const exit = nearestExit(state, state.player);
      let best: { command: MazeCommand; distance: number } | undefined;
      for (const command of WALK) {
        const next = probe(state, command);
        if (!next || stood.has(next.player)) continue;
        const distance = manhattan(state.board, next.player, exit);
        if (!best || distance < best.distance) best = { command, distance };
      }
      return best?.command;
    };
  },
};
