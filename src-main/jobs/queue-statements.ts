/**
 * The queue's statements on the `jobs` and `job_batches` tables (rows.ts has the reads the Studio
 * API lists), and what makes two jobs the same work (a new batch adopts live jobs that are).
 */
import { canonicalJson } from '../../src-shared/engine/fingerprint.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { HELD_SQL, LANE_SQL, lanePrefixSql, readStoredPayload } from './rows.ts';
import type { Lane } from './types/define.ts';

export type QueueStatements = ReturnType<typeof prepareQueueStatements>;

/** Two jobs with the same key compute the same thing. */
export function adoptionKey(levelId: number | null, payload: unknown): string {
  return `${levelId ?? ''}\u0000${canonicalJson(payload)}`;
}

/** Queued or running batch jobs by what they compute (`adoptionKey`), oldest first. */
export function liveBatchJobs(sql: QueueStatements): Map<string, { id: number; batchId: number | null }[]> {
  const live = new Map<string, { id: number; batchId: number | null }[]>();
  for (const row of sql.liveJobs.all()) {
    const stored = readStoredPayload(row.payload_json);
    if (!stored || stored.lane !== 'batch') continue;
    const key = adoptionKey(row.level_id, stored.payload);
    live.set(key, [...(live.get(key) ?? []), { id: row.id, batchId: row.batch_id }]);
  }
  return live;
}

export function prepareQueueStatements(db: LibraryDatabase) {
  // The interactive lane's few queued jobs through their partial index (migration 15): by the state
  // index, SQLite would read every queued batch job's payload to find none.
  const queuedIn = (lane: Lane) =>
    db.prepare<[], { id: number; payload_json: string }>(
      `SELECT id, payload_json FROM jobs ${lane === 'batch' ? '' : 'INDEXED BY jobs_queued_interactive '}WHERE state = 'queued' AND ${lane === 'batch' ? '' : `${lanePrefixSql(lane)} AND `}${LANE_SQL} = '${lane}' ORDER BY id LIMIT 1`,
    );
  return {
    insertBatch: db.prepare<[string, number | null, string, string]>('INSERT INTO job_batches (label, campaign_id, state, created_at) VALUES (?, ?, ?, ?)'),
    insertJob: db.prepare<[number | null, string, string, string, number | null, string]>(
      "INSERT INTO jobs (batch_id, type, label, state, payload_json, level_id, created_at) VALUES (?, ?, ?, 'queued', ?, ?, ?)",
    ),
    nextQueuedInteractive: queuedIn('interactive'),
    nextQueuedBatch: queuedIn('batch'),
    anyQueued: db.prepare<[], { id: number }>("SELECT id FROM jobs WHERE state = 'queued' LIMIT 1"),
    liveJobs: db.prepare<[], { id: number; batch_id: number | null; level_id: number | null; payload_json: string }>(
      "SELECT id, batch_id, level_id, payload_json FROM jobs WHERE state IN ('queued', 'running') ORDER BY id",
    ),
    moveToBatch: db.prepare<[number, number]>('UPDATE jobs SET batch_id = ? WHERE id = ?'),
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
    cancelInteractive: db.prepare<[string, string]>(
      `UPDATE jobs SET state = 'cancelled', error = ?, finished_at = ? WHERE state IN ('queued', 'running') AND ${LANE_SQL} = 'interactive'`,
    ),
    liveOfBatch: db.prepare<[number], { id: number; state: 'queued' | 'running' }>(
      "SELECT id, state FROM jobs WHERE batch_id = ? AND state IN ('queued', 'running') ORDER BY id",
    ),
    setBatchState: db.prepare<[string, number]>("UPDATE job_batches SET state = ? WHERE id = ? AND state = 'running'"),
    requeueRunning: db.prepare<[]>("UPDATE jobs SET state = 'queued', progress = 0, started_at = NULL WHERE state = 'running'"),
    requeueOne: db.prepare<[number]>("UPDATE jobs SET state = 'queued', progress = 0, started_at = NULL WHERE id = ? AND state = 'running'"),
    runningBatches: db.prepare<[], { id: number }>("SELECT id FROM job_batches WHERE state = 'running'"),
    // Held jobs (queue-batches.ts `openHeld`): cancelled and never finished.
    releaseHeld: db.prepare<[number, number, number, number]>(
      `UPDATE jobs SET state = 'queued' WHERE id BETWEEN ? AND ? AND batch_id = ? AND ${HELD_SQL} AND (SELECT state FROM job_batches WHERE id = ?) = 'running'`,
    ),
    releaseAllHeld: db.prepare<[]>(`UPDATE jobs SET state = 'queued' WHERE ${HELD_SQL} AND batch_id IN (SELECT id FROM job_batches WHERE state = 'running')`),
    result: db.prepare<[number], { result_json: string | null }>("SELECT result_json FROM jobs WHERE id = ? AND state = 'done'"),
  };
}
