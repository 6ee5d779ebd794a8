/**
 * Opening a library file: better-sqlite3 with WAL, synchronous=FULL (a finished result survives a
 * power cut) and foreign keys on; every migration not yet recorded in `schema_migrations` is
 * applied, in order (a gap below the highest applied one is filled). A file with a migration this
 * build does not know (newer) is refused rather than written to.
 *
 * The pending migrations and the first content of an empty library (`populate`: the samples)
 * commit in one transaction, so a first open killed at any moment leaves either an empty file,
 * which the next open treats as new, or a whole library: never a schema without its samples.
 */
import Database from 'better-sqlite3';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from './migrations/index.ts';

export type LibraryDatabase = Database.Database;

export class LibraryOpenError extends Error {
  override readonly name = 'LibraryOpenError';
}

export interface OpenOptions {
  /** Migrate only up to this version (tests of upgrades from earlier versions). */
  readonly targetVersion?: number;
  readonly readonly?: boolean;
  /**
   * Fills a library at the latest schema that has never held content (no ruleset, campaign or
   * level: a new file, or one whose first open an older build left half done), in the
   * migrations' transaction. Throwing undoes the whole open.
   */
  readonly populate?: (db: LibraryDatabase) => void;
}

export function openDatabase(path: string, options: OpenOptions = {}): { db: LibraryDatabase; created: boolean } {
  let db: LibraryDatabase;
  try {
    db = new Database(path, { readonly: options.readonly ?? false, timeout: 5000 });
  } catch (error) {
    throw new LibraryOpenError(`Cannot open the library ${path}: ${(error as Error).message}`);
  }
  try {
    // Checked before anything is set: a file that is no library (or a newer one) is left as it was.
    const before = schemaVersion(db);
    if (before > LATEST_SCHEMA_VERSION) {
      throw new LibraryOpenError(`The library ${path} was written by a newer Gridwright (schema ${before}; this build knows up to ${LATEST_SCHEMA_VERSION}). Update Gridwright to open it.`);
    }
    const unknown = unknownVersions(db);
    if (unknown.length > 0) {
      throw new LibraryOpenError(`The library ${path} was written by another Gridwright (it has schema migration ${unknown.join(', ')}, which this build does not know). Update Gridwright to open it.`);
    }
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
    }
    db.pragma('foreign_keys = ON');
    if (!options.readonly) migrate(db, options.targetVersion ?? LATEST_SCHEMA_VERSION, options.populate);
    return { db, created: before === 0 };
  } catch (error) {
    db.close();
    if (error instanceof LibraryOpenError) throw error;
    throw new LibraryOpenError(`The file ${path} is not a Gridwright library (${(error as Error).message}).`);
  }
}

/** The highest migration applied (0 for a new file). */
export function schemaVersion(db: LibraryDatabase): number {
  const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!table) {
    const others = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    if (others.n > 0) throw new LibraryOpenError('it holds tables but no schema_migrations table');
    return 0;
  }
  const row = db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}

/** The migrations recorded as applied. */
export function appliedVersions(db: LibraryDatabase): Set<number> {
  return new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
}

/** Applied migrations this build does not have: the file was written by another (newer) build. */
function unknownVersions(db: LibraryDatabase): number[] {
  if (schemaVersion(db) === 0) return [];
  const known = new Set(MIGRATIONS.map((m) => m.version));
  return [...appliedVersions(db)].filter((v) => !known.has(v)).sort((x, y) => x - y);
}

function migrate(db: LibraryDatabase, target: number, populate: OpenOptions['populate']): void {
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    // Every migration not applied yet, in order, not only those above the highest applied: numbers
    // are left open while parallel work is unmerged, so a lower one may land after a higher one.
    const applied = appliedVersions(db);
    const pending: Migration[] = MIGRATIONS.filter((m) => !applied.has(m.version) && m.version <= target);
    for (const migration of pending) {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.name, new Date().toISOString());
    }
    if (populate && target === LATEST_SCHEMA_VERSION && neverHeldContent(db)) populate(db);
  })();
}

/** No ruleset, campaign or level was ever stored (a ruleset is never deleted once made). */
function neverHeldContent(db: LibraryDatabase): boolean {
  const row = db.prepare('SELECT EXISTS (SELECT 1 FROM rulesets) OR EXISTS (SELECT 1 FROM campaigns) OR EXISTS (SELECT 1 FROM levels) AS held').get() as { held: number };
  return row.held === 0;
}

export function integrityCheck(db: LibraryDatabase): string {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[];
  return rows.map((r) => r.integrity_check).join('; ');
}
