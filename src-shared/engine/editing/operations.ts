/**
 * The level editor's operations, once for every kind (the kind only describes its grid and
 * constraints: `EditingFacet`). Each works on the kind's document and returns a new one, so the
 * editor's undo is a list of documents and every edit is pure and testable under Node.
 */
import type { Diagnostic, GridCell } from '../diagnostics.ts';
import { canonicalJson } from '../fingerprint.ts';
import { cellXY, floodCells } from '../grid.ts';
import type { CellRect, EdgeDeltas, EditCell, EditGrid, EditOperation, EditResult, EditToken, EditingFacet, Mirror, PaletteEntry, Rotation } from '../contract/editing.ts';
import type { LevelMeta } from '../contract/game.ts';

export type { EdgeDeltas, EditFix, EditOperation, Mirror, Rotation } from '../contract/editing.ts';

const refusal = (code: string, message: string): Diagnostic => ({ severity: 'error', code: `edit.${code}`, message });

/** Applies one operation to a level document through the kind's editing description. */
export function applyEdit<L extends LevelMeta>(facet: EditingFacet<L>, level: L, op: EditOperation): EditResult<L> {
  const grid = facet.toGrid(level);
  const outcome = editGrid(facet, grid, op, level);
  if ('refused' in outcome) return { level, changed: false, diagnostics: [outcome.refused] };
  const next = facet.fromGrid(outcome.grid, level);
  const changed = canonicalJson(next) !== canonicalJson(level);
  return { level: changed ? next : level, changed, diagnostics: [] };
}

/** Several operations as one edit (a lint fix); the first refusal stops them, and nothing changes. */
export function applyEdits<L extends LevelMeta>(facet: EditingFacet<L>, level: L, ops: readonly EditOperation[]): EditResult<L> {
  let doc = level;
  for (const op of ops) {
    const result = applyEdit(facet, doc, op);
    if (result.diagnostics.length > 0) return { level, changed: false, diagnostics: result.diagnostics };
    doc = result.level;
  }
  return { level: doc, changed: doc !== level, diagnostics: [] };
}

type GridOutcome = { readonly grid: EditGrid } | { readonly refused: Diagnostic };

/** The same on the grid (the editor previews a brush on it without building a document). */
export function editGrid<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid, op: EditOperation, base?: L): GridOutcome {
  const reshaped = (next: EditGrid): GridOutcome => reshapedGrid(facet, next, base);
  switch (op.type) {
    case 'place':
      return placeTokens(facet, grid, op.cells, op.entry, op.params);
    case 'erase':
      return eraseCells(facet, grid, op.cells);
    case 'rect':
      return placeTokens(facet, grid, rectCells(grid, op.rect), op.entry, op.params);
    case 'erase-rect':
      return eraseCells(facet, grid, rectCells(grid, op.rect));
    case 'fill':
      return fillFrom(facet, grid, op.cell, op.entry, op.params);
    case 'resize':
      return resizeGrid(facet, grid, op.edges, reshaped);
    case 'trim':
      return trimGrid(grid, reshaped);
    case 'rotate':
      return reshaped(rotateGrid(grid, op.rotation));
    case 'mirror':
      return reshaped(mirrorGrid(grid, op.mirror));
    case 'paste':
      return pasteFragment(facet, grid, op.fragment, op.at);
    case 'swap':
      return swapCells(grid, op.a, op.b);
    case 'link':
      return linkCells(facet, grid, op.from, op.to);
  }
}

export function inGrid(grid: Pick<EditGrid, 'width' | 'height'>, cell: GridCell): boolean {
  return Number.isInteger(cell.x) && Number.isInteger(cell.y) && cell.x >= 0 && cell.y >= 0 && cell.x < grid.width && cell.y < grid.height;
}

const indexOf = (grid: Pick<EditGrid, 'width'>, cell: GridCell): number => cell.y * grid.width + cell.x;

/** A span from `start` over `size` cells; a negative size goes back from `start` (a drag up or left). */
function span(start: number, size: number): [number, number] {
  return size >= 0 ? [start, start + size - 1] : [start + size + 1, start];
}

function rectCells(grid: EditGrid, rect: CellRect): GridCell[] {
  const out: GridCell[] = [];
  const [ax, bx] = span(rect.x, rect.width);
  const [ay, by] = span(rect.y, rect.height);
  const x0 = Math.max(0, ax);
  const y0 = Math.max(0, ay);
  const x1 = Math.min(grid.width - 1, bx);
  const y1 = Math.min(grid.height - 1, by);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.push({ x, y });
  return out;
}

/** The palette entry of a token, if the kind (under this config) has it. */
export function entryOf<L extends LevelMeta>(facet: EditingFacet<L>, id: string): PaletteEntry | undefined {
  return facet.palette.find((e) => e.id === id);
}

/** The entry's parameters: its defaults, overridden by `params` where they match the pattern. */
function tokenFor(entry: PaletteEntry, params: Readonly<Record<string, string>> | undefined): EditToken | Diagnostic {
  if (!entry.params || entry.params.length === 0) return { id: entry.id };
  const values: Record<string, string> = {};
  for (const p of entry.params) {
    const value = params && Object.hasOwn(params, p.id) ? params[p.id] : p.default;
    if (typeof value !== 'string' || value === '' || (p.pattern && !new RegExp(`^(?:${p.pattern})$`).test(value))) {
      return refusal('param', `'${String(value).slice(0, 40)}' is not a valid ${p.label.toLowerCase()} for a ${entry.label.toLowerCase()}.`);
    }
    values[p.id] = value;
  }
  return { id: entry.id, params: values };
}

function placeTokens<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid, cells: readonly GridCell[], entryId: string, params?: Readonly<Record<string, string>>): GridOutcome {
  if (!facet.paintable) return { refused: refusal('not-paintable', 'Cells of this kind are rearranged, not painted: swap two of them instead.') };
  const entry = entryOf(facet, entryId);
  if (!entry) return { refused: refusal('entry', `Nothing called '${entryId.slice(0, 40)}' can be placed under these rules.`) };
  const inside = cells.filter((c) => inGrid(grid, c));
  if (inside.length === 0) return { refused: refusal('outside', 'That cell is outside the level: resize it first.') };
  const token = tokenFor(entry, params);
  if ('severity' in token) return { refused: token };
  const targets = entry.unique ? [inside[inside.length - 1]] : inside;
  const cellsOut = [...grid.cells];
  const touched = new Set<number>();
  if (entry.unique) {
    // One of it on the level: placing it again moves it.
    cellsOut.forEach((cell, i) => {
      if (cell[entry.layer]?.id === entry.id) {
        cellsOut[i] = without(cell, entry.layer);
        touched.add(i);
      }
    });
  }
  for (const c of targets) {
    const i = indexOf(grid, c);
    cellsOut[i] = { ...cellsOut[i], [entry.layer]: token };
    touched.add(i);
  }
  const placed: EditGrid = { ...grid, cells: cellsOut };
  return { grid: facet.constrain ? facet.constrain(placed, [...touched], entry.layer) : placed };
}

function without(cell: EditCell, layer: string): EditCell {
  const out: Record<string, EditToken> = { ...cell };
  delete out[layer];
  return out;
}

/** Takes the topmost token of each cell (the background of the bottom layer stays). */
function eraseCells<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid, cells: readonly GridCell[]): GridOutcome {
  if (!facet.paintable) return { refused: refusal('not-paintable', 'Cells of this kind are rearranged, not painted: swap two of them instead.') };
  const cellsOut = [...grid.cells];
  for (const c of cells) {
    if (!inGrid(grid, c)) continue;
    const i = indexOf(grid, c);
    const layer = [...facet.layers].reverse().find((l) => cellsOut[i][l] !== undefined);
    if (layer !== undefined) cellsOut[i] = without(cellsOut[i], layer);
  }
  return { grid: { ...grid, cells: cellsOut } };
}

/** The topmost token at a cell, for the eyedropper; the background where the cell is empty. */
export function pickAt<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid, cell: GridCell): EditToken | undefined {
  if (!inGrid(grid, cell)) return undefined;
  const at = grid.cells[indexOf(grid, cell)];
  const layer = [...facet.layers].reverse().find((l) => at[l] !== undefined);
  return layer !== undefined ? at[layer] : facet.background;
}

/** Flood fill: the 4-connected region of cells that hold exactly what the clicked cell holds. */
function fillFrom<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid, start: GridCell, entryId: string, params?: Readonly<Record<string, string>>): GridOutcome {
  const entry = entryOf(facet, entryId);
  if (!entry) return placeTokens(facet, grid, [start], entryId, params);
  if (entry.unique) return placeTokens(facet, grid, [start], entryId, params);
  if (!inGrid(grid, start)) return { refused: refusal('outside', 'That cell is outside the level: resize it first.') };
  const key = (i: number): string => canonicalJson(grid.cells[i]);
  const wanted = key(indexOf(grid, start));
  const reached = floodCells(grid.width, grid.height, (i) => key(i) === wanted, [indexOf(grid, start)]);
  const region: GridCell[] = [];
  reached.forEach((inRegion, i) => {
    if (inRegion) region.push(cellXY(grid.width, i));
  });
  return placeTokens(facet, grid, region, entryId, params);
}

function sizeProblem<L extends LevelMeta>(facet: EditingFacet<L>, width: number, height: number): Diagnostic | undefined {
  const { minSize, maxSize } = facet;
  if (width < minSize.width || height < minSize.height) return refusal('too-small', `A level is at least ${minSize.width}x${minSize.height}.`);
  if (width > maxSize.width || height > maxSize.height) return refusal('too-large', `A level is at most ${maxSize.width}x${maxSize.height}.`);
  return undefined;
}

function reshapedGrid<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid, base: L | undefined): GridOutcome {
  const problem = sizeProblem(facet, grid.width, grid.height);
  if (problem) return { refused: problem };
  return { grid: facet.reshape ? facet.reshape(grid, base) : grid };
}

type Reshape = (grid: EditGrid) => GridOutcome;

function resizeGrid<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid, edges: EdgeDeltas, reshaped: Reshape): GridOutcome {
  const top = Math.trunc(edges.top ?? 0);
  const left = Math.trunc(edges.left ?? 0);
  const width = grid.width + left + Math.trunc(edges.right ?? 0);
  const height = grid.height + top + Math.trunc(edges.bottom ?? 0);
  const problem = sizeProblem(facet, width, height);
  if (problem) return { refused: problem };
  return reshaped(crop(grid, -left, -top, width, height));
}

/** The grid seen through a window at (x0, y0) of the given size; cells outside the old grid are empty. */
function crop(grid: EditGrid, x0: number, y0: number, width: number, height: number): EditGrid {
  const cells: EditCell[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = x + x0;
      const sy = y + y0;
      cells.push(sx >= 0 && sy >= 0 && sx < grid.width && sy < grid.height ? grid.cells[sy * grid.width + sx] : {});
    }
  }
  return { width, height, cells };
}

const isEmpty = (cell: EditCell): boolean => Object.keys(cell).length === 0;

/** Drops the outer rows and columns that hold nothing. */
function trimGrid(grid: EditGrid, reshaped: Reshape): GridOutcome {
  let x0 = grid.width;
  let y0 = grid.height;
  let x1 = -1;
  let y1 = -1;
  grid.cells.forEach((cell, i) => {
    if (isEmpty(cell)) return;
    const x = i % grid.width;
    const y = Math.floor(i / grid.width);
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  });
  if (x1 < 0) return { refused: refusal('empty', 'The level is empty: there is nothing to trim to.') };
  return reshaped(crop(grid, x0, y0, x1 - x0 + 1, y1 - y0 + 1));
}

export function rotateGrid(grid: EditGrid, rotation: Rotation): EditGrid {
  if (rotation === 'half') return rotateGrid(rotateGrid(grid, 'cw'), 'cw');
  const width = grid.height;
  const height = grid.width;
  const cells: EditCell[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Clockwise: new (x, y) shows old (y, H-1-x); counter-clockwise: old (W-1-y, x).
      const sx = rotation === 'cw' ? y : grid.width - 1 - y;
      const sy = rotation === 'cw' ? grid.height - 1 - x : x;
      cells.push(grid.cells[sy * grid.width + sx]);
    }
  }
  return { width, height, cells };
}

export function mirrorGrid(grid: EditGrid, mirror: Mirror): EditGrid {
  const cells: EditCell[] = [];
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) {
      const sx = mirror === 'horizontal' ? grid.width - 1 - x : x;
      const sy = mirror === 'vertical' ? grid.height - 1 - y : y;
      cells.push(grid.cells[sy * grid.width + sx]);
    }
  }
  return { width: grid.width, height: grid.height, cells };
}

/** A region of the grid (clipped to it), for copy and cut. */
export function extractRegion(grid: EditGrid, rect: CellRect): EditGrid {
  const cells = rectCells(grid, rect);
  if (cells.length === 0) return { width: 0, height: 0, cells: [] };
  const width = cells[cells.length - 1].x - cells[0].x + 1;
  return { width, height: cells.length / width, cells: cells.map((c) => grid.cells[indexOf(grid, c)]) };
}

/** Lays a fragment over the grid at `at`: its tokens replace those of their layers; empty cells leave the grid as it was. */
function pasteFragment<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid, fragment: EditGrid, at: GridCell): GridOutcome {
  if (!facet.paintable) return { refused: refusal('not-paintable', 'Cells of this kind are rearranged, not painted: swap two of them instead.') };
  let out: EditGrid = grid;
  const byLayer = new Map<string, { cells: GridCell[]; token: EditToken }[]>();
  for (let y = 0; y < fragment.height; y++) {
    for (let x = 0; x < fragment.width; x++) {
      const target = { x: at.x + x, y: at.y + y };
      if (!inGrid(grid, target)) continue;
      for (const [layer, token] of Object.entries(fragment.cells[y * fragment.width + x])) {
        const list = byLayer.get(layer) ?? [];
        list.push({ cells: [target], token });
        byLayer.set(layer, list);
      }
    }
  }
  // Bottom layers first, so the kind's constraints see terrain before what stands on it.
  for (const layer of facet.layers) {
    for (const { cells, token } of byLayer.get(layer) ?? []) {
      if (!entryOf(facet, token.id)) continue; // a mechanism these rules do not enable
      const placed = placeTokens(facet, out, cells, token.id, token.params);
      if ('grid' in placed) out = placed.grid;
    }
  }
  return { grid: out };
}

function swapCells(grid: EditGrid, a: GridCell, b: GridCell): GridOutcome {
  if (!inGrid(grid, a) || !inGrid(grid, b)) return { refused: refusal('outside', 'That cell is outside the level.') };
  const cells = [...grid.cells];
  const i = indexOf(grid, a);
  const j = indexOf(grid, b);
  [cells[i], cells[j]] = [cells[j], cells[i]];
  return { grid: { ...grid, cells } };
}

/** The first `link` parameter of the tokens at a cell, topmost first. */
function linkAt<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid, cell: GridCell): { layer: string; param: string; token: EditToken } | undefined {
  const at = grid.cells[indexOf(grid, cell)];
  for (const layer of [...facet.layers].reverse()) {
    const token = at[layer];
    const param = token && entryOf(facet, token.id)?.params?.find((p) => p.type === 'link');
    if (token && param) return { layer, param: param.id, token };
  }
  return undefined;
}

/** Link mode: the second cell's mechanism takes the first one's link id (button -> door, pad -> pad). */
function linkCells<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid, from: GridCell, to: GridCell): GridOutcome {
  if (!inGrid(grid, from) || !inGrid(grid, to)) return { refused: refusal('outside', 'That cell is outside the level.') };
  const source = linkAt(facet, grid, from);
  const target = linkAt(facet, grid, to);
  if (!source) return { refused: refusal('link-from', 'Start a link on a mechanism that has a link id (a button, a door, a teleporter).') };
  if (!target) return { refused: refusal('link-to', 'End a link on a mechanism that has a link id (a button, a door, a teleporter).') };
  const value = source.token.params![source.param];
  const cells = [...grid.cells];
  const i = indexOf(grid, to);
  cells[i] = { ...cells[i], [target.layer]: { id: target.token.id, params: { ...target.token.params, [target.param]: value } } };
  return { grid: { ...grid, cells } };
}

export { EditHistory } from './undo.ts';
