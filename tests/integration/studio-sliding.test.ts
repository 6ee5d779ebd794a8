/**
 * The second kind through the studio with no sliding code outside its ruleset folder: import a
 * JSON file of boards, verify in the worker pool, generate a campaign, and ask a hint — the same
 * services, library and workers as push.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR, tablesDirFor } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { TABLES_DIR_ENV } from '../../src-main/worker/tables.ts';
import { studioCalls } from '../support/studio-call.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('sliding-studio');
const libraryPath = join(dir, 'library.sqlite');
let studio: Studio;

const { value: call, waitForBatch } = studioCalls(() => studio);

beforeAll(async () => {
  studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ env: { [TABLES_DIR_ENV]: tablesDirFor(libraryPath) } }), workers: 1, batchWorkers: 2 });
});
afterAll(async () => {
  await studio?.close();
});

describe('sliding levels in the studio', () => {
  let campaignId: number;

  it('imports a JSON file of boards, refusing an unsolvable one with the parity reason', async () => {
    const text = JSON.stringify({
      format: 'gridwright.sliding/1',
      title: 'Tile warm-up',
      levels: [
        { title: 'one move', width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8] },
        { title: 'corner', width: 3, height: 3, tiles: [0, 1, 2, 4, 5, 3, 7, 8, 6] },
        { title: 'swapped', width: 3, height: 3, tiles: [2, 1, 3, 4, 5, 6, 7, 8, 0] },
      ],
    });
    const result = await call('library.import', { fileName: 'warm-up.json', text });
    expect(result).toMatchObject({ imported: 2, rejected: 1, campaignName: 'Tile warm-up' });
    expect(result.diagnostics.find((d: { code: string }) => d.code === 'sliding.unsolvable')).toMatchObject({ level: 3 });
    campaignId = result.campaignId;
    const summary = await call('library.summary', {});
    expect(summary.campaigns.find((c: { id: number }) => c.id === campaignId).kind).toBe('sliding');
  });

  it('verifies them in the worker pool with their optimal par', async () => {
    const { batchId } = await call('jobs.verify', { campaignId });
    await waitForBatch(batchId);
    const detail = await call('library.campaign', { campaignId });
    expect(detail.levels.map((l: { title: string; badge: string; par: number }) => [l.title, l.badge, l.par])).toEqual([
      ['one move', 'verified', 1],
      ['corner', 'verified', 4],
    ]);
  });

  it('gives a hint from the position reached', async () => {
    const detail = await call('library.campaign', { campaignId });
    const hint = await call('play.hint', { levelId: detail.levels[1].id, commands: [] });
    expect(hint).toMatchObject({ status: 'solved', distance: 4, optimal: true });
    expect(typeof hint.command).toBe('string');
  });

  it('lists the kind generators and generates a campaign whose par never decreases', async () => {
    const { generators } = await call('library.generators', {});
    const campaign = generators.find((g: { kind: string; id: string }) => g.kind === 'sliding' && g.id === 'sliding-campaign');
    expect(campaign).toBeDefined();
    expect(campaign.defaults).toMatchObject({ width: 3, height: 3 });
    const { batchId } = await call('library.generate', { kind: 'sliding', generator: 'sliding-campaign', params: { count: 6, minDistance: 8, maxDistance: 20 }, seed: 'studio-test', campaignName: 'Generated tiles' });
    await waitForBatch(batchId);
    const summary = await call('library.summary', {});
    const made = summary.campaigns.find((c: { name: string }) => c.name === 'Generated tiles');
    expect(made).toMatchObject({ kind: 'sliding', levelCount: 6 });
    const { batchId: verifyBatch } = await call('jobs.verify', { campaignId: made.id });
    await waitForBatch(verifyBatch);
    const detail = await call('library.campaign', { campaignId: made.id });
    const pars = detail.levels.map((l: { par: number }) => l.par);
    expect(pars.every((p: number, i: number) => i === 0 || p >= pars[i - 1])).toBe(true);
    expect(Math.min(...pars)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...pars)).toBeLessThanOrEqual(20);
    const level = await call('library.level', { levelId: detail.levels[0].id });
    expect(level).toMatchObject({ source: 'generated', provenance: { generator: 'sliding-campaign', seed: 'studio-test', index: 0 } });
  });

  it('refuses generator parameters outside their schema', async () => {
    const result = await studio.handle('library.generate', { kind: 'sliding', generator: 'sliding-campaign', params: { count: 100000 }, seed: 'x', campaignName: 'Too many' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });
});

describe('exporting sliding levels', () => {
  it('writes the kind’s own text format with its own file ending, and the JSON bundle', async () => {
    const summary = await call('library.summary', {});
    const tiles = summary.campaigns.find((c: { name: string }) => c.name === 'Tile warm-up');
    const text = await call('library.export', { campaignId: tiles.id, format: 'sok' });
    expect(text.fileName).toMatch(/\.tiles$/);
    expect(text.text).toContain('Title: one move');
    const bundle = JSON.parse((await call('library.export', { campaignId: tiles.id, format: 'json' })).text);
    expect(bundle.kind).toBe('sliding');
    expect(bundle.levels[1]).toMatchObject({ name: 'corner', par: 4, tiles: [0, 1, 2, 4, 5, 3, 7, 8, 6] });
  });
});
