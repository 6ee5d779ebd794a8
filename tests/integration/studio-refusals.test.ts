/**
 * Errors that looked like success (a new user's report): Verify all of an empty campaign made a
 * "finished 0 of 0" batch, and a generator that made no level finished as done and left an empty
 * campaign. Both are refused, with the reason, and nothing is created.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../src-shared/api/contract.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { createCampaign, openLibrary } from '../../src-main/library/library.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridwright-refusals-'));
const path = join(dir, 'library.sqlite');
let studio: Studio;
let emptyId: number;

async function ask<T = any>(channel: string, payload: unknown): Promise<ApiResult<T>> {
  return (await studio.handle(channel, payload)) as ApiResult<T>;
}

beforeAll(async () => {
  const lib = openLibrary(path, { resourcesDir: RESOURCES_DIR });
  emptyId = createCampaign(lib.db, { name: 'Nothing yet', kind: 'push' }).id;
  lib.db.close();
  studio = await createStudio({ libraryPath: path, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
});

afterAll(async () => {
  await studio?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('errors that looked like success', () => {
  it('Verify all of an empty campaign is refused, and no batch is made', async () => {
    const before = (await ask<any>('jobs.list', {})) as any;
    const result = await ask('jobs.verify', { campaignId: emptyId });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(/no levels to verify/) } });
    const after = (await ask<any>('jobs.list', {})) as any;
    expect(after.value.batches.length).toBe(before.value.batches.length);
  });

  it('a generator that makes no level fails with its reason and creates no campaign', async () => {
    const campaignsBefore = ((await ask<any>('library.summary', {})) as any).value.campaigns.length;
    // 2x2 boards are at most 6 moves from solved: the parameters parse, but no level can be made.
    const started = await ask<{ batchId: number }>('library.generate', { kind: 'sliding', generator: 'sliding-shuffle', params: { width: 2, height: 2, distance: 40 }, seed: 'x', campaignName: 'Too far' });
    if (!started.ok) {
      // Refused before the job (the generator's own check): the reason is given.
      expect(started.error.message).toMatch(/farthest|distance/);
    } else {
      let job: any;
      for (let tries = 0; tries < 600 && job?.state !== 'failed' && job?.state !== 'done'; tries++) {
        await new Promise((r) => setTimeout(r, 50));
        const { value } = (await ask<any>('jobs.list', {})) as any;
        job = value.jobs.find((j: any) => j.batchId === started.value.batchId);
      }
      expect(job.state).toBe('failed');
      expect(job.error).toMatch(/made no level/);
    }
    expect(((await ask<any>('library.summary', {})) as any).value.campaigns.length).toBe(campaignsBefore);
  });
});
