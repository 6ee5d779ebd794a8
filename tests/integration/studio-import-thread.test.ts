/**
 * A large import must not hold the host (issue 14 §4: 980,000 levels held another client's
 * jobs.list for 32 s): the studio reads, checks and writes it on its import thread, so requests
 * asked meanwhile are answered first, and the import reports its progress as an event.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../src-shared/api/studio-api.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { LibraryInputError } from '../../src-main/library/errors.ts';
import { ImportThread } from '../../src-main/library/threaded-import.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('import-thread');
let studio: Studio;

beforeAll(async () => {
  studio = await createStudio({ libraryPath: join(dir, 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
});

afterAll(async () => {
  await studio?.close();
});

/** `count` one-box rooms of a few widths. */
function rooms(count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const gap = ' '.repeat(1 + (i % 7));
    const wall = '#'.repeat(gap.length + 4);
    out.push(`; ${i + 1}\n${wall}\n#@$${gap}.#\n${wall}\n`);
  }
  return out.join('\n');
}

describe('a large import', () => {
  it('leaves the host free: a jobs.list asked while it runs is answered before it, and its progress is told', async () => {
    const progress: { phase: string; done: number; total: number }[] = [];
    const stop = studio.onEvent((event, payload) => {
      if (event === 'library.importProgress') progress.push(payload as (typeof progress)[number]);
    });
    const order: string[] = [];
    const importing = studio.handle('library.import', { fileName: 'many.xsb', text: rooms(2000), duplicates: 'import' }).then((r) => {
      order.push('import');
      return r as ApiResult<{ imported: number; campaignId: number }>;
    });
    const listed = studio.handle('jobs.list', {}).then((r) => {
      order.push('jobs.list');
      return r as ApiResult<unknown>;
    });
    const [imported, list] = await Promise.all([importing, listed]);
    stop();
    expect(list.ok).toBe(true);
    expect(imported).toMatchObject({ ok: true, value: { imported: 2000 } });
    expect(order).toEqual(['jobs.list', 'import']);
    expect(progress.some((p) => p.phase === 'check' && p.total === 2000)).toBe(true);
    expect(progress.every((p) => p.done <= p.total)).toBe(true);
  });

  it('a refused file is answered with the reason and nothing is written; a library error stays a LibraryInputError', async () => {
    const before = (await studio.handle('library.summary', {})) as { ok: true; value: { campaigns: unknown[] } };
    const refused = (await studio.handle('library.import', { fileName: 'nothing.json', text: '{"format": "elsewhere"}' })) as ApiResult<{ campaignId: number | null; diagnostics: { code: string }[] }>;
    expect(refused).toMatchObject({ ok: true, value: { campaignId: null, diagnostics: expect.arrayContaining([expect.objectContaining({ code: 'library.import.empty' })]) } });
    const after = (await studio.handle('library.summary', {})) as { ok: true; value: { campaigns: unknown[] } };
    expect(after.value.campaigns.length).toBe(before.value.campaigns.length);
    const thread = new ImportThread(join(dir, 'library.sqlite'));
    try {
      await expect(thread.import({ fileName: 'a.xsb', text: '#####\n#@$.#\n#####\n', rulesetId: 999 })).rejects.toBeInstanceOf(LibraryInputError);
      // The thread is still there for the next import.
      await expect(thread.import({ fileName: 'b.xsb', text: '######\n#@$ .#\n######\n', duplicates: 'import' })).resolves.toMatchObject({ imported: 1 });
    } finally {
      await thread.close();
    }
  });
});
