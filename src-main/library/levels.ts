/**
 * Levels: the kind's JSON level document, its content hash (what it plays like: a rename does not
 * invalidate a proof), where it came from, and its title and author copied out for listing.
 */
import { levelContentHash } from '../../src-shared/engine/fingerprint.ts';
import { DEFAULT_STATE_BUDGET, MAX_VERIFY_BUDGET } from '../../src-shared/search/budget.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError, LibraryNotFoundError } from './errors.ts';
import { requireKind } from './rulesets.ts';
import { parseJsonColumn, prepared, timestamp } from './statements.ts';

export type LevelSource = 'hand' | 'imported' | 'generated';
export const LEVEL_SOURCES: readonly LevelSource[] = ['hand', 'imported', 'generated'];

/** A level document: the kind's level format, with the shared metadata fields. */
export type LevelDoc = Readonly<Record<string, unknown>>;

export interface LevelRecord {
  readonly id: number;
  readonly kind: string;
  readonly title: string | null;
  readonly author: string | null;
  readonly doc: LevelDoc;
  readonly contentHash: string;
  readonly source: LevelSource;
  /** Generator, version, seed and params for generated levels; file and position for imported ones. */
  readonly provenance: Record<string, unknown> | null;
  /** The level's own state budget for verification; null: DEFAULT_STATE_BUDGET. */
  readonly budget: number | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface LevelColumns {
  id: number;
  kind: string;
  title: string | null;
  author: string | null;
  content_json: string;
  content_hash: string;
  source: LevelSource;
  provenance_json: string | null;
  /** From schema 5 on. */
  state_budget?: number | null;
  created_at: string;
  updated_at: string;
}

/** An untrusted document checked against the kind's level schema; the parsed document. */
export function validateLevelDoc(kind: string, doc: unknown): LevelDoc {
  const parsed = requireKind(kind).levelSchema.safeParse(doc);
  if (!parsed.success) {
    const diagnostics = parsed.error.issues.slice(0, 50).map((issue) => ({
      severity: 'error' as const,
      code: 'library.level.schema',
      message: `Not a valid ${kind} level: ${issue.path.join('.') || 'document'}: ${issue.message}.`,
      path: issue.path.join('.'),
    }));
    throw new LibraryInputError(diagnostics[0]?.message ?? `Not a valid ${kind} level.`, diagnostics);
  }
  return parsed.data as LevelDoc;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Insert a document already validated against its kind's schema (the format readers and
 * `validateLevelDoc` both do that). For batch writers such as import; callers own the transaction.
 */
export function insertValidatedLevel(db: LibraryDatabase, kind: string, doc: LevelDoc, source: LevelSource, provenance: Record<string, unknown> | null, contentHash = levelContentHash(kind, doc)): number {
  const now = timestamp();
  const info = prepared(
    db,
    'INSERT INTO levels (kind, title, author, content_json, content_hash, source, provenance_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(kind, text(doc.title), text(doc.author), JSON.stringify(doc), contentHash, source, provenance === null ? null : JSON.stringify(provenance), now, now);
  return Number(info.lastInsertRowid);
}

export function insertLevel(db: LibraryDatabase, input: { kind: string; doc: unknown; source: LevelSource; provenance?: Record<string, unknown> | null }): number {
  if (!LEVEL_SOURCES.includes(input.source)) throw new LibraryInputError(`Unknown level source '${String(input.source)}'.`);
  const doc = validateLevelDoc(input.kind, input.doc);
  return db.transaction(() => insertValidatedLevel(db, input.kind, doc, input.source, input.provenance ?? null))();
}

export function levelFromColumns(row: LevelColumns): LevelRecord {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    author: row.author,
    doc: parseJsonColumn<LevelDoc>(row.content_json, {}, `level ${row.id}'s content_json`),
    contentHash: row.content_hash,
    source: row.source,
    provenance: parseJsonColumn<Record<string, unknown> | null>(row.provenance_json, null, `level ${row.id}'s provenance_json`),
    budget: row.state_budget ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function getLevel(db: LibraryDatabase, levelId: number): LevelRecord | undefined {
  const row = prepared(db, 'SELECT * FROM levels WHERE id = ?').get(levelId) as LevelColumns | undefined;
  return row && levelFromColumns(row);
}

/**
 * Replace a level's document (an edit in the grid editor): rehashed, so a verification of the old
 * content reads as stale; title and author follow the document.
 */
export function updateLevelContent(db: LibraryDatabase, levelId: number, doc: unknown): LevelRecord {
  return db.transaction(() => {
    const level = getLevel(db, levelId);
    if (!level) throw new LibraryNotFoundError(`Level ${levelId} does not exist.`);
    const checked = validateLevelDoc(level.kind, doc);
    prepared(db, 'UPDATE levels SET title = ?, author = ?, content_json = ?, content_hash = ?, updated_at = ? WHERE id = ?')
      .run(text(checked.title), text(checked.author), JSON.stringify(checked), levelContentHash(level.kind, checked), timestamp(), levelId);
    return getLevel(db, levelId)!;
  })();
}

/**
 * Give a level its own state budget for verification (Verify all, \`cli verify\`), or take it away
 * (null: the default, DEFAULT_STATE_BUDGET). It stays with the level in every campaign that holds
 * it and through edits of its content.
 */
export function setLevelBudget(db: LibraryDatabase, levelId: number, budget: number | null): LevelRecord {
  if (budget !== null && (!Number.isSafeInteger(budget) || budget < 1 || budget > MAX_VERIFY_BUDGET)) {
    throw new LibraryInputError(`A level's budget is a whole number of states from 1 to ${MAX_VERIFY_BUDGET} (the default is ${DEFAULT_STATE_BUDGET}); got ${String(budget)}.`);
  }
  return db.transaction(() => {
    if (prepared(db, 'UPDATE levels SET state_budget = ? WHERE id = ?').run(budget, levelId).changes === 0) {
      throw new LibraryNotFoundError(`Level ${levelId} does not exist.`);
    }
    return getLevel(db, levelId)!;
  })();
}
