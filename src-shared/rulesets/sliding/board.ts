/**
 * Board geometry and states of the sliding kind. A state is the tile in each cell (row-major,
 * 0 = the blank) plus the blank's cell; the board (size and goal layout) is shared by every state
 * of a level. Tiles are numbered 1..n-1; cells `y * width + x`.
 */
import { DIRECTIONS_4, DIRECTION_DX, DIRECTION_DY, DIRECTION_INDEX, neighbourCell } from '../../engine/grid.ts';
import type { SlideDirection, SlidingGoal } from './schema.ts';

export interface SlidingBoard {
  readonly width: number;
  readonly height: number;
  readonly goal: SlidingGoal;
  /** The tile in each cell when solved. */
  readonly goalTiles: Uint8Array;
  /** The goal cell of each tile (index: tile number; 0 is the blank). */
  readonly home: Uint8Array;
}

export interface SlidingState {
  readonly board: SlidingBoard;
  /** The tile in each cell; never mutated once a state is built. */
  readonly tiles: Uint8Array;
  readonly blank: number;
  /** Moves played since the level's start (for display; not part of the search key). */
  readonly moves: number;
}

/** Move indices 0..3 are u, d, l, r; the opposite of move m is m ^ 1 (engine/grid.ts). */
export const MOVE_DX: readonly number[] = DIRECTION_DX;
export const MOVE_DY: readonly number[] = DIRECTION_DY;
export const MOVE_INDEX: Readonly<Record<SlideDirection, number>> = DIRECTION_INDEX;
export const MOVE_NAMES: readonly SlideDirection[] = DIRECTIONS_4;

export function goalTilesFor(width: number, height: number, goal: SlidingGoal): Uint8Array {
  const n = width * height;
  const out = new Uint8Array(n);
  for (let c = 0; c < n; c++) out[c] = goal === 'blank-first' ? c : c === n - 1 ? 0 : c + 1;
  return out;
}

export function makeBoard(width: number, height: number, goal: SlidingGoal): SlidingBoard {
  const goalTiles = goalTilesFor(width, height, goal);
  const home = new Uint8Array(goalTiles.length);
  goalTiles.forEach((tile, cell) => (home[tile] = cell));
  return { width, height, goal, goalTiles, home };
}

/** The cell the blank reaches by move `m` from `cell`, or -1 off the board. */
export { neighbourCell } from '../../engine/grid.ts';

/** For each cell and move (index `cell * 4 + m`), the cell the blank reaches, or -1. */
export function neighbourTable(width: number, height: number): Int8Array {
  const n = width * height;
  const out = new Int8Array(n * 4);
  for (let c = 0; c < n; c++) for (let m = 0; m < 4; m++) out[c * 4 + m] = neighbourCell(width, height, c, m);
  return out;
}

export { cellXY } from '../../engine/grid.ts';

export function isSolved(state: SlidingState): boolean {
  const { goalTiles } = state.board;
  const { tiles } = state;
  for (let c = 0; c < tiles.length; c++) if (tiles[c] !== goalTiles[c]) return false;
  return true;
}

export function makeState(board: SlidingBoard, tiles: ArrayLike<number>, moves = 0): SlidingState {
  const copy = Uint8Array.from(tiles);
  return { board, tiles: copy, blank: copy.indexOf(0), moves };
}
