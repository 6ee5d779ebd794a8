/**
 * A level in two campaigns under different rules (issue 22): `library.level`, `play.hint` and the
 * editor's channels (the live proof, recordings, drafts, rename) read it in the campaign asked for,
 * and without one refuse to guess rather than take the first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { addLevelsToCampaign, createCampaign, createRuleset, insertLevel, openLibrary, setCampaignRuleset } from '../../src-main/library/library.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { studioCalls } from '../support/studio-call.ts';
import type { RecordingSummary } from '../../src-shared/api/studio-api.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridwright-level-campaign-'));
const libraryPath = join(dir, 'library.sqlite');
let studio: Studio;
const { ask, value } = studioCalls(() => studio);
let levelId: number;
let plain: number;
let strong: number;

beforeAll(async () => {
  const { db } = openLibrary(libraryPath, { resourcesDir: RESOURCES_DIR });
  // Two boxes in a row in a corridor: only a push strength of 2 moves them.
  levelId = insertLevel(db, { kind: 'push', doc: { title: 'shared', board: ['#######', '#@$$..#', '#######'] }, source: 'hand' });
  plain = createCampaign(db, { name: 'Plain', kind: 'push' }).id;
  strong = createCampaign(db, { name: 'Strong', kind: 'push' }).id;
  setCampaignRuleset(db, strong, createRuleset(db, { kind: 'push', name: 'Strong', config: { pushStrength: 2 } }).ruleset.id);
  addLevelsToCampaign(db, plain, [levelId]);
  addLevelsToCampaign(db, strong, [levelId]);
  db.close();
  studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
});
afterAll(async () => {
  await studio?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a level held by two campaigns', () => {
  it('library.level answers for the campaign asked for', async () => {
    expect(await value('library.level', { levelId, campaignId: strong })).toMatchObject({ campaignId: strong, campaignName: 'Strong', rulesConfig: { pushStrength: 2 } });
    expect(await value('library.level', { levelId, campaignId: plain })).toMatchObject({ campaignId: plain, campaignName: 'Plain' });
  });

  it('without a campaign, says which campaigns hold it instead of taking the first', async () => {
    const result = await ask('library.level', { levelId });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(!result.ok && result.error.message).toMatch(/in 2 campaigns \("Plain", "Strong"\)/);
    expect(await ask('play.hint', { levelId, commands: [] })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });

  it('play.hint plays by the rules of the campaign asked for', async () => {
    expect(await value('play.hint', { levelId, campaignId: strong, commands: [] })).toMatchObject({ status: 'solved', distance: 2 });
    expect(await value('play.hint', { levelId, campaignId: plain, commands: [] })).toMatchObject({ status: 'unsolvable' });
  });

  it('a level of another campaign is not found there', async () => {
    expect(await ask('library.level', { levelId, campaignId: 999_999 })).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('editor.prove proves the draft under the rules of the campaign it was opened from', async () => {
    const content = { title: 'shared', board: ['#######', '#@$$..#', '#######'] };
    const strongProof = await value('editor.prove', { levelId, campaignId: strong, content });
    expect(strongProof.verification).toMatchObject({ status: 'solved', par: 2 });
    const plainProof = await value('editor.prove', { levelId, campaignId: plain, content });
    expect(plainProof.verification?.status).toBe('unsolvable');
    expect(await ask('editor.prove', { levelId, content })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });

  it('a draft saved from a campaign is verified by the proof under that campaign\'s rules', async () => {
    const content = { title: 'shared', board: ['########', '#@$$..##', '########'] };
    await value('drafts.save', { levelId, campaignId: strong, content });
    expect((await value('drafts.get', { levelId, campaignId: strong })).draft).not.toBeNull();
    expect(await ask('drafts.get', { levelId })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect((await value('editor.prove', { levelId, campaignId: strong, content })).verification?.status).toBe('solved');
    expect(await value('drafts.commit', { levelId, campaignId: strong })).toMatchObject({ verified: true });
    expect(await value('library.level', { levelId, campaignId: strong })).toMatchObject({ verification: { status: 'solved', par: 2 } });
  });

  it('a play-test is replayed and judged under the campaign it was played from', async () => {
    const { content } = await value('library.level', { levelId, campaignId: strong });
    const journal = [{ type: 'command' as const, command: 'R', t: 5 }, { type: 'command' as const, command: 'R', t: 9 }];
    expect(await value('recordings.save', { levelId, campaignId: strong, content, journal })).toMatchObject({ outcome: 'won', steps: 2 });
    expect(await value('recordings.save', { levelId, campaignId: plain, content, journal })).toMatchObject({ outcome: 'unfinished' });
    expect(await ask('recordings.save', { levelId, content, journal })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    // Each list marks current the play made under its own campaign's rules.
    const inStrong: RecordingSummary[] = (await value('recordings.list', { levelId, campaignId: strong })).recordings;
    const inPlain: RecordingSummary[] = (await value('recordings.list', { levelId, campaignId: plain })).recordings;
    expect(inStrong.filter((r) => r.current).map((r) => r.outcome)).toEqual(['won']);
    expect(inPlain.filter((r) => r.current).map((r) => r.outcome)).toEqual(['unfinished']);
    const won = inStrong.find((r) => r.outcome === 'won')!;
    expect(await value('recordings.get', { recordingId: won.id, campaignId: strong })).toMatchObject({ current: true });
    expect(await value('recordings.get', { recordingId: won.id, campaignId: plain })).toMatchObject({ current: false });
  });

  it('levels.rename names the campaign to tell, and refuses to guess', async () => {
    expect(await ask('levels.rename', { levelId, title: 'renamed' })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    await value('levels.rename', { levelId, campaignId: plain, title: 'renamed' });
    expect(await value('library.level', { levelId, campaignId: strong })).toMatchObject({ title: 'renamed' });
  });
});
