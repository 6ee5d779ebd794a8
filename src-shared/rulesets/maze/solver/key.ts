/**
 * The maze's search key, packed: a few characters instead of the whole board. A level's cells fall
 * in three groups (`MazeBoard.changing`): fixed ones that never change; floor and boulder cells,
 * which only ever hold floor or a boulder; and the few cells that can change otherwise (doors,
 * items, cracked walls, plates, gates, crumbling floor, pits). The key is
 * the player's figures as character codes, the special cells' characters, then the boulders'
 * cells: exactly the state's changing part, in some 10-20 characters where it was a character
 * per floor cell.
 */
import type { MazeState } from '../level.ts';

/**
 * The key of a state for search: where the player is, what they hold, hearts, the spike phase
 * (only where spikes are: without them time does not matter, seed 001's free 4x) and the changing
 * cells. Steps count only through the spike phase: a state reached again with more steps is no
 * better, so A* keeps the first. Codes stay below the surrogate range for boards up to 55,000 cells.
 */
export function mazeSearchKey(state: MazeState): string {
  const { board, cells } = state;
  const phase = board.hasSpikes ? state.steps % board.spikes.period : 0;
  let key = String.fromCharCode(state.player, state.keys, state.bombs, (state.feather ? 1 : 0) | (state.hook ? 2 : 0), state.hearts, phase);
  const { changing } = board;
  for (let i = 0; i < changing.length; i++) key += cells[changing[i]];
  for (let at = cells.indexOf('o'); at >= 0; at = cells.indexOf('o', at + 1)) key += String.fromCharCode(at);
  return key;
}
