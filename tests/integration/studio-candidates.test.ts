/**
 * The candidates bench through the Studio API with real workers: a run split across two batch
 * workers gives the candidates one in-process run gives; they are kept in the library (a new
 * studio on the same file still has them); accepted ones become levels with their provenance,
 * whose stored solution replays to a win and whose par the solver confirms; bad params are
 * refused before any job starts.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { generateReverse } from '../../src-shared/rulesets/push/generator/index.ts';
import { defaultPushRules } from '../../src-shared/rulesets/push/kind.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { until } from '../support/processes.ts';
import { studioCalls } from '../support/studio-call.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('candidates');
const libraryPath = join(dir, 'library.sqlite');
const PARAMS = { count: 3, pool: 2, mode: 'normal', par: { min: 8, max: 30 }, maxCandidates: 1200 };
const rules = defaultPushRules();
let studio: Studio;

const open = () => createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 2 });

const { ask, value: call } = studioCalls(() => studio);

beforeAll(async () => {
  studio = await open();
});
afterAll(async () => {
  await studio?.close();
});

describe('the candidates bench', () => {
  let runId: number;

  it('a run across two workers gives the candidates of one run, with per-sieve counts', async () => {
    const started = await call('candidates.start', { kind: 'push', generator: 'push-reverse', params: PARAMS, seed: 'bench' });
    runId = started.runId;
    const run = await until(
      async () => {
        const { runs } = await call('candidates.runs', {});
        const found = runs.find((r: { id: number }) => r.id === runId);
        return found?.state === 'done' ? found : undefined;
      },
      'the run to end',
      120_000,
      100,
    );
    const batch = (await call('jobs.list', {})).batches.find((b: { id: number }) => b.id === started.batchId);
    expect(batch.state).toBe('done');
    expect(run).toMatchObject({ generator: 'push-reverse', version: 1, seed: 'bench', count: 3, wanted: 6, cap: 1200 });
    expect(run.statistics.candidates).toBeGreaterThan(0);
    expect(run.statistics.sieves.map((s: { id: string }) => s.id)).toContain('proof');

    const whole = generateReverse(PARAMS, 'bench');
    const { candidates } = await call('candidates.list', { runId });
    expect(candidates.map((c: { index: number }) => c.index).sort((a: number, b: number) => a - b)).toEqual(whole.run!.accepted.map((k) => k.index));
    // Best score first; the best `count` are the levels one generate call returns.
    const recommended = candidates.filter((c: { recommended: boolean }) => c.recommended).map((c: { content: { board: string[] } }) => c.content.board);
    expect(recommended.sort()).toEqual(whole.levels.map((l) => l.board).sort());
  });

  it('keeps the candidates in the library: a new studio on the file still has them', async () => {
    const before = (await call('candidates.list', { runId })).candidates;
    await studio.close();
    studio = await open();
    expect((await call('candidates.list', { runId })).candidates).toEqual(before);
  });

  it('accepted candidates become titled, verified levels with their provenance; their solution wins and the solver agrees on par', async () => {
    const { candidates } = await call('candidates.list', { runId });
    const chosen = candidates.slice(0, 2);
    const accepted = await call('candidates.accept', { candidateIds: chosen.map((c: { id: number }) => c.id), campaignName: 'From the bench' });
    expect(accepted.levelIds).toHaveLength(2);
    const detail = await call('library.campaign', { campaignId: accepted.campaignId });
    expect(detail.levels.map((l: { contentHash: string }) => l.contentHash)).toEqual(chosen.map((c: { contentHash: string }) => c.contentHash));
    // They arrive finished: titled by seed and candidate number, verified by the bench's own proof.
    expect(detail.levels.map((l: { title: string }) => l.title)).toEqual(chosen.map((c: { index: number }) => `bench #${c.index}`));
    expect(detail.levels.map((l: { badge: string; par: number }) => [l.badge, l.par])).toEqual(chosen.map((c: { par: number }) => ['verified', c.par]));
    expect(detail.levels.map((l: { figures: Record<string, number> }) => l.figures)).toEqual(chosen.map((c: { figures: Record<string, number> }) => c.figures));
    for (const [i, levelId] of accepted.levelIds.entries()) {
      const level = await call('library.level', { levelId });
      expect(level).toMatchObject({ source: 'generated', provenance: { generator: 'push-reverse', version: 1, seed: 'bench', index: chosen[i].index, contentHash: level.contentHash, params: expect.objectContaining({ count: 3 }) } });
      const played = replay(rules, rules.load(level.content).state!, rules.decodeSolution(chosen[i].solution).commands!);
      expect(played.status).toBe('won');
      expect(played.final.moves).toBe(chosen[i].par);
    }
    const { batchId } = await call('jobs.verify', { campaignId: accepted.campaignId });
    await until(async () => (await call('jobs.list', {})).batches.find((b: { id: number }) => b.id === batchId)?.state === 'done', 'the verification', 120_000, 100);
    const verified = await call('library.campaign', { campaignId: accepted.campaignId });
    expect(verified.levels.map((l: { par: number; optimal: boolean }) => [l.par, l.optimal])).toEqual(chosen.map((c: { par: number }) => [c.par, true]));

    // Accepted ones stay listed as accepted and cannot be accepted twice; dismissed ones leave the list.
    const after = (await call('candidates.list', { runId })).candidates;
    expect(after.filter((c: { state: string }) => c.state === 'accepted').map((c: { levelId: number }) => c.levelId).sort()).toEqual([...accepted.levelIds].sort());
    expect(await ask('candidates.accept', { candidateIds: [chosen[0].id], campaignId: accepted.campaignId })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    const third = after.find((c: { state: string }) => c.state === 'new');
    expect(await call('candidates.dismiss', { candidateIds: [third.id] })).toEqual({ dismissed: 1 });
    expect((await call('candidates.list', { runId })).candidates.map((c: { id: number }) => c.id)).not.toContain(third.id);
    // Into an existing campaign: at its end.
    const fourth = (await call('candidates.list', { runId })).candidates.find((c: { state: string }) => c.state === 'new');
    const more = await call('candidates.accept', { candidateIds: [fourth.id], campaignId: accepted.campaignId });
    expect((await call('library.campaign', { campaignId: accepted.campaignId })).levels.at(-1).id).toBe(more.levelIds[0]);
  });

  it('refuses params no level could meet before any job starts, naming the field', async () => {
    const jobsBefore = (await call('jobs.list', {})).jobs.length;
    for (const [params, field] of [
      [{ par: { min: 30, max: 10 } }, /par: The par window is empty/],
      [{ boxes: 20, blocks: { width: 1, height: 1 } }, /boxes: A 1x1-block room has at most 9 floor cells/],
      [{ room: { board: ['####', '####'] } }, /room: The drawn room has no floor/],
    ] as const) {
      expect(await ask('candidates.start', { kind: 'push', generator: 'push-reverse', params, seed: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(field) } });
    }
    expect(await ask('candidates.start', { kind: 'push', generator: 'push-reverse', params: {}, seed: 7 })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect((await call('jobs.list', {})).jobs.length).toBe(jobsBefore);
  });
});
