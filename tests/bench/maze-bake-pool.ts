/**
 * Baking Echo Halls across the worker pool (printed, never asserted): the bake queued through the
 * Studio API (`bakes.start`: ranges of each chapter's candidates over the batch workers) with 1
 * and with 2 workers, wall time each, the speedup, and whether both wrote the same campaign.
 *
 *   npm run bench -- maze-bake-pool [CHAPTERS] [--workers 1,2]     (CHAPTERS: 1-8 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import type { BakeStatus } from '../../src-shared/api/bakes.ts';
import { parseChapters } from '../../src-shared/rulesets/maze/generator/bake.ts';
import { studioCalls } from '../support/studio-call.ts';

export async function runMazeBakePoolBench(args: string[]): Promise<void> {
  const flag = args.indexOf('--workers');
  const workerCounts = (flag >= 0 ? args[flag + 1] : '1,2').split(',').map(Number);
  const chapters = parseChapters(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--workers') ?? '1-8') ?? [1, 2, 3, 4, 5, 6, 7, 8];
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-bake-bench-'));
  const results: { workers: number; seconds: number; levels: string }[] = [];
  try {
    for (const workers of workerCounts) {
      const studio = await createStudio({ libraryPath: join(dir, `bake-${workers}.sqlite`), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers });
      try {
        const { value, waitForBatch } = studioCalls(() => studio);
        const started = performance.now();
        const { batchId } = await value('bakes.start', { plan: 'echo-halls', chapters });
        await waitForBatch(batchId, 3_600_000);
        const seconds = (performance.now() - started) / 1000;
        const status = await value<BakeStatus>('bakes.status', { batchId });
        const detail = status.campaignId === null ? { levels: [] } : await value('library.campaign', { campaignId: status.campaignId });
        const levels = JSON.stringify(detail.levels.map((l: { content: unknown }) => l.content));
        results.push({ workers, seconds, levels });
        console.log(`bake of chapters ${chapters.join(',')} with ${workers} worker(s): ${seconds.toFixed(1)} s, ${status.state}, ${detail.levels.length} levels; ${status.chapters.map((c) => `${c.name} ${c.found}/${c.wanted} from ${c.candidates}`).join('; ')}`);
      } finally {
        await studio.close();
      }
    }
    const base = results[0];
    for (const run of results.slice(1)) console.log(`  ${run.workers} workers: ${(base.seconds / run.seconds).toFixed(2)}x over ${base.workers}; same campaign: ${run.levels === base.levels ? 'yes' : 'NO'}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
