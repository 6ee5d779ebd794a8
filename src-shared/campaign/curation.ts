/**
 * The curation operations the Campaign view, the CLI and scripts ask for, by level id (never by
 * position, which any other change moves), each turned into the next layout by one pure function.
 */
import { z } from 'zod';
import { assignChapter, moveLevels, removeChapter, setPinned, splitChapter, type CampaignLayout } from './layout.ts';

const id = z.int().min(1).max(Number.MAX_SAFE_INTEGER);
const ids = z.array(id).min(1).max(200_000);
const chapterName = z.string().trim().min(1).max(200);

export const curationOpSchema = z.discriminatedUnion('type', [
  /** The levels as one block, its first at 1-based `to`; into `chapterId` when given. */
  z.object({ type: z.literal('move'), levelIds: ids, to: z.int().min(1), chapterId: id.nullable().optional() }).strict(),
  z.object({ type: z.literal('pin'), levelIds: ids, pinned: z.boolean() }).strict(),
  /** A new chapter from this level to the end of the chapter that held it. */
  z.object({ type: z.literal('chapter-add'), name: chapterName, fromLevelId: id }).strict(),
  z.object({ type: z.literal('chapter-rename'), chapterId: id, name: chapterName }).strict(),
  /** The levels from one to the other (inclusive, in campaign order) join the chapter (null: none). */
  z.object({ type: z.literal('chapter-assign'), chapterId: id.nullable(), fromLevelId: id, toLevelId: id }).strict(),
  z.object({ type: z.literal('chapter-remove'), chapterId: id }).strict(),
]);
export type CurationOp = z.infer<typeof curationOpSchema>;

function indexOf(layout: CampaignLayout, levelId: number): number {
  const i = layout.levels.findIndex((l) => l.levelId === levelId);
  if (i < 0) throw new RangeError(`Level ${levelId} is not in the campaign.`);
  return i;
}

function requireChapter(layout: CampaignLayout, chapterId: number): void {
  if (!layout.chapters.some((c) => c.id === chapterId)) throw new RangeError(`The campaign has no chapter ${chapterId}.`);
}

/** The layout after `op`; `newChapterId` gives a new chapter its id. Throws RangeError for a wrong level or chapter. */
export function applyCuration(layout: CampaignLayout, op: CurationOp, newChapterId: () => number): CampaignLayout {
  switch (op.type) {
    case 'move': {
      if (op.chapterId != null) requireChapter(layout, op.chapterId);
      return moveLevels(layout, { indices: op.levelIds.map((l) => indexOf(layout, l)), to: op.to - 1, chapterId: op.chapterId });
    }
    case 'pin':
      return setPinned(layout, op.levelIds.map((l) => indexOf(layout, l)), op.pinned);
    case 'chapter-add':
      return splitChapter(layout, indexOf(layout, op.fromLevelId), { id: newChapterId(), name: op.name });
    case 'chapter-rename':
      requireChapter(layout, op.chapterId);
      return { ...layout, chapters: layout.chapters.map((c) => (c.id === op.chapterId ? { ...c, name: op.name } : c)) };
    case 'chapter-assign': {
      const a = indexOf(layout, op.fromLevelId);
      const b = indexOf(layout, op.toLevelId);
      return assignChapter(layout, Math.min(a, b), Math.max(a, b), op.chapterId);
    }
    case 'chapter-remove':
      requireChapter(layout, op.chapterId);
      return removeChapter(layout, op.chapterId);
  }
}

/**
 * Cut from one campaign, paste into another at 1-based `to` (last by default): the levels leave
 * the first and join the second, in their order, without a chapter or pin unless `chapterId`.
 */
export function transferLevels(from: CampaignLayout, to: CampaignLayout, levelIds: readonly number[], at?: number, chapterId?: number | null): [CampaignLayout, CampaignLayout] {
  const moving = new Set(levelIds);
  for (const l of levelIds) indexOf(from, l);
  const already = to.levels.find((l) => moving.has(l.levelId));
  if (already) throw new RangeError(`Level ${already.levelId} is in that campaign already.`);
  const leaving = from.levels.filter((l) => moving.has(l.levelId));
  const appended: CampaignLayout = { ...to, levels: [...to.levels, ...leaving.map((l) => ({ levelId: l.levelId, chapterId: null, pinned: false }))] };
  const start = to.levels.length;
  const placed = moveLevels(appended, { indices: leaving.map((_, k) => start + k), to: (at ?? start + 1) - 1, chapterId });
  return [{ ...from, levels: from.levels.filter((l) => !moving.has(l.levelId)) }, placed];
}
