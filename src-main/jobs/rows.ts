/**
 * The `jobs` and `job_batches` tables (migration 001) as the Studio API's `Job` and `Batch`.
 * Listings leave the payload out: it holds a whole level.
 */
import type { Batch, Job, JobOutcome, JobState } from '../../src-shared/api/studio-api.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { jobType } from './registry.ts';
import type { Lane } from './types/define.ts';

/**
 * A job's lane is kept in its stored payload, under a key no payload has (`@lane`, interactive
 * jobs only: a stored batch payload is the payload itself, as before lanes). SQL reads it with
 * LANE_SQL; the payload handed to a worker never carries it.
 */
const LANE_KEY = '@lane';
export const LANE_SQL = `coalesce(json_extract(payload_json, '$."${LANE_KEY}"'), 'batch')`;
/**
 * What every stored payload of a lane other than batch starts with (`storedPayload` writes the key
 * first): a test on these first characters lets SQL pass over thousands of queued batch jobs
 * without parsing their JSON (a 20,000-level re-verification made every pump parse them all).
 */
export const lanePrefixSql = (lane: Lane): string => {
  const prefix = JSON.stringify({ [LANE_KEY]: lane }).slice(0, -1);
  return `substr(payload_json, 1, ${prefix.length}) = '${prefix.replace(/'/g, "''")}'`;
};

export function storedPayload(payload: object, lane: Lane): string {
  return JSON.stringify(lane === 'batch' ? payload : { [LANE_KEY]: lane, ...payload });
}

/** The payload (unvalidated) and lane of a stored job; undefined when the text is not JSON. */
export function readStoredPayload(text: string): { payload: unknown; lane: Lane } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !Object.hasOwn(parsed, LANE_KEY)) return { payload: parsed, lane: 'batch' };
  const { [LANE_KEY]: lane, ...payload } = parsed as Record<string, unknown>;
  return { payload, lane: lane === 'interactive' ? 'interactive' : 'batch' };
}

export interface JobRow {
  readonly id: number;
  readonly batch_id: number | null;
  readonly type: string;
  readonly label: string;
  readonly state: JobState;
  readonly error: string | null;
  readonly attempts: number;
  readonly progress: number;
  readonly level_id: number | null;
  readonly created_at: string;
  readonly started_at: string | null;
  readonly finished_at: string | null;
  /** Only for done jobs (the listing reads no other result). */
  readonly result_json?: string | null;
}

interface BatchRow {
  readonly id: number;
  readonly label: string;
  readonly campaign_id: number | null;
  readonly state: Batch['state'];
  readonly created_at: string;
}

/** A held job (queue-batches.ts `openHeld`): written cancelled, never finished, waiting for its batch to release it. */
export const HELD_SQL = "state = 'cancelled' AND finished_at IS NULL";
/** A job's state as listed and counted: a held job of a batch that is running (being released) is queued. */
const SHOWN_STATE = `CASE WHEN ${HELD_SQL} AND (SELECT b.state FROM job_batches b WHERE b.id = jobs.batch_id) = 'running' THEN 'queued' ELSE state END`;

const JOB_COLUMNS = `id, batch_id, type, label, ${SHOWN_STATE} AS state, error, attempts, progress, level_id, created_at, started_at, finished_at, CASE WHEN state = 'done' THEN result_json END AS result_json`;

/** A done job's result in a word, by its type's `outcome`; none for a result that does not read. */
function outcomeOf(type: string, resultJson: string): JobOutcome | undefined {
  try {
    const outcome = jobType(type).outcome?.(JSON.parse(resultJson));
    return outcome && typeof outcome.status === 'string' ? outcome : undefined;
  } catch {
    return undefined;
  }
}

export function jobFromRow(row: JobRow, liveProgress?: number): Job {
  return {
    id: row.id,
    batchId: row.batch_id,
    type: row.type,
    state: row.state,
    label: row.label,
    progress: Math.min(1, Math.max(0, liveProgress ?? row.progress)),
    attempts: row.attempts,
    error: row.error,
    levelId: row.level_id,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    ...(row.result_json ? { outcome: outcomeOf(row.type, row.result_json) } : {}),
  };
}

/** Prepared reads of the two tables. */
export class JobTables {
  private readonly sql: ReturnType<typeof prepareReads>;

  constructor(db: LibraryDatabase) {
    this.sql = prepareReads(db);
  }

  jobRow(id: number): JobRow | undefined {
    return this.sql.job.get(id);
  }

  recentJobRows(limit: number, batchId?: number): JobRow[] {
    return batchId === undefined ? this.sql.recentJobs.all(limit) : this.sql.batchJobs.all(batchId, limit);
  }

  batch(id: number): Batch | undefined {
    const row = this.sql.batch.get(id);
    return row && this.batchFromRow(row);
  }

  recentBatches(limit: number): Batch[] {
    return this.sql.recentBatches.all(limit).map((row) => this.batchFromRow(row));
  }

  /** Jobs of a batch by state. */
  counts(batchId: number): Record<JobState, number> {
    const counts: Record<JobState, number> = { queued: 0, running: 0, done: 0, failed: 0, cancelled: 0 };
    const releasing = this.sql.batch.get(batchId)?.state === 'running';
    // A held job (cancelled, never finished) of a running batch counts as queued, as SHOWN_STATE lists it.
    for (const { state, open, n } of this.sql.batchCounts.all(batchId)) counts[releasing && state === 'cancelled' && open === 1 ? 'queued' : state] += n;
    return counts;
  }

  private batchFromRow(row: BatchRow): Batch {
    const counts = this.counts(row.id);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      id: row.id,
      label: row.label,
      campaignId: row.campaign_id,
      total,
      done: counts.done,
      failed: counts.failed,
      cancelled: counts.cancelled,
      state: row.state,
      createdAt: row.created_at,
    };
  }
}

function prepareReads(db: LibraryDatabase) {
  return {
    job: db.prepare<[number], JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ?`),
    recentJobs: db.prepare<[number], JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs ORDER BY id DESC LIMIT ?`),
    batchJobs: db.prepare<[number, number], JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE batch_id = ? ORDER BY id DESC LIMIT ?`),
    batch: db.prepare<[number], BatchRow>('SELECT id, label, campaign_id, state, created_at FROM job_batches WHERE id = ?'),
    recentBatches: db.prepare<[number], BatchRow>('SELECT id, label, campaign_id, state, created_at FROM job_batches ORDER BY id DESC LIMIT ?'),
    // Held jobs apart (`open`): per row, SHOWN_STATE's lookup of the batch cost 0.2 s on 20,000 jobs.
    batchCounts: db.prepare<[number], { state: JobState; open: number; n: number }>('SELECT state, finished_at IS NULL AS open, count(*) AS n FROM jobs WHERE batch_id = ? GROUP BY 1, 2'),
  };
}
