/**
 * A campaign's order, chapters and pins as stored (migration 11), read and written whole as a
 * `CampaignLayout` (src-shared/campaign/layout.ts). Every curation computes the next layout with
 * a pure function and writes it here in one transaction; an undo writes the layout from before.
 */
import { groupByChapter, type CampaignLayout } from '../../src-shared/campaign/layout.ts';
import { curveSettingsSchema, type CurveSettings } from '../../src-shared/campaign/checks.ts';
import { applyCuration, transferLevels, type CurationOp } from '../../src-shared/campaign/curation.ts';
import { requireCampaign } from './campaigns.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError } from './errors.ts';
import { parseJsonColumn, prepared } from './statements.ts';

export function readLayout(db: LibraryDatabase, campaignId: number): CampaignLayout {
  requireCampaign(db, campaignId);
  const chapters = prepared(db, 'SELECT id, name FROM campaign_chapters WHERE campaign_id = ? ORDER BY ord, id').all(campaignId) as { id: number; name: string }[];
  const rows = prepared(db, 'SELECT level_id, chapter_id, pinned FROM campaign_levels WHERE campaign_id = ? ORDER BY position').all(campaignId) as { level_id: number; chapter_id: number | null; pinned: number }[];
  return { campaignId, chapters, levels: rows.map((r) => ({ levelId: r.level_id, chapterId: r.chapter_id, pinned: r.pinned === 1 })) };
}

/** Multiset of level ids, to check that a write keeps the same levels. */
function levelCounts(ids: Iterable<number>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

function sameCounts(a: Map<number, number>, b: Map<number, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, n] of a) if (b.get(id) !== n) return false;
  return true;
}

/**
 * Writes layouts in one transaction. `sameLevels`: the levels of all the given campaigns together
 * must be the ones they hold now (a move or an undo, including between campaigns); a layout that
 * no longer matches (something else changed the campaign) is refused and nothing is written.
 */
export function writeLayouts(db: LibraryDatabase, layouts: readonly CampaignLayout[], options: { sameLevels: boolean } = { sameLevels: true }): void {
  db.transaction(() => {
    const campaigns = layouts.map((l) => requireCampaign(db, l.campaignId));
    if (new Set(campaigns.map((c) => c.id)).size !== campaigns.length) throw new LibraryInputError('A campaign is given twice.');
    const now = layouts.map((l) => readLayout(db, l.campaignId));
    if (options.sameLevels) {
      const held = levelCounts(now.flatMap((l) => l.levels.map((x) => x.levelId)));
      const next = levelCounts(layouts.flatMap((l) => l.levels.map((x) => x.levelId)));
      if (!sameCounts(held, next)) throw new LibraryInputError('The campaign changed meanwhile (levels were added or removed): refresh and try again.');
    }
    const kindOf = prepared(db, 'SELECT kind FROM levels WHERE id = ?');
    layouts.forEach((layout, i) => {
      const campaign = campaigns[i];
      const before = now[i].levels;
      // Only a level new to this campaign needs its kind checked.
      const present = new Set(before.map((l) => l.levelId));
      for (const level of layout.levels) {
        if (present.has(level.levelId)) continue;
        const row = kindOf.get(level.levelId) as { kind: string } | undefined;
        if (!row || row.kind !== campaign.kind) throw new LibraryInputError(`Level ${level.levelId} cannot join the ${campaign.kind} campaign '${campaign.name}'.`);
      }
      writeChapters(db, campaign.id, layout);
      const levels = groupByChapter(layout.levels, layout.chapters);
      const same = (p: number) => {
        const a = before[p];
        const b = levels[p];
        return a !== undefined && b !== undefined && a.levelId === b.levelId && a.chapterId === b.chapterId && a.pinned === b.pinned;
      };
      const insert = prepared(db, 'INSERT INTO campaign_levels (campaign_id, position, level_id, chapter_id, pinned) VALUES (?, ?, ?, ?, ?)');
      const changed = levels.map((_, p) => p).filter((p) => !same(p));
      // A move rewrites the positions between its two ends; the rows outside stay as they are.
      if (changed.length > levels.length / 2) {
        prepared(db, 'DELETE FROM campaign_levels WHERE campaign_id = ?').run(campaign.id);
        levels.forEach((l, p) => insert.run(campaign.id, p + 1, l.levelId, l.chapterId, l.pinned ? 1 : 0));
      } else {
        prepared(db, 'DELETE FROM campaign_levels WHERE campaign_id = ? AND position > ?').run(campaign.id, levels.length);
        const drop = prepared(db, 'DELETE FROM campaign_levels WHERE campaign_id = ? AND position = ?');
        for (const p of changed) drop.run(campaign.id, p + 1);
        for (const p of changed) insert.run(campaign.id, p + 1, levels[p].levelId, levels[p].chapterId, levels[p].pinned ? 1 : 0);
      }
    });
  })();
}

/** The layout's chapters become the campaign's: renamed, reordered, re-created (an undo) or dropped. */
function writeChapters(db: LibraryDatabase, campaignId: number, layout: CampaignLayout): void {
  const owner = prepared(db, 'SELECT campaign_id FROM campaign_chapters WHERE id = ?');
  const keep = new Set(layout.chapters.map((c) => c.id));
  // A dropped chapter's levels let go of it by the key's ON DELETE SET NULL; their rows are rewritten after.
  for (const { id } of prepared(db, 'SELECT id FROM campaign_chapters WHERE campaign_id = ?').all(campaignId) as { id: number }[]) {
    if (!keep.has(id)) prepared(db, 'DELETE FROM campaign_chapters WHERE id = ?').run(id);
  }
  layout.chapters.forEach((chapter, ord) => {
    const row = owner.get(chapter.id) as { campaign_id: number } | undefined;
    if (row && row.campaign_id !== campaignId) throw new LibraryInputError(`Chapter ${chapter.id} belongs to another campaign.`);
    if (row) prepared(db, 'UPDATE campaign_chapters SET name = ?, ord = ? WHERE id = ?').run(chapter.name, ord, chapter.id);
    else prepared(db, 'INSERT INTO campaign_chapters (id, campaign_id, name, ord) VALUES (?, ?, ?, ?)').run(chapter.id, campaignId, chapter.name, ord);
  });
}

/** A new chapter row's id (the layout functions need it before the layout is written). */
export function newChapterId(db: LibraryDatabase): number {
  const row = prepared(db, 'SELECT coalesce(max(id), 0) + 1 AS id FROM campaign_chapters').get() as { id: number };
  // Ids of chapters dropped since (an undo may bring them back) are never reused: count those kept aside too.
  const held = prepared(db, 'SELECT layout_json FROM removed_campaigns').all() as { layout_json: string }[];
  let max = row.id;
  for (const { layout_json } of held) for (const c of parseJsonColumn<CampaignLayout | null>(layout_json, null)?.chapters ?? []) max = Math.max(max, c.id + 1);
  return max;
}

export function readCurveSettings(db: LibraryDatabase, campaignId: number): CurveSettings {
  requireCampaign(db, campaignId);
  const row = prepared(db, 'SELECT curve_json FROM campaigns WHERE id = ?').get(campaignId) as { curve_json: string };
  const parsed = curveSettingsSchema.safeParse(parseJsonColumn<unknown>(row.curve_json, {}));
  return parsed.success ? parsed.data : curveSettingsSchema.parse({});
}

export function writeCurveSettings(db: LibraryDatabase, campaignId: number, settings: Partial<CurveSettings>): CurveSettings {
  const merged = curveSettingsSchema.safeParse({ ...readCurveSettings(db, campaignId), ...settings });
  if (!merged.success) throw new LibraryInputError(`Those check settings are refused: ${merged.error.issues[0]?.path.join('.')}: ${merged.error.issues[0]?.message}.`);
  prepared(db, 'UPDATE campaigns SET curve_json = ? WHERE id = ?').run(JSON.stringify(merged.data), campaignId);
  return merged.data;
}

/** What a curation changed: the layouts before (its undo) and after. */
export interface LayoutChange {
  readonly before: CampaignLayout[];
  readonly after: CampaignLayout[];
}

/** A wrong level or chapter in a curation is the caller's mistake. */
function asInput<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RangeError) throw new LibraryInputError(error.message);
    throw error;
  }
}

/** One curation (move, pin, chapters) in one transaction. */
export function editCampaign(db: LibraryDatabase, campaignId: number, op: CurationOp): LayoutChange {
  return db.transaction(() => {
    const before = readLayout(db, campaignId);
    const after = asInput(() => applyCuration(before, op, () => newChapterId(db)));
    writeLayouts(db, [after]);
    return { before: [before], after: [readLayout(db, campaignId)] };
  })();
}

/** Cut from one campaign and paste into another of the same kind, in one transaction. */
export function transferLevelsBetween(db: LibraryDatabase, fromCampaignId: number, toCampaignId: number, levelIds: readonly number[], at?: number): LayoutChange {
  if (fromCampaignId === toCampaignId) throw new LibraryInputError('Cut and paste into the same campaign is a move.');
  return db.transaction(() => {
    const before = [readLayout(db, fromCampaignId), readLayout(db, toCampaignId)];
    const after = asInput(() => transferLevels(before[0], before[1], levelIds, at));
    writeLayouts(db, after);
    return { before, after: [readLayout(db, fromCampaignId), readLayout(db, toCampaignId)] };
  })();
}

/** Whole layouts written back (an undo, a redo, an accepted suggestion), checked to hold the same levels. */
export function restoreLayouts(db: LibraryDatabase, layouts: readonly CampaignLayout[]): LayoutChange {
  return db.transaction(() => {
    const before = layouts.map((l) => readLayout(db, l.campaignId));
    writeLayouts(db, layouts);
    return { before, after: layouts.map((l) => readLayout(db, l.campaignId)) };
  })();
}
