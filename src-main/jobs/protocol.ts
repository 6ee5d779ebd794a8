/**
 * The messages between the main process and a worker process. Payloads and results come from
 * the job-type registry (registry.ts). A worker is a separate process: everything it receives and
 * everything it sends back is validated.
 */
import { z } from 'zod';
import type { JobPayload } from './registry.ts';
import type { JobProgress } from './types/define.ts';

// Types only: the worker process's main thread loads this module, and should not load every
// ruleset (its job thread does, through the registry).
export type { JobPayload, JobResult, JobType, PayloadOf, ResultOf } from './registry.ts';
export type { JobProgress, Lane } from './types/define.ts';

export const jobProgressSchema = z.object({
  progress: z.number().min(0).max(1),
  nodes: z.int().min(0),
  stored: z.int().min(0),
}) satisfies z.ZodType<JobProgress>;

/** Per-run id chosen by the pool (not the database job id): stale messages are recognised by it. */
const runId = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * run: start a job (one at a time per worker). cancel: stop it; the search sees the stop at its
 * next poll and the worker answers with what it proved so far. pause / resume: hold the search at
 * its next poll (it keeps its memory) and let it go on; the paused time does not count.
 */
export const mainToWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run'), jobId: runId, payload: z.unknown() }),
  z.object({ type: z.literal('cancel'), jobId: runId }),
  z.object({ type: z.literal('pause'), jobId: runId }),
  z.object({ type: z.literal('resume'), jobId: runId }),
]);
export type MainToWorker =
  | { readonly type: 'run'; readonly jobId: number; readonly payload: JobPayload }
  | { readonly type: 'cancel' | 'pause' | 'resume'; readonly jobId: number };

export const workerToMainSchema = z.discriminatedUnion('type', [
  /** Sent once, when the worker listens: the pool sends nothing before it. */
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('progress'), jobId: runId, ...jobProgressSchema.shape }),
  /** `stopped`: the run was told to stop (cancel) before it finished: `result` is partial. */
  z.object({ type: z.literal('result'), jobId: runId, result: z.unknown(), stopped: z.boolean().optional() }),
  /** `input`: the job cannot run as asked (bad level, config, command): running it again would not help. */
  z.object({ type: z.literal('error'), jobId: runId, message: z.string(), input: z.boolean().optional() }),
]);
export type WorkerToMain = z.infer<typeof workerToMainSchema>;

/** At most this many progress messages per second per job, from the worker and from the queue. */
export const PROGRESS_PER_SECOND = 10;
export const PROGRESS_INTERVAL_MS = 1000 / PROGRESS_PER_SECOND;

/**
 * The control words a worker process shares with its job thread (Int32Array over a
 * SharedArrayBuffer): the thread's `shouldStop` reads them while the process's main thread goes
 * on reading messages.
 */
export const CONTROL_STOP = 0;
export const CONTROL_PAUSE = 1;
export const CONTROL_WORDS = 2;

/** A worker process exits with this code when its job thread ran out of memory (ENOMEM). */
export const EXIT_OUT_OF_MEMORY = 12;
