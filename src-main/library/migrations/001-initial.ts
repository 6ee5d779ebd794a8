/**
 * Migration 1: the content library. Rulesets with their config history, levels with content
 * hashes and provenance, campaigns with ordered membership, verifications tied to a rules
 * fingerprint and a content hash, recordings, and the persisted job queue.
 */
export const MIGRATION_001 = `
CREATE TABLE rulesets (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (kind, name)
);

-- Every saved config of a ruleset; the newest row is the current one.
CREATE TABLE ruleset_versions (
  id INTEGER PRIMARY KEY,
  ruleset_id INTEGER NOT NULL REFERENCES rulesets(id) ON DELETE CASCADE,
  config_json TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  note TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX ruleset_versions_by_ruleset ON ruleset_versions (ruleset_id, id);

CREATE TABLE levels (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  title TEXT,
  author TEXT,
  content_json TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('hand', 'imported', 'generated')),
  -- generator, version, seed, params for generated levels; file and position for imported ones
  provenance_json TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX levels_by_hash ON levels (content_hash);

CREATE TABLE campaigns (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  ruleset_id INTEGER NOT NULL REFERENCES rulesets(id),
  title TEXT,
  author TEXT,
  comments_json TEXT NOT NULL DEFAULT '[]',
  notes_json TEXT NOT NULL DEFAULT '{}',
  credit TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE campaign_levels (
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  level_id INTEGER NOT NULL REFERENCES levels(id) ON DELETE CASCADE,
  PRIMARY KEY (campaign_id, position)
);
CREATE INDEX campaign_levels_by_level ON campaign_levels (level_id);

CREATE TABLE job_batches (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL,
  campaign_id INTEGER REFERENCES campaigns(id) ON DELETE SET NULL,
  state TEXT NOT NULL CHECK (state IN ('running', 'done', 'cancelled')),
  created_at TEXT NOT NULL
);

CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  batch_id INTEGER REFERENCES job_batches(id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  label TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  payload_json TEXT NOT NULL,
  result_json TEXT,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  progress REAL NOT NULL DEFAULT 0,
  level_id INTEGER REFERENCES levels(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX jobs_by_state ON jobs (state, id);
CREATE INDEX jobs_by_batch ON jobs (batch_id);

CREATE TABLE verifications (
  id INTEGER PRIMARY KEY,
  level_id INTEGER NOT NULL REFERENCES levels(id) ON DELETE CASCADE,
  job_id INTEGER REFERENCES jobs(id) ON DELETE SET NULL,
  status TEXT NOT NULL CHECK (status IN ('solved', 'unsolvable', 'budget', 'invalid')),
  optimal INTEGER NOT NULL,
  objective TEXT NOT NULL,
  par INTEGER,
  pushes INTEGER,
  solution TEXT,
  nodes INTEGER NOT NULL,
  stored INTEGER NOT NULL,
  ms REAL NOT NULL,
  budget INTEGER NOT NULL,
  stopped_by TEXT,
  solver TEXT NOT NULL,
  metrics_json TEXT NOT NULL,
  diagnostics_json TEXT NOT NULL,
  rules_fingerprint TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX verifications_by_level ON verifications (level_id, id);

CREATE TABLE recordings (
  id INTEGER PRIMARY KEY,
  level_id INTEGER NOT NULL REFERENCES levels(id) ON DELETE CASCADE,
  name TEXT,
  rules_fingerprint TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  -- the kind's encoded commands, and the full journal (undo, redo, restart, hints)
  commands_json TEXT NOT NULL,
  journal_json TEXT NOT NULL,
  final_hash TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX recordings_by_level ON recordings (level_id);
`;
