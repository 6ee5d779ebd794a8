/**
 * Campaign layouts in the library (migration 011): what is written is what the pure operation
 * computed, whether a change rewrites every position or only a few; an undo brings back a removed
 * chapter with its id; a layout holding other levels is refused and nothing changes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyCuration } from '../../src-shared/campaign/curation.ts';
import { editCampaign, newChapterId, readLayout, restoreLayouts } from '../../src-main/library/campaign-layouts.ts';
import { createCampaign } from '../../src-main/library/campaigns.ts';
import { insertLevel, openLibrary, resolveResourcesDir, type LibraryDatabase } from '../../src-main/library/library.ts';

let dir: string;
let db: LibraryDatabase;
let campaignId: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gridwright-layouts-'));
  db = openLibrary(join(dir, 'lib.gridwright'), { resourcesDir: resolveResourcesDir() }).db;
  campaignId = createCampaign(db, { name: 'Layouts', kind: 'push' }).id;
  const add = db.prepare('INSERT INTO campaign_levels (campaign_id, position, level_id) VALUES (?, ?, ?)');
  for (let i = 0; i < 30; i++) add.run(campaignId, i + 1, insertLevel(db, { kind: 'push', doc: { title: `L${i}`, board: ['#####', '#@$.#', '#####'] }, source: 'hand' }));
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('campaign layouts in the library', () => {
  it('stores exactly the layout each move, pin and chapter computes, far moves and near ones alike', () => {
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let step = 0; step < 60; step++) {
      const layout = readLayout(db, campaignId);
      const ids = layout.levels.map((l) => l.levelId);
      const kind = next(4);
      const op = kind === 0 ? { type: 'pin' as const, levelIds: [ids[next(30)]], pinned: next(2) === 0 }
        : kind === 1 && step % 10 === 0 ? { type: 'chapter-add' as const, name: `C${step}`, fromLevelId: ids[next(30)] }
        : { type: 'move' as const, levelIds: [ids[next(30)], ids[next(30)]], to: 1 + next(29) };
      // The library gives a new chapter the next free id: the pure operation is given the same.
      const expected = applyCuration(layout, op, () => newChapterId(db));
      editCampaign(db, campaignId, op);
      const stored = readLayout(db, campaignId);
      expect(stored).toEqual(expected);
      expect(new Set(stored.levels.map((l) => l.levelId)).size).toBe(30);
    }
  });

  it('an undo brings back a removed chapter with its id, name and levels', () => {
    const ids = readLayout(db, campaignId).levels.map((l) => l.levelId);
    editCampaign(db, campaignId, { type: 'chapter-add', name: 'Hard', fromLevelId: ids[20] });
    const withChapter = readLayout(db, campaignId);
    const chapterId = withChapter.chapters[0].id;
    const removal = editCampaign(db, campaignId, { type: 'chapter-remove', chapterId });
    expect(readLayout(db, campaignId).chapters).toEqual([]);
    restoreLayouts(db, removal.before);
    expect(readLayout(db, campaignId)).toEqual(withChapter);
  });

  it('refuses a layout with other levels, and writes nothing', () => {
    const before = readLayout(db, campaignId);
    expect(() => restoreLayouts(db, [{ ...before, levels: before.levels.slice(1) }])).toThrow(/changed meanwhile/);
    expect(readLayout(db, campaignId)).toEqual(before);
  });
});
