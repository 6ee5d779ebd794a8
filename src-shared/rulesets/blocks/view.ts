/**
 * A block-tray state as the generic board picture: every cell is `cell` terrain, each filled cell
 * a `block` piece; the tray is the selection strip (`selectables`), each piece drawn as its own
 * small board, with its footprint so a host can show a ghost where it would land.
 */
import type { Appearances, BoardPiece, BoardView, Selectable } from '../../engine/ruleset.ts';
import type { Shape } from './shapes.ts';
import type { BlocksState } from './state.ts';

export const BLOCKS_APPEARANCE: Appearances = {
  terrain: {
    cell: { shape: 'fill', tone: 'floor', description: 'Empty cell' },
  },
  pieces: {
    block: { shape: 'tile', tone: 'box', description: 'Filled cell' },
    piece: { shape: 'tile', tone: 'tile', description: 'A cell of a tray piece' },
  },
};

export function viewBlocks(state: BlocksState): BoardView {
  const { width, height } = state.setup;
  const pieces: BoardPiece[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if ((state.rows[y] >>> x) & 1) pieces.push({ id: `block:${x},${y}`, kind: 'block', x, y });
  return { width, height, terrain: new Array<string>(width * height).fill('cell'), pieces };
}

export function shapeView(shape: Shape): BoardView {
  return {
    width: shape.width,
    height: shape.height,
    terrain: new Array<string>(shape.width * shape.height).fill('cell'),
    pieces: shape.cells.map(([x, y]) => ({ id: `piece:${x},${y}`, kind: 'piece', x, y })),
  };
}

/** The tray pieces not placed yet, ids `0` to `n - 1` as the commands number them. */
export function traySelectables(state: BlocksState): Selectable[] {
  const out: Selectable[] = [];
  state.tray.forEach((shape, i) => {
    if (shape) out.push({ id: String(i), label: `${i + 1}: ${shape.key}`, view: shapeView(shape), footprint: shape.cells.map(([x, y]) => ({ x, y })) });
  });
  return out;
}
