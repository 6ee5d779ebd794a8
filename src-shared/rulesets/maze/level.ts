/**
 * A maze level as play state: loading (schema, lint, the config's allowed mechanics), the state's
 * shape, and the state back as a document. The board (`MazeBoard`) holds what never changes in a
 * level, shared by every state of it; the cells string holds what does (doors opened, items taken,
 * boulders, crumbled floor), one legend character per cell.
 */
import type { Diagnostic } from '../../engine/diagnostics.ts';
import type { LevelMeta, LoadResult } from '../../engine/ruleset.ts';
import { validateDocument } from '../../engine/text/documents.ts';
import { LEGEND_BY_CHAR, mazeLevelSchema, type MazeConfig, type MazeLevel } from './schema.ts';

/** What stays the same through a level: its size, limits and the config's timing. */
export interface MazeBoard {
  readonly width: number;
  readonly height: number;
  /** Steps allowed (floor(par / tightness)); 0: no limit. */
  readonly limit: number;
  readonly spikes: { readonly period: number; readonly duty: number; readonly phase: number };
  /** Whether any spikes lie on the board: without them time does not matter (period 1 in the key). */
  readonly hasSpikes: boolean;
  readonly lightRadius: number;
  /** Recalls a play starts with under the level's chapter (the HUD's "left of" figure). */
  readonly recalls: number;
  /** The exit cells, for the lower bound. */
  readonly exits: readonly number[];
  /** Whether a hook lies on the board (the bound then adds the hook's long edges). */
  readonly hasHook: boolean;
  /**
   * Cells whose character can change in play other than between floor and boulder (doors, items,
   * plates, gates, crumbling floor, pits): the search key holds these and the boulders' cells.
   */
  readonly changing: readonly number[];
}

/** Characters that never change in play; every other cell's may. */
const FIXED = new Set(['#', '.', 'X', '^', '-', '+']);

export interface MazeState {
  readonly board: MazeBoard;
  /** Row-major legend characters without the player (`@` reads as floor). */
  readonly cells: string;
  readonly player: number;
  readonly keys: number;
  readonly bombs: number;
  readonly feather: boolean;
  readonly hook: boolean;
  /** Light added by torches and lanterns. */
  readonly lightBonus: number;
  readonly hearts: number;
  readonly steps: number;
  readonly recallsLeft: number;
  /** The step just taken was a recall: the whole map shows until the next one. */
  readonly flash: boolean;
}

/** The step limit of a par under a tightness (seed 001: tightness = shortest / limit). */
export function stepLimitFor(par: number | undefined, tightness: number): number {
  if (par === undefined) return 0;
  return Math.max(par, Math.floor(par / tightness + 1e-9));
}

/** Checks beyond the schema: equal rows, one start, at least one exit. */
export function lintMaze(level: MazeLevel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const width = level.rows[0]?.length ?? 0;
  level.rows.forEach((row, y) => {
    if (row.length !== width) out.push({ severity: 'error', code: 'maze.rows.ragged', message: `Row ${y + 1} has ${row.length} cells but the first row has ${width}: every row needs the same number.`, cell: { x: Math.min(row.length, width), y } });
  });
  const all = level.rows.join('');
  const starts = [...all].filter((c) => c === '@').length;
  if (starts !== 1) out.push({ severity: 'error', code: 'maze.start', message: `A maze needs exactly one start (@); this one has ${starts}.` });
  if (!all.includes('X')) out.push({ severity: 'error', code: 'maze.exit', message: 'A maze needs an exit (X).' });
  if (all.includes('G') && !all.includes('_') && !all.includes('*')) out.push({ severity: 'warning', code: 'maze.gate.no-plate', message: 'A gate with no pressure plate never opens.' });
  return out;
}

/** Mechanics the level uses that the config does not allow, one error each. */
function disallowed(level: MazeLevel, config: MazeConfig): Diagnostic[] {
  const allowed = new Set<string>(config.mechanics);
  const out: Diagnostic[] = [];
  const reported = new Set<string>();
  level.rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      const entry = LEGEND_BY_CHAR.get(ch);
      if (!entry?.mechanic || allowed.has(entry.mechanic) || reported.has(entry.mechanic)) return;
      reported.add(entry.mechanic);
      out.push({ severity: 'error', code: 'maze.mechanic', message: `'${ch}' (${entry.description}) belongs to the ${entry.mechanic} mechanic, which these rules do not allow.`, cell: { x, y }, params: { mechanic: entry.mechanic } });
    });
  });
  return out;
}

/** The config a level plays under: the settings changed by its chapter's entry, if it names one. */
export function chapterConfig(config: MazeConfig, chapter: number | undefined): MazeConfig {
  const rules = chapter === undefined ? undefined : config.chapters[chapter - 1];
  if (!rules) return config;
  const { name: _name, ...changes } = rules;
  return { ...config, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
}

export function loadMaze(input: unknown, baseConfig: MazeConfig): LoadResult<MazeLevel, MazeState> {
  const checked = validateDocument(mazeLevelSchema, input, 'maze.schema', 'maze level');
  if (!checked.value) return { diagnostics: checked.diagnostics };
  const level = checked.value;
  const config = chapterConfig(baseConfig, level.chapter);
  const unknownChapter: Diagnostic[] = level.chapter !== undefined && !baseConfig.chapters[level.chapter - 1] ? [{ severity: 'warning', code: 'maze.chapter.unknown', message: `The level names chapter ${level.chapter}, which these rules do not define (${baseConfig.chapters.length} chapters): it plays under the settings themselves.` }] : [];
  const diagnostics = [...lintMaze(level), ...disallowed(level, config), ...unknownChapter];
  if (diagnostics.some((d) => d.severity === 'error')) return { level, diagnostics };
  const width = level.rows[0].length;
  const all = level.rows.join('');
  const exits: number[] = [];
  for (let i = 0; i < all.length; i++) if (all[i] === 'X') exits.push(i);
  const board: MazeBoard = {
    width,
    height: level.rows.length,
    limit: stepLimitFor(level.par, config.tightness),
    spikes: config.spikes,
    hasSpikes: all.includes('^') && config.spikes.duty > 0,
    lightRadius: config.lightRadius,
    recalls: config.recalls,
    exits,
    hasHook: all.includes('g'),
    // Floor and boulder cells change only between floor and boulder: the key lists boulders apart.
    changing: [...all].flatMap((ch, i) => (FIXED.has(ch) || ch === 'o' || ch === '@' ? [] : [i])),
  };
  const state: MazeState = {
    board,
    cells: all.replace('@', '.'),
    player: all.indexOf('@'),
    keys: 0,
    bombs: 0,
    feather: false,
    hook: false,
    lightBonus: 0,
    hearts: config.hearts,
    steps: 0,
    recallsLeft: config.recalls,
    flash: false,
  };
  return { level, state, diagnostics };
}

/** The state as a level document: the player drawn as `@` (items held are not kept: a document has no inventory). */
export function serializeMaze(state: MazeState, meta?: LevelMeta): MazeLevel {
  const { width, height } = state.board;
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      row += i === state.player ? '@' : state.cells[i];
    }
    rows.push(row);
  }
  return { ...(meta?.title !== undefined ? { title: meta.title } : {}), ...(meta?.author !== undefined ? { author: meta.author } : {}), ...(meta?.comments ? { comments: [...meta.comments] } : {}), ...(meta?.notes ? { notes: { ...meta.notes } } : {}), rows };
}
