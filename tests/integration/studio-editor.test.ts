/**
 * The editor's and the play-test's channels against a real studio (SQLite file, worker pool):
 * levels made after the selected one, removed and put back, renamed; drafts that survive until
 * saved or reverted, a save that rehashes the level and keeps the live proof of that content (the
 * older proof and recordings stay, stale);
 * the live proof in the interactive lane, a newer one cancelling the older; recordings replayed
 * in main from the journal (bumps kept and marked, outcome, score inputs); bad payloads refused
 * in words.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { until } from '../support/processes.ts';
import { studioCalls } from '../support/studio-call.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('editor');
let studio: Studio;
const logged: unknown[] = [];
let campaignId: number;
let levelIds: number[];

const { ask, value } = studioCalls(() => studio);

const ROOM = { board: ['#######', '#@ $ .#', '#######'] };

beforeAll(async () => {
  studio = await createStudio({ libraryPath: join(dir, 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1, log: (e) => logged.push(e) });
  const imported = await value('library.import', { fileName: 'three.xsb', duplicates: 'import', text: '#####\n#@$.#\n#####\n\n######\n#@ $.#\n######\n\n#######\n#@$  .#\n#######\n' });
  campaignId = imported.campaignId;
  levelIds = (await value('library.campaign', { campaignId })).levels.map((l: { id: number }) => l.id);
});

afterAll(async () => {
  await studio?.close();
});

const order = async () => (await value('library.campaign', { campaignId })).levels.map((l: { id: number }) => l.id);

describe('levels in a campaign', () => {
  it('a new level goes after the selected one; removed, it can be put back where it was', async () => {
    const { levelId, position } = await value('levels.create', { campaignId, afterLevelId: levelIds[0], content: ROOM });
    expect(position).toBe(2);
    expect(await order()).toEqual([levelIds[0], levelId, levelIds[1], levelIds[2]]);
    // Written with a title at once (an untitled one read as a bare number in lists and banners).
    expect((await value('library.level', { levelId })).title).toBe('Level 2');
    const { removalId } = await value('levels.remove', { campaignId, levelId });
    expect(await order()).toEqual(levelIds);
    expect(await value('levels.restore', { removalId })).toMatchObject({ levelId, position: 2 });
    expect(await order()).toEqual([levelIds[0], levelId, levelIds[1], levelIds[2]]);
    expect(await ask('levels.restore', { removalId })).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('a rename keeps the content hash, so the proof stays current', async () => {
    const before = await value('library.level', { levelId: levelIds[1] });
    await value('levels.rename', { levelId: levelIds[1], title: '  Walk   then push ' });
    const after = await value('library.level', { levelId: levelIds[1] });
    expect(after.title).toBe('Walk then push');
    expect(after.contentHash).toBe(before.contentHash);
  });

  it('a document that is not a level of the kind is refused in words', async () => {
    const result = await ask('levels.create', { campaignId, content: { board: 'not rows' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(/Not a valid push level/) } });
  });
});

describe('drafts and the live proof', () => {
  it('a draft stays until saved; the save rehashes the level and keeps the live proof of that content', async () => {
    const levelId = levelIds[2];
    const before = await value('library.level', { levelId });
    expect((await value('drafts.get', { levelId })).draft).toBeNull();
    const draft = { board: ['########', '#@$   .#', '########'] };
    const saved = await value('drafts.save', { levelId, content: draft });
    const got = (await value('drafts.get', { levelId })).draft;
    expect(got).toMatchObject({ content: draft, contentHash: saved.contentHash, baseHash: before.contentHash });
    const proof = await value('editor.prove', { levelId, content: draft });
    expect(proof).toMatchObject({ cancelled: false, verification: { status: 'solved', par: 4, contentHash: saved.contentHash } });
    // The live proof is not the level's verification while it is a draft.
    expect((await value('library.level', { levelId })).verification).toBeNull();
    expect(await value('drafts.commit', { levelId })).toEqual({ contentHash: saved.contentHash, verified: true });
    const after = await value('library.level', { levelId });
    expect(after).toMatchObject({ contentHash: saved.contentHash, badge: 'verified', par: 4, content: draft });
    expect((await value('drafts.get', { levelId })).draft).toBeNull();
    expect(await ask('drafts.commit', { levelId })).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('revert drops the draft and leaves the level as it was', async () => {
    const levelId = levelIds[0];
    const before = await value('library.level', { levelId });
    await value('drafts.save', { levelId, content: ROOM });
    expect(await value('drafts.discard', { levelId })).toEqual({ discarded: true });
    expect((await value('library.level', { levelId })).contentHash).toBe(before.contentHash);
  });

  it('lists every unsaved draft with its level and campaign, newest first, leaving out levels taken out', async () => {
    const [, second, third] = levelIds;
    expect((await value('drafts.list', {})).drafts).toEqual([]);
    await value('drafts.save', { levelId: second, content: ROOM });
    await new Promise((resolve) => setTimeout(resolve, 5)); // distinct autosave times, for the order
    await value('drafts.save', { levelId: third, content: ROOM });
    const campaign = await value('library.campaign', { campaignId });
    const positionOf = (id: number) => campaign.levels.findIndex((l: { id: number }) => l.id === id);
    const listed = (await value('drafts.list', {})).drafts;
    expect(listed.map((d: { levelId: number }) => d.levelId)).toEqual([third, second]);
    expect(listed[1]).toMatchObject({ levelId: second, levelTitle: 'Walk then push', campaignId, campaignName: 'three' });
    expect(listed.map((d: { position: number }) => d.position)).toEqual([third, second].map((id) => campaign.levels[positionOf(id)].position));

    const { removalId } = await value('levels.remove', { campaignId, levelId: third });
    expect((await value('drafts.list', {})).drafts.map((d: { levelId: number }) => d.levelId)).toEqual([second]);
    await value('levels.restore', { removalId });
    expect((await value('drafts.list', {})).drafts.map((d: { levelId: number }) => d.levelId)).toEqual([third, second]);

    for (const levelId of [second, third]) await value('drafts.discard', { levelId });
    expect((await value('drafts.list', {})).drafts).toEqual([]);
    expect(await ask('drafts.list', { levelId: second })).toMatchObject({ ok: false });
  });

  it('a save leaves the old proof and recordings in place, stale for the new content', async () => {
    const levelId = levelIds[0];
    const level = await value('library.level', { levelId });
    // A proof and a recording of the level as it is.
    await value('drafts.save', { levelId, content: level.content });
    await value('editor.prove', { levelId, content: level.content });
    expect(await value('drafts.commit', { levelId })).toMatchObject({ contentHash: level.contentHash, verified: true });
    expect(await value('library.level', { levelId })).toMatchObject({ badge: 'verified' });
    await value('recordings.save', { levelId, content: level.content, journal: [{ type: 'command', command: 'r', t: 5 }] });
    expect((await value('recordings.list', { levelId })).recordings).toEqual([expect.objectContaining({ outcome: 'won', current: true })]);
    await value('drafts.save', { levelId, content: { board: ['######', '#@$ .#', '######'] } });
    const commit = await value('drafts.commit', { levelId });
    expect(commit.contentHash).not.toBe(level.contentHash);
    expect(commit.verified).toBe(false);
    const after = await value('library.level', { levelId });
    expect(after).toMatchObject({ contentHash: commit.contentHash, badge: 'stale', verification: { contentHash: level.contentHash, par: 1 } });
    expect((await value('recordings.list', { levelId })).recordings).toEqual([expect.objectContaining({ outcome: 'won', current: false })]);
  });

  it('a newer live proof of a level cancels the one still running', async () => {
    // A board far too big to prove quickly (twelve boxes in an open hall) keeps the first job busy;
    // the second proof is asked only once the first is running, whatever the machine's speed.
    const big = { board: ['##################', '#@               #', '# $ $ $ $ $ $    #', '#                #', '#  $ $ $ $ $ $   #', '#                #', '#                #', '# ............   #', '##################'] };
    const first = ask('editor.prove', { levelId: levelIds[0], content: big, budget: 40_000_000 });
    await until(async () => (await value('jobs.list', {})).jobs.some((j: { type: string; state: string }) => j.type === 'verify' && j.state === 'running'), 'the first live proof to run');
    const second = await value('editor.prove', { levelId: levelIds[0], content: ROOM });
    expect(second.verification.status).toBe('solved');
    expect(await first).toMatchObject({ ok: true, value: { cancelled: true, verification: null } });
  });
});

describe('recordings of play-tests', () => {
  it('main replays the journal: the line with a bump kept and marked, the win, the score inputs', async () => {
    const levelId = levelIds[1];
    const { content } = await value('library.level', { levelId });
    const journal = [
      { type: 'command', command: 'u', t: 100 },
      { type: 'command', command: 'r', t: 250 },
      { type: 'hint', command: 'r', t: 300 },
      { type: 'command', command: 'l', t: 400 },
      { type: 'undo', t: 500 },
      { type: 'command', command: 'r', t: 600 },
    ];
    const saved = await value('recordings.save', { levelId, content, journal });
    expect(saved).toMatchObject({ outcome: 'won', steps: 3 });
    const detail = await value('recordings.get', { recordingId: saved.recordingId });
    expect(detail).toMatchObject({ commands: ['u', 'r', 'r'], refused: [true, false, false], times: [100, 250, 600], moves: 2, undos: 1, hints: 1, durationMs: 600, current: true, outcome: 'won' });
    await value('recordings.rename', { recordingId: saved.recordingId, name: 'Quick one' });
    const { recordings } = await value('recordings.list', { levelId });
    expect(recordings[0]).toMatchObject({ id: saved.recordingId, name: 'Quick one', outcome: 'won', moves: 2 });
    expect(await value('recordings.delete', { recordingId: saved.recordingId })).toEqual({ deleted: true });
    expect((await value('recordings.list', { levelId })).recordings).toEqual([]);
  });

  it('an unfinished play is kept as unfinished; a draft\'s play is not current for the saved level', async () => {
    const levelId = levelIds[1];
    const saved = await value('recordings.save', { levelId, content: { board: ['#######', '#@ $ .#', '#######'] }, journal: [{ type: 'command', command: 'r', t: 5 }] });
    expect(saved.outcome).toBe('unfinished');
    expect((await value('recordings.list', { levelId })).recordings[0]).toMatchObject({ outcome: 'unfinished', current: false });
  });

  it('bad payloads are refused with a readable error, none internal', async () => {
    const levelId = levelIds[1];
    const { content } = await value('library.level', { levelId });
    const bad: [string, unknown, RegExp][] = [
      ['recordings.save', { levelId, content, journal: [] }, /journal/],
      ['recordings.save', { levelId, content, journal: [{ type: 'command', command: 'x', t: 0 }] }, /not a push command/],
      ['recordings.save', { levelId, content, journal: [{ type: 'teleport', t: 0 }] }, /journal/],
      ['recordings.save', { levelId, content, journal: [{ type: 'undo', t: -1 }] }, /journal/],
      ['recordings.save', { levelId, content: { board: ['#'] }, journal: [{ type: 'undo', t: 1 }] }, /does not load/],
      ['recordings.get', { recordingId: 999_999 }, /does not exist/],
      ['drafts.save', { levelId: 999_999, content }, /does not exist/],
      ['drafts.save', { levelId, content: 'text' }, /Not a valid push level/],
      ['levels.remove', { campaignId, levelId: 999_999 }, /not in the campaign/],
      ['levels.rename', { levelId, title: 7 }, /title/],
    ];
    for (const [channel, payload, message] of bad) {
      const result = await ask(channel, payload);
      expect(result.ok, channel).toBe(false);
      if (!result.ok) {
        expect(result.error.code, `${channel}: ${result.error.message}`).not.toBe('internal');
        expect(result.error.message, channel).toMatch(message);
      }
    }
    // Not a level at all is a proof like any other: invalid, with the reason.
    expect((await value('editor.prove', { levelId, content: { nothing: true } })).verification).toMatchObject({ status: 'invalid' });
    expect(logged).toEqual([]);
  });
});
