/**
 * The signals shown along a campaign's order. No single number says how hard a level is for
 * people (Jarusek and Pelanek), so the studio keeps several side by side: the solver's (par, the
 * secondary figure, nodes, box changes of the solution: their best simple predictor of human
 * solving time) and the players' (from recordings of the level's current document only).
 */
import { z } from 'zod';
import type { ObjectiveSense } from '../engine/ruleset.ts';

export const levelSignalsSchema = z.object({
  levelId: z.int(),
  /** 1-based position in the campaign. */
  position: z.int(),
  title: z.string().nullable(),
  chapterId: z.int().nullable(),
  chapter: z.string().nullable(),
  pinned: z.boolean(),
  /** The level's badge under the campaign's current rules. */
  status: z.string(),
  par: z.number().nullable(),
  /** The kind's first secondary objective (push: pushes), when it has one. */
  secondary: z.number().nullable(),
  boxes: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  nodes: z.number().nullable(),
  boxChanges: z.number().nullable(),
  /** Play-test recordings of the current document. */
  recordings: z.int(),
  completionRate: z.number().nullable(),
  medianMovesOverPar: z.number().nullable(),
  medianTimeMs: z.number().nullable(),
  medianUndos: z.number().nullable(),
  /** Hints asked for, per play. */
  hintsPerPlay: z.number().nullable(),
  /** Par over the level's own limit (`LIMIT_FIGURE`), when its kind reports one: 1 leaves no slack. */
  tightness: z.number().nullable(),
});
export type LevelSignals = z.infer<typeof levelSignalsSchema>;

/**
 * The verification figure (`Verification.metrics`) a kind reports when each level caps the par's
 * unit (a maze's step limit: floor(par / tightness), seed 001). Any kind may report it; the report
 * reads it as `tightness` = par / limit, and the tightness check holds each chapter to a window.
 */
export const LIMIT_FIGURE = 'stepLimit';

/** Par over the level's limit; null without a par or a positive limit. */
export function tightnessOf(par: number | null, limit: number | null): number | null {
  return par === null || limit === null || !(limit > 0) ? null : par / limit;
}

/** The numeric signals a chart, a sort or "suggest order" can use. */
export const SIGNAL_IDS = ['par', 'secondary', 'boxes', 'nodes', 'boxChanges', 'recordings', 'completionRate', 'medianMovesOverPar', 'medianTimeMs', 'medianUndos', 'hintsPerPlay'] as const;
export type SignalId = (typeof SIGNAL_IDS)[number];
export const signalIdSchema = z.enum(SIGNAL_IDS);

/** For "suggest order": signals where a higher value means an easier level (sorted the other way). */
export const EASIER_WHEN_HIGHER: ReadonlySet<SignalId> = new Set(['completionRate']);

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One play-test of a level, as the signals need it. */
export interface PlayRecord {
  readonly won: boolean;
  readonly moves: number | null;
  readonly undos: number | null;
  readonly hints: number | null;
  readonly durationMs: number | null;
}

export type HumanSignals = Pick<LevelSignals, 'recordings' | 'completionRate' | 'medianMovesOverPar' | 'medianTimeMs' | 'medianUndos' | 'hintsPerPlay'>;

/** Players' signals from the plays of a level's current document (par: to measure moves over it). */
export function humanSignals(plays: readonly PlayRecord[], par: number | null, sense: ObjectiveSense = 'minimise'): HumanSignals {
  if (plays.length === 0) return { recordings: 0, completionRate: null, medianMovesOverPar: null, medianTimeMs: null, medianUndos: null, hintsPerPlay: null };
  const won = plays.filter((p) => p.won);
  const numbers = (values: readonly (number | null)[]) => values.filter((v): v is number => v !== null);
  return {
    recordings: plays.length,
    completionRate: won.length / plays.length,
    // Over par only means something for plays that finished, and for a par in moves: a play
    // record counts moves, not a score's points.
    medianMovesOverPar: par === null || sense === 'maximise' ? null : median(numbers(won.map((p) => (p.moves === null ? null : p.moves - par)))),
    medianTimeMs: median(numbers(won.map((p) => p.durationMs))),
    medianUndos: median(numbers(plays.map((p) => p.undos))),
    hintsPerPlay: numbers(plays.map((p) => p.hints)).reduce((a, b) => a + b, 0) / plays.length,
  };
}

/** A signal's value of a row (null: not known). */
export function signalValue(row: LevelSignals, signal: SignalId): number | null {
  return row[signal];
}

/** The report's columns in CSV order. */
export const REPORT_COLUMNS = ['position', 'level', 'title', 'chapter', 'pinned', 'status', 'par', 'secondary', 'boxes', 'width', 'height', 'nodes', 'boxChanges', 'recordings', 'completionRate', 'medianMovesOverPar', 'medianTimeMs', 'medianUndos', 'hintsPerPlay', 'tightness', 'checks'] as const;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A leading = + - @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The report as CSV: a header and one row per level, checks joined by spaces. */
export function reportCsv(rows: readonly (LevelSignals & { readonly checks: readonly string[] })[]): string {
  const lines = [REPORT_COLUMNS.join(',')];
  for (const row of rows) {
    const cells: unknown[] = [row.position, row.levelId, row.title, row.chapter, row.pinned ? 1 : 0, row.status, row.par, row.secondary, row.boxes, row.width, row.height, row.nodes, row.boxChanges, row.recordings, row.completionRate, row.medianMovesOverPar, row.medianTimeMs, row.medianUndos, row.hintsPerPlay, row.tightness, row.checks.join(' ')];
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\n')}\n`;
}
