/**
 * Drafts: the level editor's unsaved work, one per level, written on every (debounced) edit in a
 * transaction of its own, so neither a reload nor a killed host loses an edit. Save makes the
 * draft the level (rehashed: its old verifications and recordings stay, now stale); Revert drops it.
 */
import { levelContentHash } from '../../src-shared/engine/fingerprint.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryNotFoundError } from './errors.ts';
import { getLevel, updateLevelContent, validateLevelDoc, type LevelDoc, type LevelRecord } from './levels.ts';
import { parseJsonColumn, prepared, timestamp } from './statements.ts';

export interface Draft {
  readonly levelId: number;
  readonly doc: LevelDoc;
  /** The content hash of the draft itself. */
  readonly contentHash: string;
  /** The level's content hash when the draft began (another now: the level changed meanwhile). */
  readonly baseHash: string;
  readonly updatedAt: string;
}

interface DraftColumns {
  level_id: number;
  content_json: string;
  base_hash: string;
  updated_at: string;
}

function requireLevel(db: LibraryDatabase, levelId: number): LevelRecord {
  const level = getLevel(db, levelId);
  if (!level) throw new LibraryNotFoundError(`Level ${levelId} does not exist.`);
  return level;
}

export function getDraft(db: LibraryDatabase, levelId: number): Draft | undefined {
  const row = prepared(db, 'SELECT d.*, l.kind FROM drafts d JOIN levels l ON l.id = d.level_id WHERE d.level_id = ?').get(levelId) as (DraftColumns & { kind: string }) | undefined;
  if (!row) return undefined;
  const doc = parseJsonColumn<LevelDoc>(row.content_json, {}, `the draft of level ${row.level_id}: its content_json`);
  return { levelId: row.level_id, doc, contentHash: levelContentHash(row.kind, doc), baseHash: row.base_hash, updatedAt: row.updated_at };
}

/** Writes the draft of a level (checked against its kind's schema); the first write notes what it started from. */
export function saveDraft(db: LibraryDatabase, levelId: number, doc: unknown): Draft {
  return db.transaction(() => {
    const level = requireLevel(db, levelId);
    const checked = validateLevelDoc(level.kind, doc);
    prepared(
      db,
      'INSERT INTO drafts (level_id, content_json, base_hash, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (level_id) DO UPDATE SET content_json = excluded.content_json, updated_at = excluded.updated_at',
    ).run(levelId, JSON.stringify(checked), level.contentHash, timestamp());
    return getDraft(db, levelId)!;
  })();
}

export function discardDraft(db: LibraryDatabase, levelId: number): boolean {
  return db.transaction(() => prepared(db, 'DELETE FROM drafts WHERE level_id = ?').run(levelId).changes > 0)();
}

/** The draft becomes the level, in one transaction; undefined when there is no draft. */
export function commitDraft(db: LibraryDatabase, levelId: number): LevelRecord | undefined {
  return db.transaction(() => {
    const draft = getDraft(db, levelId);
    if (!draft) return undefined;
    const level = updateLevelContent(db, levelId, draft.doc);
    prepared(db, 'DELETE FROM drafts WHERE level_id = ?').run(levelId);
    return level;
  })();
}

/** An unsaved draft as the start of a session offers it: whose level, in which campaign, since when. */
export interface DraftSummary {
  readonly levelId: number;
  readonly levelTitle: string | null;
  readonly campaignId: number;
  readonly campaignName: string;
  readonly position: number;
  readonly updatedAt: string;
}

/**
 * Every draft of a level still in a campaign, newest first: what was left unsaved, offered at
 * once rather than only when its level is opened again. A level taken out of its campaign keeps
 * its draft (put back, it is offered again) but is not listed.
 */
export function listDrafts(db: LibraryDatabase): DraftSummary[] {
  return prepared(
    db,
    `SELECT d.level_id AS levelId, l.title AS levelTitle, c.id AS campaignId, c.name AS campaignName,
            cl.position AS position, d.updated_at AS updatedAt
       FROM drafts d
       JOIN levels l ON l.id = d.level_id
       JOIN campaign_levels cl ON cl.level_id = d.level_id
       JOIN campaigns c ON c.id = cl.campaign_id
      WHERE cl.campaign_id = (SELECT MIN(campaign_id) FROM campaign_levels WHERE level_id = d.level_id)
      ORDER BY d.updated_at DESC, d.level_id`,
  ).all() as DraftSummary[];
}
