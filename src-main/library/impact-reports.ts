/**
 * Impact reports: what a re-verification found, level by level, kept in the library with the
 * rules fingerprints it compared. A report is created with its batch; each job's result adds its
 * level's row in the transaction that marks the job done, so a run resumed after a crash fills
 * in the rows still missing and never writes one twice.
 */
import type { ImpactReport, ImpactReportSummary, ImpactRow, ReportScope, RulesVersionRef } from '../../src-shared/api/reports.ts';
import { IMPACT_CATEGORIES, type ImpactCategory } from '../../src-shared/verify/impact.ts';
import { senseOf } from '../../src-shared/engine/ruleset.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';
import type { LibraryDatabase } from './db.ts';
import { parseJsonColumn, prepared, timestamp } from './statements.ts';

export interface NewImpactReport {
  readonly batchId: number;
  readonly scope: ReportScope;
  readonly label: string;
  readonly campaignId: number | null;
  readonly oldFingerprints: readonly string[];
  readonly newFingerprints: readonly string[];
  readonly levels: number;
}

interface ReportColumns {
  id: number;
  batch_id: number | null;
  scope: ReportScope;
  label: string;
  campaign_id: number | null;
  old_fingerprints_json: string;
  new_fingerprints_json: string;
  levels: number;
  created_at: string;
  batch_state: 'running' | 'done' | 'cancelled' | null;
}

interface RowColumns {
  report_id: number;
  level_id: number | null;
  campaign_name: string;
  position: number;
  title: string | null;
  status: string;
  par: number | null;
  old_par: number | null;
  impact_json: string;
  recordings_json: string;
  proven: number;
  /** The level's kind, where the level still exists (for the par's sense). */
  kind?: string | null;
}

export function createImpactReport(db: LibraryDatabase, report: NewImpactReport): number {
  const info = prepared(
    db,
    `INSERT INTO impact_reports (batch_id, scope, label, campaign_id, old_fingerprints_json, new_fingerprints_json, levels, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(report.batchId, report.scope, report.label, report.campaignId, JSON.stringify([...new Set(report.oldFingerprints)].sort()), JSON.stringify([...new Set(report.newFingerprints)].sort()), report.levels, timestamp());
  return Number(info.lastInsertRowid);
}

/** The report a batch of re-verification jobs fills in, if any. */
export function reportOfBatch(db: LibraryDatabase, batchId: number): number | undefined {
  return (prepared(db, 'SELECT id FROM impact_reports WHERE batch_id = ?').get(batchId) as { id: number } | undefined)?.id;
}

/** A level's row; a second row for the same level of a report (a job re-run) replaces the first (by level id, not position). */
export function storeImpactRow(db: LibraryDatabase, reportId: number, row: ImpactRow): void {
  prepared(
    db,
    `INSERT OR REPLACE INTO impact_rows (report_id, level_id, campaign_id, campaign_name, position, title, status, par, old_par, impact_json, recordings_json, proven)
     VALUES (?, ?, (SELECT id FROM campaigns WHERE name = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(reportId, row.levelId, row.campaignName, row.campaignName, row.position, row.title, row.status, row.par, row.oldPar, JSON.stringify(row.impact), JSON.stringify(row.recordings), row.proven ? 1 : 0);
}

const REPORT_SELECT = `SELECT r.*, b.state AS batch_state FROM impact_reports r LEFT JOIN job_batches b ON b.id = r.batch_id`;

const toRow = (row: RowColumns): ImpactRow => ({
  levelId: row.level_id,
  campaignName: row.campaign_name,
  position: row.position,
  title: row.title,
  status: row.status,
  par: row.par,
  oldPar: row.old_par,
  impact: parseJsonColumn<ImpactCategory[]>(row.impact_json, ['unchanged'], `report ${row.report_id}'s row at ${row.campaign_name} #${row.position}: its impact_json`),
  recordings: parseJsonColumn<ImpactRow['recordings']>(row.recordings_json, [], `report ${row.report_id}'s row at ${row.campaign_name} #${row.position}: its recordings_json`),
  proven: row.proven === 1,
  ...(senseOf(rulesetKind(row.kind ?? '')?.objectives ?? []) === 'maximise' ? { sense: 'maximise' as const } : {}),
});

function rowsOf(db: LibraryDatabase, reportId: number): ImpactRow[] {
  // The level's position now (a reorder since the run moves its row with it); the stored one once it left the campaign.
  const select = `SELECT r.*, (SELECT l.kind FROM levels l WHERE l.id = r.level_id) AS kind, coalesce((SELECT min(cl.position) FROM campaign_levels cl WHERE cl.campaign_id = r.campaign_id AND cl.level_id = r.level_id), r.position) AS position
    FROM impact_rows r WHERE r.report_id = ? ORDER BY r.campaign_name, position`;
  return (prepared(db, select).all(reportId) as RowColumns[]).map(toRow);
}

/**
 * A fingerprint as a version of a ruleset: the newest version made by the report's time that has
 * it (a revert makes a new version with an old config's fingerprint), numbered from 1 as the Rules
 * view numbers them, with its note.
 */
function versionRef(db: LibraryDatabase, fingerprint: string, before: string): RulesVersionRef {
  const row = prepared(
    db,
    `SELECT v.id, v.ruleset_id, v.note, r.name,
       (SELECT count(*) FROM ruleset_versions o WHERE o.ruleset_id = v.ruleset_id AND o.id <= v.id) AS number
     FROM ruleset_versions v JOIN rulesets r ON r.id = v.ruleset_id
     WHERE v.fingerprint = ? AND v.created_at <= ? ORDER BY v.id DESC LIMIT 1`,
  ).get(fingerprint, before) as { name: string; note: string | null; number: number } | undefined;
  return { fingerprint, ruleset: row?.name ?? null, number: row?.number ?? null, note: row?.note ?? null };
}

function summarise(db: LibraryDatabase, report: ReportColumns, rows: readonly ImpactRow[]): ImpactReportSummary {
  const oldFingerprints = parseJsonColumn<string[]>(report.old_fingerprints_json, [], `report ${report.id}'s old_fingerprints_json`);
  const newFingerprints = parseJsonColumn<string[]>(report.new_fingerprints_json, [], `report ${report.id}'s new_fingerprints_json`);
  const counts: Partial<Record<ImpactCategory, number>> = {};
  for (const row of rows) for (const category of row.impact) counts[category] = (counts[category] ?? 0) + 1;
  return {
    id: report.id,
    batchId: report.batch_id,
    scope: report.scope,
    label: report.label,
    campaignId: report.campaign_id,
    oldFingerprints,
    newFingerprints,
    oldRules: oldFingerprints.map((f) => versionRef(db, f, report.created_at)),
    newRules: newFingerprints.map((f) => versionRef(db, f, report.created_at)),
    levels: report.levels,
    done: rows.length,
    state: report.batch_state ?? 'done',
    counts: Object.fromEntries(IMPACT_CATEGORIES.filter((c) => counts[c]).map((c) => [c, counts[c]])),
    unproven: rows.filter((r) => !r.proven).length,
    createdAt: report.created_at,
  };
}

/** Every report, newest first, with its counts per category. */
export function listImpactReports(db: LibraryDatabase, limit = 200): ImpactReportSummary[] {
  const reports = prepared(db, `${REPORT_SELECT} ORDER BY r.id DESC LIMIT ?`).all(limit) as ReportColumns[];
  return reports.map((report) => summarise(db, report, rowsOf(db, report.id)));
}

export function getImpactReport(db: LibraryDatabase, reportId: number): ImpactReport | undefined {
  const report = prepared(db, `${REPORT_SELECT} WHERE r.id = ?`).get(reportId) as ReportColumns | undefined;
  if (!report) return undefined;
  const rows = rowsOf(db, reportId);
  return { ...summarise(db, report, rows), rows };
}
