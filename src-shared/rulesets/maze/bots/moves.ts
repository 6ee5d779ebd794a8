/**
 * What the maze's bots share: directions as commands, the cell a direction leads to, and a probe
 * of a command through the real `step` (a bot may feel a wall by bumping it, as a player would).
 */
import { DIRECTION_DX, DIRECTION_DY } from '../../../engine/grid.ts';
import type { MazeBoard, MazeState } from '../level.ts';
import { HOOK_COMMANDS, JUMP_COMMANDS, MOVE_COMMANDS, type MazeCommand } from '../schema.ts';
import { stepMaze } from '../step.ts';

/** Directions in the grid's order: 0 up, 1 down, 2 left, 3 right. */
export const WALK: readonly MazeCommand[] = MOVE_COMMANDS;
export const JUMP: readonly MazeCommand[] = JUMP_COMMANDS;
export const HOOK: readonly MazeCommand[] = HOOK_COMMANDS;
/** The direction on the left of each (up -> left, down -> right, left -> down, right -> up). */
export const LEFT_OF: readonly number[] = [2, 3, 1, 0];
export const RIGHT_OF: readonly number[] = [3, 2, 0, 1];
export const BACK_OF: readonly number[] = [1, 0, 3, 2];

/** The cell `by` cells from `cell` in direction `d`, or -1 off the board. */
export function cellToward(board: MazeBoard, cell: number, d: number, by = 1): number {
  const x = (cell % board.width) + DIRECTION_DX[d] * by;
  const y = Math.floor(cell / board.width) + DIRECTION_DY[d] * by;
  return x < 0 || y < 0 || x >= board.width || y >= board.height ? -1 : y * board.width + x;
}

/** Manhattan distance between two cells. */
export function manhattan(board: MazeBoard, a: number, b: number): number {
  return Math.abs((a % board.width) - (b % board.width)) + Math.abs(Math.floor(a / board.width) - Math.floor(b / board.width));
}

/** The state after `command`, or undefined when the rules refuse it. */
export function probe(state: MazeState, command: MazeCommand): MazeState | undefined {
  const result = stepMaze(state, command);
  return result.changed ? result.state : undefined;
}

/** The nearest exit to a cell by Manhattan distance (a compass: the bot knows where the exit lies). */
export function nearestExit(state: MazeState, cell: number): number {
  let best = state.board.exits[0];
  for (const exit of state.board.exits) if (manhattan(state.board, cell, exit) < manhattan(state.board, cell, best)) best = exit;
  return best;
}
