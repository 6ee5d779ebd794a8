/**
 * Worker pool bench (figures are printed, never asserted):
 * - per-job overhead of a no-op round trip, through the pool alone and through the persisted queue
 *   (SQLite, synchronous=FULL): median and p95 over ~200 jobs; target < 5 ms;
 * - Verify all of Microban I (155 levels, 400,000 states) through the queue with 1 and with 2
 *   workers: wall time each and the speedup (target >= 1.7x on 2 cores). Jobs run in id order, so
 *   one long level near the end of the campaign bounds the speedup; a re-verification knows each
 *   level's cost from the last run and can create the batch longest first, which is printed too.
 *
 *   npm run bench -- pool [--jobs 200] [--levels 1-155] [--budget 400000] [--workers 1,2]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../src-main/library/db.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { WorkerPool } from '../../src-main/jobs/pool.ts';
import type { JobPayload } from '../../src-main/jobs/protocol.ts';
import { JobQueue } from '../../src-main/jobs/queue.ts';
import { microbanLevels } from '../support/microban.ts';

interface RunFigures {
  readonly ms: number;
  /** Per level (1-based index into the plan): status and wall time of its job. */
  readonly status: Map<number, string>;
  readonly jobMs: Map<number, number>;
}

export async function runPoolBench(args: string[]): Promise<void> {
  const opt = (name: string, fallback: string): string => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const jobs = Number(opt('jobs', '200'));
  const [from, to] = opt('levels', '1-155').split('-').map(Number);
  const budget = Number(opt('budget', '400000'));
  const workerCounts = opt('workers', '1,2').split(',').map(Number);
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-pool-bench-'));
  try {
    console.log(`pool bench: ${jobs} no-op jobs; Microban I ${from}-${to} at ${budget.toLocaleString('en')} states with ${workerCounts.join(' and ')} worker(s)`);
    await overhead(dir, jobs);
    await microban(dir, { from, to: to || from, budget, workerCounts });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function overhead(dir: string, jobs: number): Promise<void> {
  const pool = new WorkerPool({ adapter: nodeWorkerAdapter(), size: 1 });
  const { db } = openDatabase(join(dir, 'overhead.sqlite'));
  const queue = new JobQueue({ db, pool });
  try {
    for (let i = 0; i < 20; i++) await pool.run({ type: 'noop', echo: i }); // warm up
    const direct: number[] = [];
    for (let i = 0; i < jobs; i++) {
      const t = performance.now();
      await pool.run({ type: 'noop', echo: i });
      direct.push(performance.now() - t);
    }
    const queued: number[] = [];
    for (let i = 0; i < jobs; i++) {
      const t = performance.now();
      queue.createJob({ label: `noop ${i}`, payload: { type: 'noop', echo: i } });
      await queue.idle();
      queued.push(performance.now() - t);
    }
    console.log(`no-op round trip, pool:  median ${fmt(percentile(direct, 0.5))} ms, p95 ${fmt(percentile(direct, 0.95))} ms (target < 5 ms)`);
    console.log(`no-op round trip, queue: median ${fmt(percentile(queued, 0.5))} ms, p95 ${fmt(percentile(queued, 0.95))} ms (SQLite writes with fsync included)`);
  } finally {
    queue.close();
    await pool.close();
    db.close();
  }
}

async function microban(dir: string, options: { from: number; to: number; budget: number; workerCounts: number[] }): Promise<void> {
  const levels = microbanLevels();
  const campaign = Array.from({ length: options.to - options.from + 1 }, (_, i) => options.from + i);
  const runs: { label: string; workers: number; figures: RunFigures }[] = [];
  let costs: Map<number, number> | undefined;
  for (const workers of options.workerCounts) {
    const figures = await verifyAll(dir, levels, campaign, options.budget, workers);
    runs.push({ label: 'campaign order', workers, figures });
    costs ??= figures.jobMs;
  }
  if (costs && options.workerCounts.some((w) => w > 1)) {
    const longestFirst = [...campaign].sort((a, b) => costs.get(b)! - costs.get(a)!);
    for (const workers of options.workerCounts.filter((w) => w > 1)) {
      runs.push({ label: 'longest first', workers, figures: await verifyAll(dir, levels, longestFirst, options.budget, workers) });
    }
  }
  const base = runs[0];
  for (const run of runs) {
    const counts = new Map<string, number>();
    for (const status of run.figures.status.values()) counts.set(status, (counts.get(status) ?? 0) + 1);
    const same = [...run.figures.status].every(([level, status]) => base.figures.status.get(level) === status);
    const speedup = run === base ? '' : `, speedup ${(base.figures.ms / run.figures.ms).toFixed(2)}x over ${base.workers} worker(s)${run.workers === 2 ? ' (target >= 1.7x)' : ''}`;
    // Job times add up to the 1-worker wall time unless the cores are shared with other work.
    const busy = [...run.figures.jobMs.values()].reduce((a, b) => a + b, 0);
    console.log(
      `verify ${campaign.length} levels, ${run.workers} worker(s), ${run.label}: ${(run.figures.ms / 1000).toFixed(1)} s${speedup}; ` +
        `job times sum to ${(busy / 1000).toFixed(1)} s, longest ${(Math.max(...run.figures.jobMs.values()) / 1000).toFixed(1)} s; ` +
        `${[...counts].map(([s, n]) => `${s} ${n}`).join(', ')}${same ? '' : ' (STATUSES DIFFER from the first run)'}`,
    );
  }
}

async function verifyAll(dir: string, levels: readonly unknown[], order: number[], budget: number, workers: number): Promise<RunFigures> {
  const pool = new WorkerPool({ adapter: nodeWorkerAdapter(), size: workers });
  const { db } = openDatabase(join(dir, `microban-${workers}-${order[0]}.sqlite`));
  const status = new Map<number, string>();
  const jobMs = new Map<number, number>();
  const levelOfJob = new Map<number, number>();
  const started = new Map<number, number>();
  const queue = new JobQueue({
    db,
    pool,
    onResult: (_db, job, result) => {
      status.set(levelOfJob.get(job.id)!, (result as { status: string }).status);
    },
  });
  queue.on('changed', ({ jobs }) => {
    for (const job of jobs) {
      if (job.state === 'running' && !started.has(job.id)) started.set(job.id, performance.now());
      if (job.state === 'done' || job.state === 'failed') jobMs.set(levelOfJob.get(job.id)!, performance.now() - started.get(job.id)!);
    }
  });
  try {
    await Promise.all(Array.from({ length: workers }, () => pool.run({ type: 'noop' }))); // every worker up
    const t = performance.now();
    const { jobIds } = queue.createBatch({
      label: `Verify Microban I (${workers} workers)`,
      jobs: order.map((n) => ({ label: `Microban ${n}`, payload: { type: 'verify', kind: 'push', config: {}, level: levels[n - 1], budget } satisfies JobPayload })),
    });
    jobIds.forEach((id, i) => levelOfJob.set(id, order[i]));
    await queue.idle();
    const ms = performance.now() - t;
    for (const job of queue.list({ jobLimit: order.length }).jobs) if (job.state === 'failed') status.set(levelOfJob.get(job.id)!, `failed: ${job.error}`);
    return { ms, status, jobMs };
  } finally {
    queue.close();
    await pool.close();
    db.close();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function fmt(ms: number): string {
  return ms.toFixed(2);
}
