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
 *
 * This class is the queue's one entrance; its parts: `queue-batches.ts` (batches and adoption),
 * `queue-dispatch.ts` (dispatch and settling), `progress-throttle.ts`, `queue-statements.ts`.
 */
import type { Batch, EventOf, Job } from '../../src-shared/api/studio-api.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { JobCancelledError, JobFailedError } from './errors.ts';
import { JobOutcomes } from './outcomes.ts';
import type { WorkerPool } from './pool.ts';
import { checkedJobSpec, JobBatches, type BatchSpec, type CheckedJobSpec, type JobSpec } from './queue-batches.ts';
import { JobDispatch, type ResultHook } from './queue-dispatch.ts';
import { prepareQueueStatements, type QueueStatements } from './queue-statements.ts';
import type { JobResult } from './registry.ts';
import { JobTables, jobFromRow, readStoredPayload, type JobRow } from './rows.ts';
import type { JobServices } from './types/services.ts';

export type { BatchSpec, JobSpec } from './queue-batches.ts';
export { checkedJobSpec } from './queue-batches.ts';
export type { JobRecord, ResultHook } from './queue-dispatch.ts';

export type JobsChanged = EventOf<'jobs.changed'>;

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

const DEFAULT_MAX_ATTEMPTS = 2;

export class JobQueue {
  private readonly db: LibraryDatabase;
  private readonly now: () => string;
  private readonly tables: JobTables;
  private readonly sql: QueueStatements;
  private readonly batches: JobBatches;
  private readonly dispatch: JobDispatch;
  private readonly outcomes = new JobOutcomes();
  private readonly listeners = new Set<(event: JobsChanged) => void>();

  constructor(options: JobQueueOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date().toISOString());
    this.tables = new JobTables(this.db);
    this.sql = prepareQueueStatements(this.db);
    this.batches = new JobBatches(this.db, this.sql, this.tables);
    this.dispatch = new JobDispatch({
      db: this.db,
      sql: this.sql,
      tables: this.tables,
      batches: this.batches,
      outcomes: this.outcomes,
      pool: options.pool,
      services: options.services,
      onResult: options.onResult,
      maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
      now: this.now,
      changed: (jobId) => this.emit([jobId], this.batchOf(jobId)),
      poolClosed: () => this.close(),
    });
    this.batches.recoverLeftovers(this.now());
    setImmediate(() => this.dispatch.pump()); // after the owner has subscribed
  }

  /** Creates a batch and its jobs in one transaction; they run in the order given. */
  createBatch(spec: BatchSpec): { batchId: number; jobIds: number[]; adopted: number } {
    const jobs = spec.jobs.map(checkedJobSpec);
    const created = this.batches.create(spec, jobs, this.now());
    this.emit(created.jobIds, [created.batchId, ...created.robbed]);
    this.dispatch.pump();
    return { batchId: created.batchId, jobIds: created.jobIds, adopted: created.adopted };
  }

  /**
   * `createBatch` for thousands of jobs without holding the host: the jobs are checked and written
   * held, `chunk` at a time, with `pause()` (a turn of the event loop) between chunks; one closing
   * transaction makes the batch running, queues the first chunk and runs `inClosing` (a report that
   * must exist exactly when the batch does); the rest are queued a chunk at a time after it (they
   * count as queued meanwhile, and the next open queues what a crash left). A crash before the
   * close leaves a cancelled batch and no report.
   */
  async createLargeBatch<T>(spec: BatchSpec, options: { readonly chunk: number; readonly pause: () => Promise<void>; readonly inClosing: (created: { batchId: number; jobIds: readonly number[] }) => T }): Promise<{ batchId: number; jobIds: number[]; adopted: number; closing: T }> {
    const now = this.now();
    const batchId = this.batches.openHeld(spec, now);
    const jobs: CheckedJobSpec[] = [];
    const held: number[] = [];
    for (let i = 0; i < spec.jobs.length; i += options.chunk) {
      const part = spec.jobs.slice(i, i + options.chunk).map(checkedJobSpec);
      jobs.push(...part);
      held.push(...this.batches.holdJobs(batchId, part, now));
      await options.pause();
    }
    const { released, closing } = this.db.transaction(() => {
      const out = this.batches.releaseHeld(batchId, jobs, held, spec.adoptLive === true, options.chunk);
      return { released: out, closing: options.inClosing({ batchId, jobIds: out.jobIds }) };
    })();
    this.dispatch.pump();
    // The rest are queued (by ranges of the held ids), and listeners hear of the jobs, a chunk at a time too.
    for (let i = 0; i < released.jobIds.length; i += options.chunk) {
      if (i > 0) this.batches.releaseSome(batchId, held[i], held[Math.min(i + options.chunk, held.length) - 1]);
      this.emit(released.jobIds.slice(i, i + options.chunk), i === 0 ? [batchId, ...released.robbed] : []);
      await options.pause();
    }
    if (released.jobIds.length === 0) this.emit([], [batchId]);
    this.dispatch.pump();
    return { batchId, jobIds: released.jobIds, adopted: released.adopted, closing };
  }

  /**
   * More jobs for a batch that is still running (a split generation asks for its next shard).
   * May be called inside a job type's `store` (the jobs are written in its transaction and start
   * once it has ended); returns their ids.
   */
  appendToBatch(batchId: number, specs: readonly JobSpec[]): number[] {
    const ids = this.batches.append(batchId, specs.map(checkedJobSpec), this.now());
    setImmediate(() => {
      this.emit(ids, [batchId]);
      this.dispatch.pump();
    });
    return ids;
  }

  /**
   * A batch that has what it needs: its queued and running jobs are stopped and the batch ends
   * `done` (not `cancelled`: it finished its work). Deferred to after the caller's transaction.
   */
  finishBatchEarly(batchId: number): void {
    queueMicrotask(() => {
      if (this.dispatch.isClosed) return;
      this.stopBatch(batchId, 'finished');
    });
  }

  /** A job outside any batch (an interactive request, or a single job that should survive a restart). */
  createJob(spec: JobSpec): number {
    const id = this.batches.insertJob(null, checkedJobSpec(spec), this.now());
    this.emit([id], []);
    this.dispatch.pump();
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
      if (n > 0 && row.batch_id !== null) this.batches.settle(row.batch_id);
      return n;
    })();
    if (changed === 0) return 0;
    this.dispatch.stop(jobId);
    this.emit([jobId], row.batch_id === null ? [] : [row.batch_id]);
    this.dispatch.pump();
    return changed;
  }

  /**
   * Cancels every queued and running job of a running batch; the batch ends `cancelled`. A batch
   * that has ended (done, or cancelled already) keeps its state, and with it its impact report's.
   */
  cancelBatch(batchId: number): number {
    if (this.tables.batch(batchId)?.state !== 'running') return 0;
    return this.stopBatch(batchId, 'cancelled');
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

  /** The campaign a batch made (a bake writes one when it ends): the Jobs view links to it from then on. */
  setBatchCampaign(batchId: number, campaignId: number): void {
    this.db.prepare('UPDATE job_batches SET campaign_id = ? WHERE id = ?').run(campaignId, batchId);
  }

  /** A batch's jobs of one type with their payloads and, once done, results (as stored, unvalidated). */
  batchJobsOfType(batchId: number, type: string): { id: number; state: string; payload: unknown; result: unknown }[] {
    const rows = this.db.prepare<[number, string], { id: number; state: string; payload_json: string; result_json: string | null }>("SELECT id, state, payload_json, CASE WHEN state = 'done' THEN result_json END AS result_json FROM jobs WHERE batch_id = ? AND type = ? ORDER BY id").all(batchId, type);
    return rows.map((r) => ({ id: r.id, state: r.state, payload: readStoredPayload(r.payload_json)?.payload, result: r.result_json ? JSON.parse(r.result_json) : null }));
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
    return this.dispatch.idle();
  }

  /**
   * Stops dispatching. Running batch jobs are stopped and queued again for the next queue on this
   * file; interactive ones are cancelled, and whoever waits for a job is told. The pool stays
   * open: it belongs to the owner.
   */
  close(): void {
    if (this.dispatch.isClosed) return;
    this.dispatch.close();
    this.outcomes.settleAll(new JobCancelledError(undefined, 'The studio closed before the job finished.'));
    this.listeners.clear();
    this.dispatch.checkIdle();
  }

  private stopBatch(batchId: number, ending: 'cancelled' | 'finished'): number {
    const stopped = this.batches.stopLive(batchId, this.now(), ending);
    for (const id of stopped) this.dispatch.stop(id);
    this.emit(stopped, [batchId]);
    this.dispatch.pump();
    return stopped.length;
  }

  private jobWithLiveProgress(row: JobRow): Job {
    return jobFromRow(row, row.state === 'running' ? this.dispatch.liveProgress(row.id) : undefined);
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
}

function clampLimit(value: number | undefined, fallback: number): number {
  return Math.max(1, Math.min(10_000, Math.floor(value ?? fallback)));
}
