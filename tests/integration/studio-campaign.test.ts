/**
 * Campaign curation through the Studio API and the CLI (issue 23), against a real studio: a level's
 * identity is its id, so after a reorder the impact report, the recordings and the jobs still
 * name the right levels; every change is one transaction that its `before` layout undoes; the
 * report's checks follow the order and `cli campaign report` exits 1 when par falls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Batch, Job } from '../../src-shared/api/studio-api.ts';
import type { CampaignReport, LayoutChange } from '../../src-shared/api/campaign.ts';
import type { CampaignLayout } from '../../src-shared/campaign/layout.ts';
import type { ImpactReport } from '../../src-shared/api/reports.ts';
import { runCli } from '../../src-main/host/cli.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { captureIo } from '../support/cli-io.ts';
import { studioCalls } from '../support/studio-call.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridwright-campaign-'));
const libraryPath = join(dir, 'library.sqlite');
let studio: Studio;
let campaignId: number;
const ids: Record<string, number> = {};

const { ask, value } = studioCalls(() => studio);

// Pars: tiny 2, corridor 6, long 10; imported in that order, so par rises.
const TINY = ['######', '#@ $.#', '######'];
const CORRIDOR = ['##########', '#@ $    .#', '##########'];
const LONG = ['##############', '#@ $        .#', '##############'];
const FILE = ['Title: Curve', '', ...TINY, 'Title: tiny', '', ...CORRIDOR, 'Title: corridor', '', ...LONG, 'Title: long', ''].join('\n');

async function finished(batchId: number): Promise<void> {
  for (;;) {
    const batch = (await value<{ batches: Batch[] }>('jobs.list', {})).batches.find((b) => b.id === batchId)!;
    if (batch.state !== 'running') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const order = async () => (await value<CampaignLayout>('campaign.layout', { campaignId })).levels.map((l) => l.levelId);

beforeAll(async () => {
  studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
  campaignId = (await value('library.import', { fileName: 'curve.xsb', text: FILE })).campaignId;
  for (const level of (await value('library.campaign', { campaignId })).levels) ids[level.title] = level.id;
});

afterAll(async () => {
  await studio?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a level is its id, whatever its position', () => {
  let reportId: number;
  it('re-verifies, keeps a recording on the long level, and reads a rising curve', async () => {
    const run = await value('jobs.reverify', { campaignId });
    reportId = run.reportId;
    await finished(run.batchId);
    await value('recordings.intend', { levelId: ids.long, fromVerification: true });
    const report = await value<CampaignReport>('campaign.report', { campaignId });
    expect(report.rows.map((r) => [r.title, r.par, r.status])).toEqual([['tiny', 2, 'verified'], ['corridor', 6, 'verified'], ['long', 10, 'verified']]);
    expect(report.rows.map((r) => r.boxChanges)).toEqual([1, 1, 1]);
    expect(report.findings.filter((f) => f.check === 'par-falls')).toEqual([]);
  });

  it('after moving the long level first, the report rows, recordings and jobs still name the right levels', async () => {
    const change = await value<LayoutChange>('campaign.edit', { campaignId, op: { type: 'move', levelIds: [ids.long], to: 1 } });
    expect(change.before[0].levels.map((l) => l.levelId)).toEqual([ids.tiny, ids.corridor, ids.long]);
    expect(await order()).toEqual([ids.long, ids.tiny, ids.corridor]);

    const impact = await value<ImpactReport>('reports.get', { reportId });
    const byLevel = new Map(impact.rows.map((r) => [r.levelId, r]));
    expect([ids.long, ids.tiny, ids.corridor].map((id) => [byLevel.get(id)!.title, byLevel.get(id)!.position, byLevel.get(id)!.par])).toEqual([['long', 1, 10], ['tiny', 2, 2], ['corridor', 3, 6]]);

    const recordings = (await value('recordings.list', { levelId: ids.long })).recordings;
    expect(recordings.map((r: { intended: boolean }) => r.intended)).toEqual([true]);
    expect((await value('recordings.list', { levelId: ids.tiny })).recordings).toEqual([]);

    const jobs = (await value<{ jobs: Job[] }>('jobs.list', {})).jobs.filter((j) => j.levelId !== null);
    expect(jobs).toHaveLength(3);
    for (const job of jobs) expect(job.label).toContain(Object.keys(ids).find((title) => ids[title] === job.levelId));

    const report = await value<CampaignReport>('campaign.report', { campaignId });
    expect(report.rows.map((r) => [r.position, r.levelId, r.par])).toEqual([[1, ids.long, 10], [2, ids.tiny, 2], [3, ids.corridor, 6]]);
    expect(report.rows[0].recordings).toBe(0); // a verification's solution is no play-test
    expect(report.findings.filter((f) => f.check === 'par-falls').map((f) => f.levelId)).toEqual([ids.tiny]);
  });

  it('the CLI report exits 1 while par falls, and 0 once the move is undone', async () => {
    const captured = captureIo();
    expect(await runCli(['campaign', 'report', '--db', libraryPath, '--campaign', 'Curve', '--csv'], captured.io)).toBe(1);
    const lines = captured.out.join('\n').split('\n');
    expect(lines[0].startsWith('position,level,title,chapter')).toBe(true);
    expect(lines[2]).toMatch(new RegExp(`^2,${ids.tiny},tiny,.*,par-falls$`));

    const before = (await value<LayoutChange>('campaign.layout', { campaignId })) as unknown as CampaignLayout;
    const undo = await value<LayoutChange>('campaign.setLayouts', { layouts: [{ ...before, levels: [ids.tiny, ids.corridor, ids.long].map((levelId) => ({ levelId, chapterId: null, pinned: false })) }] });
    expect(undo.after[0].levels.map((l) => l.levelId)).toEqual([ids.tiny, ids.corridor, ids.long]);
    const again = captureIo();
    expect(await runCli(['campaign', 'report', '--db', libraryPath, '--campaign', 'Curve', '--json'], again.io)).toBe(0);
    expect(JSON.parse(again.out.join('\n')).rows.map((r: { level: number }) => r.level)).toEqual([ids.tiny, ids.corridor, ids.long]);
  });

  it('a layout that no longer holds the same levels is refused, and nothing is written', async () => {
    const refused = await ask('campaign.setLayouts', { layouts: [{ campaignId, chapters: [], levels: [{ levelId: ids.tiny, chapterId: null, pinned: false }] }] });
    expect(refused.ok).toBe(false);
    expect(await order()).toEqual([ids.tiny, ids.corridor, ids.long]);
  });
});

describe('chapters, pins and campaigns from the CLI and the studio', () => {
  it('cli campaign chapter add / assign / rename, and move', async () => {
    const io = captureIo();
    const cli = (...words: string[]) => runCli(['campaign', ...words, '--db', libraryPath, '--campaign', 'Curve'], io.io);
    expect(await cli('chapter', 'add', '--name', 'Warm-up', '--from', '1')).toBe(0);
    expect(await cli('chapter', 'add', '--name', 'Hard', '--from', '3')).toBe(0);
    expect(io.out.at(-1)).toBe('Chapters of "Curve": "Warm-up" #1-#2, "Hard" #3-#3.');
    expect(await cli('chapter', 'assign', '--chapter', 'Hard', '--from', '2', '--to', '2')).toBe(0);
    expect(io.out.at(-1)).toBe('Chapters of "Curve": "Warm-up" #1-#1, "Hard" #2-#3.');
    expect(await cli('chapter', 'rename', '--chapter', 'Hard', '--name', 'Long ones')).toBe(0);
    expect(await cli('move', '--level', '3', '--to', '1')).toBe(0);
    expect(io.out.at(-1)).toBe(`Level ${ids.long} is now #1 of "Curve".`);
    const report = await value<CampaignReport>('campaign.report', { campaignId });
    expect(report.rows.map((r) => [r.title, r.chapter])).toEqual([['long', 'Warm-up'], ['tiny', 'Warm-up'], ['corridor', 'Long ones']]);
    expect(await cli('move', '--level', '9', '--to', '1')).toBe(2);
  });

  it('duplicate, cut and paste between campaigns, delete and bring back', async () => {
    const copy = await value('campaign.duplicate', { campaignId });
    expect(copy.name).toBe('Curve copy');
    const empty = await value('campaign.create', { name: 'Scratch', kind: 'push' });
    const cut = await value<LayoutChange>('campaign.transfer', { fromCampaignId: copy.campaignId, toCampaignId: empty.campaignId, levelIds: [ids.tiny] });
    expect(cut.after.map((l) => l.levels.length)).toEqual([2, 1]);
    await value('campaign.setLayouts', { layouts: cut.before });
    expect((await value<CampaignLayout>('campaign.layout', { campaignId: empty.campaignId })).levels).toEqual([]);
    const { removalId } = await value('campaign.delete', { campaignId: copy.campaignId });
    expect((await ask('campaign.layout', { campaignId: copy.campaignId })).ok).toBe(false);
    const back = await value('campaign.restore', { removalId });
    expect(back).toEqual({ campaignId: copy.campaignId, name: 'Curve copy' });
    const restored = await value<CampaignReport>('campaign.report', { campaignId: copy.campaignId });
    expect(restored.rows.map((r) => r.chapter)).toEqual(['Warm-up', 'Warm-up', 'Long ones']);
  });

  it('its own copy of the rules leaves the levels current; another ruleset says how many go stale', async () => {
    const own = await value('campaign.setRules', { campaignId, copy: true });
    expect(own.rulesetName).toBe('Curve rules');
    expect(own.newFingerprint).toBe(own.oldFingerprint);
    expect(own.stale).toBe(0);
    const { rulesets } = await value('campaign.rulesets', { campaignId });
    expect(rulesets.find((r: { id: number }) => r.id === own.rulesetId).campaigns).toEqual(['Curve']);
  });
});
