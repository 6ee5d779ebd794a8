/**
 * The worker process entry. The same file runs under Node's `child_process.fork` (browser host,
 * CLI, tests) and Electron's `utilityProcess.fork` (the studio): the host is detected at runtime
 * (`process.parentPort` exists only in a utility process), so nothing here imports electron.
 *
 * Jobs run on a long-lived job thread (job-thread.ts) so that this thread stays free to read
 * messages during a search: a cancel or a pause is a word in shared memory that the search's
 * `shouldStop` reads at its next poll. Cancelling therefore keeps the process, its pid and the
 * tables its thread has loaded. The process ends with its job thread (a fault in a job: the pool
 * replaces the process), and on its own when its parent is gone.
 */
import { Worker } from 'node:worker_threads';
import { CONTROL_PAUSE, CONTROL_STOP, CONTROL_WORDS, EXIT_OUT_OF_MEMORY, mainToWorkerSchema, type WorkerToMain } from '../jobs/protocol.ts';
import type { ThreadMessage, ThreadRun } from './job-thread.ts';
import { workerHeapMB } from '../jobs/memory.ts';

interface HostChannel {
  send(message: WorkerToMain): void;
  onMessage(listener: (message: unknown) => void): void;
}

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

/** The parent is gone when this process was re-parented (POSIX) or its pid no longer exists (Windows). */
const parentPid = process.ppid;
function exitIfOrphaned(): void {
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

// Built (electron-vite) the thread is job-thread.js beside this file; run from source, the .ts.
const THREAD_ENTRY = new URL(import.meta.url.endsWith('.ts') ? './job-thread.ts' : './job-thread.js', import.meta.url);

const host = hostChannel();
const control = new Int32Array(new SharedArrayBuffer(CONTROL_WORDS * Int32Array.BYTES_PER_ELEMENT));
// The job thread gets this process's heap cap (set by the adapter, memory.ts) as its own.
const thread = new Worker(THREAD_ENTRY, { workerData: { control: control.buffer }, resourceLimits: { maxOldGenerationSizeMb: workerHeapMB(process.env) } });
/** The job on the thread (its run id), if any. */
let current: number | undefined;
let outOfMemory = false;

thread.on('message', (message: ThreadMessage) => {
  if (message.type !== 'ready' && message.type !== 'progress') current = undefined;
  host.send(message);
});
thread.on('error', (error: Error & { code?: string }) => {
  outOfMemory ||= error.code === 'ERR_WORKER_OUT_OF_MEMORY';
  process.stderr.write(`gridwright worker: the job thread failed: ${outOfMemory ? 'JavaScript heap out of memory' : (error.stack ?? error.message)}\n`);
});
// A job that ends its thread (process.exit in a job, out of memory, a crash) ends the process:
// the pool reports the exit with the job and starts a fresh worker.
thread.on('exit', (code) => process.exit(outOfMemory ? EXIT_OUT_OF_MEMORY : code || 1));

function signal(word: number, value: number): void {
  Atomics.store(control, word, value);
  // Wake a paused search: it re-reads both words.
  Atomics.notify(control, CONTROL_PAUSE);
}

host.onMessage((raw) => {
  const envelope = mainToWorkerSchema.safeParse(raw);
  if (!envelope.success) {
    const jobId = (raw as { jobId?: unknown } | null)?.jobId;
    if (typeof jobId === 'number' && Number.isSafeInteger(jobId) && jobId >= 0) {
      host.send({ type: 'error', jobId, message: 'The worker refused a malformed message.' });
    }
    return;
  }
  const message = envelope.data;
  if (message.type === 'run') {
    if (current !== undefined) return host.send({ type: 'error', jobId: message.jobId, message: 'The worker is busy with another job.' });
    current = message.jobId;
    signal(CONTROL_STOP, 0);
    signal(CONTROL_PAUSE, 0);
    thread.postMessage({ jobId: message.jobId, payload: message.payload } satisfies ThreadRun);
    return;
  }
  // A stop, pause or resume for a job that already ended is stale: its result is on its way.
  if (message.jobId !== current) return;
  if (message.type === 'cancel') signal(CONTROL_STOP, 1);
  else signal(CONTROL_PAUSE, message.type === 'pause' ? 1 : 0);
});

process.title = 'gridwright-worker';
setInterval(exitIfOrphaned, 500);
// 'ready' goes to the host when the thread has started and listens (job-thread.ts sends it).
