/**
 * A large import must not hold the host (issue 14 §4: 980,000 levels held another client's
 * jobs.list for 32 s): the studio reads, checks and writes it on its import thread, so requests
 * asked meanwhile are answered first, and the import reports its progress as an event.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_CHARS, MAX_IMPORT_PART_CHARS, type ApiResult } from '../../src-shared/api/studio-api.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { LibraryInputError } from '../../src-main/library/errors.ts';
import { ImportThread } from '../../src-main/library/threaded-import.ts';
import { tempDir } from '../support/temp-library.ts';
import { importInParts } from '../support/import-parts.ts';

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
    const thread = new ImportThread(join(dir, 'library.sqlite'), { maxChars: MAX_IMPORT_CHARS });
    try {
      await expect(thread.import({ fileName: 'a.xsb', text: '#####\n#@$.#\n#####\n', rulesetId: 999 })).rejects.toBeInstanceOf(LibraryInputError);
      // The thread is still there for the next import.
      await expect(thread.import({ fileName: 'b.xsb', text: '######\n#@$ .#\n######\n', duplicates: 'import' })).resolves.toMatchObject({ imported: 1 });
    } finally {
      await thread.close();
    }
  });

  it('a file over one request comes in parts, which wait on the import thread; the import of the upload takes them all', async () => {
    // Rooms with a long comment each: past two parts in about a thousand levels.
    const levels = 1100;
    const text = rooms(levels).replace(/^; (\d+)$/gm, (_, n: string) => `; ${n} ${'-'.repeat(1000)}`);
    expect(text.length).toBeGreaterThan(MAX_IMPORT_PART_CHARS * 2);
    // One request may not carry it.
    const whole = await studio.handle('library.import', { fileName: 'parts.xsb', text, duplicates: 'import' });
    expect(whole).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect((whole as { error: { message: string } }).error.message).toContain('library.importPart');
    const ask = (channel: string, payload: unknown) => studio.handle(channel, payload) as Promise<ApiResult<any>>;
    const sent: string[] = [];
    const imported = await importInParts((channel, payload) => {
      sent.push(channel);
      return ask(channel, payload);
    }, { fileName: 'parts.xsb', text, duplicates: 'import' });
    expect(sent).toEqual(['library.importPart', 'library.importPart', 'library.importPart', 'library.import']);
    expect(imported).toMatchObject({ ok: true, value: { imported: levels, rejected: 0 } });
    const detail = (await ask('library.campaign', { campaignId: imported.ok && imported.value.campaignId, offset: levels - 1, limit: 1 })) as ApiResult<any>;
    expect(detail.ok && detail.value.levels[0].position).toBe(levels);
  });

  it('refuses a part out of order, an unknown or used upload, and an upload past the size limit, which is then forgotten', async () => {
    const ask = (channel: string, payload: unknown) => studio.handle(channel, payload) as Promise<ApiResult<any>>;
    const first = await ask('library.importPart', { offset: 0, text: 'Title: x\n' });
    expect(first).toMatchObject({ ok: true, value: { chars: 9 } });
    const upload = first.ok ? first.value.upload : '';
    expect(await ask('library.importPart', { upload, offset: 3, text: '#' })).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringContaining('a part was lost or sent twice') } });
    expect(await ask('library.importPart', { offset: 5, text: '#' })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await ask('library.importPart', { upload, offset: 9, text: '#####\n#@$.#\n#####\n' })).toMatchObject({ ok: true, value: { chars: 27 } });
    expect(await ask('library.import', { fileName: 'x.xsb', upload, duplicates: 'import' })).toMatchObject({ ok: true, value: { imported: 1 } });
    // Imported: its parts are gone.
    expect(await ask('library.import', { fileName: 'x.xsb', upload, duplicates: 'import' })).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringContaining('No upload') } });
    expect(await ask('library.import', { fileName: 'x.xsb', upload: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await ask('library.import', { fileName: 'x.xsb', text: 'a', upload })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });

    const small = new ImportThread(join(dir, 'library.sqlite'), { maxChars: 10 });
    try {
      const opened = small.appendPart(undefined, 0, '#####\n');
      expect(() => small.appendPart(opened.upload, 6, '#@$.#\n')).toThrow(/over 10 characters/);
      expect(() => small.appendPart(opened.upload, 6, '#')).toThrow(/No upload/);
    } finally {
      await small.close();
    }
  });
});
