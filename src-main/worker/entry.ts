/**
 * The worker process entry. The same file runs under Node's `child_process.fork` (browser host,
 * CLI, tests) and Electron's `utilityProcess.fork` (the studio): the host is detected at runtime
 * (`process.parentPort` exists only in a utility process), so nothing here imports electron.
 *
 * One job at a time: the search blocks this process's event loop, which is why cancelling a job
 * means killing its worker. Progress goes out at most 10 times a second per job. A worker whose
 * parent died exits on its own, even in the middle of a search (nobody is left to read the result).
 */
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import {
  PROGRESS_INTERVAL_MS,
  TEST_JOBS_ENV,
  jobPayloadSchema,
  mainToWorkerSchema,
  type JobProgress,
  type WorkerToMain,
} from '../jobs/protocol.ts';
import { runJob } from './run-job.ts';
import { TABLES_DIR_ENV, fileSolverTables, memorySolverTables } from './tables.ts';

interface HostChannel {
  send(message: WorkerToMain): void;
  onMessage(listener: (message: unknown) => void): void;
}

/** Pattern databases and other solver tables: on disk beside the library when the host says where. */
const tables = process.env[TABLES_DIR_ENV] ? fileSolverTables(process.env[TABLES_DIR_ENV]!) : memorySolverTables();

/** Electron's utility-process port (structurally: no electron import). */
interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

function hostChannel(): HostChannel {
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (parentPort) {
    return {
      send: (message) => parentPort.postMessage(message),
      onMessage: (listener) => parentPort.on('message', (event) => listener(event.data)),
    };
  }
  if (!process.send) {
    process.stderr.write('gridwright worker: start me with child_process.fork or utilityProcess.fork\n');
    process.exit(2);
  }
  process.on('disconnect', () => process.exit(0));
  return {
    send: (message) => {
      try {
        process.send!(message);
      } catch {
        process.exit(0); // the channel is gone: so is the parent
      }
    },
    onMessage: (listener) => process.on('message', listener),
  };
}

/**
 * The parent is gone when this process was re-parented (POSIX) or the parent pid no longer exists
 * (Windows). Checked at most every half second: cheap enough for a search's stop poll.
 */
const parentPid = process.ppid;
let lastParentCheck = 0;
function exitIfOrphaned(): void {
  const now = performance.now();
  if (now - lastParentCheck < 500) return;
  lastParentCheck = now;
  let alive = process.ppid === parentPid;
  if (alive) {
    try {
      process.kill(parentPid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  if (!alive) process.exit(0);
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.name === 'Error' || error.name === 'JobInputError' ? error.message : `${error.name}: ${error.message}`;
  return String(error);
}

const host = hostChannel();

function handle(raw: unknown): void {
  const envelope = mainToWorkerSchema.safeParse(raw);
  if (!envelope.success) {
    const jobId = (raw as { jobId?: unknown } | null)?.jobId;
    if (typeof jobId === 'number' && Number.isSafeInteger(jobId) && jobId >= 0) {
      host.send({ type: 'error', jobId, message: 'The worker refused a malformed message.' });
    }
    return;
  }
  const { jobId } = envelope.data;
  const parsed = jobPayloadSchema.safeParse(envelope.data.payload);
  if (!parsed.success) {
    host.send({ type: 'error', jobId, message: `The job was refused: ${z.prettifyError(parsed.error)}` });
    return;
  }
  const payload = parsed.data;
  let lastProgress = -Infinity;
  try {
    if (payload.type === 'selftest') runSelftest(payload.action);
    const result = runJob(payload, {
      tables,
      clock: () => performance.now(),
      shouldStop: () => {
        exitIfOrphaned();
        return false;
      },
      onProgress: (progress: JobProgress) => {
        const now = performance.now();
        if (now - lastProgress < PROGRESS_INTERVAL_MS) return;
        lastProgress = now;
        host.send({ type: 'progress', jobId, ...progress });
      },
    });
    host.send({ type: 'result', jobId, result });
  } catch (error) {
    host.send({ type: 'error', jobId, message: describeError(error) });
  }
}

/** Faults on demand for the fault-tolerance tests; refused in a normal worker. */
function runSelftest(action: 'exit' | 'throw' | 'hang' | 'oom'): never {
  if (process.env[TEST_JOBS_ENV] !== '1') throw new Error(`selftest jobs are refused: this worker was not started with ${TEST_JOBS_ENV}=1.`);
  switch (action) {
    case 'exit':
      process.exit(3);
    // falls through (process.exit does not return)
    case 'throw':
      throw new Error('selftest: thrown on purpose');
    case 'hang':
      for (;;) exitIfOrphaned();
    // falls through (the loop never ends)
    case 'oom': {
      const limitMB = getHeapStatistics().heap_size_limit / 2 ** 20;
      if (limitMB > 512) throw new Error(`selftest oom needs a worker with a small heap (--max-old-space-size); this one may grow to ${Math.round(limitMB)} MB.`);
      const hog: number[][] = [];
      for (;;) hog.push(new Array<number>(1 << 18).fill(hog.length));
    }
  }
}

process.title = 'gridwright-worker';
host.onMessage(handle);
host.send({ type: 'ready' });
