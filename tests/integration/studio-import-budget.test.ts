/**
 * The Studio API over a real studio (real worker processes): `library.import` asks before it
 * duplicates, `library.setLevelBudget` and the budget Verify all gives each level, `library.campaign`
 * by pages, the export of an empty campaign refused, and a verification's time limit.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATE_BUDGET, MAX_VERIFY_BUDGET } from '../../src-shared/search/budget.ts';
import type { EventName } from '../../src-shared/api/studio-api.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { createCampaign, openLibrary } from '../../src-main/library/library.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { pushSetLevels } from '../support/push-sets.ts';
import { studioCalls } from '../support/studio-call.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('studio-import');
const libraryPath = join(dir, 'library.sqlite');
// Boards the sample library does not hold (Microban I #44 is #@$.#).
const TINY = 'Title: Tiny\n\n#######\n#@ $ .#\n#######\nTitle: one\n\n########\n#@$   .#\n########\nTitle: two\n';
let studio: Studio;
let emptyId: number;
const events: { event: EventName; payload: unknown }[] = [];

const { value: call, waitForBatch } = studioCalls(() => studio);

beforeAll(async () => {
  // An empty campaign, which nothing in the studio makes yet (generators and imports make levels).
  const { db } = openLibrary(libraryPath, { resourcesDir: RESOURCES_DIR });
  emptyId = createCampaign(db, { name: 'Empty', kind: 'push' }).id;
  db.close();
  studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter(), workers: 1, batchWorkers: 2 });
  studio.onEvent((event, payload) => events.push({ event, payload }));
});
afterAll(async () => {
  await studio?.close();
});

describe('library.import and duplicates', () => {
  let tinyId: number;

  it('imports a new file at once', async () => {
    const first = await call('library.import', { fileName: 'tiny.xsb', text: TINY });
    expect(first).toMatchObject({ campaignName: 'Tiny', imported: 2 });
    expect(first.duplicates).toBeUndefined();
    tinyId = first.campaignId;
  });

  it('by default asks before importing levels the library holds: nothing written', async () => {
    const before = (await call('library.summary', {})).campaigns.length;
    const asked = await call('library.import', { fileName: 'tiny.xsb', text: TINY });
    expect(asked).toMatchObject({ campaignId: null, imported: 0, duplicates: { action: 'ask', count: 2, of: 2, campaigns: [{ id: tinyId, name: 'Tiny', levels: 2 }] } });
    expect((await call('library.summary', {})).campaigns).toHaveLength(before);
  });

  it('imports anyway or skips when told', async () => {
    expect(await call('library.import', { fileName: 'tiny.xsb', text: TINY, duplicates: 'skip' })).toMatchObject({ campaignId: null, imported: 0, duplicates: { action: 'skip' } });
    expect(await call('library.import', { fileName: 'tiny.xsb', text: TINY, duplicates: 'import' })).toMatchObject({ campaignName: 'Tiny (2)', imported: 2 });
    expect((await studio.handle('library.import', { fileName: 'tiny.xsb', text: TINY, duplicates: 'maybe' })).ok).toBe(false);
  });
});

describe('level budgets', () => {
  it('library.setLevelBudget sets and clears a level’s budget, and tells the renderer', async () => {
    const detail = await call('library.campaign', { campaignId: 1 });
    const level = detail.levels[0];
    events.length = 0;
    expect(await call('library.setLevelBudget', { levelId: level.id, budget: 654_321 })).toEqual({ levelId: level.id, budget: 654_321 });
    expect((await call('library.level', { levelId: level.id })).budget).toBe(654_321);
    expect(await call('library.setLevelBudget', { levelId: level.id, budget: null })).toEqual({ levelId: level.id, budget: null });
    for (let i = 0; i < 40 && !events.some((e) => e.event === 'library.changed'); i++) await new Promise((r) => setTimeout(r, 25));
    expect(events).toContainEqual({ event: 'library.changed', payload: { campaignId: 1, levelIds: [level.id] } });
    expect(await studio.handle('library.setLevelBudget', { levelId: 999_999, budget: 5 })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await studio.handle('library.setLevelBudget', { levelId: level.id, budget: 0 })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });

  it('Verify all solves with the budget asked for; a level’s own budget replaces only the default', async () => {
    const summary = await call('library.summary', {});
    const tiny = summary.campaigns.find((c: { name: string }) => c.name === 'Tiny');
    const [one, two] = (await call('library.campaign', { campaignId: tiny.id })).levels;
    await call('library.setLevelBudget', { levelId: one.id, budget: 12_345 });
    const budgetsAfter = async (request: object): Promise<number[]> => {
      const { batchId } = await call('jobs.verify', { campaignId: tiny.id, ...request });
      await waitForBatch(batchId);
      return Promise.all([one, two].map(async (l) => (await call('library.level', { levelId: l.id })).verification.budget));
    };
    expect(await budgetsAfter({})).toEqual([12_345, DEFAULT_STATE_BUDGET]);
    // The Level view's "ten times the budget" asks for more than the level's own: what is asked wins.
    expect(await budgetsAfter({ budget: 5000 })).toEqual([5000, 5000]);
    const { batchId } = await call('jobs.reverify', { campaignId: tiny.id, budget: 6000 });
    await waitForBatch(batchId);
    expect(await Promise.all([one, two].map(async (l) => (await call('library.level', { levelId: l.id })).verification.budget))).toEqual([6000, 6000]);
    const again = await call('jobs.reverify', { campaignId: tiny.id });
    await waitForBatch(again.batchId);
    expect(await Promise.all([one, two].map(async (l) => (await call('library.level', { levelId: l.id })).verification.budget))).toEqual([12_345, DEFAULT_STATE_BUDGET]);
  });
});

describe('a time limit', () => {
  it('jobs.verify with timeLimitMs stops each level at it, keeping what was found, and says so', async () => {
    // XSokoban 50: no search of ours solves it in 10 s, let alone 1.5 s; the budget would last far longer.
    const board = pushSetLevels('xsokoban')[49].board.join('\n');
    const imported = await call('library.import', { fileName: 'xsokoban-50.xsb', text: `Title: Large\n\n${board}\nTitle: fifty\n` });
    const [level] = (await call('library.campaign', { campaignId: imported.campaignId })).levels;
    const { batchId } = await call('jobs.verify', { campaignId: imported.campaignId, budget: 50_000_000, timeLimitMs: 1500 });
    await waitForBatch(batchId);
    const { verification } = await call('library.level', { levelId: level.id });
    expect(verification).toMatchObject({ stoppedBy: 'time', budget: 50_000_000 });
    expect(verification.optimal).toBe(false);
    expect(await studio.handle('jobs.verify', { campaignId: imported.campaignId, timeLimitMs: 0 })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  }, 60_000);

  it('with no state budget of its own (the most a verification may ask), the run is led by the time and keeps its solution', async () => {
    // XSokoban 13: a first solution takes well under a second; no proof comes in 4 s.
    const board = pushSetLevels('xsokoban')[12].board.join('\n');
    const imported = await call('library.import', { fileName: 'xsokoban-13.xsb', text: `Title: Thirteen\n\n${board}\nTitle: thirteen\n` });
    const [level] = (await call('library.campaign', { campaignId: imported.campaignId })).levels;
    const { batchId } = await call('jobs.verify', { campaignId: imported.campaignId, budget: MAX_VERIFY_BUDGET, timeLimitMs: 4000 });
    await waitForBatch(batchId);
    const { verification } = await call('library.level', { levelId: level.id });
    expect(verification).toMatchObject({ status: 'solved', optimal: false, budget: MAX_VERIFY_BUDGET });
    // Led by the time: it ends at the limit, or just before it where its projected states run out.
    expect(['time', 'budget']).toContain(verification.stoppedBy);
    expect(verification.par).toBeGreaterThan(0);
  }, 60_000);
});

describe('library.campaign by pages', () => {
  it('answers the page asked for with the total; nothing asked, the whole campaign', async () => {
    const page = await call('library.campaign', { campaignId: 1, offset: 10, limit: 5 });
    expect(page.levels.map((l: { position: number }) => l.position)).toEqual([11, 12, 13, 14, 15]);
    expect(page.page).toEqual({ offset: 10, limit: 5, total: 155 });
    const whole = await call('library.campaign', { campaignId: 1 });
    expect(whole.levels).toHaveLength(155);
    expect(whole.page).toBeUndefined();
    expect(await studio.handle('library.campaign', { campaignId: 1, limit: 100_000 })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });
});

describe('library.export of an empty campaign', () => {
  it('is refused with a message saying why and what to do', async () => {
    const result = await studio.handle('library.export', { campaignId: emptyId, format: 'json' });
    expect(result).toEqual({ ok: false, error: { code: 'invalid-request', message: 'The campaign "Empty" has no levels, so nothing was exported: import or generate levels into it first.' } });
  });
});
