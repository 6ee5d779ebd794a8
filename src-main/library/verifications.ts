/**
 * Verifications: every result is kept (the latest one speaks for the level), each tied to the
 * rules fingerprint and the content hash it was made under, so a rule change or an edit turns the
 * badge stale instead of leaving an old par on display. Under the same rules and content, a new
 * result is stored joined with the latest (verify/known.ts): a later run that found less (a
 * smaller budget, a shorter time, a cancel) does not take away the par, solution or proof found
 * before.
 */
import type { Badge } from '../../src-shared/api/studio-api.ts';
import { senseOf } from '../../src-shared/engine/ruleset.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';
import { joinKnown } from '../../src-shared/verify/known.ts';
import { verificationSchema, type Verification } from '../../src-shared/verify/record.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError, LibraryNotFoundError } from './errors.ts';
import { parseJsonColumn, prepared, timestamp } from './statements.ts';

export interface StoredVerification {
  readonly id: number;
  readonly levelId: number;
  readonly jobId: number | null;
  readonly createdAt: string;
  readonly verification: Verification;
}

/** What a badge is decided from. */
export type VerificationStamp = Pick<Verification, 'status' | 'optimal' | 'rulesFingerprint' | 'contentHash'>;

export interface VerificationColumns {
  id: number;
  level_id: number;
  job_id: number | null;
  status: Verification['status'];
  optimal: number;
  objective: string;
  value: number | null;
  par: number | null;
  proven_bound: number | null;
  solution: string | null;
  nodes: number;
  stored: number;
  ms: number;
  budget: number;
  stopped_by: Verification['stoppedBy'];
  solver: string;
  metrics_json: string;
  diagnostics_json: string;
  rules_fingerprint: string;
  content_hash: string;
  created_at: string;
}

/** The level's kind fills `kind`: the table does not repeat it. */
export function verificationFromColumns(row: VerificationColumns, kind: string): StoredVerification {
  return {
    id: row.id,
    levelId: row.level_id,
    jobId: row.job_id,
    createdAt: row.created_at,
    verification: {
      kind,
      status: row.status,
      optimal: row.optimal === 1,
      objective: row.objective,
      value: row.value,
      par: row.par,
      provenBound: row.proven_bound,
      solution: row.solution,
      nodes: row.nodes,
      stored: row.stored,
      ms: row.ms,
      budget: row.budget,
      stoppedBy: row.stopped_by,
      solver: row.solver,
      metrics: parseJsonColumn(row.metrics_json, {}, `verification ${row.id}'s metrics_json`),
      diagnostics: parseJsonColumn(row.diagnostics_json, [], `verification ${row.id}'s diagnostics_json`),
      rulesFingerprint: row.rules_fingerprint,
      contentHash: row.content_hash,
    },
  };
}

/**
 * Store a verification of a level (from a job, or made in place when `jobId` is absent), joined
 * with the level's latest one where that answers the same question (`joinKnown`).
 */
export function storeVerification(db: LibraryDatabase, levelId: number, input: Verification, options: { jobId?: number } = {}): number {
  const parsed = verificationSchema.safeParse(input);
  if (!parsed.success) throw new LibraryInputError(`Not a valid verification: ${parsed.error.issues[0]?.path.join('.') || 'record'}: ${parsed.error.issues[0]?.message ?? 'invalid'}.`);
  return db.transaction(() => {
    const level = prepared(db, 'SELECT kind FROM levels WHERE id = ?').get(levelId) as { kind: string } | undefined;
    if (!level) throw new LibraryNotFoundError(`Level ${levelId} does not exist.`);
    if (level.kind !== parsed.data.kind) throw new LibraryInputError(`A ${parsed.data.kind} verification cannot be stored for a ${level.kind} level.`);
    const latest = prepared(db, 'SELECT * FROM verifications WHERE level_id = ? ORDER BY id DESC LIMIT 1').get(levelId) as VerificationColumns | undefined;
    const sense = senseOf(rulesetKind(level.kind)?.objectives ?? [], parsed.data.objective);
    const v = joinKnown(latest && verificationFromColumns(latest, level.kind).verification, parsed.data, sense);
    const info = prepared(
      db,
      `INSERT INTO verifications (level_id, job_id, status, optimal, objective, value, par, proven_bound, solution, nodes, stored, ms, budget, stopped_by,
        solver, metrics_json, diagnostics_json, rules_fingerprint, content_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      levelId, options.jobId ?? null, v.status, v.optimal ? 1 : 0, v.objective, v.value, v.par, v.provenBound ?? null, v.solution, v.nodes, v.stored, v.ms, v.budget, v.stoppedBy, v.solver,
      JSON.stringify(v.metrics), JSON.stringify(v.diagnostics), v.rulesFingerprint, v.contentHash, timestamp(),
    );
    return Number(info.lastInsertRowid);
  })();
}

/** The newest verification of a level, whatever rules it was made under. */
export function latestVerification(db: LibraryDatabase, levelId: number): StoredVerification | undefined {
  const row = prepared(
    db,
    'SELECT v.*, l.kind AS kind FROM verifications v JOIN levels l ON l.id = v.level_id WHERE v.level_id = ? ORDER BY v.id DESC LIMIT 1',
  ).get(levelId) as (VerificationColumns & { kind: string }) | undefined;
  return row && verificationFromColumns(row, row.kind);
}

/** Made under these rules and of this content. */
export function isCurrent(latest: VerificationStamp | null | undefined, currentFingerprint: string, contentHash: string): latest is VerificationStamp {
  return !!latest && latest.rulesFingerprint === currentFingerprint && latest.contentHash === contentHash;
}

/**
 * none -> unverified; other rules or other content -> stale; solved and proven optimal ->
 * verified; solved with an upper bound only -> verified-bound; otherwise the status itself.
 */
export function badgeFor(latest: VerificationStamp | null | undefined, currentFingerprint: string, contentHash: string): Badge {
  if (!latest) return 'unverified';
  if (!isCurrent(latest, currentFingerprint, contentHash)) return 'stale';
  if (latest.status === 'solved') return latest.optimal ? 'verified' : 'verified-bound';
  return latest.status;
}
