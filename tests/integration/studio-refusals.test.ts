/**
 * Errors that looked like success (a new user's report): Verify all of an empty campaign made a
 * "finished 0 of 0" batch, and a generator that made no level finished as done and left an empty
 * campaign. Both are refused, with the reason, and nothing is created: parameters no level could
 * meet before any job is queued, and a job that still makes none fails with the generator's reason.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { createCampaign, openLibrary } from '../../src-main/library/library.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { studioCalls } from '../support/studio-call.ts';
import { generateJob, generatePayloadSchema } from '../../src-main/jobs/types/generate.ts';
import { JobInputError } from '../../src-main/jobs/types/runtime.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('refusals');
const path = join(dir, 'library.sqlite');
let studio: Studio;
let emptyId: number;

const { ask } = studioCalls(() => studio);

beforeAll(async () => {
  const lib = openLibrary(path, { resourcesDir: RESOURCES_DIR });
  emptyId = createCampaign(lib.db, { name: 'Nothing yet', kind: 'push' }).id;
  lib.db.close();
  studio = await createStudio({ libraryPath: path, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
});

afterAll(async () => {
  await studio?.close();
});

describe('errors that looked like success', () => {
  it('Verify all of an empty campaign is refused, and no batch is made', async () => {
    const before = (await ask<any>('jobs.list', {})) as any;
    const result = await ask('jobs.verify', { campaignId: emptyId });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(/no levels to verify/) } });
    const after = (await ask<any>('jobs.list', {})) as any;
    expect(after.value.batches.length).toBe(before.value.batches.length);
  });

  it('generator parameters no level could meet are refused before any job is queued, with the reason and the field', async () => {
    const campaignsBefore = ((await ask<any>('library.summary', {})) as any).value.campaigns.length;
    const batchesBefore = ((await ask<any>('jobs.list', {})) as any).value.batches.length;
    // 2x2 boards are at most 6 moves from solved: the parameters parse, but no level can be made.
    const tooFar = await ask('library.generate', { kind: 'sliding', generator: 'sliding-shuffle', params: { width: 2, height: 2, distance: 40 }, seed: 'x', campaignName: 'Too far' });
    expect(tooFar).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(/distance: .*farthest is 6/) } });
    // The issue's own repro: minDistance 50 above maxDistance 10 (refused by the schema, naming the field).
    const crossed = await ask('library.generate', { kind: 'sliding', generator: 'sliding-campaign', params: { minDistance: 50, maxDistance: 10 }, seed: 'x', campaignName: 'Crossed' });
    expect(crossed).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(/minDistance/) } });
    // A tier whose shortest distance is above maxDistance (the generator's own check).
    const below = await ask('library.generate', { kind: 'sliding', generator: 'sliding-campaign', params: { tier: 'hard', maxDistance: 10 }, seed: 'x', campaignName: 'Below' });
    expect(below).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(/maxDistance: .*band/) } });
    expect(((await ask<any>('jobs.list', {})) as any).value.batches.length).toBe(batchesBefore);
    expect(((await ask<any>('library.summary', {})) as any).value.campaigns.length).toBe(campaignsBefore);
  });

  it('a generate job that makes no level fails with the generator’s reason (never done with an empty campaign)', () => {
    // Run as the worker does, past the studio's checks: the generator refuses, the job fails.
    const payload = generatePayloadSchema.parse({ type: 'generate', kind: 'sliding', generator: 'sliding-shuffle', params: { width: 2, height: 2, distance: 40 }, seed: 'x', campaign: 'Too far' });
    expect(() => generateJob.run(payload, {})).toThrow(JobInputError);
    expect(() => generateJob.run(payload, {})).toThrow(/made no level: .*farthest is 6/);
  });
});
