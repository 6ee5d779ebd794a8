/** Campaign layouts (issue 23): moves as one block around pins, chapters kept contiguous, transfers. */
import { describe, expect, it } from 'vitest';
import { applyCuration, transferLevels } from '../../src-shared/campaign/curation.ts';
import { chapterRuns, moveLevels, reorderAroundPins, type CampaignLayout } from '../../src-shared/campaign/layout.ts';

function layoutOf(n: number, campaignId = 1): CampaignLayout {
  return { campaignId, chapters: [], levels: Array.from({ length: n }, (_, i) => ({ levelId: i + 1, chapterId: null, pinned: false })) };
}
const order = (l: CampaignLayout) => l.levels.map((x) => x.levelId);
let nextChapter = 1;
const newId = () => nextChapter++;

describe('moves', () => {
  it('moves one level to a position', () => {
    expect(order(moveLevels(layoutOf(5), { indices: [0], to: 3 }))).toEqual([2, 3, 4, 1, 5]);
    expect(order(moveLevels(layoutOf(5), { indices: [4], to: 0 }))).toEqual([5, 1, 2, 3, 4]);
  });
  it('moves several levels as one block in their order', () => {
    expect(order(moveLevels(layoutOf(6), { indices: [4, 1], to: 0 }))).toEqual([2, 5, 1, 3, 4, 6]);
  });
  it('leaves pinned levels at their positions', () => {
    const pinned = applyCuration(layoutOf(5), { type: 'pin', levelIds: [3], pinned: true }, newId);
    expect(order(moveLevels(pinned, { indices: [0], to: 4 }))).toEqual([2, 4, 3, 5, 1]);
    expect(order(moveLevels(pinned, { indices: [4], to: 2 }))).toEqual([1, 2, 3, 5, 4]);
  });
  it('reorders a range around its pins', () => {
    const pinned = applyCuration(layoutOf(4), { type: 'pin', levelIds: [2], pinned: true }, newId);
    expect(order(reorderAroundPins(pinned, [0, 1, 2, 3], [3, 2, 1, 0]))).toEqual([4, 2, 3, 1]);
  });
});

describe('chapters', () => {
  it('splits a chapter at a level, and the runs follow the order', () => {
    const a = applyCuration(layoutOf(6), { type: 'chapter-add', name: 'One', fromLevelId: 1 }, () => 10);
    const b = applyCuration(a, { type: 'chapter-add', name: 'Two', fromLevelId: 4 }, () => 11);
    expect(chapterRuns(b)).toEqual([{ chapterId: 10, from: 0, to: 2 }, { chapterId: 11, from: 3, to: 5 }]);
    expect(b.chapters.map((c) => c.name)).toEqual(['One', 'Two']);
  });
  it('a moved level joins the chapter it lands in', () => {
    const a = applyCuration(layoutOf(6), { type: 'chapter-add', name: 'Two', fromLevelId: 4 }, () => 20);
    const moved = applyCuration(a, { type: 'move', levelIds: [1], to: 5 }, newId);
    expect(order(moved)).toEqual([2, 3, 4, 5, 1, 6]);
    expect(moved.levels[4].chapterId).toBe(20);
  });
  it('assigning a range moves it into the chapter run, keeping chapters contiguous', () => {
    const a = applyCuration(layoutOf(6), { type: 'chapter-add', name: 'Two', fromLevelId: 5 }, () => 30);
    const b = applyCuration(a, { type: 'chapter-assign', chapterId: 30, fromLevelId: 1, toLevelId: 2 }, newId);
    expect(order(b)).toEqual([3, 4, 1, 2, 5, 6]);
    expect(chapterRuns(b).map((r) => r.chapterId)).toEqual([null, 30]);
  });
  it('removing a chapter gives its levels to the chapter before', () => {
    const a = applyCuration(applyCuration(layoutOf(4), { type: 'chapter-add', name: 'A', fromLevelId: 1 }, () => 40), { type: 'chapter-add', name: 'B', fromLevelId: 3 }, () => 41);
    const b = applyCuration(a, { type: 'chapter-remove', chapterId: 41 }, newId);
    expect(b.levels.map((l) => l.chapterId)).toEqual([40, 40, 40, 40]);
  });
  it('refuses a level that is not in the campaign', () => {
    expect(() => applyCuration(layoutOf(2), { type: 'move', levelIds: [9], to: 1 }, newId)).toThrow(/not in the campaign/);
  });
});

describe('cut and paste between campaigns', () => {
  it('takes the levels out of one and puts them at a position of the other', () => {
    const from = layoutOf(4, 1);
    const to: CampaignLayout = { campaignId: 2, chapters: [], levels: [7, 8, 9].map((levelId) => ({ levelId, chapterId: null, pinned: false })) };
    const [a, b] = transferLevels(from, to, [2, 4], 2);
    expect(order(a)).toEqual([1, 3]);
    expect(order(b)).toEqual([7, 2, 4, 8, 9]);
  });
  it('refuses a level the other campaign holds already', () => {
    expect(() => transferLevels(layoutOf(2, 1), layoutOf(2, 2), [1])).toThrow(/already/);
  });
});
