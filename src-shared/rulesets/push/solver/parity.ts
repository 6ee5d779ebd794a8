/**
 * Move parity: every move takes the player to a cell of the other colour of the checkerboard, so
 * the moves still to make from a position have the parity of the colours of the player's cell now
 * and where it ends. A lower bound of the wrong parity is one short, and rounding it up stays
 * admissible; it stays consistent too, as an edge of cost c (c moves) changes the parity by c.
 *
 * Where the player ends:
 * - backwards (pulls towards the real start), on the start cell;
 * - forwards, behind the box its last push put on a goal: next to a goal, so of the other colour
 *   when all goals share one (and every box must end on a goal, so the last push fills one).
 *
 * Symmetries of the board keep the parity of a position: a grid symmetry either keeps every
 * cell's colour or flips every one, and the ones the search uses keep the end cell (backwards) or
 * map goals, all of one colour, onto goals (forwards), so they keep the colours.
 */
import type { CompiledBoard } from './compiled.ts';

/** Checkerboard colour (0 or 1) of a floor cell. */
export function cellColour(board: CompiledBoard, cell: number): number {
  const g = board.gridOf[cell];
  return ((g % board.width) + Math.floor(g / board.width)) & 1;
}

/**
 * parity[c]: the parity of the moves left from any position whose player stands on c, or
 * undefined where it is not known (forwards with goals of both colours, or spare boxes).
 * `board` is the board searched: for pulls, the reversed board (its `player` is the real start).
 */
export function moveParity(board: CompiledBoard, direction: 'push' | 'pull'): Uint8Array | undefined {
  let end: number;
  if (direction === 'pull') end = cellColour(board, board.player);
  else {
    if (board.boxes.length !== board.goals.length || board.goals.length === 0) return undefined;
    const first = cellColour(board, board.goals[0]);
    if (board.goals.some((g) => cellColour(board, g) !== first)) return undefined;
    end = 1 ^ first;
  }
  const parity = new Uint8Array(board.size);
  for (let c = 0; c < board.size; c++) parity[c] = cellColour(board, c) ^ end;
  return parity;
}
