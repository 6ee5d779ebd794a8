/**
 * Migration 7: recordings as regression tests, and the reports of re-verification.
 * - A recording may be its level's intended solution (at most one per level), and says where it
 *   came from: a play-test, an imported solutions file, or a verification's solution.
 * - `impact_reports`: one re-verification (a campaign, a selection or the whole library), tied to
 *   its batch of jobs, with the rules fingerprints it compared; `impact_rows`: one level's
 *   categories (issue 16's fixed vocabulary), old and new par and each recording's replay.
 */
export const MIGRATION_007 = `
ALTER TABLE recordings ADD COLUMN intended INTEGER NOT NULL DEFAULT 0;
ALTER TABLE recordings ADD COLUMN source TEXT NOT NULL DEFAULT 'play';
CREATE UNIQUE INDEX recordings_intended_per_level ON recordings (level_id) WHERE intended = 1;

CREATE TABLE impact_reports (
  id INTEGER PRIMARY KEY,
  batch_id INTEGER REFERENCES job_batches(id) ON DELETE SET NULL,
  scope TEXT NOT NULL CHECK (scope IN ('campaign', 'selection', 'library')),
  label TEXT NOT NULL,
  campaign_id INTEGER REFERENCES campaigns(id) ON DELETE SET NULL,
  -- the fingerprints of the verifications compared (before) and of the rules used (after)
  old_fingerprints_json TEXT NOT NULL,
  new_fingerprints_json TEXT NOT NULL,
  levels INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE impact_rows (
  report_id INTEGER NOT NULL REFERENCES impact_reports(id) ON DELETE CASCADE,
  level_id INTEGER REFERENCES levels(id) ON DELETE SET NULL,
  campaign_name TEXT NOT NULL,
  position INTEGER NOT NULL,
  title TEXT,
  status TEXT NOT NULL,
  par INTEGER,
  old_par INTEGER,
  impact_json TEXT NOT NULL,
  recordings_json TEXT NOT NULL,
  proven INTEGER NOT NULL,
  PRIMARY KEY (report_id, campaign_name, position)
);
`;
