/**
 * The baked maze campaign (seed 001's Echo Halls) in every new library: eight chapters of six
 * levels as campaign sections, under a ruleset holding each chapter's rules; every level stored
 * as seed + chapter spec + generator version regenerates exactly, and plays under its chapter.
 */
import { describe, expect, it } from 'vitest';
import { readLayout } from '../../src-main/library/campaign-layouts.ts';
import { listCampaignSummaries } from '../../src-main/library/campaign-views.ts';
import { campaignLevelIds, getCampaign } from '../../src-main/library/campaigns.ts';
import { openLibrary } from '../../src-main/library/library.ts';
import { getLevel } from '../../src-main/library/levels.ts';
import { currentRules } from '../../src-main/library/rulesets.ts';
import { ECHO_HALLS } from '../../src-shared/rulesets/maze/generator/chapters.ts';
import { regenerateRows } from '../../src-shared/rulesets/maze/generator/index.ts';
import type { MazeState } from '../../src-shared/rulesets/maze/level.ts';
import type { MazeLevel } from '../../src-shared/rulesets/maze/schema.ts';
import { REPO_ROOT } from '../support/data.ts';
import { freshTempDir } from '../support/temp-library.ts';

describe('Echo Halls, the baked maze campaign', () => {
  it('a new library holds it in eight chapters of six, each level under its chapter\'s rules and made again from its notes', () => {
    const { db } = openLibrary(`${freshTempDir('echo-halls')}/lib.gridwright`, { resourcesDir: `${REPO_ROOT}resources` });
    try {
      const summary = listCampaignSummaries(db).find((c) => c.name === 'Echo Halls')!;
      expect(summary).toMatchObject({ kind: 'maze', levelCount: 48 });
      const layout = readLayout(db, summary.id);
      expect(layout.chapters.map((c) => c.name)).toEqual(ECHO_HALLS.map((c) => c.name));
      const perChapter = layout.chapters.map((c) => layout.levels.filter((l) => l.chapterId === c.id).length);
      expect(perChapter).toEqual([6, 6, 6, 6, 6, 6, 6, 6]);
      const { rules } = currentRules(db, getCampaign(db, summary.id)!.rulesetId);
      const ids = campaignLevelIds(db, summary.id);
      ids.forEach((id, i) => {
        const level = getLevel(db, id)!;
        const doc = level.doc as MazeLevel;
        expect(doc.chapter).toBe(Math.floor(i / 6) + 1);
        expect(level.source).toBe('generated');
        expect(regenerateRows(doc.notes!)).toEqual(doc.rows);
        const state = rules!.load(doc).state as MazeState;
        expect(state.board.lightRadius).toBe(ECHO_HALLS[doc.chapter! - 1].lightRadius);
        expect(state.board.limit).toBe(Math.floor(doc.par! / ECHO_HALLS[doc.chapter! - 1].tightness + 1e-9));
      });
    } finally {
      db.close();
    }
  });
});
