/** What the studio's handlers share: expected failures as API errors. */
import { LibraryInputError, LibraryNotFoundError } from '../library/errors.ts';
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
