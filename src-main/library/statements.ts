/**
 * Prepared statements, compiled once per database handle and reused: the repositories below call
 * `prepared(db, sql)` instead of `db.prepare` so a loop of ten thousand inserts compiles its SQL once.
 */
import type Database from 'better-sqlite3';
import type { LibraryDatabase } from './db.ts';
import { LibraryDamagedError } from './errors.ts';

const cache = new WeakMap<LibraryDatabase, Map<string, Database.Statement>>();

export function prepared(db: LibraryDatabase, sql: string): Database.Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

/** The time stamp every row stores: ISO 8601 in UTC. */
export function timestamp(): string {
  return new Date().toISOString();
}

/**
 * JSON read back from a column this module wrote (`fallback` for NULL). A value that is not JSON
 * was damaged outside the studio: reading it as empty would pass off wrong data as the row's, so
 * it is refused with the row named (`where`: the table, the row and the column).
 */
export function parseJsonColumn<T>(text: string | null, fallback: T, where: string): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new LibraryDamagedError(`The library is damaged: ${where} is not valid JSON. Restore the library file from a backup, or delete that row.`);
  }
}
