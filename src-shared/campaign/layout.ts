/**
 * A campaign's order as a value: its levels in order, each with its chapter and pin, and its
 * chapters in order. Every curation (a move, a multi-move, a chapter, a pin, "suggest order") is
 * a pure function from one layout to the next, so the library stores the result in one
 * transaction and an undo is the layout before.
 */
import { z } from 'zod';

const id = z.int().min(1).max(Number.MAX_SAFE_INTEGER);

export const layoutLevelSchema = z.object({ levelId: id, chapterId: id.nullable(), pinned: z.boolean() }).strict();
export type LayoutLevel = z.infer<typeof layoutLevelSchema>;

export const chapterSchema = z.object({ id, name: z.string().trim().min(1).max(200) }).strict();
export type Chapter = z.infer<typeof chapterSchema>;

export const campaignLayoutSchema = z
  .object({ campaignId: id, chapters: z.array(chapterSchema).max(10_000), levels: z.array(layoutLevelSchema).max(200_000) })
  .strict();
export type CampaignLayout = z.infer<typeof campaignLayoutSchema>;

/**
 * Levels stably sorted by their chapter's order (no chapter first), so each chapter is one run.
 * A level whose chapter is not in `chapters` loses it.
 */
export function groupByChapter(levels: readonly LayoutLevel[], chapters: readonly Chapter[]): LayoutLevel[] {
  const rank = new Map(chapters.map((c, i) => [c.id, i]));
  const known = levels.map((l) => (l.chapterId !== null && !rank.has(l.chapterId) ? { ...l, chapterId: null } : l));
  return known
    .map((level, index) => ({ level, index, rank: level.chapterId === null ? -1 : rank.get(level.chapterId)! }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((e) => e.level);
}

/**
 * Puts `flow` into the slots of `total` that the pinned levels (`fixed`, by index) leave free, in
 * order: pinned levels never move when others do.
 */
function fillAroundPins<T>(total: number, fixed: ReadonlyMap<number, T>, flow: readonly T[]): T[] {
  const out: T[] = new Array(total);
  let next = 0;
  for (let i = 0; i < total; i++) out[i] = fixed.has(i) ? fixed.get(i)! : flow[next++];
  return out;
}

/** Indices of the slots pinned levels hold, apart from those in `moving`. */
function pinnedSlots<T extends LayoutLevel>(levels: readonly T[], moving: ReadonlySet<number>): Map<number, T> {
  const fixed = new Map<number, T>();
  levels.forEach((l, i) => {
    if (l.pinned && !moving.has(i)) fixed.set(i, l);
  });
  return fixed;
}

export interface MoveRequest {
  /** 0-based indices of the levels to move (any order; they keep their relative order). */
  readonly indices: readonly number[];
  /** 0-based index in the result where the first moved level should land (the next free slot if a pin holds it). */
  readonly to: number;
  /** The chapter the moved levels join; by default the chapter of the level before them (else after). */
  readonly chapterId?: number | null;
}

/**
 * Moves some levels as one block. Pinned levels that are not moved keep their indices; moved
 * pinned levels keep their pin at the new place. Chapters stay contiguous.
 */
export function moveLevels(layout: CampaignLayout, move: MoveRequest): CampaignLayout {
  const n = layout.levels.length;
  const moving = new Set(move.indices);
  for (const i of moving) if (!Number.isInteger(i) || i < 0 || i >= n) throw new RangeError(`No level at position ${i + 1} (the campaign has ${n}).`);
  if (moving.size === 0) return layout;
  const fixed = pinnedSlots(layout.levels, moving);
  const block = [...moving].sort((a, b) => a - b).map((i) => layout.levels[i]);
  const free = layout.levels.filter((l, i) => !moving.has(i) && !fixed.has(i));
  const to = Math.max(0, Math.min(Math.trunc(move.to), n - 1));
  // The block starts at the first free slot at or after `to`: count the free slots before it.
  let before = 0;
  for (let i = 0; i < to; i++) if (!fixed.has(i)) before++;
  before = Math.min(before, free.length);
  const flow = [...free.slice(0, before), ...block, ...free.slice(before)];
  const placed = fillAroundPins(n, fixed, flow);
  const start = placed.indexOf(block[0]);
  const chapterId = move.chapterId !== undefined ? move.chapterId : neighbourChapter(placed, start, start + block.length - 1, new Set(block));
  const withChapter = placed.map((l) => (block.includes(l) ? { ...l, chapterId } : l));
  return { ...layout, levels: groupByChapter(withChapter, layout.chapters) };
}

function neighbourChapter(levels: readonly LayoutLevel[], first: number, last: number, moved: ReadonlySet<LayoutLevel>): number | null {
  for (let i = first - 1; i >= 0; i--) if (!moved.has(levels[i])) return levels[i].chapterId;
  for (let i = last + 1; i < levels.length; i++) if (!moved.has(levels[i])) return levels[i].chapterId;
  return null;
}

/** Replaces the order of some levels (a chapter's, for "suggest order"), pinned ones staying where they are. */
export function reorderAroundPins(layout: CampaignLayout, indices: readonly number[], newOrder: readonly number[]): CampaignLayout {
  const slots = [...indices].sort((a, b) => a - b);
  const chosen = new Set(slots);
  if (newOrder.length !== slots.length || newOrder.some((i) => !chosen.has(i)) || new Set(newOrder).size !== newOrder.length) {
    throw new RangeError('The new order must list the same levels.');
  }
  const movable = newOrder.filter((i) => !layout.levels[i].pinned);
  const levels = [...layout.levels];
  let next = 0;
  for (const slot of slots) if (!layout.levels[slot].pinned) levels[slot] = layout.levels[movable[next++]];
  return { ...layout, levels };
}

/** Pins or unpins levels (by index). */
export function setPinned(layout: CampaignLayout, indices: readonly number[], pinned: boolean): CampaignLayout {
  const chosen = new Set(indices);
  return { ...layout, levels: layout.levels.map((l, i) => (chosen.has(i) ? { ...l, pinned } : l)) };
}

/**
 * A new chapter starting at `from` (0-based) and running to the end of the chapter that held that
 * level: the chapter is split there. `chapterId` is the new chapter's id (the library gives it).
 */
export function splitChapter(layout: CampaignLayout, from: number, chapter: Chapter): CampaignLayout {
  const at = layout.levels[from];
  if (!at) throw new RangeError(`No level at position ${from + 1}.`);
  const old = at.chapterId;
  const oldRank = old === null ? -1 : layout.chapters.findIndex((c) => c.id === old);
  const chapters = [...layout.chapters.slice(0, oldRank + 1), chapter, ...layout.chapters.slice(oldRank + 1)];
  const levels = layout.levels.map((l, i) => (i >= from && l.chapterId === old ? { ...l, chapterId: chapter.id } : l));
  return { ...layout, chapters, levels };
}

/** Levels `from`..`to` (0-based, inclusive) join a chapter (null: none); they move to its run, in order. */
export function assignChapter(layout: CampaignLayout, from: number, to: number, chapterId: number | null): CampaignLayout {
  if (from < 0 || to >= layout.levels.length || from > to) throw new RangeError(`No range ${from + 1}..${to + 1} in a campaign of ${layout.levels.length}.`);
  if (chapterId !== null && !layout.chapters.some((c) => c.id === chapterId)) throw new RangeError(`No chapter ${chapterId}.`);
  const levels = layout.levels.map((l, i) => (i >= from && i <= to ? { ...l, chapterId } : l));
  return { ...layout, levels: groupByChapter(levels, layout.chapters) };
}

/** A chapter removed: its levels belong to the chapter before (or to none), in place. */
export function removeChapter(layout: CampaignLayout, chapterId: number): CampaignLayout {
  const rank = layout.chapters.findIndex((c) => c.id === chapterId);
  if (rank < 0) throw new RangeError(`No chapter ${chapterId}.`);
  const heir = rank > 0 ? layout.chapters[rank - 1].id : null;
  return {
    ...layout,
    chapters: layout.chapters.filter((c) => c.id !== chapterId),
    levels: layout.levels.map((l) => (l.chapterId === chapterId ? { ...l, chapterId: heir } : l)),
  };
}

/** Index ranges of each chapter run in order (the levels before the first chapter have chapterId null). */
export function chapterRuns(layout: CampaignLayout): { chapterId: number | null; from: number; to: number }[] {
  const runs: { chapterId: number | null; from: number; to: number }[] = [];
  layout.levels.forEach((l, i) => {
    const last = runs[runs.length - 1];
    if (last && last.chapterId === l.chapterId) last.to = i;
    else runs.push({ chapterId: l.chapterId, from: i, to: i });
  });
  return runs;
}
