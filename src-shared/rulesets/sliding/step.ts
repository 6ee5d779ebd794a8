/**
 * The sliding kind's rule pipeline, one command in, the next state and its visual events out:
 *
 *   1. validateInput  a solved board refuses every command (the level is over), as does an
 *                     unknown direction.
 *   2. moveBlank      the blank's target cell; off the board is a bump.
 *   3. slideTile      the tile in the target cell slides into the blank's cell.
 *   4. checkWin       every tile in its goal cell.
 */
import type { PlayStatus, StepResult, VisualEvent } from '../../engine/ruleset.ts';
import { MOVE_INDEX, cellXY, isSolved, neighbourCell, type SlidingState } from './board.ts';
import type { SlideDirection } from './schema.ts';

export function slidingStatus(state: SlidingState): PlayStatus {
  return isSolved(state) ? 'won' : 'playing';
}

export function stepSliding(state: SlidingState, command: SlideDirection): StepResult<SlidingState> {
  // Own keys only: 'toString' or '__proto__' is no move (an inherited member would be taken as one).
  const m = Object.hasOwn(MOVE_INDEX, command) ? MOVE_INDEX[command] : undefined;
  if (m === undefined || isSolved(state)) return { state, events: [], changed: false };
  const { board, tiles, blank } = state;
  const { width, height } = board;
  const target = neighbourCell(width, height, blank, m);
  if (target < 0) return { state, events: [{ type: 'bump', entity: 'blank', from: cellXY(width, blank) }], changed: false };
  const tile = tiles[target];
  const next = tiles.slice();
  next[blank] = tile;
  next[target] = 0;
  const nextState: SlidingState = { board, tiles: next, blank: target, moves: state.moves + 1 };
  const events: VisualEvent[] = [{ type: 'slide', entity: `tile:${tile}`, from: cellXY(width, target), to: cellXY(width, blank) }];
  if (isSolved(nextState)) events.push({ type: 'win' });
  return { state: nextState, events, changed: true };
}
