/**
 * The interactive lane, with real worker processes: an interactive job never waits behind a batch,
 * pre-empts batch work when the cores are all busy (the batch job is paused and resumed, the pause
 * not counted in its running time or time limit), and interactive jobs left by an app that died
 * are not run again. Slow jobs are deterministic `spin` selftests; orderings are asserted, not times.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verificationSchema } from '../../src-shared/verify/record.ts';
import { type LibraryDatabase } from '../../src-main/library/db.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { WorkerPool } from '../../src-main/jobs/pool.ts';
import type { JobPayload } from '../../src-main/jobs/protocol.ts';
import { JobQueue, type JobsChanged } from '../../src-main/jobs/queue.ts';
import { storedPayload } from '../../src-main/jobs/rows.ts';
import { microbanLevels } from '../support/microban.ts';
import { until } from '../support/processes.ts';
import { freshDatabase } from '../support/temp-library.ts';

let db: LibraryDatabase;
let pool: WorkerPool | undefined;
let queue: JobQueue | undefined;

beforeEach(() => {
  db = freshDatabase('lanes').db;
});

afterEach(async () => {
  queue?.close();
  await pool?.close();
  queue = pool = undefined;
});

/** One batch worker and one kept for interactive work, on a machine of one core: the tightest case. */
function tightPool(): WorkerPool {
  pool = new WorkerPool({ adapter: nodeWorkerAdapter({ env: { GRIDWRIGHT_TEST_JOBS: '1' }, forwardStderr: false }), size: 2, batchLimit: 1, cpuBudget: 1 });
  return pool;
}

const spin = (ms: number): JobPayload => ({ type: 'selftest', action: 'spin', ms });
const hint: JobPayload = { type: 'hint', kind: 'push', config: {}, level: microbanLevels()[0], commands: [], budget: 400_000 };

describe('interactive lane', () => {
  it('a hint submitted while a batch occupies every batch worker finishes before the batch does', async () => {
    queue = new JobQueue({ db, pool: tightPool() });
    const events: JobsChanged[] = [];
    queue.on('changed', (event) => events.push(event));
    const { batchId, jobIds } = queue.createBatch({ label: 'slow batch', jobs: [spin(1500), spin(1500)].map((payload, i) => ({ label: `spin ${i}`, payload })) });
    await until(() => queue!.job(jobIds[0])!.state === 'running' && pool!.workers().some((w) => w.lane === 'batch'), 'the batch to occupy its worker');
    const hintId = queue.createJob({ label: 'Hint', payload: hint });
    // The batch job is held while the hint searches: one core, and the hint comes first.
    await until(() => pool!.workers().some((w) => w.lane === 'batch' && w.paused) || queue!.job(hintId)!.state === 'done', 'the batch job to be paused');
    const answer = await queue.outcome(hintId);
    expect(answer).toMatchObject({ status: 'solved', command: expect.any(String), optimal: true });
    expect(queue.batch(batchId)).toMatchObject({ state: 'running', done: 0 });
    await queue.idle();
    const doneAt = (id: number) => events.findIndex((e) => e.jobs.some((j) => j.id === id && j.state === 'done'));
    expect(doneAt(hintId)).toBeGreaterThanOrEqual(0);
    expect(doneAt(hintId)).toBeLessThan(doneAt(jobIds[0]));
    expect(doneAt(jobIds[0])).toBeLessThan(doneAt(jobIds[1]));
    expect(queue.batch(batchId)).toMatchObject({ state: 'done', done: 2 });
    expect(pool!.workers().every((w) => !w.paused)).toBe(true);
  });

  it('a paused batch job resumes where it was; the pause counts neither in its running time nor its time limit', async () => {
    const pool = tightPool();
    const started = performance.now();
    let progressed = false;
    const batch = pool.run(
      // Its time limit leaves a loaded machine time to send the interactive job while it searches
      // (at 700 ms a CI run beside other work ran it out first, and nothing was left to pause).
      { type: 'verify', kind: 'push', config: {}, level: microbanLevels()[92], budget: 100_000_000, timeLimitMs: 2_500 },
      { onProgress: () => (progressed = true) },
    );
    await until(() => progressed, 'the batch job to search');
    // An interactive job that needs the only core for a while.
    const interactive = pool.run(spin(1200), { lane: 'interactive' });
    await until(() => pool.workers().some((w) => w.paused), 'the batch job to be paused');
    const order: string[] = [];
    await Promise.all([interactive.then(() => order.push('interactive')), batch.then(() => order.push('batch'))]);
    const wall = performance.now() - started;
    expect(order).toEqual(['interactive', 'batch']);
    const verification = verificationSchema.parse(await batch);
    // Out of time after 2.5 s of its own running, although well over 3.7 s went by: stopped, never
    // proven (a fast machine may have found a solution by then, kept as a par bound).
    expect(verification.stoppedBy).toBe('time');
    expect(verification.optimal).not.toBe(true);
    expect(verification.ms).toBeGreaterThanOrEqual(2_500);
    expect(wall - verification.ms).toBeGreaterThan(900);
  });

  it('a verify job can run in the interactive lane (the live proof); a hint cannot run in the batch lane', async () => {
    const pool = tightPool();
    expect(await pool.run({ type: 'verify', kind: 'push', config: {}, level: microbanLevels()[0], budget: 400_000 }, { lane: 'interactive' })).toMatchObject({ status: 'solved', par: 33 });
    await expect(pool.run(hint, { lane: 'batch' })).rejects.toThrow(/A hint job cannot run in the batch lane/);
  });

  it('interactive jobs left queued or running by an app that died are cancelled, batch ones run again', async () => {
    const now = new Date().toISOString();
    const insert = db.prepare("INSERT INTO jobs (type, label, state, payload_json, created_at, started_at) VALUES (?, ?, ?, ?, ?, ?)");
    insert.run('hint', 'hint that was running', 'running', storedPayload(hint, 'interactive'), now, now);
    insert.run('hint', 'hint that was queued', 'queued', storedPayload(hint, 'interactive'), now, null);
    insert.run('noop', 'batch job that was running', 'running', storedPayload({ type: 'noop', echo: 'again' }, 'batch'), now, now);
    queue = new JobQueue({ db, pool: tightPool() });
    expect(queue.job(1)).toMatchObject({ state: 'cancelled', error: expect.stringMatching(/nobody waits/) });
    expect(queue.job(2)).toMatchObject({ state: 'cancelled' });
    expect(queue.job(3)).toMatchObject({ state: 'queued' });
    await queue.idle();
    expect(queue.result(3)).toBe('again');
    expect([queue.job(1)!.state, queue.job(2)!.state]).toEqual(['cancelled', 'cancelled']);
  });

  it('cancelling an interactive job gives its waiter what the search had got to', async () => {
    queue = new JobQueue({ db, pool: tightPool() });
    const id = queue.createJob({ label: 'slow hint', payload: { ...hint, level: microbanLevels()[92], budget: 100_000_000 } });
    await until(() => (queue!.job(id)?.progress ?? 0) > 0, 'the hint to search');
    const outcome = queue.outcome(id).catch((e: unknown) => e);
    expect(queue.cancelJob(id)).toBe(1);
    const error = (await outcome) as { name: string; partial?: unknown };
    expect(error.name).toBe('JobCancelledError');
    expect(error.partial).toMatchObject({ status: 'budget', command: null, distance: null, optimal: false, stoppedBy: 'cancelled' });
    // The solver says why it stopped, for the hint panel.
    expect((error.partial as { reason?: string }).reason).toMatch(/stopped the solver/);
    expect(queue.job(id)).toMatchObject({ state: 'cancelled' });
  });
});
