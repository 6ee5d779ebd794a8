/**
 * The geometry of a zoomable, pannable board (the editor's and the play-test's): cells of `scale`
 * pixels, the board's top-left corner at `offset` in the stage. Pure, so it is tested apart from
 * the DOM; BoardViewport.vue wires it to wheels, drags and resizes.
 */
import type { GridCell } from '../../../src-shared/engine/diagnostics.ts';

export interface Viewport {
  /** Pixels per cell. */
  readonly scale: number;
  readonly offsetX: number;
  readonly offsetY: number;
}

export const MIN_CELL_PX = 3;
export const MAX_CELL_PX = 160;
/** Ctrl+wheel: one notch zooms by this factor. */
export const ZOOM_STEP = 1.15;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** The whole board in the stage, centred, with a margin. */
export function fitViewport(stageWidth: number, stageHeight: number, columns: number, rows: number, margin = 12): Viewport {
  const scale = clamp(Math.min((stageWidth - 2 * margin) / Math.max(1, columns), (stageHeight - 2 * margin) / Math.max(1, rows)), MIN_CELL_PX, MAX_CELL_PX);
  return { scale, offsetX: (stageWidth - columns * scale) / 2, offsetY: (stageHeight - rows * scale) / 2 };
}

/** Zooms by `factor` keeping the stage point (px, py) over the same spot of the board. */
export function zoomAt(view: Viewport, factor: number, px: number, py: number): Viewport {
  const scale = clamp(view.scale * factor, MIN_CELL_PX, MAX_CELL_PX);
  const k = scale / view.scale;
  return { scale, offsetX: px - (px - view.offsetX) * k, offsetY: py - (py - view.offsetY) * k };
}

export function panBy(view: Viewport, dx: number, dy: number): Viewport {
  return { ...view, offsetX: view.offsetX + dx, offsetY: view.offsetY + dy };
}

/** The cell under a stage point, or undefined off the board. */
export function cellAtPoint(view: Viewport, px: number, py: number, columns: number, rows: number): GridCell | undefined {
  const x = Math.floor((px - view.offsetX) / view.scale);
  const y = Math.floor((py - view.offsetY) / view.scale);
  return x >= 0 && y >= 0 && x < columns && y < rows ? { x, y } : undefined;
}

/** The SVG path of the lines between cells. */
export function gridPath(columns: number, rows: number): string {
  let d = '';
  for (let x = 1; x < columns; x++) d += `M${x} 0V${rows}`;
  for (let y = 1; y < rows; y++) d += `M0 ${y}H${columns}`;
  return d;
}
