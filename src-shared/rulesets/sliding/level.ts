/**
 * From an untrusted sliding level document to a start state: lenient shape fixes (rows of tiles,
 * a square size left out), the schema, then lint (a permutation of 0..n-1 that the goal can be
 * reached from). A level that fails lint has no start state: an unsolvable board is refused with
 * its reason, never loaded as a level that silently cannot be won.
 */
import { isRecord, validateDocument } from '../../engine/text/documents.ts';
import type { Diagnostic } from '../../engine/diagnostics.ts';
import type { LevelMeta } from '../../engine/ruleset.ts';
import { cellXY, makeBoard, makeState, type SlidingState } from './board.ts';
import { parityReport } from './parity.ts';
import { DEFAULT_GOAL, MAX_SIDE, MIN_SIDE, slidingLevelSchema, type SlidingLevel } from './schema.ts';


/**
 * Forgiving input shapes, applied before the schema: `tiles` as rows (`[[1,2],[3,0]]`) gives the
 * width and height; a flat list whose length is a square may leave the size out.
 */
export function normalizeLevelInput(input: unknown): unknown {
  if (!isRecord(input)) return input;
  const out: Record<string, unknown> = { ...input };
  const tiles = input.tiles;
  if (Array.isArray(tiles) && tiles.length > 0 && tiles.length <= MAX_SIDE && tiles.every((row) => Array.isArray(row))) {
    const rows = tiles as unknown[][];
    const width = rows[0].length;
    if (rows.every((row) => row.length === width)) {
      out.tiles = rows.flat();
      out.width ??= width;
      out.height ??= rows.length;
    }
  } else if (Array.isArray(tiles) && out.width === undefined && out.height === undefined) {
    const side = Math.round(Math.sqrt(tiles.length));
    if (side * side === tiles.length) {
      out.width = side;
      out.height = side;
    }
  }
  return out;
}

/** Validate against the level schema, with one diagnostic per problem. */
export function validateSlidingLevel(input: unknown): { level?: SlidingLevel; diagnostics: Diagnostic[] } {
  const { value, diagnostics } = validateDocument(slidingLevelSchema, normalizeLevelInput(input), 'sliding.schema', 'sliding level');
  return value ? { level: value, diagnostics } : { diagnostics };
}

const show = (width: number, cell: number): string => {
  const { x, y } = cellXY(width, cell);
  return `(${x},${y})`;
};

/** Structure (size, a permutation of 0..n-1) then parity; never throws, linear in the board. */
export function lintSlidingLevel(level: SlidingLevel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { width, height, tiles } = level;
  const goal = level.goal ?? DEFAULT_GOAL;
  const error = (code: string, message: string, extra: Partial<Diagnostic> = {}): void => {
    out.push({ severity: 'error', code, message, ...extra });
  };
  const sideOk = (v: number): boolean => Number.isInteger(v) && v >= MIN_SIDE && v <= MAX_SIDE;
  if (!sideOk(width) || !sideOk(height)) {
    error('sliding.size', `A ${width}x${height} board is outside the sizes the sliding kind plays (${MIN_SIDE}x${MIN_SIDE} to ${MAX_SIDE}x${MAX_SIDE}).`, { params: { width, height } });
    return out;
  }
  const n = width * height;
  if (tiles.length !== n) {
    error('sliding.tiles.count', `A ${width}x${height} board has ${n} cells but the level lists ${tiles.length} tiles: give one number per cell, 0 for the blank.`, {
      path: 'tiles',
      params: { cells: n, tiles: tiles.length },
    });
    return out;
  }
  const firstCell = new Int16Array(n).fill(-1);
  tiles.forEach((tile, cell) => {
    if (!Number.isInteger(tile) || tile < 0 || tile >= n) {
      error('sliding.tile.range', `Tile ${tile} at ${show(width, cell)} does not exist on a ${width}x${height} board: tiles are 1 to ${n - 1}, and 0 is the blank.`, {
        cell: cellXY(width, cell),
        path: `tiles[${cell}]`,
        params: { tile },
      });
      return;
    }
    if (firstCell[tile] >= 0) {
      const what = tile === 0 ? 'The blank (0)' : `Tile ${tile}`;
      error(tile === 0 ? 'sliding.blank.duplicate' : 'sliding.tile.duplicate', `${what} appears twice, at ${show(width, firstCell[tile])} and ${show(width, cell)}: each number must appear once.`, {
        cell: cellXY(width, cell),
        path: `tiles[${cell}]`,
        params: { tile },
      });
      return;
    }
    firstCell[tile] = cell;
  });
  for (let tile = 0; tile < n; tile++) {
    if (firstCell[tile] >= 0) continue;
    if (tile === 0) error('sliding.blank.missing', 'The board has no blank (0): exactly one cell must be empty.', { path: 'tiles' });
    else error('sliding.tile.missing', `Tile ${tile} is missing: a ${width}x${height} board holds tiles 1 to ${n - 1} and one blank (0).`, { path: 'tiles', params: { tile } });
  }
  if (out.length > 0) return out;

  const parity = parityReport(width, height, tiles, goal);
  if (!parity.solvable) {
    error('sliding.unsolvable', `This board can never be solved: ${parity.explanation}. Swap two tiles (not the blank) to make it solvable.`, {
      path: 'tiles',
      params: { inversions: parity.inversions, blankRow: parity.blankRow, width, goal },
    });
    return out;
  }
  const goalTiles = makeBoard(width, height, goal).goalTiles;
  if (tiles.every((t, c) => t === goalTiles[c])) {
    out.push({ severity: 'warning', code: 'sliding.solved', message: 'The board starts solved: shuffle it so there is something to play.' });
  }
  if (n > 16) {
    out.push({
      severity: 'info',
      code: 'sliding.size.heuristic',
      message: `On a ${width}x${height} board the solver proves par only for short distances; otherwise par comes from a bounded search and is marked not proven optimal.`,
    });
  }
  return out;
}

export interface BuiltSlidingLevel {
  readonly level?: SlidingLevel;
  readonly state?: SlidingState;
  readonly diagnostics: readonly Diagnostic[];
}

export function loadSlidingLevel(input: unknown): BuiltSlidingLevel {
  const validated = validateSlidingLevel(input);
  if (!validated.level) return { diagnostics: validated.diagnostics };
  const level = validated.level;
  const diagnostics = lintSlidingLevel(level);
  if (diagnostics.some((d) => d.severity === 'error')) return { level, diagnostics };
  const board = makeBoard(level.width, level.height, level.goal ?? DEFAULT_GOAL);
  return { level, state: makeState(board, level.tiles), diagnostics };
}

/** A state as a level document (a position reached in play becomes a level of its own). */
export function serializeSlidingState(state: SlidingState, meta: LevelMeta = {}): SlidingLevel {
  const { board } = state;
  const level: { -readonly [K in keyof SlidingLevel]: SlidingLevel[K] } = { width: board.width, height: board.height, tiles: Array.from(state.tiles) };
  if (meta.title !== undefined) level.title = meta.title;
  if (meta.author !== undefined) level.author = meta.author;
  if (meta.comments !== undefined) level.comments = [...meta.comments];
  if (meta.notes !== undefined) level.notes = { ...meta.notes };
  level.goal = board.goal;
  return level;
}
