/**
 * The candidates bench in the library (migration 9): generation runs, what each shard found, and
 * the candidates waiting for the designer. A shard's finds are written in the transaction that
 * ends its job; the merge (candidate-shards.ts) then says whether the run has all it
 * can get, and the candidates the merge leaves out are marked `dropped` (never shown). Accepting
 * a candidate makes it a level (source `generated`) whose provenance names the generator, its
 * version, seed, params, candidate number and the content hash it was generated with, so a
 * later edit shows (the level's hash then differs).
 */
import { mergeShards, sumStatistics } from './candidate-shards.ts';
import type { FoundCandidate, GenerationStatistics } from '../../src-shared/engine/ruleset.ts';
import { levelContentHash } from '../../src-shared/engine/fingerprint.ts';
import type { Candidate, GenerationRun } from '../../src-shared/api/candidates.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError, LibraryNotFoundError } from './errors.ts';
import { addLevelsToCampaign, createCampaign, requireCampaign } from './campaigns.ts';
import { insertValidatedLevel, validateLevelDoc, type LevelDoc } from './levels.ts';
import { parseJsonColumn, prepared, timestamp } from './statements.ts';
import { storeVerification } from './verifications.ts';
import { rulesFor } from '../../src-shared/rulesets/rules-cache.ts';
import { verifyProvenSolution } from '../../src-shared/verify/verify.ts';
import { DEFAULT_STATE_BUDGET } from '../../src-shared/search/budget.ts';

export interface RunInput {
  readonly kind: string;
  readonly generator: string;
  readonly version: number;
  readonly seed: string;
  readonly params: unknown;
  readonly count: number;
  readonly wanted: number;
  readonly cap: number;
  readonly shards: number;
  readonly shardSize: number;
}

interface RunColumns {
  id: number;
  batch_id: number | null;
  kind: string;
  generator: string;
  version: number;
  seed: string;
  params_json: string;
  count: number;
  wanted: number;
  cap: number;
  shards: number;
  shard_size: number;
  dispatched: number;
  state: GenerationRun['state'];
  created_at: string;
  finished_at: string | null;
}

export interface RunRecord extends RunInput {
  readonly id: number;
  readonly batchId: number | null;
  readonly dispatched: number;
  readonly state: GenerationRun['state'];
}

export function createRun(db: LibraryDatabase, input: RunInput): number {
  const info = prepared(
    db,
    "INSERT INTO generation_runs (kind, generator, version, seed, params_json, count, wanted, cap, shards, shard_size, state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?)",
  ).run(input.kind, input.generator, input.version, input.seed, JSON.stringify(input.params ?? {}), input.count, input.wanted, input.cap, input.shards, input.shardSize, timestamp());
  return Number(info.lastInsertRowid);
}

export function setRunBatch(db: LibraryDatabase, runId: number, batchId: number, dispatched: number): void {
  prepared(db, 'UPDATE generation_runs SET batch_id = ?, dispatched = ? WHERE id = ?').run(batchId, dispatched, runId);
}

/** One more shard handed to the pool. */
export function markDispatched(db: LibraryDatabase, runId: number): number {
  prepared(db, 'UPDATE generation_runs SET dispatched = dispatched + 1 WHERE id = ?').run(runId);
  return getRun(db, runId)!.dispatched;
}

export function getRun(db: LibraryDatabase, runId: number): RunRecord | undefined {
  const row = prepared(db, 'SELECT * FROM generation_runs WHERE id = ?').get(runId) as RunColumns | undefined;
  return row && runFromColumns(row);
}

function runFromColumns(row: RunColumns): RunRecord {
  return {
    id: row.id,
    batchId: row.batch_id,
    kind: row.kind,
    generator: row.generator,
    version: row.version,
    seed: row.seed,
    params: parseJsonColumn<unknown>(row.params_json, {}, `generation run ${row.id}'s params_json`),
    count: row.count,
    wanted: row.wanted,
    cap: row.cap,
    shards: row.shards,
    shardSize: row.shard_size,
    dispatched: row.dispatched,
    state: row.state,
  };
}

type Found = FoundCandidate<unknown>;

/**
 * Writes a shard's finds and statistics (again after a crash: the same rows), then merges the
 * shards done: once the run is complete its candidates past the merge are dropped and the run is
 * done. Answers whether it is complete. Call inside the job's transaction.
 */
export function storeShard(db: LibraryDatabase, runId: number, shard: number, found: readonly Found[], statistics: GenerationStatistics): { complete: boolean } {
  const run = getRun(db, runId);
  if (!run) throw new LibraryNotFoundError(`Generation run ${runId} does not exist.`);
  const now = timestamp();
  prepared(db, 'INSERT OR REPLACE INTO generation_shards (run_id, shard, statistics_json, found) VALUES (?, ?, ?, ?)').run(runId, shard, JSON.stringify(statistics), found.length);
  const insert = prepared(
    db,
    "INSERT OR IGNORE INTO candidates (run_id, shard, candidate_index, key, content_json, content_hash, par, figures_json, score, solution, state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?)",
  );
  for (const c of found) {
    const doc = validateLevelDoc(run.kind, c.level);
    insert.run(runId, shard, c.index, c.key, JSON.stringify(doc), levelContentHash(run.kind, doc), c.par, JSON.stringify(c.figures), c.score, c.solution, now);
  }
  if (run.state !== 'running') return { complete: true };
  const merged = mergeShards(foundByShard(db, runId), run.shards, run.wanted);
  if (!merged.complete) return { complete: false };
  const keep = new Set(merged.kept.map((c) => c.index));
  const drop = prepared(db, "UPDATE candidates SET state = 'dropped' WHERE id = ? AND state = 'new'");
  for (const row of prepared(db, 'SELECT id, candidate_index FROM candidates WHERE run_id = ?').all(runId) as { id: number; candidate_index: number }[]) {
    if (!keep.has(row.candidate_index)) drop.run(row.id);
  }
  prepared(db, "UPDATE generation_runs SET state = 'done', finished_at = ? WHERE id = ?").run(now, runId);
  return { complete: true };
}

/** The finds of every shard done, by shard (index and key are all the merge reads). */
function foundByShard(db: LibraryDatabase, runId: number): Map<number, { index: number; key: string }[]> {
  const done = new Map<number, { index: number; key: string }[]>();
  for (const { shard } of prepared(db, 'SELECT shard FROM generation_shards WHERE run_id = ?').all(runId) as { shard: number }[]) done.set(shard, []);
  for (const row of prepared(db, 'SELECT shard, candidate_index, key FROM candidates WHERE run_id = ? ORDER BY candidate_index').all(runId) as { shard: number; candidate_index: number; key: string }[]) {
    done.get(row.shard)?.push({ index: row.candidate_index, key: row.key });
  }
  return done;
}

/** A run's rows with its batch's state: a run whose batch was cancelled (or ended otherwise) is no longer running. */
const RUN_WITH_BATCH = 'SELECT r.*, b.state AS batch_state FROM generation_runs r LEFT JOIN job_batches b ON b.id = r.batch_id';
type RunViewColumns = RunColumns & { batch_state: 'running' | 'done' | 'cancelled' | null };

function runView(db: LibraryDatabase, row: RunViewColumns): GenerationRun {
  const shards = prepared(db, 'SELECT shard, statistics_json FROM generation_shards WHERE run_id = ? ORDER BY shard').all(row.id) as { shard: number; statistics_json: string }[];
  const parts = shards.map((s) => parseJsonColumn<GenerationStatistics>(s.statistics_json, { candidates: 0, accepted: 0, kept: 0, sieves: [], makeMs: 0, ms: 0 }, `shard ${s.shard} of generation run ${row.id}: its statistics_json`));
  const counts = prepared(db, "SELECT sum(state = 'new') AS waiting, sum(state = 'accepted') AS accepted FROM candidates WHERE run_id = ?").get(row.id) as { waiting: number | null; accepted: number | null };
  const run = runFromColumns(row);
  const statistics = sumStatistics(parts, Math.min(run.count, (counts.waiting ?? 0) + (counts.accepted ?? 0)));
  return {
    id: run.id,
    batchId: run.batchId,
    kind: run.kind,
    generator: run.generator,
    version: run.version,
    seed: run.seed,
    params: run.params,
    count: run.count,
    wanted: run.wanted,
    cap: run.cap,
    state: run.state === 'running' && row.batch_state !== null && row.batch_state !== 'running' ? (row.batch_state === 'cancelled' ? 'cancelled' : 'done') : run.state,
    statistics: { ...statistics, sieves: [...statistics.sieves] },
    shardsDone: shards.length,
    shards: run.shards,
    waiting: counts.waiting ?? 0,
    accepted: counts.accepted ?? 0,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** Runs, newest first. */
export function listRuns(db: LibraryDatabase, limit = 50): GenerationRun[] {
  return (prepared(db, `${RUN_WITH_BATCH} ORDER BY r.id DESC LIMIT ?`).all(limit) as RunViewColumns[]).map((row) => runView(db, row));
}

interface CandidateColumns {
  id: number;
  run_id: number;
  candidate_index: number;
  content_json: string;
  content_hash: string;
  par: number;
  figures_json: string;
  score: number;
  solution: string;
  state: 'new' | 'accepted' | 'dismissed';
  level_id: number | null;
}

/** A run and its candidates shown on the bench (not dropped, not dismissed), best score first. */
export function runCandidates(db: LibraryDatabase, runId: number): { run: GenerationRun; candidates: Candidate[] } {
  const row = prepared(db, `${RUN_WITH_BATCH} WHERE r.id = ?`).get(runId) as RunViewColumns | undefined;
  if (!row) throw new LibraryNotFoundError(`Generation run ${runId} does not exist.`);
  const rows = prepared(db, "SELECT * FROM candidates WHERE run_id = ? AND state IN ('new', 'accepted') ORDER BY score DESC, candidate_index").all(runId) as CandidateColumns[];
  // The best `count` by score, the earlier on a tie: what one run of the generator returns.
  const recommended = new Set(rows.slice(0, row.count).map((c) => c.id));
  return {
    run: runView(db, row),
    candidates: rows.map((c) => ({
      id: c.id,
      runId: c.run_id,
      index: c.candidate_index,
      kind: row.kind,
      content: parseJsonColumn<unknown>(c.content_json, {}, `candidate ${c.id}'s content_json`),
      contentHash: c.content_hash,
      par: c.par,
      figures: parseJsonColumn<Record<string, number>>(c.figures_json, {}, `candidate ${c.id}'s figures_json`),
      score: c.score,
      solution: c.solution,
      state: c.state,
      recommended: recommended.has(c.id),
      levelId: c.level_id,
    })),
  };
}

/** What the replay scrubber needs of one candidate (shown or not): its kind, document, proven solution and par. */
export interface CandidateSolution {
  readonly id: number;
  readonly kind: string;
  readonly content: unknown;
  readonly solution: string;
  readonly par: number;
  readonly levelId: number | null;
  readonly createdAt: string;
}

export function candidateSolution(db: LibraryDatabase, candidateId: number): CandidateSolution | undefined {
  const row = prepared(db, 'SELECT c.id, c.content_json, c.solution, c.par, c.level_id, c.created_at, r.kind FROM candidates c JOIN generation_runs r ON r.id = c.run_id WHERE c.id = ?').get(candidateId) as
    | { id: number; content_json: string; solution: string; par: number; level_id: number | null; created_at: string; kind: string }
    | undefined;
  if (!row) return undefined;
  const content = parseJsonColumn<unknown>(row.content_json, {}, `candidate ${row.id}'s content_json`);
  return { id: row.id, kind: row.kind, content, solution: row.solution, par: row.par, levelId: row.level_id, createdAt: row.created_at };
}

export type AcceptTarget = { readonly campaignId: number } | { readonly campaignName: string };

/**
 * Each candidate becomes a level (source `generated`, its provenance: generator, version, seed,
 * params, candidate number, run and generated content hash) at the end of the campaign, in the
 * order given; one transaction. A candidate accepted or dismissed before is refused.
 */
export function acceptCandidates(db: LibraryDatabase, candidateIds: readonly number[], target: AcceptTarget): { campaignId: number; campaignName: string; levelIds: number[] } {
  return db.transaction(() => {
    const rows = candidateIds.map((id) => {
      const row = prepared(db, 'SELECT c.*, r.kind, r.generator, r.version, r.seed, r.params_json FROM candidates c JOIN generation_runs r ON r.id = c.run_id WHERE c.id = ?').get(id) as
        | (CandidateColumns & { kind: string; generator: string; version: number; seed: string; params_json: string })
        | undefined;
      if (!row || (row.state as string) === 'dropped') throw new LibraryNotFoundError(`Candidate ${id} does not exist.`);
      if (row.state !== 'new') throw new LibraryInputError(`Candidate #${row.candidate_index} was ${row.state} already.`);
      return row;
    });
    if (new Set(candidateIds).size !== candidateIds.length) throw new LibraryInputError('A candidate is named twice.');
    const kinds = new Set(rows.map((r) => r.kind));
    if (kinds.size > 1) throw new LibraryInputError('Candidates of different kinds cannot join one campaign.');
    const kind = rows[0].kind;
    const campaign = 'campaignId' in target ? requireCampaign(db, target.campaignId) : createCampaign(db, { name: target.campaignName, kind, comments: [`Accepted from the candidates bench (${rows[0].generator} v${rows[0].version}, seed "${rows[0].seed}").`] });
    if (campaign.kind !== kind) throw new LibraryInputError(`A ${kind} level cannot join the ${campaign.kind} campaign '${campaign.name}'.`);
    const levelIds = rows.map((row) => {
      const generated = validateLevelDoc(kind, parseJsonColumn<unknown>(row.content_json, {}, `candidate ${row.id}'s content_json`));
      // The generator titles a candidate by its number alone ("#21"); in a campaign it needs its seed too.
      const doc = { ...generated, title: candidateTitle(row.seed, row.candidate_index) };
      const levelId = insertValidatedLevel(db, kind, doc, 'generated', {
        generator: row.generator,
        version: row.version,
        seed: row.seed,
        params: parseJsonColumn<unknown>(row.params_json, {}, `generation run ${row.run_id}'s params_json`),
        index: row.candidate_index,
        runId: row.run_id,
        contentHash: row.content_hash,
      });
      prepared(db, "UPDATE candidates SET state = 'accepted', level_id = ? WHERE id = ?").run(levelId, row.id);
      storeBenchProof(db, levelId, kind, doc, row);
      return levelId;
    });
    addLevelsToCampaign(db, campaign.id, levelIds);
    return { campaignId: campaign.id, campaignName: campaign.name, levelIds };
  })();
}

/** An accepted candidate's title: the run's seed and its candidate number, which make it again. */
function candidateTitle(seed: string, index: number): string {
  return `${seed} #${index}`;
}

/**
 * The bench proved each candidate's par with the real solver before keeping it, under the kind's
 * default rules (the generator's own); that proof becomes the level's verification, replayed and
 * measured here like any solver's, so an accepted level arrives verified (and reads stale at once
 * in a campaign whose rules differ). A proof that does not replay is not stored: the level stays
 * unverified rather than wrong.
 */
function storeBenchProof(db: LibraryDatabase, levelId: number, kind: string, doc: LevelDoc, row: CandidateColumns & { generator: string; version: number; params_json: string }): void {
  const { rules } = rulesFor(kind, {});
  if (!rules) return;
  const params = parseJsonColumn<{ budget?: unknown }>(row.params_json, {}, `generation run ${row.run_id}'s params_json`);
  const budget = typeof params.budget === 'number' ? params.budget : DEFAULT_STATE_BUDGET;
  const verification = verifyProvenSolution(rules, doc, { solution: row.solution, par: row.par, optimal: true, solver: `${row.generator} v${row.version} (candidates bench)`, budget });
  if (verification) storeVerification(db, levelId, verification);
}

export function dismissCandidates(db: LibraryDatabase, candidateIds: readonly number[]): number {
  return db.transaction(() => {
    let n = 0;
    for (const id of candidateIds) n += prepared(db, "UPDATE candidates SET state = 'dismissed' WHERE id = ? AND state = 'new'").run(id).changes;
    return n;
  })();
}
