/**
 * Faults of the machine rather than of the CLI: a library locked by another program, a full or
 * read-only disk, a damaged file. They are told as a message (exit 2), not a stack trace; any
 * other SQLite error is a bug and stays one.
 */
import Database from 'better-sqlite3';

const ENVIRONMENT_CODES = /^SQLITE_(BUSY|LOCKED|READONLY|FULL|IOERR|CORRUPT|NOTADB|CANTOPEN|PERM|AUTH)/;

/** The message for an expected fault of the library file, or undefined when `error` is none. */
export function libraryFault(error: unknown): string | undefined {
  if (!(error instanceof Database.SqliteError) || !ENVIRONMENT_CODES.test(error.code)) return undefined;
  return `The library could not be read or written: ${error.message} (${error.code}). Check that no other program holds it, and the disk's space and permissions.`;
}
