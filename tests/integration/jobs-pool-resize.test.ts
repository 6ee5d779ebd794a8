/** The pool grows to every core for a batch and shrinks back when the work is done. */
import { afterEach, describe, expect, it } from 'vitest';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { WorkerPool } from '../../src-main/jobs/pool.ts';

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const ready = async (p: WorkerPool, n: number): Promise<void> => {
  for (let i = 0; i < 200 && p.workers().filter((w) => w.state === 'idle').length !== n; i++) await new Promise((r) => setTimeout(r, 25));
};

describe('worker pool size', () => {
  it('grows at once and runs jobs on the new workers', async () => {
    pool = new WorkerPool({ adapter: nodeWorkerAdapter(), size: 1 });
    pool.setSize(3);
    expect(pool.size).toBe(3);
    await ready(pool, 3);
    expect(pool.workers()).toHaveLength(3);
    const results = await Promise.all([1, 2, 3].map((n) => pool!.run({ type: 'noop', echo: n })));
    expect(results).toEqual([1, 2, 3]);
  });

  it('shrinks idle workers at once and a busy one only after its job, without losing the job', async () => {
    pool = new WorkerPool({ adapter: nodeWorkerAdapter(), size: 2 });
    await ready(pool, 2);
    const pids = new Set(pool.workers().map((w) => w.pid));
    const running = pool.run({ type: 'noop', echo: 'kept' });
    pool.setSize(1);
    expect(await running).toBe('kept');
    for (let i = 0; i < 200 && pool.workers().length !== 1; i++) await new Promise((r) => setTimeout(r, 25));
    expect(pool.workers()).toHaveLength(1);
    expect(pids.has(pool.workers()[0].pid)).toBe(true);
    expect(await pool.run({ type: 'noop', echo: 'after' })).toBe('after');
  });
});
