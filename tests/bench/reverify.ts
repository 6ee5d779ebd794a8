/**
 * Re-verification bench (figures printed, never asserted): Microban I (the sample campaign of a
 * fresh library) with one stored recording per level, its move-optimal solution from the table in
 * tests/fixtures, re-verified through the studio (queue, worker pool, report) with 1 and with 2
 * workers: the wall time of each, and what the recordings' replays add over the solves alone
 * (the sum of the jobs' replay times against the sum of their solve times; target under 2%).
 *
 *   npm run bench -- reverify [--levels 1-155] [--budget 400000] [--workers 1,2]
 *   npm run bench -- reverify --library [--levels 20000] [--recordings 3]   (reverify-library.ts)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ApiResult, Batch, Channel, RequestOf, ResponseOf } from '../../src-shared/api/studio-api.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { openDatabase } from '../../src-main/library/db.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { runReverifyLibraryBench } from './reverify-library.ts';

interface RunFigures {
  readonly wallMs: number;
  readonly solveMs: number;
  readonly replayMs: number;
  readonly recordings: number;
  readonly counts: Partial<Record<string, number>>;
}

export async function runReverifyBench(args: string[]): Promise<void> {
  if (args.includes('--library')) return runReverifyLibraryBench(args);
  const opt = (name: string, fallback: string): string => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const [from, to] = opt('levels', '1-155').split('-').map(Number);
  const budget = Number(opt('budget', '400000'));
  const workerCounts = opt('workers', '1,2').split(',').map(Number);
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-reverify-bench-'));
  try {
    console.log(`reverify bench: Microban I ${from}-${to || from}, one recording per level (its solution), ${budget.toLocaleString('en')} states, ${workerCounts.join(' and ')} worker(s)`);
    const runs: { workers: number; figures: RunFigures }[] = [];
    for (const workers of workerCounts) runs.push({ workers, figures: await reverifyOnce(join(dir, `library-${workers}.sqlite`), { from, to: to || from, budget, workers }) });
    for (const { workers, figures } of runs) {
      const share = figures.solveMs > 0 ? (100 * figures.replayMs) / figures.solveMs : 0;
      const speedup = workers === runs[0].workers ? '' : `, speedup ${(runs[0].figures.wallMs / figures.wallMs).toFixed(2)}x`;
      console.log(
        `re-verify with ${workers} worker(s): ${(figures.wallMs / 1000).toFixed(1)} s wall${speedup}; solves ${(figures.solveMs / 1000).toFixed(1)} s, ` +
          `${figures.recordings} replays ${figures.replayMs.toFixed(1)} ms = ${share.toFixed(3)}% over the solves (target < 2%); ` +
          Object.entries(figures.counts).map(([c, n]) => `${c} ${n}`).join(', '),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function reverifyOnce(libraryPath: string, options: { from: number; to: number; budget: number; workers: number }): Promise<RunFigures> {
  const studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: options.workers });
  try {
    const { campaigns } = await call(studio, 'library.summary', {});
    const microban = campaigns.find((c) => c.name === 'Microban I');
    if (!microban) throw new Error('A fresh library has no Microban I campaign.');
    const solutions = readMicrobanOptimal().filter((r) => r.level >= options.from && r.level <= options.to && r.moveOptimalLurd);
    const imported = await call(studio, 'recordings.import', { campaignId: microban.id, fileName: 'microban-solutions.json', text: JSON.stringify(solutions.map((r) => ({ level: r.level, lurd: r.moveOptimalLurd }))), intended: true });
    const detail = await call(studio, 'library.campaign', { campaignId: microban.id });
    const levelIds = detail.levels.filter((l) => l.position >= options.from && l.position <= options.to).map((l) => l.id);
    const began = performance.now();
    const { batchId, reportId } = await call(studio, 'jobs.reverify', { campaignId: microban.id, levelIds, budget: options.budget });
    await finished(studio, batchId);
    const wallMs = performance.now() - began;
    const report = await call(studio, 'reports.get', { reportId });
    // The jobs' own figures, as stored with their results.
    const { db } = openDatabase(libraryPath);
    try {
      const results = (db.prepare("SELECT result_json FROM jobs WHERE batch_id = ? AND state = 'done'").all(batchId) as { result_json: string }[]).map((r) => JSON.parse(r.result_json) as { verification: { ms: number }; replayMs: number });
      return {
        wallMs,
        solveMs: results.reduce((n, r) => n + r.verification.ms, 0),
        replayMs: results.reduce((n, r) => n + r.replayMs, 0),
        recordings: imported.stored.length,
        counts: report.counts,
      };
    } finally {
      db.close();
    }
  } finally {
    await studio.close();
  }
}

async function call<C extends Channel>(studio: Studio, channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const result = (await studio.handle(channel, request)) as ApiResult<ResponseOf<C>>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value;
}

async function finished(studio: Studio, batchId: number): Promise<Batch> {
  for (;;) {
    const batch = (await call(studio, 'jobs.list', {})).batches.find((b) => b.id === batchId)!;
    if (batch.state !== 'running') return batch;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
