/**
 * Campaigns: an ordered list of levels of one kind, played under one ruleset, with the collection
 * metadata of the file it came from (title, author, comments, notes) and a credit line that travels
 * with every export (sample sets are free to ship only when credited).
 */
import { asShownLine } from '../../src-shared/api/fields.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError, LibraryNotFoundError } from './errors.ts';
import { defaultRulesetFor, getRuleset, requireKind } from './rulesets.ts';
import { parseJsonColumn, prepared, timestamp } from './statements.ts';

/** Longest campaign name, as the Studio API accepts it. */
export const MAX_CAMPAIGN_NAME = 200;

export interface Campaign {
  readonly id: number;
  readonly name: string;
  readonly kind: string;
  readonly rulesetId: number;
  readonly title: string | null;
  readonly author: string | null;
  readonly comments: readonly string[];
  readonly notes: Readonly<Record<string, string>>;
  readonly credit: string | null;
  readonly createdAt: string;
}

export interface CampaignInput {
  readonly name: string;
  readonly kind: string;
  /** Defaults to the kind's `<Kind> default` ruleset. */
  readonly rulesetId?: number;
  readonly title?: string | null;
  readonly author?: string | null;
  readonly comments?: readonly string[];
  readonly notes?: Readonly<Record<string, string>>;
  readonly credit?: string | null;
}

export interface CampaignColumns {
  id: number;
  name: string;
  kind: string;
  ruleset_id: number;
  title: string | null;
  author: string | null;
  comments_json: string;
  notes_json: string;
  credit: string | null;
  created_at: string;
}

export function campaignFromColumns(row: CampaignColumns): Campaign {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    rulesetId: row.ruleset_id,
    title: row.title,
    author: row.author,
    comments: parseJsonColumn<string[]>(row.comments_json, [], `campaign ${row.id}'s comments_json`),
    notes: parseJsonColumn<Record<string, string>>(row.notes_json, {}, `campaign ${row.id}'s notes_json`),
    credit: row.credit,
    createdAt: row.created_at,
  };
}

export function getCampaign(db: LibraryDatabase, campaignId: number): Campaign | undefined {
  const row = prepared(db, 'SELECT * FROM campaigns WHERE id = ?').get(campaignId) as CampaignColumns | undefined;
  return row && campaignFromColumns(row);
}

export function requireCampaign(db: LibraryDatabase, campaignId: number): Campaign {
  const campaign = getCampaign(db, campaignId);
  if (!campaign) throw new LibraryNotFoundError(`Campaign ${campaignId} does not exist.`);
  return campaign;
}

/** `name`, or `name (2)`, `name (3)`, … : the first one no campaign uses yet. */
export function uniqueCampaignName(db: LibraryDatabase, wanted: string): string {
  // No control or bidi character: a name from a file's title is shown in every list.
  const base = asShownLine(wanted).slice(0, MAX_CAMPAIGN_NAME - 8).trim() || 'Untitled campaign';
  const taken = prepared(db, 'SELECT 1 FROM campaigns WHERE name = ?');
  if (!taken.get(base)) return base;
  for (let n = 2; ; n++) {
    const name = `${base} (${n})`;
    if (!taken.get(name)) return name;
  }
}

export function createCampaign(db: LibraryDatabase, input: CampaignInput): Campaign {
  requireKind(input.kind);
  return db.transaction(() => {
    const rulesetId = input.rulesetId ?? defaultRulesetFor(db, input.kind).id;
    const ruleset = getRuleset(db, rulesetId);
    if (!ruleset) throw new LibraryNotFoundError(`Ruleset ${rulesetId} does not exist.`);
    if (ruleset.kind !== input.kind) throw new LibraryInputError(`A ${input.kind} campaign cannot use the ${ruleset.kind} ruleset '${ruleset.name}'.`);
    const info = prepared(
      db,
      'INSERT INTO campaigns (name, kind, ruleset_id, title, author, comments_json, notes_json, credit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      uniqueCampaignName(db, input.name), input.kind, rulesetId, input.title ?? null, input.author ?? null,
      JSON.stringify(input.comments ?? []), JSON.stringify(input.notes ?? {}), input.credit ?? null, timestamp(),
    );
    return getCampaign(db, Number(info.lastInsertRowid))!;
  })();
}

/** Append levels at the end of a campaign, in the order given; their 1-based positions. */
export function addLevelsToCampaign(db: LibraryDatabase, campaignId: number, levelIds: readonly number[]): number[] {
  return db.transaction(() => {
    const campaign = requireCampaign(db, campaignId);
    const last = prepared(db, 'SELECT coalesce(max(position), 0) AS p FROM campaign_levels WHERE campaign_id = ?').get(campaignId) as { p: number };
    const kindOf = prepared(db, 'SELECT kind FROM levels WHERE id = ?');
    const insert = prepared(db, 'INSERT INTO campaign_levels (campaign_id, position, level_id) VALUES (?, ?, ?)');
    return levelIds.map((levelId, i) => {
      const level = kindOf.get(levelId) as { kind: string } | undefined;
      if (!level) throw new LibraryNotFoundError(`Level ${levelId} does not exist.`);
      if (level.kind !== campaign.kind) throw new LibraryInputError(`A ${level.kind} level cannot join the ${campaign.kind} campaign '${campaign.name}'.`);
      const position = last.p + i + 1;
      insert.run(campaignId, position, levelId);
      return position;
    });
  })();
}

/** Level ids of a campaign in campaign order. */
export function campaignLevelIds(db: LibraryDatabase, campaignId: number): number[] {
  requireCampaign(db, campaignId);
  return (prepared(db, 'SELECT level_id FROM campaign_levels WHERE campaign_id = ? ORDER BY position').all(campaignId) as { level_id: number }[]).map((r) => r.level_id);
}

/** The campaigns that hold a level, by id. */
export function campaignIdsOfLevel(db: LibraryDatabase, levelId: number): number[] {
  return (prepared(db, 'SELECT DISTINCT campaign_id FROM campaign_levels WHERE level_id = ? ORDER BY campaign_id').all(levelId) as { campaign_id: number }[]).map((r) => r.campaign_id);
}

/** Play the campaign under another ruleset of its kind (its badges follow the new fingerprint). */
export function setCampaignRuleset(db: LibraryDatabase, campaignId: number, rulesetId: number): Campaign {
  return db.transaction(() => {
    const campaign = requireCampaign(db, campaignId);
    const ruleset = getRuleset(db, rulesetId);
    if (!ruleset) throw new LibraryNotFoundError(`Ruleset ${rulesetId} does not exist.`);
    if (ruleset.kind !== campaign.kind) throw new LibraryInputError(`A ${campaign.kind} campaign cannot use the ${ruleset.kind} ruleset '${ruleset.name}'.`);
    prepared(db, 'UPDATE campaigns SET ruleset_id = ? WHERE id = ?').run(rulesetId, campaignId);
    return requireCampaign(db, campaignId);
  })();
}

/**
 * Delete a campaign, and with it the levels no other campaign holds (with their verifications and
 * recordings): nothing else in the studio reaches a level outside every campaign.
 */
export function deleteCampaign(db: LibraryDatabase, campaignId: number): { deletedLevels: number } {
  return db.transaction(() => {
    const levelIds = campaignLevelIds(db, campaignId);
    prepared(db, 'DELETE FROM campaigns WHERE id = ?').run(campaignId);
    const deleteOrphan = prepared(db, 'DELETE FROM levels WHERE id = ? AND NOT EXISTS (SELECT 1 FROM campaign_levels WHERE level_id = ?)');
    let deletedLevels = 0;
    for (const id of levelIds) deletedLevels += deleteOrphan.run(id, id).changes;
    return { deletedLevels };
  })();
}
