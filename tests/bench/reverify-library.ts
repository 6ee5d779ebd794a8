/**
 * `npm run bench -- reverify --library [--levels 20000] [--recordings 3]`: re-verification of a
 * whole library (figures printed, never asserted). A library of that many distinct corridor levels,
 * each with that many recordings, then `jobs.reverify {library: true}` through an in-process
 * studio: printed are the time to make the batch, the host's longest wait meanwhile (a 5 ms tick's
 * lateness), its memory (heap and RSS before, at the peak sampled every 5 ms, after), and the bytes of the
 * stored job payloads against the bytes of the recordings (a job carries recording ids, read when
 * it runs). The batch is cancelled once made: the solves are the `reverify` bench's subject.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { openDatabase } from '../../src-main/library/db.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { studioCalls } from '../support/studio-call.ts';
import { importInParts } from '../support/import-parts.ts';

const MB = 1024 * 1024;

/** The pairs (k, m) with k + m at most 120: a corridor fits the 128-cell board side. */
const PAIRS: [number, number][] = Array.from({ length: 121 }, (_, k) => Array.from({ length: 121 - k }, (_, m): [number, number] => [k, m])).flat();

/**
 * Level i (distinct for each i up to 3 x 7,381): a corridor with the box `k` cells before its goal
 * and `m` cells of floor after it, pushed right, left or down; its solution in LURD.
 */
function corridor(i: number): { text: string; lurd: string } {
  const [k, m] = PAIRS[Math.floor(i / 3) % PAIRS.length];
  const line = `#@$${' '.repeat(k)}.${' '.repeat(m)}#`;
  const way = i % 3;
  const row = way === 1 ? [...line].reverse().join('') : line;
  const rows = way === 2 ? [...line].map((c) => `#${c}#`) : ['#'.repeat(row.length), row, '#'.repeat(row.length)];
  if (way === 2) rows[0] = '###';
  if (way === 2) rows[rows.length - 1] = '###';
  return { text: `Title: ${i + 1}\n\n${rows.join('\n')}\n`, lurd: (way === 0 ? 'R' : way === 1 ? 'L' : 'D').repeat(k + 1) };
}

export async function runReverifyLibraryBench(args: string[]): Promise<void> {
  const opt = (name: string, fallback: number): number => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
  };
  const levels = opt('levels', 20_000);
  const perLevel = opt('recordings', 3);
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-reverify-library-'));
  const libraryPath = join(dir, 'library.sqlite');
  let studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
  try {
    const made = Array.from({ length: levels }, (_, i) => corridor(i));
    const { ask, value } = studioCalls(() => studio);
    const imported = await importInParts(ask, { fileName: 'corridors.xsb', text: made.map((l) => l.text).join('\n'), duplicates: 'import' });
    if (!imported.ok) throw new Error(`library.import: ${imported.error.message}`);
    const { campaignId } = imported.value;
    const solutions = JSON.stringify(made.map((l, i) => ({ level: i + 1, lurd: l.lurd })));
    for (let r = 0; r < perLevel; r++) await value('recordings.import', { campaignId, fileName: `solutions-${r}.json`, text: solutions });
    // A fresh host: what it holds is the batch's, not the set-up's.
    await studio.close();
    global.gc?.();
    studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    // A 5 ms tick: how late it fires is how long the host could not answer anyone.
    let longestWait = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      longestWait = Math.max(longestWait, now - last - 5);
      last = now;
      const memory = process.memoryUsage();
      peakHeap = Math.max(peakHeap, memory.heapUsed);
      peakRss = Math.max(peakRss, memory.rss);
    }, 5);
    const began = performance.now();
    const { batchId, jobs } = await value('jobs.reverify', { library: true });
    const madeMs = performance.now() - began;
    await new Promise((resolve) => setTimeout(resolve, 20)); // the probe's tick after the request
    clearInterval(probe);
    const atEnd = process.memoryUsage();
    peakHeap = Math.max(peakHeap, atEnd.heapUsed);
    peakRss = Math.max(peakRss, atEnd.rss);
    await value('jobs.cancel', { batchId });
    const after = process.memoryUsage();
    const { db } = openDatabase(libraryPath, { readonly: true });
    const payload = db.prepare('SELECT sum(length(payload_json)) AS n FROM jobs WHERE batch_id = ?').get(batchId) as { n: number };
    const recordings = db.prepare('SELECT count(*) AS n, sum(length(commands_json)) + sum(length(step_hashes)) AS bytes FROM recordings').get() as { n: number; bytes: number };
    db.close();
    console.log(`reverify --library: ${levels.toLocaleString('en')} levels, ${recordings.n.toLocaleString('en')} recordings (${(recordings.bytes / MB).toFixed(1)} MB of commands and step hashes)`);
    console.log(`batch of ${jobs.toLocaleString('en')} jobs made in ${(madeMs / 1000).toFixed(2)} s; host's longest wait ${longestWait.toFixed(0)} ms`);
    console.log(
      `host memory: heap ${(before.heapUsed / MB).toFixed(0)} -> peak ${(peakHeap / MB).toFixed(0)} -> ${(after.heapUsed / MB).toFixed(0)} MB; ` +
        `RSS ${(before.rss / MB).toFixed(0)} -> peak ${(peakRss / MB).toFixed(0)} -> ${(after.rss / MB).toFixed(0)} MB`,
    );
    console.log(`stored job payloads: ${(payload.n / MB).toFixed(1)} MB (recording ids; the recordings are read when each job runs)`);
  } finally {
    await studio.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
