/**
 * A sliding state as the generic board picture: every cell is floor, each tile a `tile` piece
 * labelled with its number (variant `home` in its goal cell), the blank no piece at all. Piece ids
 * are `tile:<n>`, stable across states, so a renderer can animate a tile from cell to cell.
 */
import type { BoardPiece, BoardView } from '../../engine/ruleset.ts';
import type { SlidingState } from './board.ts';

export function viewSliding(state: SlidingState): BoardView {
  const { width, height, goalTiles } = state.board;
  const terrain = new Array<string>(width * height).fill('floor');
  const pieces: BoardPiece[] = [];
  state.tiles.forEach((tile, cell) => {
    if (tile === 0) return;
    const home = goalTiles[cell] === tile;
    pieces.push({ id: `tile:${tile}`, kind: 'tile', x: cell % width, y: Math.floor(cell / width), label: String(tile), ...(home ? { variant: 'home' } : {}) });
  });
  return { width, height, terrain, pieces };
}
