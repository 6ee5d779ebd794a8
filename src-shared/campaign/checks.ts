/**
 * The checks a campaign's curve is held to, each firing on a level with its reason:
 * - par-falls: BoxCat's rule (seed 002), par never falls along the campaign; a fall of at most
 *   `parFallTolerance` moves is allowed per campaign. An error by default, so CI can keep it.
 * - spike: a level much harder than its neighbours, by a robust z-score (median and MAD of the
 *   levels around it), so one spike does not hide its neighbour.
 * - plateau: a long run of levels with no new high par (once per run).
 * - unverified / stale: the level has no current proof under the campaign's rules.
 * - tightness: par over the level's own limit (a kind-reported figure, `LIMIT_FIGURE`) outside
 *   its chapter's window: the window set for that chapter, or its chapter's median give or take
 *   `tightnessTolerance` (EchoHalls, seed 001, tightens chapter by chapter, 0.73 to 0.90).
 */
import { z } from 'zod';
import type { LevelSignals } from './signals.ts';
import { isBetter, type ObjectiveSense } from '../engine/ruleset.ts';

export const CHECK_IDS = ['par-falls', 'spike', 'plateau', 'unverified', 'stale', 'tightness'] as const;
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
    /** How far a level's tightness may stray from its chapter's median, where no window is set for the chapter. */
    tightnessTolerance: z.number().min(0).max(1).default(0.05),
    /** A chapter's own tightness window, by chapter id. */
    tightnessWindows: z.record(z.string().regex(/^\d+$/), z.object({ min: z.number().min(0).max(10), max: z.number().min(0).max(10) }).strict()).default({}),
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

type Row = Pick<LevelSignals, 'levelId' | 'position' | 'par' | 'status'> & Partial<Pick<LevelSignals, 'chapterId' | 'chapter' | 'tightness'>>;

function finding(settings: CurveSettings, check: CheckId, rows: readonly Row[], index: number, reason: string): CheckFinding {
  return { check, index, levelId: rows[index].levelId, reason, error: settings.errors.includes(check) };
}

/**
 * How much easier a par is than the one before, by the par's sense: a level reads harder when its
 * best is worse (more moves to solve it; fewer points to be had), so a par eases when it gets better.
 */
function easing(sense: ObjectiveSense, before: number, now: number): number {
  return isBetter(sense, now, before) ? Math.abs(now - before) : 0;
}

/**
 * Par falls: against the previous level with a known par. For a maximised par (a score) the check
 * reads the other way: a best score that rises is the par easing (see `easing`).
 */
export function parFalls(rows: readonly Row[], settings: CurveSettings = DEFAULT_CURVE_SETTINGS, sense: ObjectiveSense = 'minimise'): CheckFinding[] {
  const out: CheckFinding[] = [];
  let prev = -1;
  rows.forEach((row, i) => {
    if (row.par === null) return;
    if (prev >= 0 && easing(sense, rows[prev].par!, row.par) > settings.parFallTolerance) {
      const tolerance = settings.parFallTolerance > 0 ? ` (tolerance ${settings.parFallTolerance})` : '';
      const moved = sense === 'maximise' ? 'rises' : 'falls';
      out.push(finding(settings, 'par-falls', rows, i, `par ${row.par} ${moved} from ${rows[prev].par} at #${rows[prev].position}${tolerance}`));
    }
    prev = i;
  });
  return out;
}

/** The median absolute deviation scaled to a normal distribution's standard deviation. */
const MAD_TO_SD = 1.4826;

/** Median of `values[0..n)`, sorting them in place. */
function medianInPlace(values: number[], n: number): number {
  insertionSort(values, n);
  const mid = n >> 1;
  return n % 2 === 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

/** Windows are a few values: insertion sort beats a general sort and allocates nothing. */
function insertionSort(values: number[], n: number): void {
  for (let i = 1; i < n; i++) {
    const v = values[i];
    let j = i - 1;
    while (j >= 0 && values[j] > v) values[j + 1] = values[j--];
    values[j + 1] = v;
  }
}

/** Spikes in a signal (par by default): robust z against the `spikeWindow` known values on each side. */
export function spikes(rows: readonly Row[], settings: CurveSettings = DEFAULT_CURVE_SETTINGS, value: (row: Row) => number | null = (r) => r.par): CheckFinding[] {
  const at: number[] = [];
  const known: number[] = [];
  rows.forEach((r, i) => {
    const v = value(r);
    if (v !== null) {
      at.push(i);
      known.push(v);
    }
  });
  const w = settings.spikeWindow;
  const around = new Array<number>(2 * w).fill(0);
  const out: CheckFinding[] = [];
  for (let k = 0; k < known.length; k++) {
    let n = 0;
    for (let j = Math.max(0, k - w); j < Math.min(known.length, k + 1 + w); j++) if (j !== k) around[n++] = known[j];
    if (n < 2) continue;
    const m = medianInPlace(around, n);
    for (let j = 0; j < n; j++) around[j] = Math.abs(around[j] - m);
    const mad = medianInPlace(around, n);
    // A flat neighbourhood has no spread: a tenth of its level (at least 1) stands in for it.
    const scale = Math.max(MAD_TO_SD * mad, 0.1 * Math.abs(m), 1);
    const z = (known[k] - m) / scale;
    if (z > settings.spikeThreshold) {
      out.push(finding(settings, 'spike', rows, at[k], `${known[k]} against a median of ${m} around it (robust z ${z.toFixed(1)} > ${settings.spikeThreshold})`));
    }
  }
  return out;
}

/**
 * Plateaus: `plateauLength` or more levels in a row since the last new high par. Fires once per
 * run, on its first level, naming the run: a long run would otherwise bury the other findings.
 */
export function plateaus(rows: readonly Row[], settings: CurveSettings = DEFAULT_CURVE_SETTINGS, sense: ObjectiveSense = 'minimise'): CheckFinding[] {
  const out: CheckFinding[] = [];
  // The hardest par so far: the worst best (the most moves; for a score, the fewest points).
  let high = sense === 'maximise' ? Infinity : -Infinity;
  let highIndex = -1;
  let first = -1;
  let last = -1;
  let length = 0;
  const close = () => {
    if (length >= settings.plateauLength) {
      out.push(finding(settings, 'plateau', rows, first, `${length} levels (#${rows[first].position}-#${rows[last].position}) without a par ${sense === 'maximise' ? 'below' : 'above'} ${high} (set at #${rows[highIndex].position})`));
    }
    length = 0;
  };
  rows.forEach((row, i) => {
    if (row.par === null) return;
    if (isBetter(sense, high, row.par)) {
      close();
      high = row.par;
      highIndex = i;
    } else {
      if (length === 0) first = i;
      last = i;
      length++;
    }
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

/** Tightness out of its chapter's window (levels whose kind reports no limit are not judged). */
export function tightness(rows: readonly Row[], settings: CurveSettings = DEFAULT_CURVE_SETTINGS): CheckFinding[] {
  const chapters = new Map<number | null, number[]>();
  rows.forEach((row, i) => {
    if (row.tightness === null || row.tightness === undefined) return;
    const chapterId = row.chapterId ?? null;
    const members = chapters.get(chapterId) ?? [];
    if (members.length === 0) chapters.set(chapterId, members);
    members.push(i);
  });
  const out: CheckFinding[] = [];
  const fixed = (v: number) => v.toFixed(2);
  for (const [chapterId, members] of chapters) {
    const set = chapterId === null ? undefined : settings.tightnessWindows[String(chapterId)];
    const middle = set ? null : medianInPlace(members.map((i) => rows[i].tightness!), members.length);
    const window = set ?? { min: middle! - settings.tightnessTolerance, max: middle! + settings.tightnessTolerance };
    const chapter = chapterId === null ? 'the levels outside chapters' : `chapter "${rows[members[0]].chapter ?? chapterId}"`;
    const source = set ? 'its window' : `its median ${fixed(middle!)} ± ${settings.tightnessTolerance}`;
    // A hair's breadth of float noise (0.8 - 0.05) must not fire on a level exactly at the edge.
    const EPSILON = 1e-9;
    for (const i of members) {
      const t = rows[i].tightness!;
      if (t < window.min - EPSILON || t > window.max + EPSILON) {
        out.push(finding(settings, 'tightness', rows, i, `tightness ${fixed(t)} outside ${fixed(window.min)}-${fixed(window.max)}, ${source} in ${chapter}`));
      }
    }
  }
  return out;
}

/** Every check over a campaign's rows in order, sorted by level index. */
export function runChecks(rows: readonly Row[], settings: CurveSettings = DEFAULT_CURVE_SETTINGS, sense: ObjectiveSense = 'minimise'): CheckFinding[] {
  return [...parFalls(rows, settings, sense), ...spikes(rows, settings), ...plateaus(rows, settings, sense), ...unproven(rows, settings), ...tightness(rows, settings)].sort((a, b) => a.index - b.index || CHECK_IDS.indexOf(a.check) - CHECK_IDS.indexOf(b.check));
}

/** The check ids that fire on each row, in order. */
export function checksByRow(count: number, findings: readonly CheckFinding[]): CheckId[][] {
  const out: CheckId[][] = Array.from({ length: count }, () => []);
  for (const f of findings) if (!out[f.index].includes(f.check)) out[f.index].push(f.check);
  return out;
}
