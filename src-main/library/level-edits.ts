/**
 * A campaign's levels as the editor changes them: a new level (an empty room or a copy) placed
 * after the selected one, a level taken out (kept aside so the editor can put it back where it
 * was), a rename. Positions stay 1..n without gaps.
 */
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError, LibraryNotFoundError } from './errors.ts';
import { requireCampaign } from './campaigns.ts';
import { getLevel, insertValidatedLevel, updateLevelContent, validateLevelDoc } from './levels.ts';
import { getDraft } from './drafts.ts';
import { prepared, timestamp } from './statements.ts';

/** Removed levels are kept this long for an undo, then dropped if no campaign holds them. */
export const REMOVED_LEVEL_DAYS = 30;

function positionOf(db: LibraryDatabase, campaignId: number, levelId: number): number | undefined {
  const row = prepared(db, 'SELECT position FROM campaign_levels WHERE campaign_id = ? AND level_id = ? ORDER BY position LIMIT 1').get(campaignId, levelId) as { position: number } | undefined;
  return row?.position;
}

/** Makes room at `position` (positions from it move one down); two steps, since positions are a key. */
function openSlot(db: LibraryDatabase, campaignId: number, position: number): void {
  prepared(db, 'UPDATE campaign_levels SET position = -(position + 1) WHERE campaign_id = ? AND position >= ?').run(campaignId, position);
  prepared(db, 'UPDATE campaign_levels SET position = -position WHERE campaign_id = ? AND position < 0').run(campaignId);
}

function closeSlot(db: LibraryDatabase, campaignId: number, position: number): void {
  prepared(db, 'UPDATE campaign_levels SET position = -(position - 1) WHERE campaign_id = ? AND position > ?').run(campaignId, position);
  prepared(db, 'UPDATE campaign_levels SET position = -position WHERE campaign_id = ? AND position < 0').run(campaignId);
}

function levelCount(db: LibraryDatabase, campaignId: number): number {
  return (prepared(db, 'SELECT count(*) AS n FROM campaign_levels WHERE campaign_id = ?').get(campaignId) as { n: number }).n;
}

/** A new hand-made level of the campaign's kind, placed after `afterLevelId` (or last); titled "Level N" when its document has no title. */
export function createLevelInCampaign(db: LibraryDatabase, campaignId: number, doc: unknown, afterLevelId?: number | null): { levelId: number; position: number } {
  return db.transaction(() => {
    const campaign = requireCampaign(db, campaignId);
    const checked = validateLevelDoc(campaign.kind, doc);
    let position = levelCount(db, campaignId) + 1;
    if (afterLevelId !== undefined && afterLevelId !== null) {
      const after = positionOf(db, campaignId, afterLevelId);
      if (after === undefined) throw new LibraryNotFoundError(`Level ${afterLevelId} is not in the campaign '${campaign.name}'.`);
      position = after + 1;
    }
    // A level is never written untitled (a list, a delete banner, an export would show a bare number).
    const titled = typeof checked.title === 'string' && checked.title.trim() !== '' ? checked : { ...checked, title: `Level ${position}` };
    const levelId = insertValidatedLevel(db, campaign.kind, titled, 'hand', null);
    openSlot(db, campaignId, position);
    prepared(db, 'INSERT INTO campaign_levels (campaign_id, position, level_id) VALUES (?, ?, ?)').run(campaignId, position, levelId);
    return { levelId, position };
  })();
}

/** Takes a level out of a campaign, kept aside for `restoreRemovedLevel`; the id of the removal. */
export function removeLevelFromCampaign(db: LibraryDatabase, campaignId: number, levelId: number): number {
  return db.transaction(() => {
    const campaign = requireCampaign(db, campaignId);
    const position = positionOf(db, campaignId, levelId);
    if (position === undefined) throw new LibraryNotFoundError(`Level ${levelId} is not in the campaign '${campaign.name}'.`);
    prepared(db, 'DELETE FROM campaign_levels WHERE campaign_id = ? AND position = ?').run(campaignId, position);
    closeSlot(db, campaignId, position);
    return Number(prepared(db, 'INSERT INTO removed_levels (level_id, campaign_id, position, removed_at) VALUES (?, ?, ?, ?)').run(levelId, campaignId, position, timestamp()).lastInsertRowid);
  })();
}

/** Puts a removed level back at its old position (or last, if the campaign got shorter). */
export function restoreRemovedLevel(db: LibraryDatabase, removalId: number): { levelId: number; campaignId: number; position: number } {
  return db.transaction(() => {
    const row = prepared(db, 'SELECT * FROM removed_levels WHERE id = ?').get(removalId) as { level_id: number; campaign_id: number; position: number } | undefined;
    if (!row) throw new LibraryNotFoundError(`There is no removed level ${removalId} to put back (it may have been put back already).`);
    const position = Math.min(row.position, levelCount(db, row.campaign_id) + 1);
    openSlot(db, row.campaign_id, position);
    prepared(db, 'INSERT INTO campaign_levels (campaign_id, position, level_id) VALUES (?, ?, ?)').run(row.campaign_id, position, row.level_id);
    prepared(db, 'DELETE FROM removed_levels WHERE id = ?').run(removalId);
    return { levelId: row.level_id, campaignId: row.campaign_id, position };
  })();
}

/** Drops removals older than `days` and the levels no campaign holds any more. */
export function purgeRemovedLevels(db: LibraryDatabase, days: number = REMOVED_LEVEL_DAYS, now: Date = new Date()): number {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  return db.transaction(() => {
    const old = prepared(db, 'SELECT id, level_id FROM removed_levels WHERE removed_at < ?').all(before) as { id: number; level_id: number }[];
    let dropped = 0;
    for (const { id, level_id } of old) {
      prepared(db, 'DELETE FROM removed_levels WHERE id = ?').run(id);
      dropped += prepared(db, 'DELETE FROM levels WHERE id = ? AND NOT EXISTS (SELECT 1 FROM campaign_levels WHERE level_id = ?) AND NOT EXISTS (SELECT 1 FROM removed_levels WHERE level_id = ?)').run(level_id, level_id, level_id).changes;
    }
    return dropped;
  })();
}

/** A new title (the content hash ignores it, so proofs stay current); a draft is renamed with it. */
export function renameLevel(db: LibraryDatabase, levelId: number, title: string): void {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (clean.length > 200) throw new LibraryInputError('A level title is at most 200 characters.');
  db.transaction(() => {
    const level = getLevel(db, levelId);
    if (!level) throw new LibraryNotFoundError(`Level ${levelId} does not exist.`);
    const { title: _old, ...rest } = level.doc;
    updateLevelContent(db, levelId, clean ? { ...rest, title: clean } : rest);
    const draft = getDraft(db, levelId);
    if (draft) {
      const { title: _draftTitle, ...draftRest } = draft.doc;
      prepared(db, 'UPDATE drafts SET content_json = ? WHERE level_id = ?').run(JSON.stringify(clean ? { ...draftRest, title: clean } : draftRest), levelId);
    }
  })();
}
