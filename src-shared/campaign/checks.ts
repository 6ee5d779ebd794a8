/**
 * The checks a campaign's curve is held to, each firing on a level with its reason:
 * - par-falls: BoxCat's rule (seed 002), par never falls along the campaign; a fall of at most
 *   `parFallTolerance` moves is allowed per campaign. An error by default, so CI can keep it.
 * - spike: a level much harder than its neighbours, by a robust z-score (median and MAD of the
 *   levels around it), so one spike does not hide its neighbour.
 * - plateau: a long run of levels with no new high par.
 * - unverified / stale: the level has no current proof under the campaign's rules.
 */
import { z } from 'zod';
import { median, type LevelSignals } from './signals.ts';

export const CHECK_IDS = ['par-falls', 'spike', 'plateau', 'unverified', 'stale'] as const;
export type CheckId = (typeof CHECK_IDS)[number];
export const checkIdSchema = z.enum(CHECK_IDS);

export const curveSettingsSchema = z
  .object({
    /** Moves par may fall from one level to the next without firing par-falls. */
    parFallTolerance: z.number().min(0).max(1_000_000).default(0),
    /** How many levels on each side a spike is measured against. */
    spikeWindow: z.int().min(1).max(50).default(3),
    /** Robust z-score above which a level is a spike. */
    spikeThreshold: z.number().min(0.5).max(100).default(3.5),
    /** Levels in a row with no new high par that make a plateau. */
    plateauLength: z.int().min(2).max(10_000).default(10),
    /** Checks that fail `cli campaign report` (exit 1). */
    errors: z.array(checkIdSchema).default(['par-falls']),
  })
  .strict();
export type CurveSettings = z.infer<typeof curveSettingsSchema>;
export const DEFAULT_CURVE_SETTINGS: CurveSettings = curveSettingsSchema.parse({});

export interface CheckFinding {
  readonly check: CheckId;
  /** 0-based index in the campaign order. */
  readonly index: number;
  readonly levelId: number;
  readonly reason: string;
  readonly error: boolean;
}

type Row = Pick<LevelSignals, 'levelId' | 'position' | 'par' | 'status'>;

function finding(settings: CurveSettings, check: CheckId, rows: readonly Row[], index: number, reason: string): CheckFinding {
  return { check, index, levelId: rows[index].levelId, reason, error: settings.errors.includes(check) };
}

/** Par falls: against the previous level with a known par. */
export function parFalls(rows: readonly Row[], settings: CurveSettings = DEFAULT_CURVE_SETTINGS): CheckFinding[] {
  const out: CheckFinding[] = [];
  let prev = -1;
  rows.forEach((row, i) => {
    if (row.par === null) return;
    if (prev >= 0 && rows[prev].par! - row.par > settings.parFallTolerance) {
      const tolerance = settings.parFallTolerance > 0 ? ` (tolerance ${settings.parFallTolerance})` : '';
      out.push(finding(settings, 'par-falls', rows, i, `par ${row.par} falls from ${rows[prev].par} at #${rows[prev].position}${tolerance}`));
    }
    prev = i;
  });
  return out;
}

/** The median absolute deviation scaled to a normal distribution's standard deviation. */
const MAD_TO_SD = 1.4826;

/** Spikes in a signal (par by default): robust z against the `spikeWindow` known values on each side. */
export function spikes(rows: readonly Row[], settings: CurveSettings = DEFAULT_CURVE_SETTINGS, value: (row: Row) => number | null = (r) => r.par): CheckFinding[] {
  const known = rows.map((r, i) => ({ i, v: value(r) })).filter((e): e is { i: number; v: number } => e.v !== null);
  const out: CheckFinding[] = [];
  known.forEach((entry, k) => {
    const around = [...known.slice(Math.max(0, k - settings.spikeWindow), k), ...known.slice(k + 1, k + 1 + settings.spikeWindow)].map((e) => e.v);
    if (around.length < 2) return;
    const m = median(around)!;
    const mad = median(around.map((v) => Math.abs(v - m)))!;
    // A flat neighbourhood has no spread: a tenth of its level (at least 1) stands in for it.
    const scale = Math.max(MAD_TO_SD * mad, 0.1 * Math.abs(m), 1);
    const z = (entry.v - m) / scale;
    if (z > settings.spikeThreshold) {
      out.push(finding(settings, 'spike', rows, entry.i, `${entry.v} against a median of ${m} around it (robust z ${z.toFixed(1)} > ${settings.spikeThreshold})`));
    }
  });
  return out;
}

/** Plateaus: `plateauLength` or more levels in a row since the last new high par; fires on each level of the run. */
export function plateaus(rows: readonly Row[], settings: CurveSettings = DEFAULT_CURVE_SETTINGS): CheckFinding[] {
  const out: CheckFinding[] = [];
  let high = -Infinity;
  let highIndex = -1;
  let run: number[] = [];
  const close = () => {
    if (run.length >= settings.plateauLength) {
      for (const i of run) out.push(finding(settings, 'plateau', rows, i, `${run.length} levels without a par above ${high} (set at #${rows[highIndex].position})`));
    }
    run = [];
  };
  rows.forEach((row, i) => {
    if (row.par === null) return;
    if (row.par > high) {
      close();
      high = row.par;
      highIndex = i;
    } else run.push(i);
  });
  close();
  return out;
}

/** Levels with no current proof: never verified, out of budget, invalid or unsolvable; or stale. */
export function unproven(rows: readonly Row[], settings: CurveSettings = DEFAULT_CURVE_SETTINGS): CheckFinding[] {
  const out: CheckFinding[] = [];
  rows.forEach((row, i) => {
    if (row.status === 'stale') out.push(finding(settings, 'stale', rows, i, 'verified under other rules or another document: re-verify'));
    else if (row.status !== 'verified' && row.status !== 'verified-bound') out.push(finding(settings, 'unverified', rows, i, `not verified (${row.status})`));
  });
  return out;
}

/** Every check over a campaign's rows in order, sorted by level index. */
export function runChecks(rows: readonly Row[], settings: CurveSettings = DEFAULT_CURVE_SETTINGS): CheckFinding[] {
  return [...parFalls(rows, settings), ...spikes(rows, settings), ...plateaus(rows, settings), ...unproven(rows, settings)].sort((a, b) => a.index - b.index || CHECK_IDS.indexOf(a.check) - CHECK_IDS.indexOf(b.check));
}

/** The check ids that fire on each row, in order. */
export function checksByRow(count: number, findings: readonly CheckFinding[]): CheckId[][] {
  const out: CheckId[][] = Array.from({ length: count }, () => []);
  for (const f of findings) if (!out[f.index].includes(f.check)) out[f.index].push(f.check);
  return out;
}
