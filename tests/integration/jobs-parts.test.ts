/**
 * A job in parts at once (a job type's `split`), with real worker processes: one job, one row and
 * one result joined from its parts; a part that ends frees its worker for the next job; a part
 * whose result settles the job stops the others; a cancel gives the parts' partial results
 * joined. The studio's Verify of a full-size push level runs so, in as many parts as the solver
 * can use and the pool has batch workers, and so does its re-verification (the first part replays
 * the recordings); any other level runs once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bestOfParts } from '../../src-shared/verify/parts.ts';
import { verificationSchema, type Verification } from '../../src-shared/verify/record.ts';
import type { LibraryDatabase } from '../../src-main/library/db.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { WorkerPool } from '../../src-main/jobs/pool.ts';
import type { JobPayload } from '../../src-main/jobs/protocol.ts';
import { JobQueue } from '../../src-main/jobs/queue.ts';
import { reverifyResultSchema, type ReverifyResult } from '../../src-main/jobs/types/reverify.ts';
import { microbanLevels } from '../support/microban.ts';
import { until } from '../support/processes.ts';
import { pushSetLevels } from '../support/push-sets.ts';
import { freshDatabase } from '../support/temp-library.ts';

let db: LibraryDatabase | undefined;
let pool: WorkerPool | undefined;
let queue: JobQueue | undefined;

afterEach(async () => {
  queue?.close();
  await pool?.close();
  queue = pool = db = undefined;
});

/** What the queue handed the pool: each run's payload, when (performance.now()), and how it ended (with when). */
interface Handed {
  readonly payload: JobPayload;
  readonly at: number;
  readonly ended: Promise<unknown>;
  endedAt?: number;
}

/** A queue on a pool of `batch` batch workers and one for interactive work; every run it hands the pool is recorded. */
function queueOn(batch: number): { queue: JobQueue; handed: Handed[] } {
  db = freshDatabase('parts').db;
  const real = new WorkerPool({ adapter: nodeWorkerAdapter({ env: { GRIDWRIGHT_TEST_JOBS: '1' }, forwardStderr: false }), size: batch + 1, batchLimit: batch, cpuBudget: batch });
  pool = real;
  const handed: Handed[] = [];
  queue = new JobQueue({
    db,
    pool: {
      capacity: (lane) => real.capacity(lane),
      run: (payload, options) => {
        const run = real.run(payload, options);
        const entry: Handed = { payload, at: performance.now(), ended: run.then((r) => r, (e: unknown) => e).finally(() => (entry.endedAt = performance.now())) };
        handed.push(entry);
        return run;
      },
    },
  });
  return { queue, handed };
}

const spinParts = (parts: { ms: number; settles?: boolean; throws?: boolean }[]): JobPayload => ({ type: 'selftest', action: 'spin', parts });

describe('a job in parts', () => {
  it('runs its parts at once and stores one result joined from theirs', async () => {
    const { queue, handed } = queueOn(2);
    const id = queue.createJob({ label: 'two parts', payload: spinParts([{ ms: 150 }, { ms: 300 }]) });
    const result = (await queue.outcome(id)) as { spunMs: number; parts: number[] };
    expect(handed.map((h) => h.payload)).toEqual([
      { type: 'selftest', action: 'spin', ms: 150 },
      { type: 'selftest', action: 'spin', ms: 300 },
    ]);
    // At once: the second part was handed before the first ended.
    await handed[0].ended;
    expect(handed[1].at).toBeLessThan(handed[0].endedAt!);
    expect(result.parts).toHaveLength(2);
    expect(result.parts[0]).toBeGreaterThanOrEqual(150);
    expect(result.parts[1]).toBeGreaterThanOrEqual(300);
    expect(result.spunMs).toBe(Math.max(...result.parts));
    expect(queue.job(id)).toMatchObject({ state: 'done' });
    expect(queue.result(id)).toEqual(result);
  });

  it('runs once where the pool has fewer batch workers than parts', async () => {
    const { queue, handed } = queueOn(1);
    const id = queue.createJob({ label: 'too many parts', payload: spinParts([{ ms: 10 }, { ms: 20 }]) });
    expect(await queue.outcome(id)).toMatchObject({ stopped: false });
    expect(handed).toHaveLength(1);
    expect(handed[0].payload).toMatchObject({ parts: [{ ms: 10 }, { ms: 20 }] });
  });

  it('a part that ends frees its worker: the next job starts while the other part runs', async () => {
    const { queue, handed } = queueOn(2);
    const first = queue.createJob({ label: 'short and long', payload: spinParts([{ ms: 20 }, { ms: 4000 }]) });
    const second = queue.createJob({ label: 'next', payload: { type: 'selftest', action: 'spin', ms: 20 } });
    expect(await queue.outcome(second)).toMatchObject({ stopped: false });
    expect(queue.job(first)).toMatchObject({ state: 'running' });
    expect(handed.map((h) => (h.payload as { ms?: number }).ms)).toEqual([20, 4000, 20]);
    queue.cancelJob(first);
  });

  it('beside a running job, runs its parts on the free worker in turn; no job after it starts first', async () => {
    const { queue, handed } = queueOn(2);
    await until(() => pool!.workers().filter((w) => w.state === 'idle').length === 3, 'every worker up');
    const busy = queue.createJob({ label: 'one worker busy', payload: { type: 'selftest', action: 'spin', ms: 600 } });
    const split = queue.createJob({ label: 'two parts', payload: spinParts([{ ms: 50 }, { ms: 50 }]) });
    const after = queue.createJob({ label: 'after it', payload: { type: 'selftest', action: 'spin', ms: 10 } });
    await Promise.all([busy, split, after].map((id) => queue.outcome(id)));
    expect(handed.map((h) => (h.payload as { ms?: number }).ms)).toEqual([600, 50, 50, 10]);
    // Both parts ran beside the busy job, one after the other on the free worker (none left idle) ...
    expect(handed[2].endedAt!).toBeLessThan(handed[0].endedAt!);
    // ... and the job after it waited for the second part: two 50 ms spins in turn.
    expect(handed[3].at - handed[1].at).toBeGreaterThanOrEqual(100);
  });

  it('is never split in the interactive lane (one worker of its own: the parts would wait for each other)', async () => {
    const { queue, handed } = queueOn(2);
    const id = queue.createJob({ label: 'interactive', lane: 'interactive', payload: spinParts([{ ms: 10 }, { ms: 10 }]) });
    expect(await queue.outcome(id)).toMatchObject({ stopped: false });
    expect(handed).toHaveLength(1);
  });

  it('a part that fails leaves the job what the others finished; it fails when none did', async () => {
    const { queue } = queueOn(2);
    const id = queue.createJob({ label: 'one part throws', payload: spinParts([{ ms: 50 }, { ms: 0, throws: true }]) });
    const result = (await queue.outcome(id)) as { parts: number[] };
    expect(result.parts).toHaveLength(1);
    expect(queue.job(id)).toMatchObject({ state: 'done' });
    const failing = queue.createJob({ label: 'both throw', payload: spinParts([{ ms: 0, throws: true }, { ms: 0, throws: true }]) });
    await expect(queue.outcome(failing)).rejects.toThrow(/thrown on purpose/);
  });

  it('a part whose result settles the job stops the others, and the job is done with what they had', async () => {
    const { queue, handed } = queueOn(2);
    const id = queue.createJob({ label: 'settled early', payload: spinParts([{ ms: 100, settles: true }, { ms: 600_000 }]) });
    const result = (await queue.outcome(id)) as { stopped: boolean; parts: number[] };
    expect(queue.job(id)).toMatchObject({ state: 'done' });
    // The long part was told to stop (its partial result is in), long before its ten minutes.
    expect(result.stopped).toBe(true);
    expect(result.parts).toHaveLength(2);
    expect(await handed[1].ended).toMatchObject({ name: 'JobCancelledError', partial: { stopped: true } });
  });

  it('cancelled, it gives the parts partial results joined', async () => {
    const { queue } = queueOn(2);
    const id = queue.createJob({ label: 'cancelled', payload: spinParts([{ ms: 600_000 }, { ms: 600_000 }]) });
    await until(() => (queue.job(id)?.progress ?? 0) > 0 && pool!.workers().filter((w) => w.state === 'busy' && w.lane === 'batch').length === 2, 'both parts to spin');
    const outcome = queue.outcome(id).catch((e: unknown) => e);
    expect(queue.cancelJob(id)).toBe(1);
    expect(await outcome).toMatchObject({ name: 'JobCancelledError', partial: { stopped: true, parts: [expect.any(Number), expect.any(Number)] } });
    expect(queue.job(id)).toMatchObject({ state: 'cancelled' });
  });

  it('a full-size push level verifies in two parts, its record the best of theirs; a Microban level verifies once', async () => {
    const { queue, handed } = queueOn(2);
    const level = pushSetLevels('xsokoban')[1];
    const big = queue.createJob({ label: 'XSokoban 2', payload: { type: 'verify', kind: 'push', config: {}, level, budget: 400_000, timeLimitMs: 1_500 } });
    const record = verificationSchema.parse(await queue.outcome(big));
    expect(handed.map((h) => (h.payload as { part?: unknown }).part)).toEqual([
      { index: 0, of: 2 },
      { index: 1, of: 2 },
    ]);
    const parts = (await Promise.all(handed.map((h) => h.ended))) as Verification[];
    expect(record).toEqual(bestOfParts(parts, 'minimise'));
    expect(record.nodes).toBe(parts[0].nodes + parts[1].nodes);
    const small = queue.createJob({ label: 'Microban 1', payload: { type: 'verify', kind: 'push', config: {}, level: microbanLevels()[0], budget: 400_000 } });
    expect(await queue.outcome(small)).toMatchObject({ status: 'solved', par: 33, optimal: true });
    expect(handed).toHaveLength(3);
    expect(handed[2].payload).not.toHaveProperty('part');
  });

  it('a re-verification of a full-size level runs in two parts: the first replays the recordings, the impact is judged on the best solve', async () => {
    const { queue, handed } = queueOn(2);
    const level = pushSetLevels('xsokoban')[1];
    const recording = { id: 7, commands: ['up', 'left'], stepHashes: null, status: 'playing', intended: false };
    const payload: JobPayload = {
      type: 'reverify',
      kind: 'push',
      config: {},
      level,
      budget: 400_000,
      timeLimitMs: 1_500,
      previous: { status: 'solved', par: 1, optimal: false },
      recordingIds: [],
      recordings: [recording],
      tooLong: [],
      row: { campaignName: 'XSokoban', position: 2, title: null },
    };
    const id = queue.createJob({ label: 'XSokoban 2 again', payload });
    const result = reverifyResultSchema.parse(await queue.outcome(id));
    expect(handed.map((h) => h.payload)).toMatchObject([
      { part: { index: 0, of: 2 }, recordings: [recording] },
      { part: { index: 1, of: 2 }, recordings: [] },
    ]);
    const parts = (await Promise.all(handed.map((h) => h.ended))) as ReverifyResult[];
    expect(parts[1].recordings).toEqual([]);
    expect(result.verification).toEqual(bestOfParts(parts.map((p) => p.verification), 'minimise'));
    expect(result.recordings).toEqual(parts[0].recordings);
    expect(result.recordings).toMatchObject([{ id: 7 }]);
    // A par of 1 before: whichever part found the solution, the par changed.
    expect(result.impact).toContain(result.verification.status === 'solved' ? 'par-changed' : 'budget');
  });
});
