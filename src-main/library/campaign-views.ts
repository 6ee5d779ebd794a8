/**
 * The library as the Studio API shows it: campaign summaries with badge counts, a campaign's rows
 * in order, one level's detail. Badges are decided here from each level's latest verification
 * against the campaign's *current* rules; par, pushes and optimal are shown only when that
 * verification is current, so a curve or a table never mixes numbers from other rules.
 */
import { MAX_CAMPAIGN_PAGE, type Badge, type CampaignDetail, type CampaignSummary, type LevelDetail, type LevelRow } from '../../src-shared/api/studio-api.ts';
import type { LibraryDatabase } from './db.ts';
import { campaignFromColumns, requireCampaign, type Campaign, type CampaignColumns } from './campaigns.ts';
import { levelFromColumns, type LevelColumns, type LevelDoc } from './levels.ts';
import { currentRules, type CurrentRules } from './rulesets.ts';
import { parseJsonColumn, prepared } from './statements.ts';
import { badgeFor, isCurrent, verificationFromColumns, type VerificationColumns } from './verifications.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';

/** The latest verification of each level, joined by an index lookup (verifications_by_level). */
const LATEST = 'LEFT JOIN verifications v ON v.id = (SELECT max(id) FROM verifications WHERE level_id = cl.level_id)';

interface StampColumns {
  content_hash: string;
  v_status: VerificationColumns['status'] | null;
  v_optimal: number | null;
  v_fingerprint: string | null;
  v_hash: string | null;
}

const STAMP = 'l.content_hash, v.status AS v_status, v.optimal AS v_optimal, v.rules_fingerprint AS v_fingerprint, v.content_hash AS v_hash';

function badgeOf(row: StampColumns, fingerprint: string): Badge {
  if (row.v_status === null) return 'unverified';
  return badgeFor({ status: row.v_status, optimal: row.v_optimal === 1, rulesFingerprint: row.v_fingerprint!, contentHash: row.v_hash! }, fingerprint, row.content_hash);
}

function summaryOf(campaign: Campaign, rules: CurrentRules, stamps: readonly StampColumns[]): CampaignSummary {
  const badges: Partial<Record<Badge, number>> = {};
  for (const stamp of stamps) {
    const badge = badgeOf(stamp, rules.fingerprint);
    badges[badge] = (badges[badge] ?? 0) + 1;
  }
  return {
    id: campaign.id,
    name: campaign.name,
    kind: campaign.kind,
    levelCount: stamps.length,
    credit: campaign.credit,
    rulesetId: campaign.rulesetId,
    rulesFingerprint: rules.fingerprint,
    badges,
  };
}

/** Every campaign, oldest first, with its badge counts (zero counts left out). */
export function listCampaignSummaries(db: LibraryDatabase): CampaignSummary[] {
  const campaigns = (prepared(db, 'SELECT * FROM campaigns ORDER BY id').all() as CampaignColumns[]).map(campaignFromColumns);
  const stamps = new Map<number, StampColumns[]>(campaigns.map((c) => [c.id, []]));
  const rows = prepared(db, `SELECT cl.campaign_id, ${STAMP} FROM campaign_levels cl JOIN levels l ON l.id = cl.level_id ${LATEST}`).all() as (StampColumns & { campaign_id: number })[];
  for (const row of rows) stamps.get(row.campaign_id)?.push(row);
  const rulesById = new Map<number, CurrentRules>();
  return campaigns.map((campaign) => {
    let rules = rulesById.get(campaign.rulesetId);
    if (!rules) rulesById.set(campaign.rulesetId, (rules = currentRules(db, campaign.rulesetId)));
    return summaryOf(campaign, rules, stamps.get(campaign.id)!);
  });
}

type RowColumns = LevelColumns & StampColumns & {
  campaign_id: number;
  position: number;
  v_par: number | null;
  v_metrics_json: string | null;
  v_proven_bound: number | null;
  v_objective: string | null;
  v_created_at: string | null;
};

function levelRowOf(row: RowColumns, fingerprint: string): LevelRow {
  const badge = badgeOf(row, fingerprint);
  const current = row.v_status !== null && isCurrent({ status: row.v_status, optimal: row.v_optimal === 1, rulesFingerprint: row.v_fingerprint!, contentHash: row.v_hash! }, fingerprint, row.content_hash);
  return {
    id: row.id,
    position: row.position,
    title: row.title,
    kind: row.kind,
    content: parseJsonColumn<LevelDoc>(row.content_json, {}, `level ${row.id}'s content_json`),
    contentHash: row.content_hash,
    badge,
    par: current ? row.v_par : null,
    figures: current ? secondaryFigures(row) : {},
    optimal: current ? row.v_optimal === 1 : null,
    // A bound on a secondary objective (pushes) does not bound the par; the inspector shows it there.
    // It is on the par's other side: at least it when the objective is minimised, at most when maximised.
    parBound: current && row.v_optimal !== 1 && row.v_objective === primaryObjectiveId(row.kind) ? row.v_proven_bound : null,
    stalePar: !current && row.v_status === 'solved' ? row.v_par : null,
    verifiedAt: row.v_created_at,
    budget: row.state_budget ?? null,
    generated: generatedOrigin(row),
  };
}

/** Generator, version, seed and candidate number of a generated level, and whether it was edited since. */
function generatedOrigin(row: RowColumns): LevelRow['generated'] {
  if (row.source !== 'generated') return null;
  const p = parseJsonColumn<Record<string, unknown> | null>(row.provenance_json, null, `level ${row.id}'s provenance_json`);
  if (!p || typeof p.generator !== 'string' || typeof p.seed !== 'string') return null;
  return {
    generator: p.generator,
    version: typeof p.version === 'number' ? p.version : 0,
    seed: p.seed,
    index: typeof p.index === 'number' ? p.index : null,
    edited: typeof p.contentHash === 'string' && p.contentHash !== row.content_hash,
  };
}

/** The kind's secondary objectives' values (pushes), from the verification's metrics. */
function secondaryFigures(row: RowColumns): Record<string, number> {
  const kind = rulesetKind(row.kind);
  if (!kind || kind.objectives.length < 2 || !row.v_metrics_json) return {};
  const metrics = parseJsonColumn<Record<string, unknown>>(row.v_metrics_json, {}, `the latest verification of level ${row.id}: its metrics_json`);
  const out: Record<string, number> = {};
  for (const { id } of kind.objectives.slice(1)) if (typeof metrics[id] === 'number') out[id] = metrics[id];
  return out;
}

function primaryObjectiveId(kind: string): string | undefined {
  return rulesetKind(kind)?.objectives[0]?.id;
}

const ROW_SELECT = `SELECT l.*, cl.campaign_id, cl.position, ${STAMP}, v.par AS v_par, v.metrics_json AS v_metrics_json,
  v.proven_bound AS v_proven_bound, v.objective AS v_objective, v.created_at AS v_created_at
  FROM campaign_levels cl JOIN levels l ON l.id = cl.level_id ${LATEST}`;

/** A page of a campaign's levels: `offset` rows skipped, at most `limit` (MAX_CAMPAIGN_PAGE) given. */
export interface LevelPage {
  readonly offset?: number;
  readonly limit?: number;
}

/**
 * A campaign and its levels in order, or one page of them (the badge counts stay the whole
 * campaign's); undefined when there is no such campaign.
 */
export function campaignDetail(db: LibraryDatabase, campaignId: number, page?: LevelPage): CampaignDetail | undefined {
  const row = prepared(db, 'SELECT * FROM campaigns WHERE id = ?').get(campaignId) as CampaignColumns | undefined;
  if (!row) return undefined;
  const campaign = campaignFromColumns(row);
  const rules = currentRules(db, campaign.rulesetId);
  const comments = [...campaign.comments];
  if (!page) {
    const rows = prepared(db, `${ROW_SELECT} WHERE cl.campaign_id = ? ORDER BY cl.position`).all(campaignId) as RowColumns[];
    return { campaign: { ...summaryOf(campaign, rules, rows), comments, rulesConfig: rules.config }, levels: rows.map((r) => levelRowOf(r, rules.fingerprint)) };
  }
  const offset = page.offset ?? 0;
  const limit = Math.min(page.limit ?? MAX_CAMPAIGN_PAGE, MAX_CAMPAIGN_PAGE);
  const stamps = prepared(db, `SELECT ${STAMP} FROM campaign_levels cl JOIN levels l ON l.id = cl.level_id ${LATEST} WHERE cl.campaign_id = ?`).all(campaignId) as StampColumns[];
  const rows = prepared(db, `${ROW_SELECT} WHERE cl.campaign_id = ? ORDER BY cl.position LIMIT ? OFFSET ?`).all(campaignId, limit, offset) as RowColumns[];
  return {
    campaign: { ...summaryOf(campaign, rules, stamps), comments, rulesConfig: rules.config },
    levels: rows.map((r) => levelRowOf(r, rules.fingerprint)),
    page: { offset, limit, total: stamps.length },
  };
}

/** Every campaign's id, oldest first: what a library-wide walk starts from (no badge counted). */
export function campaignIds(db: LibraryDatabase): number[] {
  return (prepared(db, 'SELECT id FROM campaigns ORDER BY id').all() as { id: number }[]).map((r) => r.id);
}

/**
 * Up to `limit` of a campaign's rows after position `after` (0: from the first), in order, with
 * their badges under `rules`: a caller that walks a 20,000-level campaign a page at a time (and
 * lets others in between) never holds the thread for the whole of it, as `campaignDetail` does.
 */
export function campaignLevelPage(db: LibraryDatabase, campaignId: number, rulesFingerprint: string, after: number, limit: number): LevelRow[] {
  const rows = prepared(db, `${ROW_SELECT} WHERE cl.campaign_id = ? AND cl.position > ? ORDER BY cl.position LIMIT ?`).all(campaignId, after, limit) as RowColumns[];
  return rows.map((r) => levelRowOf(r, rulesFingerprint));
}

/**
 * One level as the inspector shows it, in the context of a campaign that holds it (the given one,
 * else the first that does). `verification` is the latest one even when stale, so the inspector
 * can say what the old rules gave; undefined when the level is in no campaign or does not exist.
 */
export function levelDetail(db: LibraryDatabase, levelId: number, campaignId?: number): LevelDetail | undefined {
  const row = (campaignId === undefined
    ? prepared(db, `${ROW_SELECT} WHERE cl.level_id = ? ORDER BY cl.campaign_id, cl.position LIMIT 1`).get(levelId)
    : prepared(db, `${ROW_SELECT} WHERE cl.level_id = ? AND cl.campaign_id = ? ORDER BY cl.position LIMIT 1`).get(levelId, campaignId)) as RowColumns | undefined;
  if (!row) return undefined;
  const campaign = requireCampaign(db, row.campaign_id);
  const rules = currentRules(db, campaign.rulesetId);
  const level = levelFromColumns(row);
  const latest = prepared(db, 'SELECT * FROM verifications WHERE level_id = ? ORDER BY id DESC LIMIT 1').get(levelId) as VerificationColumns | undefined;
  const comments = Array.isArray(level.doc.comments) ? level.doc.comments.filter((c): c is string => typeof c === 'string') : [];
  return {
    ...levelRowOf(row, rules.fingerprint),
    campaignId: campaign.id,
    campaignName: campaign.name,
    author: level.author,
    comments,
    source: level.source,
    provenance: level.provenance,
    rulesConfig: rules.config,
    rulesFingerprint: rules.fingerprint,
    verification: latest ? verificationFromColumns(latest, level.kind).verification : null,
  };
}
