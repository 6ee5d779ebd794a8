/**
 * How an impact report's rows are read: what changed first, worst first (a level that no longer
 * solves before a par that moved, before a first verification), then the unchanged ones, which a
 * table folds; the rules compared as version numbers with their notes, not as hashes.
 */
import type { ImpactRow, RulesVersionRef } from '../../../../src-shared/api/reports.ts';
import type { ImpactCategory } from '../../../../src-shared/verify/impact.ts';
import { betterOf, comparedWith } from '../../../../src-shared/engine/ruleset.ts';

/** Worst first: broken levels, broken recordings, then what may be intended, then what is benign. */
export const SEVERITY_ORDER: readonly ImpactCategory[] = [
  'newly-unsolvable',
  'invalid',
  'recording-no-longer-wins',
  'recording-diverges',
  'better-than-intended',
  'par-changed',
  'budget',
  'recording-wins-early',
  'first-verification',
  'unchanged',
];

/** A row's rank: its worst category's place in SEVERITY_ORDER. */
export function severityOf(row: Pick<ImpactRow, 'impact'>): number {
  return Math.min(...row.impact.map((c) => SEVERITY_ORDER.indexOf(c)));
}

export function isUnchanged(row: Pick<ImpactRow, 'impact'>): boolean {
  return row.impact.every((c) => c === 'unchanged');
}

/** Changed rows first by severity, each rank in the report's own order (campaign, position). */
export function orderedRows<R extends Pick<ImpactRow, 'impact'>>(rows: readonly R[]): R[] {
  return rows.map((row, i) => ({ row, i, rank: severityOf(row) })).sort((a, b) => a.rank - b.rank || a.i - b.i).map((e) => e.row);
}

/** The best value (fewest moves, most points) a recording still wins with under the new rules, preferring the intended one. */
export function stillWinning(row: Pick<ImpactRow, 'recordings' | 'sense'>): { readonly moves: number; readonly intended: boolean } | null {
  const winning = row.recordings.filter((r) => r.wins && r.winsAt === null && r.divergesAt === null);
  const intended = winning.find((r) => r.intended);
  if (intended) return { moves: intended.value, intended: true };
  if (winning.length === 0) return null;
  const sense = row.sense ?? 'minimise';
  return { moves: winning.map((r) => r.value).reduce((a, b) => betterOf(sense, a, b)), intended: false };
}

/** How the new par compares with the old one, in the par's sense (null: no change to tell). */
export function parDirection(row: Pick<ImpactRow, 'par' | 'oldPar' | 'sense'>): 'better' | 'worse' | null {
  if (row.par === null || row.oldPar === null || row.par === row.oldPar) return null;
  return comparedWith(row.sense ?? 'minimise', row.par, row.oldPar) === 'better' ? 'better' : 'worse';
}

export type VersionWords = (ref: RulesVersionRef) => string;

/** The rules of one side of a report as the designer names them ("Push default v3 “heavier boxes”"). */
export function versionsText(refs: readonly RulesVersionRef[] | undefined, fingerprints: readonly string[], words: VersionWords, none: string): string {
  const list = refs ?? fingerprints.map((fingerprint) => ({ fingerprint, ruleset: null, number: null, note: null }));
  return list.length > 0 ? list.map(words).join(', ') : none;
}
