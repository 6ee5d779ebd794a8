/**
 * Job system bench (figures are printed, never asserted):
 * - cancel latency: a running search is cancelled; the time from the cancel to the caller's
 *   rejection (target < 50 ms), whether the worker kept its pid, what the stopped search proved,
 *   and the next job on the same worker;
 * - hints during Verify all: the same hints asked on an idle studio and while Verify all of
 *   Microban I runs, in alternating rounds (target: the same time within noise). Only the Studio
 *   API is used, so the figures compare across versions of the job system.
 *
 *   npm run bench -- jobs [--cancels 10] [--hints 5,17,60,83,101,120] [--rounds 5] [--skip cancel|hints]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ApiResult, Batch } from '../../src-shared/api/studio-api.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { JobCancelledError, WorkerPool } from '../../src-main/jobs/pool.ts';
import type { JobPayload } from '../../src-main/jobs/protocol.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { microbanLevels } from '../support/microban.ts';

export async function runJobsBench(args: string[]): Promise<void> {
  const opt = (name: string, fallback: string): string => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const skip = opt('skip', '');
  if (skip !== 'cancel') await cancelLatency(Number(opt('cancels', '10')));
  if (skip !== 'hints') await hintsDuringBatch(opt('hints', '5,17,60,83,101,120').split(',').map(Number), Number(opt('rounds', '5')));
}

async function cancelLatency(rounds: number): Promise<void> {
  const pool = new WorkerPool({ adapter: nodeWorkerAdapter(), size: 1 });
  const long: JobPayload = { type: 'verify', kind: 'push', config: {}, level: microbanLevels()[92], budget: 100_000_000 };
  try {
    await pool.run({ type: 'noop' });
    const pid = pool.workers()[0].pid;
    const latencies: number[] = [];
    const next: number[] = [];
    let samePid = true;
    let partial: unknown;
    for (let i = 0; i < rounds; i++) {
      const controller = new AbortController();
      let progress = 0;
      const running = pool.run(long, { signal: controller.signal, onProgress: () => progress++ });
      while (progress < 3 + (i % 5)) await new Promise((r) => setTimeout(r, 5)); // cancel at a different point each round
      const t = performance.now();
      controller.abort();
      const error = await running.catch((e: unknown) => e);
      latencies.push(performance.now() - t);
      if (error instanceof JobCancelledError) partial = error.partial;
      const t2 = performance.now();
      await pool.run({ type: 'verify', kind: 'push', config: {}, level: microbanLevels()[0], budget: 400_000 });
      next.push(performance.now() - t2);
      samePid &&= pool.workers()[0].pid === pid;
    }
    const p = partial as { status?: string; stoppedBy?: string; lowerBound?: number | null; stored?: number } | undefined;
    console.log(
      `cancel a running search (Microban 93), ${rounds} times: median ${fmt(percentile(latencies, 0.5))} ms, max ${fmt(Math.max(...latencies))} ms (target < 50 ms); ` +
        `worker pid ${samePid ? 'kept every time' : 'CHANGED'}; the next job (Microban 1) took median ${fmt(percentile(next, 0.5))} ms`,
    );
    console.log(`  a cancelled search answers with what it proved: status ${p?.status}, stoppedBy ${p?.stoppedBy}, lowerBound ${p?.lowerBound ?? 'none'}, ${p?.stored?.toLocaleString('en')} states stored`);
  } finally {
    await pool.close();
  }
}

async function call<T>(studio: Studio, channel: string, payload: unknown): Promise<T> {
  const result = (await studio.handle(channel, payload)) as ApiResult<T>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value;
}

async function hintsDuringBatch(positions: number[], rounds: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-jobs-bench-'));
  const studio = await createStudio({ libraryPath: join(dir, 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }) });
  try {
    const { campaigns } = await call<{ campaigns: { id: number; name: string }[] }>(studio, 'library.summary', {});
    const microban = campaigns.find((c) => c.name.startsWith('Microban'))!;
    const detail = await call<{ levels: { id: number; position: number }[] }>(studio, 'library.campaign', { campaignId: microban.id });
    const levelIds = positions.map((n) => detail.levels.find((l) => l.position === n)!.id);
    const askAll = async (): Promise<number[]> => {
      const ms: number[] = [];
      for (const levelId of levelIds) {
        const t = performance.now();
        await call(studio, 'play.hint', { levelId, commands: [] });
        ms.push(performance.now() - t);
      }
      return ms;
    };
    await askAll(); // warm up
    // Idle and busy rounds alternate, so that other load on the machine weighs on both alike.
    const idle: number[][] = [];
    const busy: number[][] = [];
    for (let r = 0; r < rounds; r++) {
      idle.push(await askAll());
      const { batchId } = await call<{ batchId: number }>(studio, 'jobs.verify', { campaignId: microban.id });
      await new Promise((resolve) => setTimeout(resolve, 1500)); // every batch worker busy
      const batchState = async (): Promise<Batch> => (await call<{ batches: Batch[] }>(studio, 'jobs.list', {})).batches.find((b) => b.id === batchId)!;
      const round = await askAll();
      if ((await batchState()).state === 'running') busy.push(round);
      await call(studio, 'jobs.cancel', { batchId });
      await new Promise((resolve) => setTimeout(resolve, 3000)); // a pool that kills on cancel restarts its workers
    }
    const during = busy.length;
    console.log(`hints from the start of Microban ${positions.join(', ')}: ${rounds} rounds idle, ${during} rounds while Verify all of Microban I ran`);
    positions.forEach((n, i) => {
      const a = idle.map((round) => round[i]);
      const b = busy.map((round) => round[i]);
      console.log(`  Microban ${n}: idle median ${fmt(percentile(a, 0.5))} ms; during the batch median ${b.length ? fmt(percentile(b, 0.5)) : '-'} ms`);
    });
    const sum = (rows: number[][]) => percentile(rows.map((round) => round.reduce((x, y) => x + y, 0)), 0.5);
    console.log(`  all hints of a round: idle median ${fmt(sum(idle))} ms; during the batch median ${busy.length ? fmt(sum(busy)) : '-'} ms`);
  } finally {
    await studio.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function fmt(ms: number): string {
  return ms.toFixed(1);
}
