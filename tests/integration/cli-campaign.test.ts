/**
 * `cli campaign move|chapter` for scripts (issue 23): each change one transaction, said in text
 * or, with --json, as one object; `chapter remove` hands the chapter's levels to the chapter
 * before it (or to none), and the report reads them there.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { captureIo } from '../support/cli-io.ts';
import { tempDir } from '../support/temp-library.ts';

const db = join(tempDir('cli-campaign'), 'library.sqlite');
const CAMPAIGN = ['--db', db, '--campaign', 'Microban I'];

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo();
  const code = await runCli(argv, io.io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

/** Each level's chapter along the campaign, from the report. */
async function chapters(): Promise<(string | null)[]> {
  const { out } = await run('campaign', 'report', ...CAMPAIGN, '--json');
  return (JSON.parse(out) as { rows: { chapter: string | null }[] }).rows.map((r) => r.chapter);
}

describe('cli campaign chapter', () => {
  it('adds chapters, removes the later one into the earlier, then the earlier into none', async () => {
    expect((await run('campaign', 'chapter', 'add', ...CAMPAIGN, '--name', 'Warm-up', '--from', '3')).code).toBe(0);
    const added = await run('campaign', 'chapter', 'add', ...CAMPAIGN, '--name', 'Harder', '--from', '6', '--json');
    expect(added.code).toBe(0);
    const total = (await chapters()).length;
    expect(JSON.parse(added.out)).toEqual({ campaign: 'Microban I', chapters: [{ name: 'Warm-up', from: 3, to: 5 }, { name: 'Harder', from: 6, to: total }] });

    const later = await run('campaign', 'chapter', 'remove', ...CAMPAIGN, '--chapter', 'Harder', '--json');
    expect(later.code).toBe(0);
    expect(JSON.parse(later.out)).toEqual({ campaign: 'Microban I', chapters: [{ name: 'Warm-up', from: 3, to: total }] });
    expect(await chapters()).toEqual([null, null, ...Array.from({ length: total - 2 }, () => 'Warm-up')]);

    const earlier = await run('campaign', 'chapter', 'remove', ...CAMPAIGN, '--chapter', 'Warm-up');
    expect(earlier).toEqual({ code: 0, out: 'Chapters of "Microban I": none.', err: '' });
    expect(await chapters()).toEqual(Array.from({ length: total }, () => null));
  });

  it('refuses a chapter it does not have, "-", and flags remove does not take, changing nothing', async () => {
    expect((await run('campaign', 'chapter', 'add', ...CAMPAIGN, '--name', 'Kept', '--from', '2')).code).toBe(0);
    const before = await chapters();
    const missing = await run('campaign', 'chapter', 'remove', ...CAMPAIGN, '--chapter', 'Nope');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('No chapter named "Nope" (chapters: "Kept")');
    const none = await run('campaign', 'chapter', 'remove', ...CAMPAIGN, '--chapter', '-');
    expect(none.code).toBe(2);
    expect(none.err).toContain('names no chapter to remove');
    const extra = await run('campaign', 'chapter', 'remove', ...CAMPAIGN, '--chapter', 'Kept', '--from', '3');
    expect(extra.code).toBe(2);
    expect(extra.err).toContain('takes --chapter NAME only');
    const csv = await run('campaign', 'chapter', 'remove', ...CAMPAIGN, '--chapter', 'Kept', '--csv');
    expect(csv.code).toBe(2);
    expect(await chapters()).toEqual(before);
  });

  it('says where a moved level is, in text or JSON', async () => {
    const { out } = await run('campaign', 'report', ...CAMPAIGN, '--json');
    const second = (JSON.parse(out) as { rows: { level: number }[] }).rows[1].level;
    const moved = await run('campaign', 'move', ...CAMPAIGN, '--level', '2', '--to', '4', '--json');
    expect(moved.code).toBe(0);
    expect(JSON.parse(moved.out)).toEqual({ campaign: 'Microban I', level: second, position: 4 });
    expect((await run('campaign', 'move', ...CAMPAIGN, '--level', '4', '--to', '2')).out).toBe(`Level ${second} is now #2 of "Microban I".`);
  });
});
