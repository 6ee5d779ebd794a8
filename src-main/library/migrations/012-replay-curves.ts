/**
 * Migration 12: the replay scrubber's distance-to-goal curves (issue 24). A curve belongs to a
 * recording under one set of rules (its fingerprint: other rules, another curve). `replay_curve_runs`
 * says a curve was asked for and by which batch of `replay-curve` jobs, so it is asked once;
 * each job stores its chunk of steps in the transaction that ends it, so the curve fills in as
 * chunks arrive and a crash loses only the chunks still running (batch jobs run again).
 */
export const MIGRATION_012 = `
CREATE TABLE replay_curve_runs (
  recording_id INTEGER NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
  rules_fingerprint TEXT NOT NULL,
  batch_id INTEGER REFERENCES job_batches(id) ON DELETE SET NULL,
  steps INTEGER NOT NULL CHECK (steps >= 0),
  created_at TEXT NOT NULL,
  PRIMARY KEY (recording_id, rules_fingerprint)
);
CREATE TABLE replay_curve_chunks (
  recording_id INTEGER NOT NULL,
  rules_fingerprint TEXT NOT NULL,
  from_step INTEGER NOT NULL CHECK (from_step >= 0),
  to_step INTEGER NOT NULL CHECK (to_step >= from_step),
  steps_json TEXT NOT NULL,
  solves INTEGER NOT NULL,
  PRIMARY KEY (recording_id, rules_fingerprint, from_step),
  FOREIGN KEY (recording_id, rules_fingerprint) REFERENCES replay_curve_runs(recording_id, rules_fingerprint) ON DELETE CASCADE
);
`;
