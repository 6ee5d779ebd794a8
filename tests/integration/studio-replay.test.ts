/**
 * The replay channels against a real studio (SQLite file, two batch workers): `replays.get` gives
 * a play's whole journal (undo and restart where the player made them) with the rules to replay
 * it under; `replays.curve` with `compute` queues `replay-curve` jobs once, whose chunks fill the
 * curve in; the stored curve is what the shared computation gives, and what an independent search
 * says, step by step. An unknown recording is `not-found`.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayCurve, ReplayDetail } from '../../src-shared/api/replays.ts';
import { openRecordedTimeline } from '../../src-shared/engine/play/open-recording.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { bruteDistance } from '../support/brute-distance.ts';
import { pushRules } from '../support/microban.ts';
import { studioCalls } from '../support/studio-call.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('studio-replay');
let studio: Studio;
let recordingId: number;
const { ask, value } = studioCalls(() => studio);

const ROOM = ['######', '#.   #', '# $  #', '# @  #', '#    #', '######'];
const moves = (text: string, t0: number) => [...text].map((command, i) => ({ type: 'command', command, t: t0 + i * 200 }));
// Wander, undo, restart, walk on and push the box onto the bottom row (dead), 60 steps and more.
const JOURNAL = [
  ...moves('lrlrlrlrlrlrlrlrlrlr', 0),
  { type: 'undo', t: 5000 },
  { type: 'restart', t: 5100 },
  ...moves('rlrlrlrlrlrlrlrlrlrlrlrlrlrlrl', 6000),
  ...moves('luurdd', 20_000),
  ...moves('llrr', 30_000),
];

beforeAll(async () => {
  studio = await createStudio({ libraryPath: join(dir, 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 2 });
  const { campaignId } = await value('library.import', { fileName: 'room.xsb', text: ['Title: Room', '', ...ROOM, 'Title: room', ''].join('\n') });
  const level = (await value('library.campaign', { campaignId })).levels[0];
  recordingId = (await value('recordings.save', { levelId: level.id, content: level.content, journal: JOURNAL })).recordingId;
}, 30_000);

afterAll(async () => {
  await studio?.close();
});

describe('replays.get and replays.curve', () => {
  it('gives the whole journal, undo and restart in place, with the rules to replay it', async () => {
    const detail = await value<ReplayDetail>('replays.get', { recordingId });
    expect(detail.journal.map((e) => e.type)).toEqual(JOURNAL.map((e) => e.type));
    expect(detail.journal[20]).toEqual({ type: 'undo', t: 5000 });
    expect(detail.kind).toBe('push');
    expect(detail.rulesFingerprint).toBe(detail.recordedFingerprint);
    expect(detail.stepHashes).toHaveLength(detail.steps);
  });

  it('computes the curve once in the pool, chunk by chunk, equal to an independent search', async () => {
    const before = await value<ReplayCurve>('replays.curve', { recordingId });
    expect(before.state).toBe('none');
    const asked = await value<ReplayCurve>('replays.curve', { recordingId, compute: true });
    expect(asked.state).toBe('running');
    const again = await value<ReplayCurve>('replays.curve', { recordingId, compute: true });
    expect(again.state === 'running' || again.state === 'done').toBe(true);
    let curve = again;
    while (curve.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      curve = await value<ReplayCurve>('replays.curve', { recordingId });
    }
    const jobs = (await value('jobs.list', {})).jobs.filter((j: { type: string }) => j.type === 'replay-curve');
    expect(jobs.length).toBe(curve.chunks.length);
    expect(curve.chunks.length).toBeGreaterThan(1);
    const steps = curve.chunks.flatMap((c) => c.steps);
    expect(steps).toHaveLength(JOURNAL.length + 1);
    const detail = await value<ReplayDetail>('replays.get', { recordingId });
    const opened = openRecordedTimeline(pushRules, { content: detail.content, journal: detail.journal, commands: [], times: null });
    if ('error' in opened) throw new Error(opened.error);
    steps.forEach((answer, step) => {
      const expected = bruteDistance(pushRules, opened.timeline.stateAt(step));
      expect([step, answer.distance, answer.dead]).toEqual([step, expected, expected === null]);
    });
    expect(steps.findIndex((s) => s.dead)).toBe(JOURNAL.length - 4);
  }, 60_000);

  it('gives the level\'s intended solution to show side by side, else the verified optimal one', async () => {
    const detail = await value<ReplayDetail>('replays.get', { recordingId });
    expect(detail.reference).toBeNull();
    await value('jobs.verify', { campaignId: detail.campaignId });
    await expect.poll(async () => (await value<ReplayDetail>('replays.get', { recordingId })).reference?.source, { timeout: 30_000 }).toBe('optimal');
    const optimal = (await value<ReplayDetail>('replays.get', { recordingId })).reference!.commands;
    expect(optimal).toHaveLength(detail.par ?? bruteDistance(pushRules, pushRules.load(detail.content).state)!);
    // The verification's solution opens as a timeline of its own, decoded from its text by the kind.
    const solved = await value<ReplayDetail>('replays.get', { levelId: detail.levelId, solution: 'verification' });
    expect(solved).toMatchObject({ id: null, solution: 'verification', source: 'verification', levelId: detail.levelId, undos: 0 });
    expect(solved.journal.map((e) => e.command)).toEqual(optimal);
    expect(solved.journal.every((e) => e.type === 'command')).toBe(true);
    const noIntended = await ask('replays.get', { levelId: detail.levelId, solution: 'intended' });
    expect(noIntended.ok ? null : noIntended.error.code).toBe('not-found');
    const intended = (await value('recordings.save', { levelId: detail.levelId, content: detail.content, journal: [{ type: 'command', command: 'l', t: 0 }] })).recordingId;
    await value('recordings.intend', { levelId: detail.levelId, recordingId: intended });
    expect((await value<ReplayDetail>('replays.get', { recordingId })).reference).toEqual({ source: 'intended', commands: ['l'] });
    expect(await value<ReplayDetail>('replays.get', { levelId: detail.levelId, solution: 'intended' })).toMatchObject({ id: intended, solution: 'intended', journal: [{ type: 'command', command: 'l' }] });
  }, 60_000);

  it('after a rule change, gives the rules it was made with for "then and now", and the curve of the new rules is another', async () => {
    const before = await value<ReplayDetail>('replays.get', { recordingId });
    expect(before.recordedConfig).toBeUndefined();
    await value('rules.save', { campaignId: before.campaignId, text: JSON.stringify({ pushStrength: 2 }) });
    const after = await value<ReplayDetail>('replays.get', { recordingId });
    expect(after.rulesFingerprint).not.toBe(after.recordedFingerprint);
    expect(after.recordedFingerprint).toBe(before.rulesFingerprint);
    expect(after.recordedConfig).toMatchObject({ pushStrength: 1 });
    expect((await value<ReplayCurve>('replays.curve', { recordingId })).state).toBe('none');
  });

  it('recomputes only the chunks its cancelled jobs left out', async () => {
    // The rules changed in the test before: this curve is a new one, cancelled as soon as asked.
    expect((await value<ReplayCurve>('replays.curve', { recordingId, compute: true })).state).toBe('running');
    const pending = (await value('jobs.list', {})).jobs.filter((j: { type: string; state: string }) => j.type === 'replay-curve' && (j.state === 'queued' || j.state === 'running'));
    expect(pending.length).toBeGreaterThan(0);
    await value('jobs.cancel', { batchId: pending[0].batchId });
    const known = (c: ReplayCurve): number => c.chunks.reduce((n, chunk) => n + chunk.steps.length, 0);
    let curve = await value<ReplayCurve>('replays.curve', { recordingId });
    while (curve.state === 'running') curve = await new Promise((resolve) => setTimeout(resolve, 50)).then(() => value<ReplayCurve>('replays.curve', { recordingId }));
    // The cancel races the workers (on a quiet machine every chunk may be stored before it lands),
    // so one stored chunk is also taken out by hand: recompute must bring back what is missing.
    const library = new Database(join(dir, 'library.sqlite'));
    try {
      library.prepare('DELETE FROM replay_curve_chunks WHERE rowid = (SELECT MIN(rowid) FROM replay_curve_chunks WHERE recording_id = ? AND rules_fingerprint = ?)').run(recordingId, curve.rulesFingerprint);
    } finally {
      library.close();
    }
    curve = await value<ReplayCurve>('replays.curve', { recordingId });
    expect(known(curve)).toBeLessThan(JOURNAL.length + 1);
    // Asking to compute again does nothing (once per recording and rules); recompute queues what is missing.
    expect(known(await value<ReplayCurve>('replays.curve', { recordingId, compute: true }))).toBe(known(curve));
    curve = await value<ReplayCurve>('replays.curve', { recordingId, recompute: true });
    expect(curve.state).toBe('running');
    while (curve.state === 'running') curve = await new Promise((resolve) => setTimeout(resolve, 50)).then(() => value<ReplayCurve>('replays.curve', { recordingId }));
    const steps = curve.chunks.flatMap((c) => c.steps);
    expect(steps).toHaveLength(JOURNAL.length + 1);
  }, 60_000);

  it('an unknown recording is not found', async () => {
    const result = await ask('replays.curve', { recordingId: 999_999, compute: true });
    expect(result.ok ? null : result.error.code).toBe('not-found');
  });
});
