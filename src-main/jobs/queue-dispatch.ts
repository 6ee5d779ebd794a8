/**
 * Dispatch and settling: hands queued jobs to the worker pool while their lane has room
 * (interactive ones first, lowest id first), and records how each run ends — the result stored in
 * the transaction that marks the job done (the type's `store`, then the owner's `onResult`), a
 * failed attempt queued again while attempts remain, a cancelled run's answer given only to its
 * waiters. Also knows when the queue is idle.
 */
import type { LibraryDatabase } from '../library/db.ts';
import { busyPauseMs, isBusy } from '../library/busy.ts';
import { JobCancelledError, JobFailedError, JobInputRefusedError, PoolClosedError } from './errors.ts';
import type { JobOutcomes } from './outcomes.ts';
import type { WorkerPool } from './pool.ts';
import type { Lane } from './protocol.ts';
import { ProgressThrottle } from './progress-throttle.ts';
import { NOBODY_WAITS, type JobBatches } from './queue-batches.ts';
import type { QueueStatements } from './queue-statements.ts';
import { jobPayloadSchema, jobType, type JobPayload, type JobResult } from './registry.ts';
import { jobFromRow, readStoredPayload, type JobTables } from './rows.ts';
import type { StoredJob } from './types/define.ts';
import type { JobServices } from './types/services.ts';

/** Tries to store a finished job's result while the library is busy (about 50 s in all) before it is given up. */
const MAX_STORE_ATTEMPTS = 30;

/** A job as the result hook sees it: marked done, with its payload. */
export type JobRecord = StoredJob<JobPayload>;

/**
 * Stores a result. Runs inside the transaction that marks the job done: write with `db`, and throw
 * to refuse the result (the job then fails with the error's message, and nothing is written).
 */
export type ResultHook = (db: LibraryDatabase, job: JobRecord, result: JobResult) => void;

export interface DispatchOptions {
  readonly db: LibraryDatabase;
  readonly sql: QueueStatements;
  readonly tables: JobTables;
  readonly batches: JobBatches;
  readonly outcomes: JobOutcomes;
  readonly pool: Pick<WorkerPool, 'capacity' | 'run'>;
  readonly services?: (db: LibraryDatabase) => JobServices;
  readonly onResult?: ResultHook;
  readonly maxAttempts: number;
  readonly now: () => string;
  /** Tell listeners the job (and its batch) changed. */
  readonly changed: (jobId: number) => void;
  /** The pool was closed under the queue: nothing can run any more. */
  readonly poolClosed: () => void;
}

interface RunningJob {
  readonly controller: AbortController;
  readonly lane: Lane;
  /** Its runs in the pool not yet ended (a job split into parts has one a part; `split`). */
  tasks: number;
  readonly progress: ProgressThrottle;
  /** Cancelled: its answer goes to the waiters only. */
  cancelled: boolean;
}

export class JobDispatch {
  private readonly running = new Map<number, RunningJob>();
  /** Finished jobs whose result waits to be stored again (the library was busy). */
  private readonly storing = new Set<number>();
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  private readonly options: DispatchOptions;

  constructor(options: DispatchOptions) {
    this.options = options;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The progress of a job this queue is running (undefined for any other). */
  liveProgress(jobId: number): number | undefined {
    return this.running.get(jobId)?.progress.progress;
  }

  /**
   * Hands queued jobs to the pool while their lane has room, interactive ones first, lowest id
   * first. A batch job in parts (its type's `split`) starts when its lane has room for one: the
   * parts beyond the room wait in the pool for the next workers free, and count against the lane
   * meanwhile, so no job after it starts first and no worker is left idle.
   */
  pump(): void {
    const { sql, pool } = this.options;
    while (!this.closed) {
      const next = (this.runningIn('interactive') < pool.capacity('interactive') ? sql.nextQueuedInteractive.get() : undefined)
        ?? (this.runningIn('batch') < pool.capacity('batch') ? sql.nextQueuedBatch.get() : undefined);
      if (!next) break;
      // Another process may have taken it in the meantime.
      if (sql.start.run(this.options.now(), next.id).changes === 0) continue;
      const stored = readStoredPayload(next.payload_json);
      const parsed = jobPayloadSchema.safeParse(stored?.payload);
      if (!stored || !parsed.success) {
        this.finishFailed(next.id, new JobFailedError('The stored job is not a valid job payload.'), true);
        continue;
      }
      const payload = this.expanded(next.id, parsed.data);
      if (payload) this.start(next.id, payload, stored.lane);
    }
    this.checkIdle();
  }

  /** Stops a cancelled job's run (its search is told to stop), or tells its waiters when it never started. */
  stop(jobId: number): void {
    const live = this.running.get(jobId);
    if (!live) {
      this.options.outcomes.settle(jobId, new JobCancelledError()); // it never started
      return;
    }
    this.running.delete(jobId);
    live.cancelled = true;
    live.progress.stop();
    live.controller.abort();
  }

  /** Resolves when no job is queued or running (or the queue is closed). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.checkIdle();
    });
  }

  /** Stops dispatching: running batch jobs are stopped and queued again for the next queue on this file; interactive ones are cancelled. */
  close(): void {
    this.closed = true;
    const ids = [...this.running.keys()];
    this.options.db.transaction(() => {
      this.options.sql.cancelInteractive.run(NOBODY_WAITS, this.options.now());
      for (const id of ids) this.options.sql.requeueOne.run(id);
    })();
    for (const id of ids) this.stop(id);
  }

  checkIdle(): void {
    if (this.idleWaiters.length === 0) return;
    if (!this.closed && (this.running.size > 0 || this.storing.size > 0 || this.options.sql.anyQueued.get())) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** The pool's runs of a lane's jobs (a job in parts counts its parts still running). */
  private runningIn(lane: Lane): number {
    let n = 0;
    for (const live of this.running.values()) if (live.lane === lane) n += live.tasks;
    return n;
  }

  /** The payload a worker runs: the stored one, with what it names by id read now (the type's `expand`). */
  private expanded(jobId: number, payload: JobPayload): JobPayload | undefined {
    const definition = jobType(payload.type);
    const { services, db } = this.options;
    if (!definition.expand || !services) return payload;
    try {
      return definition.expand(payload as never, services(db)) as JobPayload;
    } catch (error) {
      this.finishFailed(jobId, new JobFailedError(`The job's input could not be read from the library: ${(error as Error).message}`), true);
      return undefined;
    }
  }

  private start(jobId: number, payload: JobPayload, lane: Lane): void {
    const live: RunningJob = { controller: new AbortController(), lane, tasks: 1, progress: new ProgressThrottle(() => this.options.changed(jobId)), cancelled: false };
    this.running.set(jobId, live);
    this.options.changed(jobId);
    const { outcomes } = this.options;
    this.run(payload, live).then(
      (result) => {
        // Finished just as it was cancelled: the job stays cancelled; its waiters get the result as partial.
        if (live.cancelled) return outcomes.settle(jobId, new JobCancelledError(result));
        this.onSettled(jobId, live, () => this.store(jobId, payload, result));
      },
      (error: Error) => {
        // The owner closed the pool under the queue: nothing can run any more. The job is not at fault.
        if (error instanceof PoolClosedError) return this.options.poolClosed();
        if (live.cancelled) return outcomes.settle(jobId, error instanceof JobCancelledError ? error : new JobCancelledError());
        this.onSettled(jobId, live, () => this.finishFailed(jobId, error, error instanceof JobInputRefusedError));
      },
    );
  }

  /**
   * The job's run in the pool: one, or a batch job its type splits (`split`, at most one a batch
   * worker: the number depends on the machine, never on what is idle) in parts, joined into one
   * result. Interactive jobs are not split: the lane's one worker of its own would run the parts
   * one after the other. A part that ends frees its worker for the next job; a part's result that
   * settles the job (a proof) stops the others. A part that fails leaves the job the results of
   * the others that finished (it fails only when none did, with the part's error). Cancelled, the
   * job's partial result is the join of the parts' partial ones.
   */
  private run(payload: JobPayload, live: RunningJob): Promise<JobResult> {
    const { pool } = this.options;
    const { lane } = live;
    const signal = live.controller.signal;
    const definition = jobType(payload.type);
    let parts: readonly unknown[] | undefined;
    try {
      parts = lane === 'batch' && definition.join ? definition.split?.(payload as never, pool.capacity('batch')) : undefined;
    } catch {
      parts = undefined; // its run says what is wrong
    }
    if (!parts || parts.length < 2 || !definition.join) {
      return pool.run(payload, { lane, signal, onProgress: (p) => live.progress.report(p.progress) }) as Promise<JobResult>;
    }
    const join = (results: readonly unknown[]): JobResult => definition.join!(results as never, payload as never) as JobResult;
    live.tasks = parts.length;
    // The job's progress: the least of the parts still running (the last to end ends the job);
    // a part that ends leaves the least, so it never goes back.
    const progress = parts.map(() => 0);
    const running = parts.map(() => true);
    const report = (): void => {
      const least = Math.min(...progress.filter((_, i) => running[i]));
      if (Number.isFinite(least)) live.progress.report(least);
    };
    const results: unknown[] = parts.map(() => undefined);
    /** Which parts finished with a result of their own (not a stopped part's partial one). */
    const finished = parts.map(() => false);
    let error: Error | undefined;
    /** A part's result settled the job: the others were stopped for it, not cancelled. */
    let settled = false;
    const all = parts;
    return new Promise<JobResult>((resolve, reject) => {
      let left = all.length;
      const ended = (): void => {
        live.tasks--;
        if (--left > 0) return this.pump();
        try {
          const had = results.filter((r) => r !== undefined);
          if (!error) return resolve(join(had));
          if (error instanceof JobCancelledError) return reject(had.length > 0 ? new JobCancelledError(join(had)) : error);
          // A part failed: what the others found stands, unless the pool closed or none finished.
          const done = results.filter((_, i) => finished[i]);
          if (!(error instanceof PoolClosedError) && done.length > 0) return resolve(join(done));
          reject(error);
        } catch (failure) {
          reject(new JobFailedError(`The parts' results could not be joined: ${(failure as Error).message}`));
        }
      };
      all.forEach((part, index) => {
        const onProgress = (p: { progress: number }): void => {
          progress[index] = p.progress;
          report();
        };
        (pool.run(part as JobPayload, { lane, signal, onProgress }) as Promise<unknown>).then(
          (result) => {
            results[index] = result;
            finished[index] = true;
            running[index] = false;
            report();
            let settles: boolean;
            try {
              settles = definition.settles?.(result as never) === true;
            } catch {
              settles = false; // the others go on
            }
            if (settles && left > 1 && !settled) {
              settled = true;
              live.controller.abort();
            }
            ended();
          },
          (failure: Error) => {
            running[index] = false;
            if (failure instanceof JobCancelledError && failure.partial !== undefined) results[index] = failure.partial;
            if (failure instanceof JobCancelledError && settled && !live.cancelled) return ended();
            // The worst error is the job's: the pool closed, then a failure, then a cancel.
            if (rank(failure) > rank(error)) error = failure;
            ended();
          },
        );
      });
    });
  }

  private onSettled(jobId: number, live: RunningJob, settle: () => void): void {
    if (this.running.get(jobId) !== live) return; // closed meanwhile: already recorded
    this.running.delete(jobId);
    live.progress.stop();
    if (this.closed) return;
    try {
      settle();
    } catch (error) {
      // A database error (busy, disk full) must not become an unhandled rejection in the host.
      console.error('gridwright: could not record a finished job:', error);
      this.options.outcomes.settle(jobId, error as Error);
    }
    this.pump();
  }

  private store(jobId: number, payload: JobPayload, result: JobResult, attempt = 1): void {
    const { db, sql, tables, services, onResult } = this.options;
    try {
      db.transaction(() => {
        if (sql.done.run(JSON.stringify(result ?? null), this.options.now(), jobId).changes === 0) return;
        const row = tables.jobRow(jobId)!;
        const job: JobRecord = { ...jobFromRow(row), payload };
        const definition = jobType(payload.type);
        if (services && definition.store) definition.store(result as never, job as never, services(db));
        onResult?.(db, job, result);
        if (row.batch_id !== null) this.options.batches.settle(row.batch_id);
      })();
    } catch (error) {
      // A busy library (an import writing) is no fault of the result: store it again a little later.
      if (isBusy(error) && attempt < MAX_STORE_ATTEMPTS && !this.closed) {
        this.storing.add(jobId);
        setTimeout(() => {
          this.storing.delete(jobId);
          if (!this.closed) this.store(jobId, payload, result, attempt + 1);
          this.checkIdle();
        }, busyPauseMs(attempt, 100));
        return;
      }
      if (isBusy(error)) {
        this.finishFailed(jobId, new JobFailedError(`The result could not be stored: the library stayed busy through ${attempt} tries (another program was writing to it); the job was given up.`), true);
        return;
      }
      // Computing it again would not help: the result itself was refused.
      this.finishFailed(jobId, new JobFailedError(`The result could not be stored: ${(error as Error).message}`), true);
      return;
    }
    this.options.changed(jobId);
    this.options.outcomes.settle(jobId, undefined, result);
  }

  /** Records a failed attempt: queued again while attempts remain (unless `final`), else failed. */
  private finishFailed(jobId: number, error: Error, final: boolean): void {
    const { db, sql } = this.options;
    const row = this.options.tables.jobRow(jobId);
    if (!row) return;
    const retry = !final && row.attempts + 1 < this.options.maxAttempts;
    db.transaction(() => {
      if (retry) sql.retry.run(error.message, jobId);
      else sql.fail.run(error.message, this.options.now(), jobId);
      if (row.batch_id !== null) this.options.batches.settle(row.batch_id);
    })();
    this.options.changed(jobId);
    if (!retry) this.options.outcomes.settle(jobId, error);
  }
}

/** How much an error of a part weighs for the job's (the heaviest is the job's). */
function rank(error: Error | undefined): number {
  if (error === undefined) return 0;
  if (error instanceof PoolClosedError) return 3;
  return error instanceof JobCancelledError ? 1 : 2;
}
