/**
 * The push kind's editor overlays, from the real rules' analysis: dead squares (a box pushed
 * there can never reach a goal: analysis.ts, the same table lint and the solver use) and the
 * player's reachable area now (walls, boxes and closed doors block; a pad carries the player to
 * its pair when teleporters are on).
 */
import type { CellOverlay, GridCell } from '../../engine/ruleset.ts';
import { deadSquares, playerFlood } from './analysis.ts';
import type { PushState } from './board.ts';
import { doorIsOpen } from './step.ts';

const cellOf = (width: number, c: number): GridCell => ({ x: c % width, y: Math.floor(c / width) });

/** Cells the player can walk to from where it stands, without pushing anything. */
export function playerReach(state: PushState): Uint8Array {
  const { board } = state;
  const box = new Uint8Array(board.width * board.height);
  for (const b of state.boxes) box[b] = 1;
  return playerFlood(board, state.player, (c) => !board.wall[c] && !box[c] && doorIsOpen(state, c));
}

export function pushOverlays(state: PushState): CellOverlay[] {
  const { board } = state;
  const dead = deadSquares(board);
  const reach = playerReach(state);
  const deadCells: GridCell[] = [];
  const reachCells: GridCell[] = [];
  for (let c = 0; c < dead.length; c++) {
    if (dead[c] && !board.outside[c]) deadCells.push(cellOf(board.width, c));
    if (reach[c]) reachCells.push(cellOf(board.width, c));
  }
  return [
    { id: 'dead', label: 'Dead squares', tone: 'danger', cells: deadCells },
    { id: 'reach', label: 'Player can walk', tone: 'accent', cells: reachCells },
  ];
}
