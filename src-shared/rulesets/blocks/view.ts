/**
 * A block-tray state as the generic board picture: every cell is `cell` terrain, each filled cell
 * a `block` piece; the tray is the selection strip (`selectables`), each piece drawn as its own
 * small board, with its footprint so a host can show a ghost where it would land.
 */
import { roundedRectPath } from '../../engine/appearance.ts';
import type { Appearances, BoardPiece, BoardView, Selectable } from '../../engine/ruleset.ts';
import type { Shape } from './shapes.ts';
import type { BlocksState } from './state.ts';

/**
 * A bevelled block (a lit top-left edge) in a tone of its own, so filled cells read as the
 * game's blocks rather than push boxes; the tray's pieces in the tile tone; the HUD's star
 * (score) and spark (combo). An empty cell is plain floor with a hairline along its top and left
 * edges (together a faint grid to count cells by): nothing square drawn in it, so it never reads
 * as a block (an outlined square in each empty cell once did).
 */
export const BLOCKS_APPEARANCE: Appearances = {
  terrain: {
    cell: { shape: 'fill', tone: 'floor', overlay: { shape: 'grid', tone: 'floor' }, description: 'Empty cell' },
  },
  pieces: {
    block: { shape: 'block', tone: 'block', description: 'Filled cell' },
    piece: { shape: 'block', tone: 'tile', description: 'A cell of a tray piece' },
    star: { shape: 'star', tone: 'warning', description: 'Score' },
    spark: { shape: 'spark', tone: 'danger', description: 'Combo' },
  },
  shapes: {
    block: { body: roundedRectPath(0.06, 0.06, 0.88, 0.88, 0.1), weight: 0.04, detail: 'M0.16 0.8V0.2H0.8', detailWeight: 0.07, detailOpacity: 0.45 },
    grid: { body: 'M0 0H1M0 0V1', paint: 'edge-line', weight: 0.03 },
    star: { body: 'M0.5 0.1L0.6 0.38L0.9 0.39L0.66 0.57L0.75 0.87L0.5 0.7L0.25 0.87L0.34 0.57L0.1 0.39L0.4 0.38z' },
    spark: { body: 'M0.56 0.08L0.22 0.56H0.46L0.4 0.92L0.78 0.42H0.54z' },
  },
  tones: {
    block: {
      dark: { colour: '#4f9be8', edge: '#1d4c7c', ground: '#16283b' },
      light: { colour: '#3b82d6', edge: '#1b4a80', ground: '#dbe9f8' },
    },
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
