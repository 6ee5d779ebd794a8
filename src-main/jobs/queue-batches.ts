/**
 * The queue's writes of batches and the jobs in them: creating a batch (adopting live jobs of
 * older batches that compute the same thing), adding to a running one, stopping one, deciding
 * when a batch has ended, and the leftovers of an app that died or closed with jobs unfinished.
 * Each method is one transaction, or runs inside the caller's.
 */
import type { LibraryDatabase } from '../library/db.ts';
import type { Lane } from './protocol.ts';
import { jobPayloadSchema, laneOf, type JobPayload } from './registry.ts';
import { adoptionKey, liveBatchJobs, type QueueStatements } from './queue-statements.ts';
import { storedPayload, type JobTables } from './rows.ts';

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

/** A spec with its payload validated and its lane decided. */
export type CheckedJobSpec = JobSpec & { lane: Lane };

export const NOBODY_WAITS = 'Not finished: the studio closed while it ran, and nobody waits for an interactive job after that.';

/** Specs this module has checked: a caller may check its jobs in chunks before `createBatch`, which then does not check them again. */
const CHECKED = new WeakSet<object>();

export function checkedJobSpec(spec: JobSpec): CheckedJobSpec {
  if (CHECKED.has(spec)) return spec as CheckedJobSpec;
  const payload = jobPayloadSchema.parse(spec.payload);
  const checked = { ...spec, payload, lane: laneOf(payload, spec.lane) };
  CHECKED.add(checked);
  return checked;
}

export class JobBatches {
  private readonly db: LibraryDatabase;
  private readonly sql: QueueStatements;
  private readonly tables: JobTables;

  constructor(db: LibraryDatabase, sql: QueueStatements, tables: JobTables) {
    this.db = db;
    this.sql = sql;
    this.tables = tables;
  }

  /** A previous run of the app died with these jobs unfinished: the batch ones run again (held ones of a released batch too). */
  recoverLeftovers(now: string): void {
    this.db.transaction(() => {
      this.sql.cancelInteractive.run(NOBODY_WAITS, now);
      this.sql.requeueRunning.run();
      this.sql.releaseAllHeld.run();
      for (const { id } of this.sql.runningBatches.all()) this.settle(id);
    })();
  }

  /** The batch and its jobs (new, or adopted from the batches in `robbed`), in the order given. */
  create(spec: BatchSpec, jobs: readonly CheckedJobSpec[], now: string): { batchId: number; jobIds: number[]; adopted: number; robbed: number[] } {
    return this.db.transaction(() => {
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
      for (const id of robbed) this.settle(id);
      return { batchId, jobIds, adopted, robbed: [...robbed] };
    })();
  }

  /**
   * A large batch made in steps (`JobQueue.createLargeBatch`): the batch and its jobs are written
   * held (`cancelled` with no `finished_at`: nothing runs or adopts them) in as many transactions as
   * the caller likes, then `releaseHeld` makes the batch running and queues the first `first` of
   * them, and `releaseSome` the rest a range of ids at a time (queueing 20,000 rows in one transaction
   * held the host's thread for 0.5 s). Held jobs of a running batch count and list as queued
   * (rows.ts `SHOWN_STATE`), and the next open queues any a crash left (`recoverLeftovers`); a crash
   * before `releaseHeld` leaves a cancelled batch, never part of one running.
   */
  openHeld(spec: BatchSpec, now: string): number {
    return Number(this.db.prepare("INSERT INTO job_batches (label, campaign_id, state, created_at) VALUES (?, ?, 'cancelled', ?)").run(spec.label, spec.campaignId ?? null, now).lastInsertRowid);
  }

  holdJobs(batchId: number, jobs: readonly CheckedJobSpec[], now: string): number[] {
    const insert = this.db.prepare("INSERT INTO jobs (batch_id, type, label, state, payload_json, level_id, created_at, finished_at) VALUES (?, ?, ?, 'cancelled', ?, ?, ?, NULL)");
    return this.db.transaction(() => jobs.map((job) => Number(insert.run(batchId, job.payload.type, job.label, storedPayload(job.payload, job.lane), job.levelId ?? null, now).lastInsertRowid)))();
  }

  /**
   * The held jobs queued and the batch running, in the caller's transaction or one of its own;
   * with `adoptLive`, a live job of another batch computing the same takes a held one's place.
   */
  releaseHeld(batchId: number, jobs: readonly CheckedJobSpec[], heldIds: readonly number[], adoptLive: boolean, first: number): { jobIds: number[]; adopted: number; robbed: number[] } {
    return this.db.transaction(() => {
      const adoptable = adoptLive ? liveBatchJobs(this.sql) : new Map<string, { id: number; batchId: number | null }[]>();
      const robbed = new Set<number>();
      let adopted = 0;
      const drop = this.db.prepare('DELETE FROM jobs WHERE id = ?');
      const jobIds = adoptable.size === 0 ? [...heldIds] : jobs.map((job, i) => {
        const leftover = job.lane === 'batch' ? adoptable.get(adoptionKey(job.levelId ?? null, job.payload))?.shift() : undefined;
        if (!leftover) return heldIds[i];
        drop.run(heldIds[i]);
        this.sql.moveToBatch.run(batchId, leftover.id);
        if (leftover.batchId !== null) robbed.add(leftover.batchId);
        adopted++;
        return leftover.id;
      });
      this.db.prepare('UPDATE job_batches SET state = ? WHERE id = ?').run(jobIds.length > 0 ? 'running' : 'done', batchId);
      if (heldIds.length > 0) this.releaseSome(batchId, heldIds[0], heldIds[Math.min(first, heldIds.length) - 1]);
      for (const id of robbed) this.settle(id);
      return { jobIds, adopted, robbed: [...robbed] };
    })();
  }

  /** Queues the held jobs of a running batch with ids from `fromId` to `toId` (a stopped batch's stay held); how many it queued. */
  releaseSome(batchId: number, fromId: number, toId: number): number {
    return this.sql.releaseHeld.run(fromId, toId, batchId, batchId).changes;
  }

  /** More jobs for a batch that is still running; throws when it is not. */
  append(batchId: number, jobs: readonly CheckedJobSpec[], now: string): number[] {
    return this.db.transaction(() => {
      if (this.tables.batch(batchId)?.state !== 'running') throw new Error(`Batch ${batchId} is not running: no job can join it.`);
      return jobs.map((job) => this.insertJob(batchId, job, now));
    })();
  }

  /**
   * Cancels the batch's queued and running jobs and returns their ids (the caller stops the
   * running ones). `cancelled`: the batch ends cancelled; `finished`: it ends as its jobs decide
   * (done, when it had what it needed).
   */
  stopLive(batchId: number, now: string, ending: 'cancelled' | 'finished'): number[] {
    return this.db.transaction(() => {
      const live = this.sql.liveOfBatch.all(batchId);
      for (const { id } of live) this.sql.cancel.run(now, id);
      if (ending === 'cancelled') this.sql.setBatchState.run('cancelled', batchId);
      else this.settle(batchId);
      return live.map((j) => j.id);
    })();
  }

  insertJob(batchId: number | null, job: CheckedJobSpec, now: string): number {
    const info = this.sql.insertJob.run(batchId, job.payload.type, job.label, storedPayload(job.payload, job.lane), job.levelId ?? null, now);
    return Number(info.lastInsertRowid);
  }

  /** A batch with no job left queued or running is done, or cancelled when every job was. */
  settle(batchId: number): void {
    const counts = this.tables.counts(batchId);
    if (counts.queued + counts.running > 0) return;
    const total = counts.done + counts.failed + counts.cancelled;
    this.sql.setBatchState.run(total > 0 && counts.cancelled === total ? 'cancelled' : 'done', batchId);
  }
}
