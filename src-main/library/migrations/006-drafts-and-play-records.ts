/**
 * Migration 6: the level editor's drafts and the play-test's recordings in full.
 * - `drafts`: one unsaved draft per level (the editor autosaves into it; Save makes it the level,
 *   Revert drops it), with the content hash of the level it started from.
 * - `removed_levels`: a level taken out of a campaign can be put back where it was (the editor's
 *   undo of a delete); the level row, its verifications and recordings stay meanwhile.
 * - recordings keep the document they were played on (a draft may never be saved), and per
 *   command its time offset and whether the rules refused it; the score inputs (moves, undos,
 *   hints, time) are columns, so a list of recordings reads no journals.
 */
export const MIGRATION_006 = `
CREATE TABLE drafts (
  level_id INTEGER PRIMARY KEY REFERENCES levels(id) ON DELETE CASCADE,
  content_json TEXT NOT NULL,
  base_hash TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE removed_levels (
  id INTEGER PRIMARY KEY,
  level_id INTEGER NOT NULL REFERENCES levels(id) ON DELETE CASCADE,
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  removed_at TEXT NOT NULL
);

ALTER TABLE recordings ADD COLUMN content_json TEXT;
ALTER TABLE recordings ADD COLUMN refused_json TEXT;
ALTER TABLE recordings ADD COLUMN times_json TEXT;
ALTER TABLE recordings ADD COLUMN moves INTEGER;
ALTER TABLE recordings ADD COLUMN undos INTEGER;
ALTER TABLE recordings ADD COLUMN hints INTEGER;
ALTER TABLE recordings ADD COLUMN duration_ms INTEGER;
`;
