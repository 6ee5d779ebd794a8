/**
 * The replay scrubber's distance curves (migration 12): a run per recording and rules fingerprint
 * (asked once, with the batch computing it) and the chunks of steps its jobs stored. Pure storage:
 * the curve itself is computed in src-shared/verify/replay-curve.ts by the `replay-curve` jobs.
 */
import type { CurveChunk, StepDistance } from '../../src-shared/api/replays.ts';
import type { LibraryDatabase } from './db.ts';
import { parseJsonColumn, prepared, timestamp } from './statements.ts';

export interface CurveRun {
  readonly batchId: number | null;
  readonly steps: number;
}

export function curveRun(db: LibraryDatabase, recordingId: number, fingerprint: string): CurveRun | undefined {
  const row = prepared(db, 'SELECT batch_id, steps FROM replay_curve_runs WHERE recording_id = ? AND rules_fingerprint = ?').get(recordingId, fingerprint) as
    | { batch_id: number | null; steps: number }
    | undefined;
  return row && { batchId: row.batch_id, steps: row.steps };
}

/** Records that the curve is being computed (a run asked again replaces the old one and its chunks). */
export function startCurveRun(db: LibraryDatabase, recordingId: number, fingerprint: string, steps: number, batchId: number | null): void {
  db.transaction(() => {
    prepared(db, 'DELETE FROM replay_curve_runs WHERE recording_id = ? AND rules_fingerprint = ?').run(recordingId, fingerprint);
    prepared(db, 'INSERT INTO replay_curve_runs (recording_id, rules_fingerprint, batch_id, steps, created_at) VALUES (?, ?, ?, ?, ?)').run(recordingId, fingerprint, batchId, steps, timestamp());
  })();
}

/** A job's chunk; ignored when its run is gone (the recording deleted, or the curve asked again). */
export function storeCurveChunk(db: LibraryDatabase, recordingId: number, fingerprint: string, chunk: CurveChunk & { readonly solves: number }): void {
  if (!curveRun(db, recordingId, fingerprint)) return;
  prepared(db, 'INSERT OR REPLACE INTO replay_curve_chunks (recording_id, rules_fingerprint, from_step, to_step, steps_json, solves) VALUES (?, ?, ?, ?, ?, ?)').run(
    recordingId, fingerprint, chunk.from, chunk.to, JSON.stringify(chunk.steps), chunk.solves,
  );
}

/** The chunks stored so far, in step order. */
export function curveChunks(db: LibraryDatabase, recordingId: number, fingerprint: string): CurveChunk[] {
  const rows = prepared(db, 'SELECT from_step, to_step, steps_json FROM replay_curve_chunks WHERE recording_id = ? AND rules_fingerprint = ? ORDER BY from_step').all(recordingId, fingerprint) as {
    from_step: number;
    to_step: number;
    steps_json: string;
  }[];
  return rows.map((r) => ({ from: r.from_step, to: r.to_step, steps: parseJsonColumn<StepDistance[]>(r.steps_json, []) }));
}
