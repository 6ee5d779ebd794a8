/**
 * Migration 9: the candidates bench. A generation run (seed, params, the generator's version)
 * split into shards of candidate numbers, each shard's statistics stored when its job ends, and
 * the candidates it found (with their proven par and quality score) kept until the designer
 * accepts them into a campaign or dismisses them. Stored per shard in the transaction that ends
 * the shard's job, so a crash loses at most the shards still running (they run again).
 * (Numbered 9: 6 to 8 belong to other work in progress.)
 */
export const MIGRATION_009 = `
CREATE TABLE generation_runs (
  id INTEGER PRIMARY KEY,
  batch_id INTEGER REFERENCES job_batches(id) ON DELETE SET NULL,
  kind TEXT NOT NULL,
  generator TEXT NOT NULL,
  version INTEGER NOT NULL,
  seed TEXT NOT NULL,
  params_json TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count >= 1),
  wanted INTEGER NOT NULL CHECK (wanted >= 1),
  cap INTEGER NOT NULL CHECK (cap >= 1),
  shards INTEGER NOT NULL CHECK (shards >= 1),
  shard_size INTEGER NOT NULL CHECK (shard_size >= 1),
  dispatched INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL CHECK (state IN ('running', 'done', 'cancelled')),
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE TABLE generation_shards (
  run_id INTEGER NOT NULL REFERENCES generation_runs(id) ON DELETE CASCADE,
  shard INTEGER NOT NULL,
  statistics_json TEXT NOT NULL,
  found INTEGER NOT NULL,
  PRIMARY KEY (run_id, shard)
);
CREATE TABLE candidates (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES generation_runs(id) ON DELETE CASCADE,
  shard INTEGER NOT NULL,
  candidate_index INTEGER NOT NULL,
  key TEXT NOT NULL,
  content_json TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  par INTEGER NOT NULL,
  figures_json TEXT NOT NULL,
  score REAL NOT NULL,
  solution TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('new', 'accepted', 'dismissed', 'dropped')),
  level_id INTEGER REFERENCES levels(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  UNIQUE (run_id, candidate_index)
);
CREATE INDEX candidates_by_run ON candidates(run_id, state);
`;
