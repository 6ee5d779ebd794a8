/**
 * Making and shaping campaigns in the studio (issue 23): new (empty or from levels), rename,
 * duplicate, delete with undo, and a campaign's own copy of its rules. A deleted campaign is kept
 * whole in `removed_campaigns` (its row, chapters, order, pins) so its undo brings it back with
 * the same id; its levels stay until the removal is purged.
 */
import type { CampaignLayout } from '../../src-shared/campaign/layout.ts';
import { campaignFromColumns, createCampaign, MAX_CAMPAIGN_NAME, requireCampaign, setCampaignRuleset, uniqueCampaignName, type Campaign, type CampaignColumns } from './campaigns.ts';
import { newChapterId, readLayout, writeLayouts } from './campaign-layouts.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError, LibraryNotFoundError } from './errors.ts';
import { createRuleset, currentRules, getRuleset } from './rulesets.ts';
import { parseJsonColumn, prepared, timestamp } from './statements.ts';

function cleanName(name: string): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (clean === '') throw new LibraryInputError('A campaign needs a name.');
  if (clean.length > MAX_CAMPAIGN_NAME) throw new LibraryInputError(`A campaign name is at most ${MAX_CAMPAIGN_NAME} characters.`);
  return clean;
}

/** A new campaign of a kind, empty or holding `levelIds` (they stay in their campaigns too). */
export function newCampaign(db: LibraryDatabase, input: { name: string; kind: string; rulesetId?: number; levelIds?: readonly number[] }): Campaign {
  return db.transaction(() => {
    const campaign = createCampaign(db, { name: cleanName(input.name), kind: input.kind, rulesetId: input.rulesetId });
    if (input.levelIds && input.levelIds.length > 0) {
      writeLayouts(db, [{ campaignId: campaign.id, chapters: [], levels: input.levelIds.map((levelId) => ({ levelId, chapterId: null, pinned: false })) }], { sameLevels: false });
    }
    return campaign;
  })();
}

export function renameCampaign(db: LibraryDatabase, campaignId: number, name: string): Campaign {
  const clean = cleanName(name);
  return db.transaction(() => {
    requireCampaign(db, campaignId);
    const taken = prepared(db, 'SELECT id FROM campaigns WHERE name = ? AND id != ?').get(clean, campaignId);
    if (taken) throw new LibraryInputError(`A campaign named '${clean}' already exists.`);
    prepared(db, 'UPDATE campaigns SET name = ? WHERE id = ?').run(clean, campaignId);
    return requireCampaign(db, campaignId);
  })();
}

/** A copy of a campaign: the same levels (shared, not copied), chapters, pins, rules and settings. */
export function duplicateCampaign(db: LibraryDatabase, campaignId: number, name?: string): Campaign {
  return db.transaction(() => {
    const source = requireCampaign(db, campaignId);
    const copy = createCampaign(db, { ...source, name: uniqueCampaignName(db, name ? cleanName(name) : `${source.name} copy`) });
    prepared(db, 'UPDATE campaigns SET curve_json = (SELECT curve_json FROM campaigns WHERE id = ?) WHERE id = ?').run(campaignId, copy.id);
    const layout = readLayout(db, campaignId);
    let next = newChapterId(db);
    const ids = new Map(layout.chapters.map((c) => [c.id, next++]));
    writeLayouts(db, [{
      campaignId: copy.id,
      chapters: layout.chapters.map((c) => ({ id: ids.get(c.id)!, name: c.name })),
      levels: layout.levels.map((l) => ({ ...l, chapterId: l.chapterId === null ? null : ids.get(l.chapterId)! })),
    }], { sameLevels: false });
    return copy;
  })();
}

/** Deletes a campaign, kept aside for `restoreCampaign`; the id of the removal. */
export function removeCampaign(db: LibraryDatabase, campaignId: number): number {
  return db.transaction(() => {
    requireCampaign(db, campaignId);
    const row = prepared(db, 'SELECT * FROM campaigns WHERE id = ?').get(campaignId) as CampaignColumns;
    const layout = readLayout(db, campaignId);
    const info = prepared(db, 'INSERT INTO removed_campaigns (campaign_id, campaign_json, layout_json, removed_at) VALUES (?, ?, ?, ?)')
      .run(campaignId, JSON.stringify(row), JSON.stringify(layout), timestamp());
    prepared(db, 'DELETE FROM campaigns WHERE id = ?').run(campaignId);
    return Number(info.lastInsertRowid);
  })();
}

/** Brings a deleted campaign back with its id, order, chapters and pins (its levels that still exist). */
export function restoreCampaign(db: LibraryDatabase, removalId: number): Campaign {
  return db.transaction(() => {
    const removal = prepared(db, 'SELECT * FROM removed_campaigns WHERE id = ?').get(removalId) as { campaign_json: string; layout_json: string } | undefined;
    if (!removal) throw new LibraryNotFoundError(`There is no deleted campaign ${removalId} to bring back (it may have been brought back already).`);
    const row = parseJsonColumn<CampaignColumns & { curve_json?: string }>(removal.campaign_json, null as never);
    const layout = parseJsonColumn<CampaignLayout>(removal.layout_json, null as never);
    const name = uniqueCampaignName(db, row.name);
    const ruleset = getRuleset(db, row.ruleset_id) ? row.ruleset_id : null;
    if (ruleset === null) throw new LibraryNotFoundError(`The ruleset of '${row.name}' no longer exists.`);
    prepared(db, `INSERT INTO campaigns (id, name, kind, ruleset_id, title, author, comments_json, notes_json, credit, created_at, curve_json)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(row.id, name, row.kind, ruleset, row.title, row.author, row.comments_json, row.notes_json, row.credit, row.created_at, row.curve_json ?? '{}');
    const exists = prepared(db, 'SELECT 1 FROM levels WHERE id = ?');
    writeLayouts(db, [{ ...layout, levels: layout.levels.filter((l) => exists.get(l.levelId)) }], { sameLevels: false });
    prepared(db, 'DELETE FROM removed_campaigns WHERE id = ?').run(removalId);
    return campaignFromColumns(prepared(db, 'SELECT * FROM campaigns WHERE id = ?').get(row.id) as CampaignColumns);
  })();
}

/** Drops deletions older than `days` and the levels no campaign (and no pending undo) holds. */
export function purgeRemovedCampaigns(db: LibraryDatabase, days = 30, now: Date = new Date()): number {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  return db.transaction(() => {
    const old = prepared(db, 'SELECT id, layout_json FROM removed_campaigns WHERE removed_at < ?').all(before) as { id: number; layout_json: string }[];
    let dropped = 0;
    const orphan = prepared(db, `DELETE FROM levels WHERE id = ? AND NOT EXISTS (SELECT 1 FROM campaign_levels WHERE level_id = ?)
      AND NOT EXISTS (SELECT 1 FROM removed_levels WHERE level_id = ?)`);
    for (const { id, layout_json } of old) {
      prepared(db, 'DELETE FROM removed_campaigns WHERE id = ?').run(id);
      const held = new Set((prepared(db, 'SELECT layout_json FROM removed_campaigns').all() as { layout_json: string }[])
        .flatMap((r) => parseJsonColumn<CampaignLayout | null>(r.layout_json, null)?.levels.map((l) => l.levelId) ?? []));
      for (const level of parseJsonColumn<CampaignLayout | null>(layout_json, null)?.levels ?? []) {
        if (!held.has(level.levelId)) dropped += orphan.run(level.levelId, level.levelId, level.levelId).changes;
      }
    }
    return dropped;
  })();
}

/**
 * The campaign gets its own ruleset: a copy of its current config under a new name, so a rule
 * change stops reaching the campaigns it shared with. Same config, same fingerprint: nothing goes stale.
 */
export function copyRulesForCampaign(db: LibraryDatabase, campaignId: number, name?: string): Campaign {
  return db.transaction(() => {
    const campaign = requireCampaign(db, campaignId);
    const current = currentRules(db, campaign.rulesetId);
    const taken = prepared(db, 'SELECT 1 FROM rulesets WHERE kind = ? AND name = ?');
    let wanted = (name ?? `${campaign.name} rules`).trim() || `${campaign.name} rules`;
    for (let n = 2; taken.get(campaign.kind, wanted); n++) wanted = `${name ?? `${campaign.name} rules`} (${n})`;
    const { ruleset } = createRuleset(db, { kind: campaign.kind, name: wanted, config: current.config, note: `copied from '${current.name}' for '${campaign.name}'` });
    return setCampaignRuleset(db, campaignId, ruleset.id);
  })();
}
