/**
 * A worker's heap cap and the cap on a search's tables under it (src-main/jobs/memory.ts): a level
 * whose search would outgrow a small heap is stopped by `memory` with a sentence saying so, never
 * proven (`budget`, or `solved` with the anytime solve's first line kept as a bound), and the same
 * worker runs the next job (it would crash without the cap).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { WorkerPool } from '../../src-main/jobs/pool.ts';
import { verificationSchema } from '../../src-shared/verify/record.ts';
import { microbanLevels } from '../support/microban.ts';

describe('a worker with a small heap cap', () => {
  let pool: WorkerPool;
  beforeAll(() => {
    pool = new WorkerPool({ adapter: nodeWorkerAdapter({ maxOldSpaceMB: 48, forwardStderr: false }), size: 1 });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('ends a search that would outgrow it as budget, stopped by memory, and lives on', async () => {
    // Push strength 2 is a mechanic: the compiled mechanics path, whose exact search outgrows 24 MB here.
    const level = microbanLevels()[92];
    const result = verificationSchema.parse(await pool.run({ type: 'verify', kind: 'push', config: { pushStrength: 2 }, level, budget: 100_000_000 }));
    expect(result).toMatchObject({ stoppedBy: 'memory', optimal: false });
    expect(['budget', 'solved']).toContain(result.status);
    expect(result.stored).toBeLessThan(100_000_000);
    expect(result.diagnostics.find((d) => d.code === 'solve.stopped')?.message).toMatch(/memory cap of 24 MB/);
    const pid = pool.workers()[0].pid;
    expect(await pool.run({ type: 'verify', kind: 'push', config: {}, level: microbanLevels()[0], budget: 400_000 })).toMatchObject({ status: 'solved', par: 33 });
    expect(pool.workers()[0].pid).toBe(pid);
  });
});
