/**
 * Baking a chaptered campaign through the Studio API (seed 001's bake, issue 25): `bakes.start`
 * queues a batch of `bake` jobs, ranges of a chapter's candidates spread over the batch workers;
 * `bakes.status` follows it chapter by chapter and, once every chapter has its levels, names the
 * campaign written (a section per chapter, under a ruleset of every chapter's rules) with the
 * plan's chapter table. The same campaign with 1 worker or 2, and the same levels as one search
 * of each chapter from its first candidate (`bakeChapter`, what `cli maze bake` runs). The merge
 * of ranges is checked on its own too: out of order, with a gap, with a maze found twice.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BakeStatus } from '../../src-shared/api/bakes.ts';
import { mazeKind, type MazeRules } from '../../src-shared/rulesets/maze/kind.ts';
import { bakeChapter, ECHO_HALLS_BAKE } from '../../src-shared/rulesets/maze/generator/bake.ts';
import { bakeJob, bakePayloadSchema } from '../../src-main/jobs/types/bake.ts';
import type { BakeShardResult } from '../../src-main/jobs/types/bake-result.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { mergeBake, nextRanges, type BakeRange } from '../../src-main/studio/bakes.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { studioCalls } from '../support/studio-call.ts';
import { tempDir } from '../support/temp-library.ts';

const rulesFor = (config: unknown): MazeRules => mazeKind.create(config).rules as MazeRules;
/** Boulders and Ice Rooms: the quick chapters (a few dozen candidates each). */
const CHAPTERS = [4, 5];

const studios: Studio[] = [];
afterAll(async () => {
  await Promise.all(studios.map((s) => s.close()));
});

/** A studio with `workers` batch workers, the bake of CHAPTERS through its API, and the campaign it wrote. */
async function bakeWith(workers: number): Promise<{ status: BakeStatus; campaign: { name: string; levels: { title: string | null; content: unknown }[] }; layout: { chapters: { name: string }[] } }> {
  const studio = await createStudio({ libraryPath: join(tempDir(`bake-${workers}`), 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers });
  studios.push(studio);
  const { value, waitForBatch } = studioCalls(() => studio);
  const { plans } = await value('bakes.plans', {});
  expect(plans.map((p: { id: string }) => p.id)).toContain('echo-halls');
  const { batchId } = await value('bakes.start', { plan: 'echo-halls', chapters: CHAPTERS });
  const early = await value<BakeStatus>('bakes.status', { batchId });
  expect(early.chapters.map((c) => c.name)).toEqual(['Boulders', 'Ice Rooms']);
  await waitForBatch(batchId, 300_000);
  const status = await value<BakeStatus>('bakes.status', { batchId });
  expect(status.campaignId).not.toBeNull();
  const detail = await value('library.campaign', { campaignId: status.campaignId });
  const layout = await value('campaign.layout', { campaignId: status.campaignId });
  return { status, campaign: { name: detail.campaign.name, levels: detail.levels }, layout };
}

describe('bake through the Studio API', () => {
  it('a bake queued from the API writes the campaign in chapters, with progress and the chapter table', async () => {
    const one = await bakeWith(1);
    expect(one.status).toMatchObject({ state: 'done', progress: 1, plan: 'echo-halls' });
    expect(one.campaign.name).toMatch(/^Echo Halls/);
    expect(one.campaign.levels).toHaveLength(12);
    expect(one.layout.chapters.map((c) => c.name)).toEqual(['Boulders', 'Ice Rooms']);
    for (const chapter of one.status.chapters) {
      expect(chapter).toMatchObject({ wanted: 6, found: 6, complete: true });
      expect(Object.keys(chapter.figures!)).toEqual(['shortest', 'stepLimit', 'tightness', 'blindPassRate']);
    }
    expect(one.status.chapters[0].figures!.tightness).toBe('0.80');

    // The same levels as one search of each chapter from candidate 1.
    const inline = CHAPTERS.flatMap((c) => bakeChapter(rulesFor, c).levels.map((l) => l.level.rows));
    expect(one.campaign.levels.map((l) => (l.content as { rows: string[] }).rows)).toEqual(inline);

    // Two workers: ranges run side by side, the campaign is the same.
    const two = await bakeWith(2);
    expect(two.campaign.levels.map((l) => l.content)).toEqual(one.campaign.levels.map((l) => l.content));
    expect(two.status.chapters.map((c) => c.figures)).toEqual(one.status.chapters.map((c) => c.figures));
  }, 600_000);

  it('refuses a plan or a chapter that does not exist', async () => {
    const studio = studios[0];
    const { ask } = studioCalls(() => studio);
    expect((await ask('bakes.start', { plan: 'nowhere' })).ok).toBe(false);
    const refused = await ask('bakes.start', { plan: 'echo-halls', chapters: [9] });
    expect(refused.ok ? '' : refused.error.message).toMatch(/no chapter 9/);
  });
});

describe('bake ranges merged', () => {
  const whole = { type: 'bake' as const, kind: 'maze', generator: ECHO_HALLS_BAKE.generator, plan: 'echo-halls', chapters: [{ name: 'Boulders', params: { chapter: 4, count: 2, maxCandidates: 60 }, seed: 'merge' }], config: {}, campaign: 'Merged' };
  const level = (index: number, key = `k${index}`) => ({ index, key, level: { rows: [key] }, par: 10 });
  const done = (from: number, to: number, found: ReturnType<typeof level>[]): BakeRange => ({ chapter: 0, from, to, state: 'done', result: { version: 1, found, candidates: to - from + 1, sieves: [], ms: 0, stopped: false } });

  it('keeps the first levels in candidate order, waits for a gap, skips a maze found twice', () => {
    // Range 26-50 ended first; range 1-25 still runs: nothing counts yet, and nothing more to queue.
    const later = done(26, 50, [level(30), level(40)]);
    const running: BakeRange = { chapter: 0, from: 1, to: 25, state: 'running', result: null };
    expect(mergeBake(whole, [later, running])[0]).toMatchObject({ found: [], complete: false, next: { from: 51, to: 60 } });
    // 1-25 done with one level, the same maze as candidate 30's: 40 is the second.
    const first = done(1, 25, [level(5, 'k30')]);
    const merged = mergeBake(whole, [later, first])[0];
    expect(merged.found.map((f) => f.index)).toEqual([5, 40]);
    expect(merged.complete).toBe(true);
    expect(nextRanges(whole, [later, first], 2)).toEqual([]);
    // A cancelled range is searched again.
    expect(nextRanges(whole, [{ ...running, state: 'cancelled' }, later], 1)).toEqual([{ chapter: 0, from: 1, to: 25 }]);
  });

  it('a range runs in the worker as the generator searches it', () => {
    const payload = bakePayloadSchema.parse({ ...whole, chapter: 0, from: 1, to: 40 });
    const progress: number[] = [];
    const result: BakeShardResult = bakeJob.run(payload, { onProgress: (p) => progress.push(p.progress) });
    expect(result.candidates).toBeGreaterThan(0);
    expect(result.sieves.map((s) => s.id)).toEqual(['astar', 'step-window', 'greedy', 'wall-followers', 'blind', 'necessity']);
    expect(result.found.every((f, i, all) => i === 0 || all[i - 1].index < f.index)).toBe(true);
    expect(bakeJob.outcome?.(result)).toEqual({ status: 'found', value: result.found.length });
  }, 120_000);
});
