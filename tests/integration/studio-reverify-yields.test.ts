/**
 * Re-verifying a large library does not hold the host (issue 22): the batch's jobs are made in
 * chunks, yielding to the event loop between them, so a call made while the batch is being made is
 * answered first. Ordering only, no timing (the host's longest wait is the `reverify --library`
 * bench's figure).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { REVERIFY_CHUNK } from '../../src-main/studio/reverify-handlers.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { studioCalls } from '../support/studio-call.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('reverify-yields');
let studio: Studio;
const { value } = studioCalls(() => studio);

/** Distinct corridors: the box k cells before its goal, m cells of floor after it. */
function corridors(count: number): string {
  const out: string[] = [];
  for (let k = 0; out.length < count; k++) for (let m = 0; m <= 60 && out.length < count; m++) out.push(`#${'#'.repeat(k + m + 4)}#\n##@$${' '.repeat(k)}.${' '.repeat(m)}##\n#${'#'.repeat(k + m + 4)}#\n`);
  return out.join('\n');
}

beforeAll(async () => {
  studio = await createStudio({ libraryPath: join(dir, 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
});
afterAll(async () => {
  await studio?.close();
});

describe('a large re-verification', () => {
  it('is made in chunks: a call made meanwhile is answered before it, and the batch still holds every level', async () => {
    const levels = REVERIFY_CHUNK * 3;
    const imported = await value<{ imported: number }>('library.import', { fileName: 'corridors.sok', text: corridors(levels), duplicates: 'import' });
    expect(imported.imported).toBe(levels);
    const { campaigns } = await value<{ campaigns: { levelCount: number }[] }>('library.summary', {});
    const total = campaigns.reduce((n, c) => n + c.levelCount, 0);

    const order: string[] = [];
    const reverify = studio.handle('jobs.reverify', { library: true }).then((result) => (order.push('jobs.reverify'), result));
    const other = studio.handle('jobs.list', {}).then((result) => (order.push('jobs.list'), result));
    const [made, listed] = await Promise.all([reverify, other]);
    expect(listed.ok).toBe(true);
    expect(order).toEqual(['jobs.list', 'jobs.reverify']);
    expect(made).toMatchObject({ ok: true, value: { jobs: total } });
    if (made.ok) await value('jobs.cancel', { batchId: (made.value as { batchId: number }).batchId });
  });
});
