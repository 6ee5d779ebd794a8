/**
 * The bake job type (a chaptered campaign made by a kind's generator): run as the worker runs it,
 * with progress over the chapters, then stored as main stores it: one campaign, a section per
 * chapter, under a ruleset holding the config the payload gave.
 */
import { describe, expect, it } from 'vitest';
import { bakeJob, bakePayloadSchema } from '../../src-main/jobs/types/bake.ts';
import type { JobServices } from '../../src-main/jobs/types/services.ts';
import type { StoredJob } from '../../src-main/jobs/types/define.ts';
import { readLayout } from '../../src-main/library/campaign-layouts.ts';
import { getCampaign } from '../../src-main/library/campaigns.ts';
import { storeChapteredCampaign } from '../../src-main/library/generated.ts';
import { openLibrary } from '../../src-main/library/library.ts';
import { currentRules } from '../../src-main/library/rulesets.ts';
import { echoHallsConfig } from '../../src-shared/rulesets/maze/generator/bake.ts';
import { REPO_ROOT } from '../support/data.ts';
import { freshTempDir } from '../support/temp-library.ts';

describe('bake job', () => {
  it('bakes each chapter with progress and stores the campaign in chapters under its rules', () => {
    const payload = bakePayloadSchema.parse({
      type: 'bake',
      kind: 'maze',
      generator: 'maze-chapters',
      chapters: [
        { name: 'Boulders', params: { chapter: 4, count: 1, maxCandidates: 300 }, seed: 'bake-test' },
        { name: 'Ice Rooms', params: { chapter: 5, count: 1, maxCandidates: 300 }, seed: 'bake-test' },
      ],
      config: echoHallsConfig(),
      campaign: 'Baked',
    });
    const progress: number[] = [];
    const result = bakeJob.run(payload, { onProgress: (p) => progress.push(p.progress) });
    expect(result.chapters.map((c) => [c.name, c.levels.length])).toEqual([['Boulders', 1], ['Ice Rooms', 1]]);
    expect(result.chapters[0].sieves.map((s) => s.id)).toEqual(['astar', 'step-window', 'greedy', 'wall-followers', 'blind', 'necessity']);
    expect(progress.length).toBeGreaterThan(0);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(bakeJob.outcome?.(result)).toEqual({ status: 'baked', value: 2 });

    const { db } = openLibrary(`${freshTempDir('bake-job')}/lib.gridwright`, { resourcesDir: `${REPO_ROOT}resources` });
    try {
      let stored = 0;
      const services = { storeChapteredCampaign: (c) => (stored = storeChapteredCampaign(db, c)), libraryChanged: () => {} } as Partial<JobServices> as JobServices;
      bakeJob.store!(result, { payload } as StoredJob<typeof payload>, services);
      const layout = readLayout(db, stored);
      expect(layout.chapters.map((c) => c.name)).toEqual(['Boulders', 'Ice Rooms']);
      expect(layout.levels).toHaveLength(2);
      const campaign = getCampaign(db, stored)!;
      expect(campaign.name).toBe('Baked');
      expect((currentRules(db, campaign.rulesetId).config as { chapters: unknown[] }).chapters).toHaveLength(8);
    } finally {
      db.close();
    }
  }, 120_000);
});
