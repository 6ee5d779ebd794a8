/**
 * A push level set verified as the studio's Verify all does it: one batch of verify jobs in the
 * job queue (a SQLite file), run by worker processes, `workers` for batch work and one kept for
 * interactive work as in the studio, each worker with its heap cap; a full-size level's job runs
 * in parts, a worker each, where there are two batch workers or more (queue-dispatch.ts `run`).
 * The time limit is each job's running time (wall clock in its worker), the budget time-led
 * (`none`) or a state count. Every solution is replayed through the engine.
 *
 *   npm run bench -- push --set xsokoban --queue 2 [--levels 1-90] [--time-limit 10] [--budget N|none]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { defaultPushRules } from '../../src-shared/rulesets/push/kind.ts';
import type { Verification } from '../../src-shared/verify/record.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { WorkerPool } from '../../src-main/jobs/pool.ts';
import type { JobPayload } from '../../src-main/jobs/protocol.ts';
import { JobQueue } from '../../src-main/jobs/queue.ts';
import { openDatabase } from '../../src-main/library/db.ts';
import { pushSetLevels } from '../support/push-sets.ts';

export async function runPushQueue(set: string, levels: readonly number[], options: { readonly workers: number; readonly seconds: number; readonly budget: number; readonly budgetText: string }): Promise<void> {
  const all = pushSetLevels(set);
  const rules = defaultPushRules();
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-push-queue-'));
  const pool = new WorkerPool({ adapter: nodeWorkerAdapter(), size: options.workers + 1, batchLimit: options.workers, cpuBudget: options.workers });
  const { db } = openDatabase(join(dir, 'queue.sqlite'));
  const queue = new JobQueue({ db, pool });
  try {
    console.log(
      `push set ${set} through the job queue: ${levels.length} levels, ${options.workers} batch worker(s), ${options.seconds} s running time and ${options.budgetText} a job; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    console.log('level status     proof       moves     ms  stopped   parts');
    const started = performance.now();
    const { jobIds } = queue.createBatch({
      label: `Verify ${set}`,
      jobs: levels.map((n) => ({
        label: `${set} ${n}`,
        payload: { type: 'verify', kind: 'push', config: {}, level: all[n - 1], budget: options.budget, timeLimitMs: options.seconds * 1000 } satisfies JobPayload,
      })),
    });
    await queue.idle();
    const wall = performance.now() - started;
    let solved = 0;
    let moves = 0;
    let split = 0;
    for (const [i, id] of jobIds.entries()) {
      const level = levels[i];
      const job = queue.job(id)!;
      const record = job.state === 'done' ? (queue.result(id) as Verification) : undefined;
      let moveCount: number | undefined;
      if (record?.status === 'solved' && record.solution) {
        const state = rules.load(all[level - 1]).state!;
        const decoded = rules.decodeSolution(record.solution);
        const final = decoded.commands ? replay(rules, state, decoded.commands) : undefined;
        if (!final || final.status !== 'won') throw new Error(`${set} ${level}: the stored solution does not win`);
        moveCount = final.final.moves;
        solved++;
        moves += moveCount;
      }
      const parts = rules.parts!(rules.load(all[level - 1]).state!) > 1 && options.workers > 1 ? 2 : 1;
      if (parts > 1) split++;
      console.log(
        [
          String(level).padStart(5),
          (record?.status ?? job.state).padEnd(10),
          (record?.status === 'solved' ? (record.optimal ? 'optimal' : 'par <= N') : '-').padEnd(10),
          String(moveCount ?? '-').padStart(6),
          String(record ? Math.round(record.ms) : '-').padStart(6),
          ` ${(record?.stoppedBy ?? '-').padEnd(8)}`,
          String(parts).padStart(6),
        ].join(' '),
      );
    }
    console.log(`solved ${solved}/${levels.length}; ${moves.toLocaleString('en')} moves on the levels solved; ${split} level(s) in parts; ${(wall / 1000).toFixed(1)} s wall for the batch`);
  } finally {
    queue.close();
    await pool.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
