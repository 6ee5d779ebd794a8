/**
 * The worker pool with real worker processes: a worker computes exactly what the engine computes in
 * process, hints come from the played position, bad input is refused, and a worker that is
 * cancelled, crashes or runs out of memory takes only its own job down.
 */
import { fork } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive, until } from '../support/processes.ts';
import { statesAlong } from '../../src-shared/engine/play/replay.ts';
import { verificationSchema } from '../../src-shared/verify/record.ts';
import { hintFrom, verifyLevel } from '../../src-shared/verify/verify.ts';
import { WORKER_ENTRY, nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { JobCancelledError, JobFailedError, WorkerCrashError, WorkerPool } from '../../src-main/jobs/pool.ts';
import type { JobPayload, JobProgress } from '../../src-main/jobs/protocol.ts';
import { hintResultSchema } from '../../src-main/jobs/types/hint.ts';
import { microbanLevels, pushRules } from '../support/microban.ts';

const TINY = { board: ['#####', '#@$.#', '#####'] };

function verifyPayload(level: unknown, budget = 400_000): JobPayload & { type: 'verify' } {
  return { type: 'verify', kind: 'push', config: {}, level, budget };
}


describe('worker pool (real worker processes)', () => {
  let pool: WorkerPool;
  beforeAll(() => {
    pool = new WorkerPool({ adapter: nodeWorkerAdapter({ env: { GRIDWRIGHT_TEST_JOBS: '1' }, forwardStderr: false }), size: 1 });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('a verify job gives the same record as verifyLevel in process (but for ms)', async () => {
    const levels = microbanLevels();
    const cases = [
      verifyPayload(levels[0]),
      { ...verifyPayload(levels[4]), objective: 'pushes' },
      verifyPayload(levels[152], 3_000), // Microban 153 (a goal room): no solution in 3,000 states
      verifyPayload(TINY),
      verifyPayload({ board: ['###', '#@#', '###'] }),
    ];
    for (const payload of cases) {
      const remote = await pool.run(payload);
      expect(verificationSchema.safeParse(remote).success).toBe(true);
      const local = verifyLevel(pushRules, payload.level, { budget: payload.budget, objective: payload.objective });
      expect({ ...remote, ms: 0 }).toEqual({ ...local, ms: 0 });
    }
    const statuses = (await Promise.all(cases.map((c) => pool.run(c)))).map((r) => r.status);
    expect(statuses).toEqual(['solved', 'solved', 'budget', 'solved', 'invalid']);
  });

  it('a hint is the first move of an optimal solution from the played position', async () => {
    const level = microbanLevels()[0];
    const start = pushRules.load(level).state!;
    const played = ['d', 'l', 'u'];
    const hint = hintResultSchema.parse(await pool.run({ type: 'hint', kind: 'push', config: {}, level, commands: played, budget: 400_000 }));
    const position = statesAlong(pushRules, start, played.map((c) => pushRules.decodeCommand(c)!)).at(-1)!;
    const local = hintFrom(pushRules, position, { budget: 400_000 });
    expect(hint).toEqual({ status: 'solved', command: pushRules.encodeCommand(local.command!), distance: local.distance, optimal: true });
    // Seed 002: following the hint brings the optimal distance down by exactly one.
    const next = await pool.run({ type: 'hint', kind: 'push', config: {}, level, commands: [...played, hint.command!], budget: 400_000 });
    expect(next.distance).toBe(hint.distance! - 1);
    const won = await pool.run({ type: 'hint', kind: 'push', config: {}, level: TINY, commands: ['r'], budget: 10 });
    expect(won).toEqual({ status: 'solved', command: null, distance: 0, optimal: true });
  });

  it('bad input is refused with a readable reason and the worker lives on', async () => {
    const pid = pool.workers()[0].pid;
    await expect(pool.run({ type: 'hint', kind: 'push', config: {}, level: TINY, commands: ['x'], budget: 10 })).rejects.toThrow(/Played command 1 \('x'\) is not a push command/);
    await expect(pool.run({ ...verifyPayload(TINY), kind: 'chess' })).rejects.toThrow(/Unknown puzzle kind 'chess'/);
    await expect(pool.run({ ...verifyPayload(TINY), objective: 'style' })).rejects.toThrow(/cannot be solved for 'style' \(objectives: moves, pushes\)/);
    await expect(pool.run({ type: 'verify', kind: 'push', config: { pushStrength: 99 }, level: TINY, budget: 10 })).rejects.toThrow(JobFailedError);
    await expect(pool.run({ type: 'verify', kind: 'push', level: TINY, budget: -1 } as unknown as JobPayload)).rejects.toThrow(/The job was refused/);
    await expect(pool.run({ type: 'selftest', action: 'throw' })).rejects.toThrow('selftest: thrown on purpose');
    expect(pool.workers()[0].pid).toBe(pid);
    expect(await pool.run({ type: 'noop', echo: { still: 'here' } })).toEqual({ still: 'here' });
  });

  it('cancelling a running job stops its search: the worker keeps its pid and runs the next job', async () => {
    const controller = new AbortController();
    const progress: JobProgress[] = [];
    const running = pool.run(verifyPayload(microbanLevels()[92], 100_000_000), { signal: controller.signal, onProgress: (p) => progress.push(p) });
    await until(() => progress.length >= 2, 'progress from the long job');
    const pid = pool.workers()[0].pid!;
    expect(progress.every((p) => p.progress > 0 && p.progress < 1)).toBe(true);
    controller.abort();
    const error = await running.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobCancelledError);
    // What the stopped search had proved comes with the cancellation.
    const partial = verificationSchema.parse((error as JobCancelledError).partial);
    expect(partial).toMatchObject({ status: 'budget', stoppedBy: 'cancelled', optimal: false });
    expect(partial.stored).toBeGreaterThan(0);
    expect(await pool.run({ type: 'noop', echo: 1 })).toBe(1);
    expect(pool.workers()[0].pid).toBe(pid);
    expect(processAlive(pid)).toBe(true);
    expect(await pool.run(verifyPayload(microbanLevels()[0]))).toMatchObject({ status: 'solved', par: 33 });
  });

  it('a job that kills its worker fails with the exit code; the pool replaces the worker', async () => {
    const pid = pool.workers()[0].pid;
    const error = await pool.run({ type: 'selftest', action: 'exit' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCrashError);
    expect((error as Error).message).toMatch(/The worker process \(pid \d+\) exited with code 3 while running this job/);
    expect(await pool.run({ type: 'noop', echo: 'next' })).toBe('next');
    expect(pool.workers()[0].pid).not.toBe(pid);
  });

  it('a worker killed with SIGKILL mid-job fails that job with the signal', async () => {
    const progress: JobProgress[] = [];
    const running = pool.run(verifyPayload(microbanLevels()[92], 100_000_000), { onProgress: (p) => progress.push(p) });
    await until(() => progress.length >= 1, 'progress from the long job');
    process.kill(pool.workers()[0].pid!, 'SIGKILL');
    await expect(running).rejects.toThrow(/was killed by SIGKILL while running this job/);
    expect(await pool.run({ type: 'noop', echo: 2 })).toBe(2);
  });

  it('jobs wait for a worker in order; a waiting job can be cancelled', async () => {
    const controller = new AbortController();
    const order: number[] = [];
    const jobs = [1, 2, 3].map((n) => pool.run({ type: 'noop', echo: n }, n === 2 ? { signal: controller.signal } : {}).then((r) => order.push(r as number)));
    controller.abort();
    const settled = await Promise.allSettled(jobs);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(order).toEqual([1, 3]);
  });
});

describe('worker faults that need their own pool', () => {
  it('a worker that runs out of memory fails the job with a readable reason', async () => {
    const pool = new WorkerPool({ adapter: nodeWorkerAdapter({ env: { GRIDWRIGHT_TEST_JOBS: '1' }, maxOldSpaceMB: 48, forwardStderr: false }), size: 1 });
    try {
      await expect(pool.run({ type: 'selftest', action: 'oom' })).rejects.toThrow(/ran out of memory/);
      expect(await pool.run({ type: 'noop', echo: 'alive' })).toBe('alive');
    } finally {
      await pool.close();
    }
  });

  it('a normal worker refuses selftest jobs', async () => {
    const pool = new WorkerPool({ adapter: nodeWorkerAdapter(), size: 1 });
    try {
      await expect(pool.run({ type: 'selftest', action: 'exit' })).rejects.toThrow(/selftest jobs are refused/);
    } finally {
      await pool.close();
    }
  });

  it('a job that ignores the stop is killed after the grace period; the job still ends cancelled', async () => {
    const pool = new WorkerPool({ adapter: nodeWorkerAdapter({ env: { GRIDWRIGHT_TEST_JOBS: '1' }, forwardStderr: false }), size: 1, cancelGraceMs: 300 });
    try {
      await pool.run({ type: 'noop' });
      const pid = pool.workers()[0].pid!;
      const controller = new AbortController();
      const hanging = pool.run({ type: 'selftest', action: 'hang' }, { signal: controller.signal });
      await new Promise((r) => setTimeout(r, 100));
      controller.abort();
      await expect(hanging).rejects.toThrow(JobCancelledError);
      await until(() => !processAlive(pid), 'the stuck worker to be killed');
      expect(await pool.run({ type: 'noop', echo: 'fresh' })).toBe('fresh');
      expect(pool.workers()[0].pid).not.toBe(pid);
    } finally {
      await pool.close();
    }
  });

  it('close() kills every worker and refuses new jobs', async () => {
    const pool = new WorkerPool({ adapter: nodeWorkerAdapter(), size: 2 });
    await Promise.all([pool.run({ type: 'noop' }), pool.run({ type: 'noop' })]);
    const pids = pool.workers().map((w) => w.pid!);
    const running = pool.run(verifyPayload(microbanLevels()[92], 100_000_000)).catch((e: unknown) => e);
    await pool.close();
    expect(await running).toMatchObject({ message: 'The worker pool is closed.' });
    await expect(pool.run({ type: 'noop' })).rejects.toThrow('The worker pool is closed.');
    await until(() => pids.every((pid) => !processAlive(pid)), 'the workers to die');
  });
});

describe('worker entry under an Electron utility process', () => {
  it('talks through process.parentPort when it exists, not process.send', async () => {
    // A stand-in for Electron's parentPort, installed before the entry runs: it wraps what the
    // entry posts so the test can tell which channel was used.
    const fakeParentPort = `
      const listeners = [];
      process.parentPort = {
        on: (event, listener) => { if (event === 'message') listeners.push(listener); },
        postMessage: (message) => process.send({ viaParentPort: message }),
      };
      process.on('message', (data) => { for (const l of listeners) l({ data }); });
    `;
    const child = fork(WORKER_ENTRY, [], {
      execArgv: ['--import', `data:text/javascript,${encodeURIComponent(fakeParentPort)}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      const messages: unknown[] = [];
      child.on('message', (m) => messages.push(m));
      await until(() => messages.length >= 1, 'ready');
      expect(messages[0]).toEqual({ viaParentPort: { type: 'ready' } });
      child.send({ type: 'run', jobId: 7, payload: { type: 'noop', echo: 'hi' } });
      await until(() => messages.length >= 2, 'the result');
      expect(messages[1]).toEqual({ viaParentPort: { type: 'result', jobId: 7, result: 'hi' } });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
