/**
 * The persisted job queue on a real SQLite file with real worker processes: results are stored in
 * the transaction that finishes their job, events and listings have the Studio API's shape,
 * progress is throttled, cancelling stops work at once (keeping the worker), and failures are
 * retried exactly once.
 */
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENTS, batchSchema, jobSchema, type Job } from '../../src-shared/api/studio-api.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { integrityCheck, type LibraryDatabase } from '../../src-main/library/db.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { WorkerPool } from '../../src-main/jobs/pool.ts';
import type { JobPayload } from '../../src-main/jobs/protocol.ts';
import { JobQueue, type JobsChanged, type ResultHook } from '../../src-main/jobs/queue.ts';
import { microbanLevels, pushRules } from '../support/microban.ts';
import { processAlive, until } from '../support/processes.ts';
import { freshDatabase } from '../support/temp-library.ts';

let db: LibraryDatabase;
let pools: WorkerPool[];
let queues: JobQueue[];
let events: { at: number; event: JobsChanged }[];

beforeEach(() => {
  db = freshDatabase('jobs').db;
  db.exec('CREATE TABLE test_results (job_id INTEGER PRIMARY KEY REFERENCES jobs(id), status TEXT NOT NULL)');
  pools = [];
  queues = [];
  events = [];
});

afterEach(async () => {
  for (const queue of queues) queue.close();
  await Promise.all(pools.map((pool) => pool.close()));
});

/** The owner's hook: one row per result, written in the job's own transaction. */
const storeResult: ResultHook = (db, job, result) => {
  const status = job.payload.type === 'verify' ? (result as { status: string }).status : 'ok';
  db.prepare('INSERT INTO test_results (job_id, status) VALUES (?, ?)').run(job.id, status);
};

function start(options: { maxOldSpaceMB?: number; onResult?: ResultHook } = {}): { queue: JobQueue; pool: WorkerPool } {
  const adapter = nodeWorkerAdapter({ env: { GRIDWRIGHT_TEST_JOBS: '1' }, forwardStderr: false, maxOldSpaceMB: options.maxOldSpaceMB });
  const pool = new WorkerPool({ adapter, size: 1 });
  const queue = new JobQueue({ db, pool, onResult: options.onResult ?? storeResult });
  queue.on('changed', (event) => {
    EVENTS['jobs.changed'].parse(event); // every event has the Studio API's shape
    events.push({ at: performance.now(), event });
  });
  pools.push(pool);
  queues.push(queue);
  return { queue, pool };
}

const verify = (level: number, budget = 400_000): JobPayload => ({ type: 'verify', kind: 'push', config: {}, level: microbanLevels()[level - 1], budget });
const LONG = verify(93, 100_000_000);

function jobEvents(jobId: number): Job[] {
  return events.flatMap(({ event }) => event.jobs.filter((j) => j.id === jobId));
}

describe('job queue', () => {
  it('runs a batch in order and stores each result with its job in one transaction', async () => {
    const { queue } = start();
    const { batchId, jobIds } = queue.createBatch({
      label: 'Verify Microban 1-3',
      jobs: [1, 2, 3].map((n) => ({ label: `Level ${n}`, payload: verify(n) })),
    });
    expect(queue.batch(batchId)).toMatchObject({ state: 'running', total: 3, done: 0 });
    await queue.idle();
    const listed = queue.list();
    for (const batch of listed.batches) batchSchema.parse(batch);
    for (const job of listed.jobs) jobSchema.parse(job);
    expect(listed.batches[0]).toMatchObject({ id: batchId, state: 'done', total: 3, done: 3, failed: 0, cancelled: 0 });
    expect(listed.jobs.map((j) => j.id)).toEqual([...jobIds].reverse()); // recent first
    expect(listed.jobs.every((j) => j.state === 'done' && j.progress === 1 && j.attempts === 0 && j.startedAt && j.finishedAt)).toBe(true);
    // The stored result is the engine's record; the owner's row was written with it.
    for (const [i, id] of jobIds.entries()) {
      const local = verifyLevel(pushRules, microbanLevels()[i], { budget: 400_000 });
      expect({ ...(queue.result(id) as object), ms: 0 }).toEqual({ ...local, ms: 0 });
    }
    expect(db.prepare('SELECT job_id, status FROM test_results ORDER BY job_id').all()).toEqual(jobIds.map((id) => ({ job_id: id, status: 'solved' })));
    // Started in id order: each job's running event comes after the previous job is done.
    const firstRunning = jobIds.map((id) => events.findIndex(({ event }) => event.jobs.some((j) => j.id === id && j.state === 'running')));
    const done = jobIds.map((id) => events.findIndex(({ event }) => event.jobs.some((j) => j.id === id && j.state === 'done')));
    expect(firstRunning[1]).toBeGreaterThan(done[0]);
    expect(firstRunning[2]).toBeGreaterThan(done[1]);
  });

  it('a result the owner refuses leaves no trace: the job fails with the reason', async () => {
    const { queue } = start({
      onResult: (db, job) => {
        db.prepare('INSERT INTO test_results (job_id, status) VALUES (?, ?)').run(job.id, 'half-written');
        throw new Error('no such level');
      },
    });
    const id = queue.createJob({ label: 'noop', payload: { type: 'noop', echo: 1 } });
    await queue.idle();
    expect(queue.job(id)).toMatchObject({ state: 'failed', error: 'The result could not be stored: no such level' });
    expect(queue.result(id)).toBeUndefined();
    expect(db.prepare('SELECT count(*) AS n FROM test_results').get()).toEqual({ n: 0 });
  });

  it('progress events come at most 10 times a second per job, and cancel stops the search on the same worker', async () => {
    const { queue, pool } = start();
    const { batchId, jobIds } = queue.createBatch({ label: 'long', jobs: [{ label: 'Level 93', payload: LONG }, { label: 'after', payload: { type: 'noop', echo: 'after' } }] });
    const [long, after] = jobIds;
    await until(() => jobEvents(long).filter((j) => j.progress > 0).length >= 8, 'progress events');
    const running = events.filter(({ event }) => event.jobs.some((j) => j.id === long && j.state === 'running'));
    const gaps = running.slice(1).map((e, i) => e.at - running[i].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(95);
    const progress = jobEvents(long).map((j) => j.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b)); // never goes back
    expect(Math.max(...progress)).toBeLessThan(1);
    expect(queue.job(long)!.progress).toBe(progress.at(-1)); // listings show the live progress
    expect(running.at(-1)!.event.batches).toEqual([expect.objectContaining({ id: batchId, state: 'running', total: 2 })]);

    const pid = pool.workers()[0].pid!;
    expect(queue.cancelJob(long)).toBe(1);
    expect(queue.job(long)).toMatchObject({ state: 'cancelled', attempts: 0 });
    await queue.idle();
    expect(queue.job(after)).toMatchObject({ state: 'done' });
    expect(queue.result(after)).toBe('after');
    // The cancelled job stored nothing; the next job ran on the same, still warm, worker.
    expect(queue.result(long)).toBeUndefined();
    expect(db.prepare('SELECT count(*) AS n FROM test_results WHERE job_id = ?').get(long)).toEqual({ n: 0 });
    expect(pool.workers()[0].pid).toBe(pid);
    expect(processAlive(pid)).toBe(true);
    expect(queue.batch(batchId)).toMatchObject({ state: 'done', done: 1, cancelled: 1 });
    expect(queue.cancelJob(long)).toBe(0);
  });

  it('cancelling a batch stops its running job and cancels the queued ones', async () => {
    const { queue } = start();
    const { batchId, jobIds } = queue.createBatch({ label: 'b', jobs: [LONG, verify(1), verify(2)].map((payload, i) => ({ label: `#${i}`, payload })) });
    await until(() => queue.job(jobIds[0])!.state === 'running', 'the first job to start');
    expect(queue.cancelBatch(batchId)).toBe(3);
    expect(queue.batch(batchId)).toMatchObject({ state: 'cancelled', cancelled: 3, done: 0 });
    await queue.idle();
    expect(jobIds.map((id) => queue.job(id)!.state)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(events.at(-1)!.event.batches[0]).toMatchObject({ id: batchId, state: 'cancelled' });
    const next = queue.createJob({ label: 'still works', payload: verify(1) });
    await queue.idle();
    expect(queue.job(next)!.state).toBe('done');
  });

  it('a worker killed with SIGKILL mid-job: the job is retried once and then succeeds', async () => {
    const { queue, pool } = start();
    const id = queue.createJob({ label: 'Level 93', payload: verify(93, 60_000), levelId: null });
    await until(() => jobEvents(id).some((j) => j.state === 'running' && j.progress > 0), 'the job to make progress');
    process.kill(pool.workers()[0].pid!, 'SIGKILL');
    await queue.idle();
    const retried = jobEvents(id).find((j) => j.state === 'queued' && j.attempts === 1)!;
    expect(retried.error).toMatch(/The worker process \(pid \d+\) was killed by SIGKILL while running this job/);
    expect(queue.job(id)).toMatchObject({ state: 'done', attempts: 1, error: null, progress: 1 });
    expect(db.prepare('SELECT count(*) AS n FROM test_results WHERE job_id = ?').get(id)).toEqual({ n: 1 });
  });

  it('a job that kills its worker every time fails after two attempts; the pool carries on', async () => {
    const { queue } = start();
    const { batchId, jobIds } = queue.createBatch({
      label: 'faults',
      jobs: [
        { label: 'exits', payload: { type: 'selftest', action: 'exit' } },
        { label: 'throws', payload: { type: 'selftest', action: 'throw' } },
        { label: 'fine', payload: verify(1) },
      ],
    });
    await queue.idle();
    expect(queue.job(jobIds[0])).toMatchObject({ state: 'failed', attempts: 2 });
    expect(queue.job(jobIds[0])!.error).toMatch(/exited with code 3 while running this job/);
    expect(queue.job(jobIds[1])).toMatchObject({ state: 'failed', attempts: 2, error: 'selftest: thrown on purpose' });
    expect(queue.job(jobIds[2])).toMatchObject({ state: 'done', attempts: 0 });
    expect(queue.batch(batchId)).toMatchObject({ state: 'done', total: 3, done: 1, failed: 2 });
  });

  it('a job that runs its worker out of memory fails after two attempts', async () => {
    const { queue } = start({ maxOldSpaceMB: 48 });
    const oom = queue.createJob({ label: 'oom', payload: { type: 'selftest', action: 'oom' } });
    const fine = queue.createJob({ label: 'fine', payload: { type: 'noop', echo: 'ok' } });
    await queue.idle();
    expect(queue.job(oom)).toMatchObject({ state: 'failed', attempts: 2 });
    expect(queue.job(oom)!.error).toMatch(/ran out of memory/);
    expect(queue.result(fine)).toBe('ok');
  });

  it('jobs left running by an app that died are queued again by the next queue', async () => {
    const now = new Date().toISOString();
    db.prepare("INSERT INTO job_batches (id, label, state, created_at) VALUES (1, 'old', 'running', ?)").run(now);
    const insert = db.prepare("INSERT INTO jobs (batch_id, type, label, state, payload_json, created_at, started_at) VALUES (1, 'verify', ?, ?, ?, ?, ?)");
    insert.run('was running', 'running', JSON.stringify(verify(1)), now, now);
    insert.run('was done', 'done', JSON.stringify(verify(2)), now, now);
    const { queue } = start();
    expect(queue.job(1)).toMatchObject({ state: 'queued', startedAt: null, attempts: 0 });
    await queue.idle();
    expect(queue.job(1)).toMatchObject({ state: 'done' });
    expect(queue.batch(1)).toMatchObject({ state: 'done', done: 2 });
    expect(integrityCheck(db)).toBe('ok');
  });

  it('close() puts running jobs back in the queue for the next start', async () => {
    const { queue } = start();
    const id = queue.createJob({ label: 'long', payload: LONG });
    await until(() => queue.job(id)!.state === 'running', 'the job to start');
    queue.close();
    await queue.idle();
    expect(queue.job(id)).toMatchObject({ state: 'queued', attempts: 0 });
  });
});
