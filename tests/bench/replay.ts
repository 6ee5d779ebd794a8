/**
 * The replay scrubber's bench (figures printed, never asserted):
 * - seeking: random seeks on a 10,000- and a 200,000-step push recording (a random play with
 *   undos and restarts on Microban I #6), for several checkpoint spacings K: the build time, p50 /
 *   p95 / max of a seek (target p95 under 16 ms) and the heap the loaded timeline holds. This is
 *   how DEFAULT_CHECKPOINT_EVERY was chosen.
 * - the curve: a 300-step recording of Microban I #6 (wandering, undos, then the optimal line)
 *   computed by `replay-curve` jobs with 2 batch workers through a real studio, while a hint is
 *   asked in the interactive lane: the curve's wall time (target under 5 s) and the hint's.
 *
 *   npm run bench -- replay [--seeks 2000] [--k 8,16,32,64,128]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { TimedJournalEntry } from '../../src-shared/engine/play/recording.ts';
import { ReplayTimeline } from '../../src-shared/engine/play/replay-timeline.ts';
import { Rng } from '../../src-shared/engine/rng.ts';
import type { ReplayCurve } from '../../src-shared/api/replays.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, pushRules } from '../support/microban.ts';
import { studioCalls } from '../support/studio-call.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const DIRECTIONS = ['u', 'd', 'l', 'r'];
const LEVEL = 6;

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A random play: mostly moves, some undos and redos, a restart now and then. */
function randomJournal(length: number, rng: Rng): TimedJournalEntry<string>[] {
  const out: TimedJournalEntry<string>[] = [];
  let t = 0;
  for (let i = 0; i < length; i++) {
    t += 100 + rng.int(2000);
    const roll = rng.int(1000);
    if (roll < 100) out.push({ type: 'undo', t });
    else if (roll < 130) out.push({ type: 'redo', t });
    else if (roll < 131) out.push({ type: 'restart', t });
    else out.push({ type: 'command', command: rng.pick(DIRECTIONS), t });
  }
  return out;
}

function heapUsed(): number {
  gc();
  gc();
  // Typed arrays live outside the JS heap: count their buffers too.
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

interface SeekFigures {
  readonly buildMs: number;
  readonly held: number;
  readonly positions: number;
  readonly checkpoints: number;
  readonly times: number[];
}

/** One timeline built, sought and measured; nothing of it outlives the call (so the next one measures its own). */
function measureTimeline(journal: readonly TimedJournalEntry<string>[], steps: number, every: number, seeks: number): SeekFigures {
  const start = microbanState(LEVEL);
  const before = heapUsed();
  const started = performance.now();
  const timeline = new ReplayTimeline(pushRules, start, journal, { checkpointEvery: every });
  const buildMs = performance.now() - started;
  // What the timeline holds (the journal and the level were there before it).
  const held = heapUsed() - before;
  const rng = new Rng(`seeks-${steps}-${every}`);
  const times: number[] = [];
  for (let i = 0; i < seeks; i++) {
    const step = rng.int(steps + 1);
    const t0 = performance.now();
    timeline.stateAt(step);
    times.push(performance.now() - t0);
  }
  return { buildMs, held, positions: timeline.positions, checkpoints: timeline.checkpointCount, times: times.sort((a, b) => a - b) };
}

function seekBench(steps: number, everies: readonly number[], seeks: number): void {
  const journal = randomJournal(steps, new Rng(`replay-bench-${steps}`));
  // A first build warms the code and the push rules' caches, so the first K measured pays nothing extra.
  measureTimeline(journal, steps, everies[0], 10);
  for (const every of everies) {
    const { buildMs, held, positions, checkpoints, times } = measureTimeline(journal, steps, every, seeks);
    console.log(
      `  ${steps.toLocaleString('en')} steps, K=${String(every).padStart(3)}: build ${buildMs.toFixed(0)} ms, ${positions.toLocaleString('en')} positions, ` +
        `${checkpoints.toLocaleString('en')} checkpoints, timeline ${(held / 1e6).toFixed(1)} MB (heap and typed arrays); ` +
        `seek p50 ${quantile(times, 0.5).toFixed(3)} ms, p95 ${quantile(times, 0.95).toFixed(3)} ms, max ${times[times.length - 1].toFixed(3)} ms (target p95 < 16 ms)`,
    );
  }
}

/** 300 entries: wandering with undos and a restart, then the optimal line, padded with bumps at the end. */
function curveJournal(): { type: string; command?: string; t: number }[] {
  const lurd = readMicrobanOptimal().find((r) => r.level === LEVEL)!.moveOptimalLurd!.toLowerCase();
  const rng = new Rng('replay-curve-bench');
  const out: { type: string; command?: string; t: number }[] = [];
  let t = 0;
  const add = (entry: { type: string; command?: string }): void => void out.push({ ...entry, t: (t += 150 + rng.int(1500)) });
  while (out.length < 300 - lurd.length - 1) {
    add({ type: 'command', command: rng.pick(DIRECTIONS) });
    if (rng.int(4) === 0) add({ type: 'undo' });
  }
  add({ type: 'restart' });
  for (const command of lurd) add({ type: 'command', command });
  return out.slice(0, 300);
}

async function curveBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-replay-bench-'));
  let studio: Studio | undefined;
  try {
    studio = await createStudio({ libraryPath: join(dir, 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 2 });
    const { value } = studioCalls(() => studio!);
    const microban = (await value('library.summary', {})).campaigns.find((c: { name: string }) => c.name.startsWith('Microban'));
    const level = (await value('library.campaign', { campaignId: microban.id, offset: LEVEL - 1, limit: 1 })).levels[0];
    const journal = curveJournal();
    const { recordingId } = await value('recordings.save', { levelId: level.id, content: level.content, journal });
    // Warm the workers (they load the job bundle once), and time the hint alone.
    await value('play.hint', { levelId: level.id, commands: [] });
    const aloneStarted = performance.now();
    await value('play.hint', { levelId: level.id, commands: ['d'] });
    const aloneMs = performance.now() - aloneStarted;
    const started = performance.now();
    await value('replays.curve', { recordingId, compute: true });
    const hintStarted = performance.now();
    const hint = value('play.hint', { levelId: level.id, commands: ['u'] }).then(() => performance.now() - hintStarted);
    let curve: ReplayCurve;
    let firstChunkMs: number | undefined;
    for (;;) {
      curve = await value<ReplayCurve>('replays.curve', { recordingId });
      if (firstChunkMs === undefined && curve.chunks.length > 0) firstChunkMs = performance.now() - started;
      if (curve.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const wallMs = performance.now() - started;
    const values = curve.chunks.flatMap((c) => c.steps);
    const dead = values.filter((v) => v.dead).length;
    const bounds = values.filter((v) => v.lowerBound !== undefined).length;
    console.log(
      `  Microban I #${LEVEL}, ${journal.length} steps, 2 workers, ${curve.chunks.length} chunks: curve complete in ${(wallMs / 1000).toFixed(2)} s (target < 5 s), ` +
        `first chunk at ${((firstChunkMs ?? wallMs) / 1000).toFixed(2)} s; ${values.length} values, ${dead} dead, ${bounds} bounds only; ` +
        `a hint asked meanwhile answered in ${(await hint).toFixed(0)} ms (a hint alone: ${aloneMs.toFixed(0)} ms)`,
    );
  } finally {
    await studio?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runReplayBench(args: string[]): Promise<void> {
  const opt = (name: string, fallback: string): string => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const seeks = Number(opt('seeks', '2000'));
  const everies = opt('k', '8,16,32,64,128').split(',').map(Number);
  console.log(`replay bench: random seeks on push recordings of Microban I #${LEVEL} (random plays with undos), ${seeks} seeks each`);
  for (const steps of [10_000, 200_000]) seekBench(steps, everies, seeks);
  console.log('replay bench: the distance curve in the pool with a hint meanwhile');
  await curveBench();
}
