/** What the studio's handlers share: expected failures as API errors. */
import { LibraryInputError, LibraryNotFoundError } from '../library/errors.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { latestVerification } from '../library/verifications.ts';
import { StudioError } from './dispatch.ts';

export function notFound(what: string): never {
  throw new StudioError('not-found', `${what} does not exist (it may have been deleted): refresh the library.`);
}

/** Library errors become API errors; anything else stays internal. */
export function guard<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof LibraryNotFoundError) throw new StudioError('not-found', error.message);
    if (error instanceof LibraryInputError) throw new StudioError('invalid-request', error.message);
    throw error;
  }
}

/**
 * Longest first, by the time each level's last verification took (never verified counts as long):
 * a batch then ends with short jobs on every worker instead of one long job on one.
 */
export function longestFirst<T extends { id: number; position: number }>(db: LibraryDatabase, levels: readonly T[]): T[] {
  const cost = new Map(levels.map((level) => [level.id, latestVerification(db, level.id)?.verification.ms ?? Number.POSITIVE_INFINITY]));
  return [...levels].sort((a, b) => cost.get(b.id)! - cost.get(a.id)! || a.position - b.position);
}
