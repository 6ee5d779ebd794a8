/**
 * Migration 11: campaign curation (issue 23).
 * - `campaign_chapters`: named sections of a campaign with their own order; a campaign level
 *   belongs to at most one (`chapter_id`, null: before the first chapter) and the levels of a
 *   chapter are contiguous in campaign order (the library keeps it so).
 * - `campaign_levels.pinned`: a level pinned to its position (moves and "suggest order" keep it there).
 * - `campaigns.curve_json`: the campaign's checks settings (par-falls tolerance, which checks fail CI).
 * - `removed_campaigns`: a deleted campaign kept whole (row, chapters, order) for its undo; its
 *   levels stay until the removal is purged.
 * - `impact_rows` refer to their level by id: the key was (report, campaign name, position), which a
 *   reorder during a run could make one level's row replace another's. The rows keep the
 *   position at the time as a fallback for a deleted level; readers take the current one.
 */
export const MIGRATION_011 = `
CREATE TABLE campaign_chapters (
  id INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  ord INTEGER NOT NULL
);
CREATE INDEX campaign_chapters_by_campaign ON campaign_chapters (campaign_id, ord);

ALTER TABLE campaign_levels ADD COLUMN chapter_id INTEGER REFERENCES campaign_chapters(id) ON DELETE SET NULL;
ALTER TABLE campaign_levels ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
ALTER TABLE campaigns ADD COLUMN curve_json TEXT NOT NULL DEFAULT '{}';

CREATE TABLE removed_campaigns (
  id INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL,
  campaign_json TEXT NOT NULL,
  layout_json TEXT NOT NULL,
  removed_at TEXT NOT NULL
);

CREATE TABLE impact_rows_011 (
  report_id INTEGER NOT NULL REFERENCES impact_reports(id) ON DELETE CASCADE,
  level_id INTEGER REFERENCES levels(id) ON DELETE SET NULL,
  campaign_id INTEGER REFERENCES campaigns(id) ON DELETE SET NULL,
  campaign_name TEXT NOT NULL,
  position INTEGER NOT NULL,
  title TEXT,
  status TEXT NOT NULL,
  par INTEGER,
  old_par INTEGER,
  impact_json TEXT NOT NULL,
  recordings_json TEXT NOT NULL,
  proven INTEGER NOT NULL
);
CREATE UNIQUE INDEX impact_rows_per_level ON impact_rows_011 (report_id, campaign_id, level_id);
-- A level held twice by one campaign had two rows; one is kept.
INSERT OR IGNORE INTO impact_rows_011 (report_id, level_id, campaign_id, campaign_name, position, title, status, par, old_par, impact_json, recordings_json, proven)
  SELECT r.report_id, r.level_id, (SELECT c.id FROM campaigns c WHERE c.name = r.campaign_name), r.campaign_name, r.position, r.title, r.status,
    r.par, r.old_par, r.impact_json, r.recordings_json, r.proven
  FROM impact_rows r;
DROP TABLE impact_rows;
ALTER TABLE impact_rows_011 RENAME TO impact_rows;
`;
