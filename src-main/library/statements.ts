/**
 * Prepared statements, compiled once per database handle and reused: the repositories below call
 * `prepared(db, sql)` instead of `db.prepare` so a loop of ten thousand inserts compiles its SQL once.
 */
import type Database from 'better-sqlite3';
import type { LibraryDatabase } from './db.ts';

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

/** JSON read back from a column this module wrote; a damaged value reads as `fallback`. */
export function parseJsonColumn<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
