/**
 * Migration 14: the block-tray kind's simulations (issue 26). A simulation is asked for a
 * campaign under its current rules (their fingerprint and config kept, so a report says which
 * rules it measured), run by one `blocks-simulate` job, and its report stored in the transaction
 * that ends the job (null until then, and for ever when the job was cancelled or failed).
 */
export const MIGRATION_014 = `
CREATE TABLE blocks_simulations (
  id INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  rules_fingerprint TEXT NOT NULL,
  config_json TEXT NOT NULL,
  games INTEGER NOT NULL CHECK (games >= 1),
  bot TEXT NOT NULL,
  seed TEXT NOT NULL,
  batch_id INTEGER REFERENCES job_batches(id) ON DELETE SET NULL,
  report_json TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX blocks_simulations_by_campaign ON blocks_simulations(campaign_id, id);
`;
