/**
 * What the library throws. Hosts map `LibraryNotFoundError` to the API's `not-found` and
 * `LibraryInputError` to `invalid-request`; anything else is an internal error.
 */
import type { Diagnostic } from '../../src-shared/engine/diagnostics.ts';

export class LibraryNotFoundError extends Error {
  override readonly name = 'LibraryNotFoundError';
}

/** A row the library wrote reads back damaged (changed outside the studio); the message names the row. */
export class LibraryDamagedError extends Error {
  override readonly name = 'LibraryDamagedError';
}

export class LibraryInputError extends Error {
  override readonly name = 'LibraryInputError';
  readonly diagnostics: readonly Diagnostic[];

  constructor(message: string, diagnostics: readonly Diagnostic[] = []) {
    super(message);
    this.diagnostics = diagnostics;
  }
}
