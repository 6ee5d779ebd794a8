/**
 * Recordings as regression tests through the Studio API, against a real studio (SQLite file,
 * worker pool): solutions imported as recordings (bumps kept as refused steps, bad files refused
 * naming the entry, nothing written), intended solutions, and re-verification after a rule change
 * with its impact report: push strength 1 -> 2 gives `par-changed` and `shortcut` exactly on the
 * level where pushing two boxes in a row saves moves, and `recording-diverges` at the step of a
 * recording that bumped into two boxes under the old rules.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Batch } from '../../src-shared/api/studio-api.ts';
import type { ImpactReport } from '../../src-shared/api/reports.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { openDatabase, type LibraryDatabase } from '../../src-main/library/db.ts';
import { createRuleset, saveRulesetConfig } from '../../src-main/library/rulesets.ts';
import { setCampaignRuleset } from '../../src-main/library/campaigns.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { studioCalls } from '../support/studio-call.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('reverify');
const libraryPath = join(dir, 'library.sqlite');
let studio: Studio;
let side: LibraryDatabase;
let campaignId: number;
let rulesetId: number;
let levelIds: number[];

const { ask, value } = studioCalls(() => studio);

async function finished(batchId: number): Promise<Batch> {
  for (;;) {
    const batch = (await value<{ batches: Batch[] }>('jobs.list', {})).batches.find((b) => b.id === batchId)!;
    if (batch.state !== 'running') return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function reverify(): Promise<ImpactReport> {
  const { batchId, reportId, jobs } = await value('jobs.reverify', { campaignId });
  expect(jobs).toBe(3);
  expect((await finished(batchId)).done).toBe(3);
  return value<ImpactReport>('reports.get', { reportId });
}

// 1: two boxes in a row before their goals (strength 2 pushes both at once and saves the walk round);
// 2: one box in a corridor; 3: two boxes in corridors of their own, never in a row.
const ROW = ['#########', '#       #', '#       #', '# @$$ ..#', '#       #', '#       #', '#########'];
const ONE = ['######', '#@ $.#', '######'];
const APART = ['########', '#@ $  .#', '# ######', '#  $  .#', '########'];
const FILE = ['Title: Strength', '', ...ROW, 'Title: row', '', ...ONE, 'Title: one', '', ...APART, 'Title: apart', ''].join('\n');

beforeAll(async () => {
  studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 2 });
  campaignId = (await value('library.import', { fileName: 'strength.xsb', text: FILE })).campaignId;
  levelIds = (await value('library.campaign', { campaignId })).levels.map((l: { id: number }) => l.id);
  // The campaign gets rules of its own, changed below as the Rules view (issue 16, part A) will.
  side = openDatabase(libraryPath).db;
  rulesetId = createRuleset(side, { kind: 'push', name: 'Strength test' }).ruleset.id;
  setCampaignRuleset(side, campaignId, rulesetId);
});

afterAll(async () => {
  side?.close();
  await studio?.close();
});

describe('re-verification and its impact report', () => {
  it('a first run is a first verification for every level, with no old par', async () => {
    const report = await reverify();
    expect(report.rows.map((r) => [r.position, r.impact, r.oldPar])).toEqual([
      [1, ['first-verification'], null],
      [2, ['first-verification'], null],
      [3, ['first-verification'], null],
    ]);
    expect(report).toMatchObject({ scope: 'campaign', levels: 3, done: 3, state: 'done', oldFingerprints: [], unproven: 3 });
    expect(report.newFingerprints).toHaveLength(1);
  });

  it('intended solutions from the verification, and an imported recording that bumped: kept as refused steps, with a warning', async () => {
    for (const levelId of levelIds) expect((await value('recordings.intend', { levelId, fromVerification: true })).recordingId).toBeGreaterThan(0);
    // Up, down, then twice right into two boxes in a row: refused under strength 1.
    const imported = await value('recordings.import', { campaignId, fileName: 'bumps.json', text: '[{"level": 1, "lurd": "udRR"}]' });
    expect(imported.stored).toMatchObject([{ level: 1, levelId: levelIds[0], steps: 4, refused: 2, outcome: 'unfinished', intended: false }]);
    expect(imported.warnings.join('\n')).toContain('entry 1 (line 1): commands 3, 4 refused by the rules');
    const list = (await value('recordings.list', { levelId: levelIds[0] })).recordings;
    expect(list.map((r: { source: string; intended: boolean }) => [r.source, r.intended])).toEqual([['import', false], ['verification', true]]);
    const detail = await value('recordings.get', { recordingId: imported.stored[0].recording });
    expect(detail).toMatchObject({ commands: ['u', 'd', 'r', 'r'], refused: [false, false, true, true] });
  });

  it('push strength 1 -> 2: par-changed and shortcut exactly where two boxes in a row save moves; the bumped recording diverges at step 3', async () => {
    const weak = pushKind.create({}).rules!;
    const strong = pushKind.create({ pushStrength: 2 }).rules!;
    const saves = [ROW, ONE, APART].map((board) => verifyLevel(strong, { board }).par! < verifyLevel(weak, { board }).par!);
    expect(saves).toEqual([true, false, false]);
    const oldFingerprint = weak.fingerprint;
    saveRulesetConfig(side, rulesetId, { pushStrength: 2 }, 'two boxes in a row');
    const stale = await value('library.campaign', { campaignId });
    expect(stale.levels.map((l: { badge: string }) => l.badge)).toEqual(['stale', 'stale', 'stale']);

    const report = await reverify();
    expect(report.oldFingerprints).toEqual([oldFingerprint]);
    expect(report.newFingerprints).toEqual([strong.fingerprint]);
    // The designer knows them as versions with notes, as the Rules view numbers them.
    expect(report.oldRules).toEqual([{ fingerprint: oldFingerprint, ruleset: expect.any(String), number: 1, note: null }]);
    expect(report.newRules).toEqual([{ fingerprint: strong.fingerprint, ruleset: report.oldRules![0].ruleset, number: 2, note: 'two boxes in a row' }]);
    expect(report.rows.map((r) => [r.position, r.impact])).toEqual([
      [1, ['par-changed', 'better-than-intended', 'recording-diverges']],
      [2, ['unchanged']],
      [3, ['unchanged']],
    ]);
    const row = report.rows[0];
    expect([row.oldPar, row.par]).toEqual([verifyLevel(weak, { board: ROW }).par, verifyLevel(strong, { board: ROW }).par]);
    const bumped = row.recordings.find((r) => !r.intended)!;
    expect(bumped).toMatchObject({ divergesAt: 3, wins: false });
    expect(row.recordings.find((r) => r.intended)).toMatchObject({ wins: true, divergesAt: null, winsAt: null });
    expect(report.counts).toEqual({ unchanged: 2, 'par-changed': 1, 'better-than-intended': 1, 'recording-diverges': 1 });
    expect(report.unproven).toBe(0);
    // The run stored its verifications: nothing is stale any more.
    expect((await value('library.campaign', { campaignId })).levels.map((l: { badge: string }) => l.badge)).toEqual(['verified', 'verified', 'verified']);
    const { reports } = await value('reports.list', {});
    expect(reports.slice(0, 2).map((r: { counts: object }) => r.counts)).toEqual([report.counts, { 'first-verification': 3 }]);
  });

  it('the same rules again: the levels are unchanged, and the bumped recording still differs from the hashes it was made with', async () => {
    const report = await reverify();
    expect(report.rows.map((r) => r.impact)).toEqual([['recording-diverges'], ['unchanged'], ['unchanged']]);
  });

  it('a selection, and the whole library, are runs of their own', async () => {
    const selection = await value('jobs.reverify', { campaignId, levelIds: [levelIds[1]] });
    await finished(selection.batchId);
    expect(await value('reports.get', { reportId: selection.reportId })).toMatchObject({ scope: 'selection', levels: 1, rows: [{ position: 2, impact: ['unchanged'] }] });
    const summary = await value('library.summary', {});
    const library = await value('jobs.reverify', { library: true, budget: 1000 });
    expect(library.jobs).toBe(summary.campaigns.reduce((n: number, c: { levelCount: number }) => n + c.levelCount, 0));
    expect(await value('jobs.cancel', { batchId: library.batchId })).toMatchObject({});
    expect(await value('reports.get', { reportId: library.reportId })).toMatchObject({ scope: 'library', state: 'cancelled' });
  });
});

describe('solutions files', () => {
  const count = async () => (await Promise.all(levelIds.map((levelId) => value('recordings.list', { levelId })))).reduce((n, r) => n + r.recordings.length, 0);

  it('an XSB collection with Solution lines, matched by title', async () => {
    const before = await count();
    // Keys under each board; the second solution is wrapped onto the next line, as some tools write it.
    const text = [...APART, 'Title: apart', 'Solution: rRRRllllddrRRR', '', ...ONE, 'Title: one', 'Solution (moves 2, pushes 1):', 'rR', ''].join('\n');
    const imported = await value('recordings.import', { campaignId, fileName: 'mine.sok', text, intended: true });
    expect(imported.stored.map((s: { level: number; outcome: string; intended: boolean }) => [s.level, s.outcome, s.intended])).toEqual([[3, 'won', true], [2, 'won', true]]);
    expect(await count()).toBe(before + 2);
    const intended = (await value('recordings.list', { levelId: levelIds[1] })).recordings.filter((r: { intended: boolean }) => r.intended);
    expect(intended).toMatchObject([{ id: imported.stored[1].recording, source: 'import' }]);
  });

  it('bad input is refused naming the entry or line, and nothing is written', async () => {
    const before = await count();
    const cases: [string, string, RegExp][] = [
      ['bad.json', '[{"level": 1, "lurd": "rrX"}]', /bad\.json, entry 1 \(line 1\): the solution does not decode as push commands/],
      ['far.json', '[{"level": 2, "lurd": "rR"},\n {"level": 9, "lurd": "r"}]', /far\.json, entry 2 \(line 2\): "Strength" has no level at position 9 \(it has 3\)/],
      ['shape.json', '[{"lurd": "r"}]', /entry 1 .*"level" must be/],
      ['broken.json', '[{"level": 1,', /broken\.json: The file is not valid JSON/],
      ['none.sok', ['Title: one', '', ...ONE, ''].join('\n'), /none\.sok holds no solution/],
    ];
    for (const [fileName, text, message] of cases) {
      const result = await ask('recordings.import', { campaignId, fileName, text });
      expect(result, fileName).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
      if (!result.ok) expect(result.error.message).toMatch(message);
    }
    expect(await count()).toBe(before);
  });
});

describe('a re-verification cut short by the app dying', () => {
  it('runs its leftover jobs at the next start and completes its report, each level once', async () => {
    const path = join(dir, 'crash.sqlite');
    const open = () => createStudio({ libraryPath: path, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
    let first: Studio | undefined = await open();
    const calls = studioCalls(() => first!);
    const microban = (await calls.value('library.summary', {})).campaigns.find((c: { name: string }) => c.name === 'Microban I');
    const levelIds = (await calls.value('library.campaign', { campaignId: microban.id })).levels.slice(0, 30).map((l: { id: number }) => l.id);
    const { batchId, reportId } = await calls.value('jobs.reverify', { campaignId: microban.id, levelIds });
    let report: ImpactReport;
    do {
      await new Promise((resolve) => setTimeout(resolve, 20));
      report = await calls.value<ImpactReport>('reports.get', { reportId });
    } while (report.done === 0);
    expect(report.state).toBe('running');
    await first.close();
    first = undefined;

    const second = await open();
    try {
      const again = studioCalls(() => second);
      for (;;) {
        const batch = (await again.value<{ batches: Batch[] }>('jobs.list', {})).batches.find((b) => b.id === batchId)!;
        if (batch.state !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const done = await again.value<ImpactReport>('reports.get', { reportId });
      expect(done).toMatchObject({ state: 'done', levels: 30, done: 30 });
      expect(done.rows.map((r) => r.position)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    } finally {
      await second.close();
    }
  });
});
