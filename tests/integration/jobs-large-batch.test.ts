/**
 * A large batch is released a chunk at a time (issue 22: queueing 20,000 held jobs in the closing
 * transaction held the host for 0.5 s): until each is queued, a held job of the running batch lists
 * and counts as queued, a crash leaves the next open to queue them, and a cancel stops the rest.
 * And the queue finds its next interactive job through the partial index of migration 15, not by
 * reading every queued batch job.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryDatabase } from '../../src-main/library/db.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { WorkerPool } from '../../src-main/jobs/pool.ts';
import type { JobPayload } from '../../src-main/jobs/protocol.ts';
import { JobQueue } from '../../src-main/jobs/queue.ts';
import { prepareQueueStatements } from '../../src-main/jobs/queue-statements.ts';
import { microbanLevels } from '../support/microban.ts';
import { freshDatabase } from '../support/temp-library.ts';

let db: LibraryDatabase;
let pool: WorkerPool;
let queues: JobQueue[];

beforeEach(() => {
  db = freshDatabase('jobs-large-batch').db;
  pool = new WorkerPool({ adapter: nodeWorkerAdapter({ forwardStderr: false }), size: 1 });
  queues = [];
});

afterEach(async () => {
  for (const queue of queues) queue.close();
  await pool.close();
});

/** Long enough that the one worker stays on the first job while the test looks. */
const LONG: JobPayload = { type: 'verify', kind: 'push', config: {}, level: microbanLevels()[92], budget: 100_000_000 };
const rawStates = (batchId: number) => db.prepare('SELECT state, finished_at IS NULL AS open, count(*) AS n FROM jobs WHERE batch_id = ? GROUP BY 1, 2 ORDER BY 1, 2').all(batchId);

/** A batch of `count` jobs made two at a time; resolves at its `stopAt`-th pause with a function that lets it go on. */
function largeBatch(queue: JobQueue, count: number, stopAt: number) {
  let pauses = 0;
  let resume!: () => void;
  let reached!: (value: unknown) => void;
  const paused = new Promise((resolve) => (reached = resolve));
  const made = queue.createLargeBatch(
    { label: 'Large', jobs: Array.from({ length: count }, (_, i) => ({ label: `Job ${i + 1}`, payload: LONG })) },
    {
      chunk: 2,
      pause: () => {
        pauses++;
        if (pauses !== stopAt) return new Promise((resolve) => setImmediate(resolve));
        reached(undefined);
        return new Promise<void>((resolve) => (resume = resolve));
      },
      inClosing: () => 'report',
    },
  );
  return { made, paused, resume: () => resume() };
}

describe('a large batch', () => {
  it('is released a chunk at a time; its held jobs list and count as queued meanwhile, and all are queued in the end', async () => {
    const queue = new JobQueue({ db, pool });
    queues.push(queue);
    // Three chunks held (pauses 1-3), then the closing transaction and the first chunk's pause (4).
    const { made, paused, resume } = largeBatch(queue, 6, 4);
    await paused;
    const batchId = (db.prepare('SELECT max(id) AS id FROM job_batches').get() as { id: number }).id;
    // Four held still (cancelled, never finished); the first two queued (one may run already).
    expect(rawStates(batchId).filter((r) => (r as { state: string }).state === 'cancelled')).toEqual([{ state: 'cancelled', open: 1, n: 4 }]);
    const batch = queue.batch(batchId)!;
    expect(batch).toMatchObject({ state: 'running', total: 6, cancelled: 0 });
    const { jobs } = queue.list({ batchId });
    expect(jobs.every((j) => j.state === 'queued' || j.state === 'running')).toBe(true);
    resume();
    const { jobIds, closing } = await made;
    expect(closing).toBe('report');
    expect(jobIds).toHaveLength(6);
    expect(rawStates(batchId).filter((r) => (r as { state: string }).state === 'cancelled')).toEqual([]);
    expect(queue.cancelBatch(batchId)).toBe(6);
  });

  it('held jobs a crash left in a running batch are queued by the next queue on the file', async () => {
    const queue = new JobQueue({ db, pool });
    queues.push(queue);
    const { paused } = largeBatch(queue, 6, 4);
    await paused;
    const batchId = (db.prepare('SELECT max(id) AS id FROM job_batches').get() as { id: number }).id;
    queue.close(); // the app died here: four jobs still held
    expect(db.prepare("SELECT count(*) AS n FROM jobs WHERE batch_id = ? AND state = 'cancelled'").get(batchId)).toEqual({ n: 4 });
    const next = new JobQueue({ db, pool });
    queues.push(next);
    expect(db.prepare("SELECT count(*) AS n FROM jobs WHERE batch_id = ? AND state = 'cancelled'").get(batchId)).toEqual({ n: 0 });
    expect(next.batch(batchId)).toMatchObject({ state: 'running', total: 6, cancelled: 0 });
    next.cancelBatch(batchId);
  });

  it('a batch cancelled while it is released queues no more, and ends cancelled', async () => {
    const queue = new JobQueue({ db, pool });
    queues.push(queue);
    const { made, paused, resume } = largeBatch(queue, 6, 4);
    await paused;
    const batchId = (db.prepare('SELECT max(id) AS id FROM job_batches').get() as { id: number }).id;
    expect(queue.cancelBatch(batchId)).toBe(2);
    resume();
    await made;
    expect(db.prepare("SELECT count(*) AS n FROM jobs WHERE batch_id = ? AND state IN ('queued', 'running')").get(batchId)).toEqual({ n: 0 });
    expect(queue.batch(batchId)).toMatchObject({ state: 'cancelled', total: 6, cancelled: 6 });
  });
});

describe('the next interactive job', () => {
  it('is found through the partial index of queued interactive jobs (migration 15)', () => {
    const sql = prepareQueueStatements(db);
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql.nextQueuedInteractive.source}`).all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toContain('jobs_queued_interactive');
  });
});
