/**
 * A level in two campaigns under different rules (issue 22): `library.level` and `play.hint` read
 * it in the campaign asked for, and without one refuse to guess rather than take the first.
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
});
