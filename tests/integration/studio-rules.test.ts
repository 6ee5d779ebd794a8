/**
 * The rule inspector's channels against a real studio: the open campaign's config and the
 * campaigns sharing its ruleset, refused saves that name the line and field and write nothing, a
 * save that turns the verified levels of every sharing campaign stale at once, the version list,
 * and a revert that makes an old config (and so the old badges) current again.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventOf } from '../../src-shared/api/studio-api.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { studioCalls } from '../support/studio-call.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('rules');
let studio: Studio;
let microbanId: number;
let smallId: number;
const changes: EventOf<'library.changed'>[] = [];

const { ask, value } = studioCalls(() => studio);

const badges = async (campaignId: number): Promise<string[]> => (await value('library.campaign', { campaignId })).levels.map((l: { badge: string }) => l.badge);

beforeAll(async () => {
  studio = await createStudio({ libraryPath: join(dir, 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
  studio.onEvent((event, payload) => {
    if (event === 'library.changed') changes.push(payload as EventOf<'library.changed'>);
  });
  microbanId = (await value('library.summary', {})).campaigns[0].id;
  const imported = await value('library.import', { fileName: 'small.xsb', text: 'Title: Small\n\n######\n#@ $.#\n######\nTitle: one\n\n#######\n#@$  .#\n#######\nTitle: two\n' });
  smallId = imported.campaignId;
  await value('jobs.verify', { campaignId: smallId });
  for (let i = 0; i < 300 && (await badges(smallId)).some((b) => b !== 'verified'); i++) await new Promise((r) => setTimeout(r, 100));
});

afterAll(async () => {
  await studio?.close();
});

describe('the rule inspector over the Studio API', () => {
  it('rules.get gives the config with its defaults and every campaign sharing the ruleset', async () => {
    const rules = await value('rules.get', { campaignId: smallId });
    expect(rules.kind).toBe('push');
    expect(rules.ruleset.name).toBe('Push default');
    expect(rules.version).toMatchObject({ number: 1, current: true });
    expect(rules.version.config).toMatchObject({ pushStrength: 1, ice: { enabled: true } });
    expect(rules.campaigns.map((c: { name: string; levelCount: number }) => [c.name, c.levelCount])).toEqual([
      ['Microban I', 155],
      ['Small', 2],
      ['Warehouse 100', 100],
    ]);
  });

  it('a config that is not JSON, fails the schema or sets an unknown field is refused, naming the line and field; nothing is written', async () => {
    const before = (await value('rules.versions', { campaignId: smallId })).versions;
    const refused = async (text: string) => {
      const result = await ask('rules.save', { campaignId: smallId, text, note: 'bad' });
      expect(result.ok).toBe(false);
      return result.ok ? '' : (expect(result.error.code).toBe('invalid-request'), result.error.message);
    };
    expect(await refused('{\n  "pushStrength": 2,\n}')).toMatch(/^The push rules were not saved\. Line 3: The file is not valid JSON \(line 3, column 1\)/);
    expect(await refused('{\n  "ice": { "enabled": true },\n  "pushStrength": 0\n}')).toMatch(/Line 3 \(pushStrength\): Not a valid push rules config: pushStrength: Value is below the minimum of 1\./);
    expect(await refused('{\n  "doors": {\n    "opensWhen": "some"\n  }\n}')).toMatch(/Line 3 \(doors\.opensWhen\)/);
    expect(await refused('{\n  "pushstrength": 2\n}')).toContain("Line 2 (pushstrength): The push rules have no setting 'pushstrength': did you mean 'pushStrength'?");
    expect((await value('rules.versions', { campaignId: smallId })).versions).toEqual(before);
    expect(await badges(smallId)).toEqual(['verified', 'verified']);
  });

  it('a save makes a new version with its note; every sharing campaign is told at once and its verified levels are stale', async () => {
    const before = await value('rules.get', { campaignId: smallId });
    changes.length = 0;
    const saved = await value('rules.save', { campaignId: smallId, text: '{ "pushStrength": 2 }', note: '  stronger player ', baseVersionId: before.version.id });
    expect(saved.changed).toBe(true);
    expect(saved.version).toMatchObject({ number: 2, note: 'stronger player', current: true, config: { pushStrength: 2, heavyWeight: 2 } });
    expect(saved.version.fingerprint).not.toBe(before.fingerprint);
    expect(saved.campaigns.map((c: { name: string }) => c.name)).toEqual(['Microban I', 'Small', 'Warehouse 100']);
    // Flushed with the answer, not after the batcher's pause.
    const warehouseId = (await value('library.summary', {})).campaigns.find((c: { name: string }) => c.name === 'Warehouse 100').id;
    expect(changes.map((c) => c.campaignId).sort()).toEqual([microbanId, smallId, warehouseId].sort());
    expect(await badges(smallId)).toEqual(['stale', 'stale']);
    const versions = (await value('rules.versions', { campaignId: microbanId })).versions;
    expect(versions.map((v: { number: number; note: string | null; current: boolean }) => [v.number, v.note, v.current])).toEqual([
      [2, 'stronger player', true],
      [1, null, false],
    ]);
    expect(versions[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('saving the current config again adds nothing; a save based on an older version is refused', async () => {
    const current = await value('rules.get', { campaignId: smallId });
    changes.length = 0;
    const same = await value('rules.save', { campaignId: smallId, text: JSON.stringify(current.version.config) });
    expect(same).toMatchObject({ changed: false, version: { number: 2 } });
    expect(changes).toEqual([]);
    const stale = await ask('rules.save', { campaignId: smallId, text: '{ "pushStrength": 3 }', baseVersionId: current.version.id - 1 });
    expect(stale).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringContaining('were saved elsewhere since you opened them') } });
  });

  it('revert makes an old config current again as a new version, and the old verifications count again', async () => {
    const versions = (await value('rules.versions', { campaignId: smallId })).versions;
    const first = versions.find((v: { number: number }) => v.number === 1);
    const reverted = await value('rules.revert', { campaignId: smallId, versionId: first.id });
    expect(reverted).toMatchObject({ changed: true, version: { number: 3, note: 'Reverted to version 1', config: first.config, fingerprint: first.fingerprint } });
    expect(await badges(smallId)).toEqual(['verified', 'verified']);
    expect((await value('rules.versions', { campaignId: smallId })).versions).toHaveLength(3);
  });

  it('unknown campaigns and versions are not found, in words', async () => {
    expect(await ask('rules.get', { campaignId: 9999 })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await ask('rules.revert', { campaignId: smallId, versionId: 9999 })).toMatchObject({ ok: false, error: { code: 'not-found', message: expect.stringContaining('Version 9999') } });
    expect(await ask('rules.save', { campaignId: smallId, text: 'x'.repeat(70_000) })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });
});
