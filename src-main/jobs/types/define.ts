/**
 * What a job type declares, once (DESIGN.md: "every job type is declared once"): its payload and
 * result schemas, the lane it runs in, how a worker runs it and what main stores from its result.
 *
 * A type module is loaded by both sides. The worker thread calls `run`; main calls `store` inside
 * the transaction that marks the job done. `store` reaches the library only through the
 * `JobServices` it is handed (import type only), so a type module pulls no library code, and
 * with it no better-sqlite3, into the worker.
 */
import type { z } from 'zod';
import type { SolverTables } from '../../../src-shared/engine/ruleset.ts';
import type { Job, JobOutcome } from '../../../src-shared/api/studio-api.ts';
import type { JobServices } from './services.ts';

/**
 * interactive: somebody waits for it (a hint, the editor's live proof); never waits behind a
 * batch, pre-empts batch work when every core is busy, and is not re-run after the app dies.
 * batch: Verify all, generation; persisted and re-run after a crash.
 */
export type Lane = 'interactive' | 'batch';
export const LANES: readonly Lane[] = ['interactive', 'batch'];

export interface JobProgress {
  /** Stored states / budget (0..1), capped at 0.99 until the job is done. */
  readonly progress: number;
  readonly nodes: number;
  readonly stored: number;
}

/** What a run gets from the worker thread. */
export interface RunContext {
  /** Search progress; call it as often as you like (the worker throttles). */
  readonly onProgress?: (progress: JobProgress) => void;
  /** Polled by the search: true once the job is cancelled or out of time. Blocks while paused. */
  readonly shouldStop?: () => boolean;
  /** Milliseconds of this job's running time (a pause does not count). */
  readonly clock?: () => number;
  /** Where precomputed solver tables are kept (pattern databases). */
  readonly tables?: SolverTables;
  /** The cap on a search's tables in this worker, in bytes (memory.ts; SolveOptions.memoryBytes). */
  readonly memoryBytes?: number;
  /** The worker was started for tests and accepts fault-injection payloads. */
  readonly testFaults?: boolean;
}

/** A finished job as `store` sees it. */
export interface StoredJob<P> extends Job {
  readonly payload: P;
}

export interface JobTypeDefinition<T extends string = string, P extends { readonly type: T } = { readonly type: T }, R = unknown> {
  readonly type: T;
  /** A strict zod object whose `type` is `z.literal(type)`. */
  readonly payload: z.ZodType<P>;
  readonly result: z.ZodType<R>;
  /** The lane a job of this type runs in unless its creator asks for another. */
  readonly lane: Lane;
  /** Lanes a job of this type may be created in (default: only `lane`). */
  readonly lanes?: readonly Lane[];
  /** In the worker: a pure function of the payload, built from src-shared. Throw JobInputError for bad input. */
  run(payload: P, context: RunContext): R;
  /** In main: a done job's result in a word for the Jobs view (the result as stored, unvalidated). */
  outcome?(result: R): JobOutcome | undefined;
  /**
   * In main, just before a worker gets the job: fills in what the stored payload names by id
   * (a reverify job's recordings), read from the library at that moment, so a batch's stored
   * payloads and the host's memory stay small however many jobs it holds. Throw to fail the job.
   */
  expand?(payload: P, services: JobServices): P;
  /**
   * In main, as a batch job is handed to the pool: its parts, when it runs as several at once (at
   * most `most`, one a batch worker), each a payload a worker runs by itself; undefined for one
   * run. The job is still one job (one row, one result: `join`); parts beyond the free workers
   * wait in the pool for the next ones, a part that ends early frees its worker for the next job,
   * and a part whose result settles the job (`settles`) stops the others. An interactive job is
   * never split (its lane has one worker of its own).
   */
  split?(payload: P, most: number): readonly P[] | undefined;
  /** In main: the job's result from its parts' (those it has: a part stopped before it had any is left out). */
  join?(results: readonly R[], payload: P): R;
  /** In main: whether one part's result leaves nothing for the others to find (a proof): they are stopped. */
  settles?(result: R): boolean;
  /** In main, inside the transaction that marks the job done; throw to refuse the result. */
  store?(result: R, job: StoredJob<P>, services: JobServices): void;
}

/** Declares a job type (an identity function that checks the declaration and keeps its types). */
export function defineJobType<T extends string, P extends { readonly type: T }, R>(definition: JobTypeDefinition<T, P, R>): JobTypeDefinition<T, P, R> {
  return definition;
}
