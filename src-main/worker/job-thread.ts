/**
 * The job thread of a worker process: a long-lived worker_thread that keeps the solver tables it
 * has loaded and runs one job at a time. The process's main thread (entry.ts) keeps reading
 * messages while a search runs here and signals through shared memory: the search's
 * `shouldStop` reads the stop word, and blocks on the pause word (Atomics.wait) until it is
 * cleared, the paused time left out of the job's clock and time limit.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { CONTROL_PAUSE, CONTROL_STOP, PROGRESS_INTERVAL_MS, type JobProgress } from '../jobs/protocol.ts';
import { jobPayloadSchema, jobType } from '../jobs/registry.ts';
import { TEST_JOBS_ENV } from '../jobs/types/selftest.ts';
import { searchMemoryBytes, workerHeapMB } from '../jobs/memory.ts';
import { JobInputError } from '../jobs/types/runtime.ts';
import { TABLES_DIR_ENV, fileSolverTables, memorySolverTables } from './tables.ts';

/** What the main thread sends: a job to run. */
export interface ThreadRun {
  readonly jobId: number;
  readonly payload: unknown;
}

/** What this thread sends back, forwarded to the pool as is (protocol.ts's worker messages). */
export type ThreadMessage =
  | { readonly type: 'ready' }
  | ({ readonly type: 'progress'; readonly jobId: number } & JobProgress)
  | { readonly type: 'result'; readonly jobId: number; readonly result: unknown; readonly stopped?: boolean }
  | { readonly type: 'error'; readonly jobId: number; readonly message: string; readonly input?: boolean };

const port = parentPort!;
const control = new Int32Array((workerData as { control: SharedArrayBuffer }).control);
/** Pattern databases and other solver tables: on disk beside the library when the host says where. */
const tables = process.env[TABLES_DIR_ENV] ? fileSolverTables(process.env[TABLES_DIR_ENV]!) : memorySolverTables();
const testFaults = process.env[TEST_JOBS_ENV] === '1';
/** Searches keep their tables under a share of this thread's heap cap (memory.ts). */
const memoryBytes = searchMemoryBytes(workerHeapMB(process.env));

function send(message: ThreadMessage): void {
  port.postMessage(message);
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.name === 'Error' || error instanceof JobInputError ? error.message : `${error.name}: ${error.message}`;
  return String(error);
}

function run({ jobId, payload: raw }: ThreadRun): void {
  const parsed = jobPayloadSchema.safeParse(raw);
  if (!parsed.success) return send({ type: 'error', jobId, message: `The job was refused: ${z.prettifyError(parsed.error)}`, input: true });
  const payload = parsed.data;
  let pausedMs = 0;
  let stopRequested = false;
  const clock = (): number => performance.now() - pausedMs;
  const shouldStop = (): boolean => {
    if (Atomics.load(control, CONTROL_PAUSE) === 1 && Atomics.load(control, CONTROL_STOP) === 0) {
      const since = performance.now();
      // The timeout only bounds each wait: a stop or resume wakes it at once (Atomics.notify).
      while (Atomics.load(control, CONTROL_PAUSE) === 1 && Atomics.load(control, CONTROL_STOP) === 0) Atomics.wait(control, CONTROL_PAUSE, 1, 1000);
      pausedMs += performance.now() - since;
    }
    if (Atomics.load(control, CONTROL_STOP) === 1) stopRequested = true;
    return stopRequested;
  };
  let lastProgress = -Infinity;
  const onProgress = (progress: JobProgress): void => {
    const now = performance.now();
    if (now - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = now;
    send({ type: 'progress', jobId, progress: progress.progress, nodes: progress.nodes, stored: progress.stored });
  };
  try {
    const result = jobType(payload.type).run(payload as never, { shouldStop, onProgress, clock, tables, memoryBytes, testFaults });
    send({ type: 'result', jobId, result, ...(stopRequested ? { stopped: true } : {}) });
  } catch (error) {
    send({ type: 'error', jobId, message: describeError(error), ...(error instanceof JobInputError ? { input: true } : {}) });
  }
}

port.on('message', (message: ThreadRun) => run(message));
send({ type: 'ready' });
