/**
 * The job queue, persisted in the library (`jobs`, `job_batches`): nothing is lost when a worker
 * or the whole app dies. Queued jobs start in id order, interactive ones before batch ones, as
 * long as the pool has room in their lane. A result is stored in the same transaction that marks
 * its job done, through its type's `store` (with the owner's services) and the owner's
 * `onResult` hook, so a done job always has its result and never twice.
 *
 * A failed attempt is retried once, unless the job cannot run as asked. Batch jobs left running
 * by an app that died are queued again when the next queue opens the file; interactive ones are
 * cancelled (nobody waits for them any more). A new batch may adopt the live jobs of older
 * batches that would compute exactly the same thing (same type, level and payload), so a Verify
 * all started after a crash does not do the leftovers twice. Listeners get `jobs.changed` events
 * (Studio API shape), with progress at most 10 times a second per job.
 */
import { performance } from 'node:perf_hooks';
import type { Batch, EventOf, Job } from '../../src-shared/api/studio-api.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { JobCancelledError, JobFailedError, JobInputRefusedError, PoolClosedError } from './errors.ts';
import type { WorkerPool } from './pool.ts';
import { PROGRESS_INTERVAL_MS, type JobProgress, type Lane } from './protocol.ts';
import { jobPayloadSchema, jobType, laneOf, type JobPayload, type JobResult } from './registry.ts';
import { adoptionKey, liveBatchJobs, prepareQueueStatements, type QueueStatements } from './queue-statements.ts';
import { JobOutcomes } from './outcomes.ts';
import { JobTables, jobFromRow, readStoredPayload, storedPayload, type JobRow } from './rows.ts';
import type { StoredJob } from './types/define.ts';
import type { JobServices } from './types/services.ts';

export type JobsChanged = EventOf<'jobs.changed'>;

export interface JobSpec {
  readonly label: string;
  /** Its `type` is the job's type. */
  readonly payload: JobPayload;
  readonly levelId?: number | null;
  /** Default: the type's lane. */
  readonly lane?: Lane;
}

export interface BatchSpec {
  readonly label: string;
  readonly campaignId?: number | null;
  readonly jobs: readonly JobSpec[];
  /** Take over queued or running jobs of other batches with the same type, level and payload instead of adding new ones. */
  readonly adoptLive?: boolean;
}

/** A job as the result hook sees it: marked done, with its payload. */
export type JobRecord = StoredJob<JobPayload>;

/**
 * Stores a result. Runs inside the transaction that marks the job done: write with `db`, and throw
 * to refuse the result (the job then fails with the error's message, and nothing is written).
 */
export type ResultHook = (db: LibraryDatabase, job: JobRecord, result: JobResult) => void;

export interface JobQueueOptions {
  readonly db: LibraryDatabase;
  /** The queue runs jobs on it but does not own it: close the pool after the queue. */
  readonly pool: Pick<WorkerPool, 'capacity' | 'run'>;
  /** What job types' `store` may do in the library, bound to the transaction (none: types store nothing). */
  readonly services?: (db: LibraryDatabase) => JobServices;
  readonly onResult?: ResultHook;
  /** Attempts before a job fails for good (default 2: retried once). */
  readonly maxAttempts?: number;
  /** ISO timestamps (tests may fix the clock). */
  readonly now?: () => string;
}

export interface ListOptions {
  readonly batchLimit?: number;
  readonly jobLimit?: number;
  /** Only the jobs of this batch. */
  readonly batchId?: number;
}

interface Running {
  readonly controller: AbortController;
  readonly lane: Lane;
  progress: number;
  lastEmit: number;
  timer?: ReturnType<typeof setTimeout>;
  /** Cancelled: its answer goes to the waiters only. */
  cancelled: boolean;
}

const DEFAULT_MAX_ATTEMPTS = 2;
const NOBODY_WAITS = 'Not finished: the studio closed while it ran, and nobody waits for an interactive job after that.';

export class JobQueue {
  private readonly db: LibraryDatabase;
  private readonly pool: Pick<WorkerPool, 'capacity' | 'run'>;
  private readonly services?: (db: LibraryDatabase) => JobServices;
  private readonly onResult?: ResultHook;
  private readonly maxAttempts: number;
  private readonly now: () => string;
  private readonly tables: JobTables;
  private readonly running = new Map<number, Running>();
  private readonly outcomes = new JobOutcomes();
  private readonly listeners = new Set<(event: JobsChanged) => void>();
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  private readonly sql: QueueStatements;

  constructor(options: JobQueueOptions) {
    this.db = options.db;
    this.pool = options.pool;
    this.services = options.services;
    this.onResult = options.onResult;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    this.now = options.now ?? (() => new Date().toISOString());
    this.tables = new JobTables(this.db);
    this.sql = prepareQueueStatements(this.db);
    // A previous run of the app died with these jobs unfinished: run the batch ones again.
    this.db.transaction(() => {
      this.sql.cancelInteractive.run(NOBODY_WAITS, this.now());
      this.sql.requeueRunning.run();
      for (const { id } of this.sql.runningBatches.all()) this.settleBatch(id);
    })();
    setImmediate(() => this.pump()); // after the owner has subscribed
  }

  /** Creates a batch and its jobs in one transaction; they run in the order given. */
  createBatch(spec: BatchSpec): { batchId: number; jobIds: number[]; adopted: number } {
    const jobs = spec.jobs.map((job) => this.checked(job));
    const now = this.now();
    const created = this.db.transaction(() => {
      const batchId = Number(this.sql.insertBatch.run(spec.label, spec.campaignId ?? null, jobs.length ? 'running' : 'done', now).lastInsertRowid);
      const adoptable = spec.adoptLive ? liveBatchJobs(this.sql) : new Map<string, { id: number; batchId: number | null }[]>();
      const robbed = new Set<number>();
      let adopted = 0;
      const jobIds = jobs.map((job) => {
        const leftover = job.lane === 'batch' ? adoptable.get(adoptionKey(job.levelId ?? null, job.payload))?.shift() : undefined;
        if (!leftover) return this.insertJob(batchId, job, now);
        this.sql.moveToBatch.run(batchId, leftover.id);
        if (leftover.batchId !== null) robbed.add(leftover.batchId);
        adopted++;
        return leftover.id;
      });
      for (const id of robbed) this.settleBatch(id);
      return { batchId, jobIds, adopted, robbed: [...robbed] };
    })();
    this.emit(created.jobIds, [created.batchId, ...created.robbed]);
    this.pump();
    return { batchId: created.batchId, jobIds: created.jobIds, adopted: created.adopted };
  }

  /**
   * More jobs for a batch that is still running (a split generation asks for its next shard).
   * May be called inside a job type's `store` (the jobs are written in its transaction and start
   * once it has ended); returns their ids.
   */
  appendToBatch(batchId: number, specs: readonly JobSpec[]): number[] {
    const jobs = specs.map((job) => this.checked(job));
    const now = this.now();
    const ids = this.db.transaction(() => {
      if (this.tables.batch(batchId)?.state !== 'running') throw new Error(`Batch ${batchId} is not running: no job can join it.`);
      return jobs.map((job) => this.insertJob(batchId, job, now));
    })();
    setImmediate(() => {
      this.emit(ids, [batchId]);
      this.pump();
    });
    return ids;
  }

  /**
   * A batch that has what it needs: its queued and running jobs are stopped and the batch ends
   * `done` (not `cancelled`: it finished its work). Deferred to after the caller's transaction.
   */
  finishBatchEarly(batchId: number): void {
    queueMicrotask(() => {
      if (this.closed) return;
      const now = this.now();
      const stopped = this.db.transaction(() => {
        const live = this.sql.liveOfBatch.all(batchId);
        for (const { id } of live) this.sql.cancel.run(now, id);
        this.settleBatch(batchId);
        return live.map((j) => j.id);
      })();
      for (const id of stopped) this.stopRunning(id);
      this.emit(stopped, [batchId]);
      this.pump();
    });
  }

  /** A job outside any batch (an interactive request, or a single job that should survive a restart). */
  createJob(spec: JobSpec): number {
    const id = this.insertJob(null, this.checked(spec), this.now());
    this.emit([id], []);
    this.pump();
    return id;
  }

  /**
   * How a job ends: its result once done; JobCancelledError (with the stopped run's `partial`
   * result when there is one) when cancelled; the last attempt's error when it failed.
   */
  outcome(jobId: number): Promise<JobResult> {
    const row = this.tables.jobRow(jobId);
    if (!row) return Promise.reject(new JobFailedError(`Job ${jobId} does not exist.`));
    if (row.state === 'done') return Promise.resolve(this.result(jobId) as JobResult);
    if (row.state === 'cancelled') return Promise.reject(new JobCancelledError());
    if (row.state === 'failed') return Promise.reject(new JobFailedError(row.error ?? 'The job failed.'));
    return this.outcomes.wait(jobId);
  }

  /** Cancels a queued or running job (its search is told to stop); returns how many were cancelled. */
  cancelJob(jobId: number): number {
    const row = this.tables.jobRow(jobId);
    if (!row) return 0;
    const changed = this.db.transaction(() => {
      const n = this.sql.cancel.run(this.now(), jobId).changes;
      if (n > 0 && row.batch_id !== null) this.settleBatch(row.batch_id);
      return n;
    })();
    if (changed === 0) return 0;
    this.stopRunning(jobId);
    this.emit([jobId], row.batch_id === null ? [] : [row.batch_id]);
    this.pump();
    return changed;
  }

  /** Cancels every queued and running job of a batch; the batch ends `cancelled`. */
  cancelBatch(batchId: number): number {
    if (!this.tables.batch(batchId)) return 0;
    const now = this.now();
    const cancelled = this.db.transaction(() => {
      const live = this.sql.liveOfBatch.all(batchId);
      for (const { id } of live) this.sql.cancel.run(now, id);
      this.sql.setBatchState.run('cancelled', batchId);
      return live.map((j) => j.id);
    })();
    for (const id of cancelled) this.stopRunning(id);
    this.emit(cancelled, [batchId]);
    this.pump();
    return cancelled.length;
  }

  /** Batches and jobs, most recent first. */
  list(options: ListOptions = {}): { batches: Batch[]; jobs: Job[] } {
    const batches = this.tables.recentBatches(clampLimit(options.batchLimit, 50));
    const jobs = this.tables.recentJobRows(clampLimit(options.jobLimit, 500), options.batchId).map((row) => this.jobWithLiveProgress(row));
    return { batches, jobs };
  }

  job(jobId: number): Job | undefined {
    const row = this.tables.jobRow(jobId);
    return row && this.jobWithLiveProgress(row);
  }

  batch(batchId: number): Batch | undefined {
    return this.tables.batch(batchId);
  }

  /** The stored result of a done job. */
  result(jobId: number): JobResult | undefined {
    const row = this.sql.result.get(jobId);
    return row?.result_json ? (JSON.parse(row.result_json) as JobResult) : undefined;
  }

  on(event: 'changed', listener: (payload: JobsChanged) => void): () => void {
    if (event !== 'changed') throw new Error(`JobQueue has no '${String(event)}' event.`);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when no job is queued or running (or the queue is closed). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.checkIdle();
    });
  }

  /**
   * Stops dispatching. Running batch jobs are stopped and queued again for the next queue on this
   * file; interactive ones are cancelled, and whoever waits for a job is told. The pool stays
   * open: it belongs to the owner.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const ids = [...this.running.keys()];
    this.db.transaction(() => {
      this.sql.cancelInteractive.run(NOBODY_WAITS, this.now());
      for (const id of ids) this.sql.requeueOne.run(id);
    })();
    for (const id of ids) this.stopRunning(id);
    this.outcomes.settleAll(new JobCancelledError(undefined, 'The studio closed before the job finished.'));
    this.listeners.clear();
    this.checkIdle();
  }

  /** A spec with its payload validated and its lane decided. */
  private checked(spec: JobSpec): JobSpec & { lane: Lane } {
    const payload = jobPayloadSchema.parse(spec.payload);
    return { ...spec, payload, lane: laneOf(payload, spec.lane) };
  }

  private insertJob(batchId: number | null, job: JobSpec & { lane: Lane }, now: string): number {
    const info = this.sql.insertJob.run(batchId, job.payload.type, job.label, storedPayload(job.payload, job.lane), job.levelId ?? null, now);
    return Number(info.lastInsertRowid);
  }

  /** Hands queued jobs to the pool while their lane has room, interactive ones first, lowest id first. */
  private pump(): void {
    while (!this.closed) {
      const next = (this.runningIn('interactive') < this.pool.capacity('interactive') ? this.sql.nextQueuedInteractive.get() : undefined)
        ?? (this.runningIn('batch') < this.pool.capacity('batch') ? this.sql.nextQueuedBatch.get() : undefined);
      if (!next) break;
      // Another process may have taken it in the meantime.
      if (this.sql.start.run(this.now(), next.id).changes === 0) continue;
      const stored = readStoredPayload(next.payload_json);
      const parsed = jobPayloadSchema.safeParse(stored?.payload);
      if (!stored || !parsed.success) {
        this.finishFailed(next.id, new JobFailedError('The stored job is not a valid job payload.'), true);
        continue;
      }
      this.start(next.id, parsed.data, stored.lane);
    }
    this.checkIdle();
  }

  private runningIn(lane: Lane): number {
    let n = 0;
    for (const live of this.running.values()) if (live.lane === lane) n++;
    return n;
  }

  private start(jobId: number, payload: JobPayload, lane: Lane): void {
    // The start event counts against the progress rate too.
    const live: Running = { controller: new AbortController(), lane, progress: 0, lastEmit: performance.now(), cancelled: false };
    this.running.set(jobId, live);
    this.emit([jobId], this.batchOf(jobId));
    this.pool.run(payload, { lane, signal: live.controller.signal, onProgress: (p) => this.onProgress(jobId, live, p) }).then(
      (result) => {
        // Finished just as it was cancelled: the job stays cancelled; its waiters get the result as partial.
        if (live.cancelled) return this.outcomes.settle(jobId, new JobCancelledError(result));
        this.onSettled(jobId, live, () => this.store(jobId, payload, result));
      },
      (error: Error) => {
        // The owner closed the pool under the queue: nothing can run any more. The job is not at fault.
        if (error instanceof PoolClosedError) return this.close();
        if (live.cancelled) return this.outcomes.settle(jobId, error instanceof JobCancelledError ? error : new JobCancelledError());
        this.onSettled(jobId, live, () => this.finishFailed(jobId, error, error instanceof JobInputRefusedError));
      },
    );
  }

  private onSettled(jobId: number, live: Running, settle: () => void): void {
    if (this.running.get(jobId) !== live) return; // closed meanwhile: already recorded
    this.running.delete(jobId);
    if (live.timer) clearTimeout(live.timer);
    if (this.closed) return;
    try {
      settle();
    } catch (error) {
      // A database error (busy, disk full) must not become an unhandled rejection in the host.
      console.error('gridwright: could not record a finished job:', error);
      this.outcomes.settle(jobId, error as Error);
    }
    this.pump();
  }

  private store(jobId: number, payload: JobPayload, result: JobResult): void {
    try {
      this.db.transaction(() => {
        if (this.sql.done.run(JSON.stringify(result ?? null), this.now(), jobId).changes === 0) return;
        const row = this.tables.jobRow(jobId)!;
        const job: JobRecord = { ...jobFromRow(row), payload };
        const definition = jobType(payload.type);
        if (this.services && definition.store) definition.store(result as never, job as never, this.services(this.db));
        this.onResult?.(this.db, job, result);
        if (row.batch_id !== null) this.settleBatch(row.batch_id);
      })();
    } catch (error) {
      // Computing it again would not help: the result itself was refused.
      this.finishFailed(jobId, new JobFailedError(`The result could not be stored: ${(error as Error).message}`), true);
      return;
    }
    this.emit([jobId], this.batchOf(jobId));
    this.outcomes.settle(jobId, undefined, result);
  }

  /** Records a failed attempt: queued again while attempts remain (unless `final`), else failed. */
  private finishFailed(jobId: number, error: Error, final: boolean): void {
    const row = this.tables.jobRow(jobId);
    if (!row) return;
    const retry = !final && row.attempts + 1 < this.maxAttempts;
    this.db.transaction(() => {
      if (retry) this.sql.retry.run(error.message, jobId);
      else this.sql.fail.run(error.message, this.now(), jobId);
      if (row.batch_id !== null) this.settleBatch(row.batch_id);
    })();
    this.emit([jobId], this.batchOf(jobId));
    if (!retry) this.outcomes.settle(jobId, error);
  }

  /** A batch with no job left queued or running is done, or cancelled when every job was. */
  private settleBatch(batchId: number): void {
    const counts = this.tables.counts(batchId);
    if (counts.queued + counts.running > 0) return;
    const total = counts.done + counts.failed + counts.cancelled;
    this.sql.setBatchState.run(total > 0 && counts.cancelled === total ? 'cancelled' : 'done', batchId);
  }

  private stopRunning(jobId: number): void {
    const live = this.running.get(jobId);
    if (!live) {
      this.outcomes.settle(jobId, new JobCancelledError()); // it never started
      return;
    }
    this.running.delete(jobId);
    live.cancelled = true;
    if (live.timer) clearTimeout(live.timer);
    live.controller.abort();
  }

  /** Progress events at most every PROGRESS_INTERVAL_MS per job, the latest value last. */
  private onProgress(jobId: number, live: Running, progress: JobProgress): void {
    if (this.running.get(jobId) !== live) return;
    live.progress = Math.max(live.progress, progress.progress);
    if (live.timer) return; // the pending event will carry the latest value
    const emit = (): void => {
      live.timer = undefined;
      if (this.running.get(jobId) !== live) return;
      // Timers may fire a little early against this clock: wait again rather than exceed the rate.
      const wait = live.lastEmit + PROGRESS_INTERVAL_MS - performance.now();
      if (wait > 0) {
        live.timer = setTimeout(emit, Math.ceil(wait));
        return;
      }
      live.lastEmit = performance.now();
      this.emit([jobId], this.batchOf(jobId));
    };
    emit();
  }

  private jobWithLiveProgress(row: JobRow): Job {
    return jobFromRow(row, row.state === 'running' ? this.running.get(row.id)?.progress : undefined);
  }

  private batchOf(jobId: number): number[] {
    const batchId = this.tables.jobRow(jobId)?.batch_id;
    return batchId === null || batchId === undefined ? [] : [batchId];
  }

  private emit(jobIds: readonly number[], batchIds: readonly number[]): void {
    if (this.listeners.size === 0 || (jobIds.length === 0 && batchIds.length === 0)) return;
    const jobs = jobIds.flatMap((id) => {
      const row = this.tables.jobRow(id);
      return row ? [this.jobWithLiveProgress(row)] : [];
    });
    const batches = batchIds.flatMap((id) => this.tables.batch(id) ?? []);
    const payload: JobsChanged = { jobs, batches };
    for (const listener of this.listeners) {
      try {
        listener(payload);
      } catch (error) {
        console.error('A jobs.changed listener failed:', error);
      }
    }
  }

  private checkIdle(): void {
    if (this.idleWaiters.length === 0) return;
    if (!this.closed && (this.running.size > 0 || this.sql.anyQueued.get())) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

function clampLimit(value: number | undefined, fallback: number): number {
  return Math.max(1, Math.min(10_000, Math.floor(value ?? fallback)));
}
