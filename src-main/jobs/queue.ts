/**
 * The job queue, persisted in the library (`jobs`, `job_batches`): nothing is lost when a worker
 * or the whole app dies. Jobs run in id order on idle workers of the pool. A result is stored in
 * the same transaction that marks its job done, through the owner's `onResult` hook (the studio
 * inserts the verification row there), so a done job always has its result and never twice. A
 * failed attempt is retried once; jobs left running by an app that died are queued again when the
 * next queue opens the file. Listeners get `jobs.changed` events (Studio API shape), with progress
 * at most 10 times a second per job.
 */
import { performance } from 'node:perf_hooks';
import type { Batch, EventOf, Job } from '../../src-shared/api/contract.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { PoolClosedError, type WorkerPool } from './pool.ts';
import { PROGRESS_INTERVAL_MS, jobPayloadSchema, type JobPayload, type JobProgress, type JobResult } from './protocol.ts';
import { JobTables, jobFromRow, type JobRow } from './rows.ts';

export type JobsChanged = EventOf<'jobs.changed'>;

export interface JobSpec {
  readonly label: string;
  /** Its `type` is the job's type. */
  readonly payload: JobPayload;
  readonly levelId?: number | null;
}

export interface BatchSpec {
  readonly label: string;
  readonly campaignId?: number | null;
  readonly jobs: readonly JobSpec[];
}

/** A job as the result hook sees it: marked done, with its payload. */
export interface JobRecord extends Job {
  readonly payload: JobPayload;
}

/**
 * Stores a result. Runs inside the transaction that marks the job done: write with `db`, and throw
 * to refuse the result (the job then fails with the error's message, and nothing is written).
 */
export type ResultHook = (db: LibraryDatabase, job: JobRecord, result: JobResult) => void;

export interface JobQueueOptions {
  readonly db: LibraryDatabase;
  /** The queue runs jobs on it but does not own it: close the pool after the queue. */
  readonly pool: Pick<WorkerPool, 'size' | 'run'>;
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
  progress: number;
  lastEmit: number;
  timer?: ReturnType<typeof setTimeout>;
}

const DEFAULT_MAX_ATTEMPTS = 2;

export class JobQueue {
  private readonly db: LibraryDatabase;
  private readonly pool: Pick<WorkerPool, 'size' | 'run'>;
  private readonly onResult?: ResultHook;
  private readonly maxAttempts: number;
  private readonly now: () => string;
  private readonly tables: JobTables;
  private readonly running = new Map<number, Running>();
  private readonly listeners = new Set<(event: JobsChanged) => void>();
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(options: JobQueueOptions) {
    this.db = options.db;
    this.pool = options.pool;
    this.onResult = options.onResult;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    this.now = options.now ?? (() => new Date().toISOString());
    this.tables = new JobTables(this.db);
    this.sql = prepareStatements(this.db);
    // A previous run of the app died with these jobs on its workers: run them again.
    this.db.transaction(() => {
      this.sql.requeueRunning.run();
      for (const { id } of this.sql.runningBatches.all()) this.settleBatch(id);
    })();
    setImmediate(() => this.pump()); // after the owner has subscribed
  }

  /** Creates a batch and its jobs in one transaction; they run in the order given. */
  createBatch(spec: BatchSpec): { batchId: number; jobIds: number[] } {
    const jobs = spec.jobs.map((job) => ({ ...job, payload: jobPayloadSchema.parse(job.payload) }));
    const now = this.now();
    const created = this.db.transaction(() => {
      const batchId = Number(this.sql.insertBatch.run(spec.label, spec.campaignId ?? null, jobs.length ? 'running' : 'done', now).lastInsertRowid);
      const jobIds = jobs.map((job) => this.insertJob(batchId, job, now));
      return { batchId, jobIds };
    })();
    this.emit(created.jobIds, [created.batchId]);
    this.pump();
    return created;
  }

  /** A job outside any batch (an interactive request that should survive a restart). */
  createJob(spec: JobSpec): number {
    const job = { ...spec, payload: jobPayloadSchema.parse(spec.payload) };
    const id = this.insertJob(null, job, this.now());
    this.emit([id], []);
    this.pump();
    return id;
  }

  /** Cancels a queued or running job (its worker is killed); returns how many were cancelled. */
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
   * Stops dispatching. Jobs still running are stopped (their workers killed) and queued again for
   * the next queue on this file. The pool stays open: it belongs to the owner.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const ids = [...this.running.keys()];
    this.db.transaction(() => {
      for (const id of ids) this.sql.requeueOne.run(id);
    })();
    for (const id of ids) this.stopRunning(id);
    this.listeners.clear();
    this.checkIdle();
  }

  private insertJob(batchId: number | null, job: JobSpec, now: string): number {
    const info = this.sql.insertJob.run(batchId, job.payload.type, job.label, JSON.stringify(job.payload), job.levelId ?? null, now);
    return Number(info.lastInsertRowid);
  }

  /** Hands queued jobs, lowest id first, to the pool while it has room. */
  private pump(): void {
    while (!this.closed && this.running.size < this.pool.size) {
      const next = this.sql.nextQueued.get();
      if (!next) break;
      // Another process may have taken it in the meantime.
      if (this.sql.start.run(this.now(), next.id).changes === 0) continue;
      const parsed = jobPayloadSchema.safeParse(safeJson(next.payload_json));
      if (!parsed.success) {
        this.finishFailed(next.id, 'The stored job is not a valid job payload.', true);
        continue;
      }
      this.start(next.id, parsed.data);
    }
    this.checkIdle();
  }

  private start(jobId: number, payload: JobPayload): void {
    // The start event counts against the progress rate too.
    const live: Running = { controller: new AbortController(), progress: 0, lastEmit: performance.now() };
    this.running.set(jobId, live);
    this.emit([jobId], this.batchOf(jobId));
    this.pool.run(payload, { signal: live.controller.signal, onProgress: (p) => this.onProgress(jobId, live, p) }).then(
      (result) => this.onSettled(jobId, live, () => this.store(jobId, payload, result)),
      (error: Error) => {
        // The owner closed the pool under the queue: nothing can run any more. The job is not at fault.
        if (error instanceof PoolClosedError) return this.close();
        this.onSettled(jobId, live, () => this.finishFailed(jobId, error.message, false));
      },
    );
  }

  private onSettled(jobId: number, live: Running, settle: () => void): void {
    if (this.running.get(jobId) !== live) return; // cancelled or closed meanwhile: already recorded
    this.running.delete(jobId);
    if (live.timer) clearTimeout(live.timer);
    if (this.closed) return;
    try {
      settle();
    } catch (error) {
      // A database error (busy, disk full) must not become an unhandled rejection in the host.
      console.error('gridwright: could not record a finished job:', error);
    }
    this.pump();
  }

  private store(jobId: number, payload: JobPayload, result: JobResult): void {
    try {
      this.db.transaction(() => {
        if (this.sql.done.run(JSON.stringify(result ?? null), this.now(), jobId).changes === 0) return;
        const row = this.tables.jobRow(jobId)!;
        this.onResult?.(this.db, { ...jobFromRow(row), payload }, result);
        if (row.batch_id !== null) this.settleBatch(row.batch_id);
      })();
    } catch (error) {
      // Computing it again would not help: the result itself was refused.
      this.finishFailed(jobId, `The result could not be stored: ${(error as Error).message}`, true);
      return;
    }
    this.emit([jobId], this.batchOf(jobId));
  }

  /** Records a failed attempt: queued again while attempts remain (unless `final`), else failed. */
  private finishFailed(jobId: number, reason: string, final: boolean): void {
    const row = this.tables.jobRow(jobId);
    if (!row) return;
    this.db.transaction(() => {
      if (!final && row.attempts + 1 < this.maxAttempts) this.sql.retry.run(reason, jobId);
      else this.sql.fail.run(reason, this.now(), jobId);
      if (row.batch_id !== null) this.settleBatch(row.batch_id);
    })();
    this.emit([jobId], this.batchOf(jobId));
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
    if (!live) return;
    this.running.delete(jobId);
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function prepareStatements(db: LibraryDatabase) {
  return {
    insertBatch: db.prepare<[string, number | null, string, string]>('INSERT INTO job_batches (label, campaign_id, state, created_at) VALUES (?, ?, ?, ?)'),
    insertJob: db.prepare<[number | null, string, string, string, number | null, string]>(
      "INSERT INTO jobs (batch_id, type, label, state, payload_json, level_id, created_at) VALUES (?, ?, ?, 'queued', ?, ?, ?)",
    ),
    nextQueued: db.prepare<[], { id: number; payload_json: string }>("SELECT id, payload_json FROM jobs WHERE state = 'queued' ORDER BY id LIMIT 1"),
    anyQueued: db.prepare<[], { id: number }>("SELECT id FROM jobs WHERE state = 'queued' LIMIT 1"),
    start: db.prepare<[string, number]>("UPDATE jobs SET state = 'running', started_at = ?, progress = 0 WHERE id = ? AND state = 'queued'"),
    done: db.prepare<[string, string, number]>(
      "UPDATE jobs SET state = 'done', result_json = ?, error = NULL, progress = 1, finished_at = ? WHERE id = ? AND state = 'running'",
    ),
    retry: db.prepare<[string, number]>(
      "UPDATE jobs SET state = 'queued', attempts = attempts + 1, error = ?, progress = 0, started_at = NULL WHERE id = ? AND state = 'running'",
    ),
    fail: db.prepare<[string, string, number]>(
      "UPDATE jobs SET state = 'failed', attempts = attempts + 1, error = ?, finished_at = ? WHERE id = ? AND state IN ('queued', 'running')",
    ),
    cancel: db.prepare<[string, number]>("UPDATE jobs SET state = 'cancelled', finished_at = ? WHERE id = ? AND state IN ('queued', 'running')"),
    liveOfBatch: db.prepare<[number], { id: number; state: 'queued' | 'running' }>(
      "SELECT id, state FROM jobs WHERE batch_id = ? AND state IN ('queued', 'running') ORDER BY id",
    ),
    setBatchState: db.prepare<[string, number]>("UPDATE job_batches SET state = ? WHERE id = ? AND state = 'running'"),
    requeueRunning: db.prepare<[]>("UPDATE jobs SET state = 'queued', progress = 0, started_at = NULL WHERE state = 'running'"),
    requeueOne: db.prepare<[number]>("UPDATE jobs SET state = 'queued', progress = 0, started_at = NULL WHERE id = ? AND state = 'running'"),
    runningBatches: db.prepare<[], { id: number }>("SELECT id FROM job_batches WHERE state = 'running'"),
    result: db.prepare<[number], { result_json: string | null }>("SELECT result_json FROM jobs WHERE id = ? AND state = 'done'"),
  };
}
