/**
 * A campaign's report: one row of signals per level in order (src-shared/campaign/signals.ts)
 * and the checks that fire (checks.ts). Two queries whatever the campaign's size: the levels with
 * their latest verification (its figures read by SQLite's json_extract, not parsed here), and the
 * play-tests of their current documents.
 */
import { checksByRow, runChecks } from '../../src-shared/campaign/checks.ts';
import { humanSignals, LIMIT_FIGURE, tightnessOf, type LevelSignals, type PlayRecord } from '../../src-shared/campaign/signals.ts';
import type { CampaignReport } from '../../src-shared/api/campaign.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';
import { senseOf } from '../../src-shared/engine/ruleset.ts';
import { requireCampaign } from './campaigns.ts';
import { readCurveSettings } from './campaign-layouts.ts';
import type { LibraryDatabase } from './db.ts';
import { currentRules } from './rulesets.ts';
import { prepared } from './statements.ts';
import { badgeFor, isCurrent, type VerificationColumns } from './verifications.ts';

interface ReportColumns {
  level_id: number;
  position: number;
  chapter_id: number | null;
  chapter: string | null;
  pinned: number;
  title: string | null;
  content_hash: string;
  v_status: VerificationColumns['status'] | null;
  v_optimal: number | null;
  v_fingerprint: string | null;
  v_hash: string | null;
  v_par: number | null;
  v_nodes: number | null;
  m_secondary: unknown;
  m_boxes: unknown;
  m_width: unknown;
  m_height: unknown;
  m_box_changes: unknown;
  m_limit: unknown;
}

const REPORT_SELECT = `SELECT cl.level_id, cl.position, cl.chapter_id, ch.name AS chapter, cl.pinned, l.title, l.content_hash,
    v.status AS v_status, v.optimal AS v_optimal, v.rules_fingerprint AS v_fingerprint, v.content_hash AS v_hash, v.par AS v_par,
    v.nodes AS v_nodes, json_extract(v.metrics_json, ?) AS m_secondary, json_extract(v.metrics_json, '$.boxes') AS m_boxes,
    json_extract(v.metrics_json, '$.width') AS m_width, json_extract(v.metrics_json, '$.height') AS m_height,
    json_extract(v.metrics_json, '$.boxChanges') AS m_box_changes, json_extract(v.metrics_json, '$.${LIMIT_FIGURE}') AS m_limit
  FROM campaign_levels cl JOIN levels l ON l.id = cl.level_id
  LEFT JOIN campaign_chapters ch ON ch.id = cl.chapter_id
  LEFT JOIN verifications v ON v.id = (SELECT max(id) FROM verifications WHERE level_id = cl.level_id)
  WHERE cl.campaign_id = ? ORDER BY cl.position`;

const PLAYS_SELECT = `SELECT r.level_id, r.status, r.moves, r.undos, r.hints, r.duration_ms
  FROM recordings r JOIN campaign_levels cl ON cl.level_id = r.level_id JOIN levels l ON l.id = r.level_id
  WHERE cl.campaign_id = ? AND r.source = 'play' AND r.content_hash = l.content_hash`;

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function campaignReport(db: LibraryDatabase, campaignId: number): CampaignReport {
  const campaign = requireCampaign(db, campaignId);
  const rules = currentRules(db, campaign.rulesetId);
  const settings = readCurveSettings(db, campaignId);
  const objectives = rulesetKind(campaign.kind)?.objectives ?? [];
  const secondaryId = objectives[1]?.id ?? null;
  // The par's sense: which way a par eases along the campaign (checks.ts) and what "over par" means.
  const sense = senseOf(objectives);
  const plays = new Map<number, PlayRecord[]>();
  for (const p of prepared(db, PLAYS_SELECT).all(campaignId) as { level_id: number; status: string; moves: number | null; undos: number | null; hints: number | null; duration_ms: number | null }[]) {
    const list = plays.get(p.level_id) ?? [];
    if (list.length === 0) plays.set(p.level_id, list);
    list.push({ won: p.status === 'won', moves: p.moves, undos: p.undos, hints: p.hints, durationMs: p.duration_ms });
  }
  const rows: LevelSignals[] = (prepared(db, REPORT_SELECT).all(`$.${secondaryId ?? 'none'}`, campaignId) as ReportColumns[]).map((row) => {
    const stamp = row.v_status === null ? null : { status: row.v_status, optimal: row.v_optimal === 1, rulesFingerprint: row.v_fingerprint!, contentHash: row.v_hash! };
    const current = isCurrent(stamp, rules.fingerprint, row.content_hash);
    // Size and boxes describe the document: any verification of this content knows them.
    const sameDoc = row.v_hash === row.content_hash;
    const par = current ? row.v_par : null;
    return {
      levelId: row.level_id,
      position: row.position,
      title: row.title,
      chapterId: row.chapter_id,
      chapter: row.chapter,
      pinned: row.pinned === 1,
      status: badgeFor(stamp, rules.fingerprint, row.content_hash),
      par,
      secondary: current && secondaryId ? num(row.m_secondary) : null,
      boxes: sameDoc ? num(row.m_boxes) : null,
      width: sameDoc ? num(row.m_width) : null,
      height: sameDoc ? num(row.m_height) : null,
      nodes: current ? row.v_nodes : null,
      boxChanges: current ? num(row.m_box_changes) : null,
      ...humanSignals(plays.get(row.level_id) ?? [], par, sense),
      tightness: current ? tightnessOf(par, num(row.m_limit)) : null,
    };
  });
  const findings = runChecks(rows, settings, sense);
  const checks = checksByRow(rows.length, findings);
  const chapters = prepared(db, 'SELECT id, name FROM campaign_chapters WHERE campaign_id = ? ORDER BY ord, id').all(campaignId) as { id: number; name: string }[];
  return {
    campaign: { id: campaign.id, name: campaign.name, kind: campaign.kind, rulesetId: campaign.rulesetId, rulesetName: rules.name, rulesFingerprint: rules.fingerprint },
    objectives: objectives.map((o) => ({ id: o.id, label: o.label, sense: o.sense })),
    settings,
    chapters,
    rows: rows.map((row, i) => ({ ...row, checks: checks[i] })),
    findings,
  };
}
