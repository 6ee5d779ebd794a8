/**
 * Opening the content library: the SQLite file (migrated to the latest schema) and, the first time,
 * the built-in samples, committed with the schema (db.ts). The Electron host, the browser host and
 * the CLI all open it through here.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LibraryOpenError, openDatabase, type LibraryDatabase } from './db.ts';
import { seedSamples } from './seed.ts';

export interface OpenLibraryOptions {
  /** The folder holding `samples/` (the repository's `resources/`, or the packaged app's). */
  readonly resourcesDir: string;
  /** Migrate only up to this version (tests of upgrades); a file short of the latest is not seeded. */
  readonly targetVersion?: number;
}

export interface OpenLibrary {
  readonly db: LibraryDatabase;
  /** True when the file was new (schema version 0) at open. */
  readonly created: boolean;
  readonly path: string;
}

export function openLibrary(path: string, options: OpenLibraryOptions): OpenLibrary {
  const absolute = resolve(path);
  const populate = (db: LibraryDatabase): void => {
    try {
      seedSamples(db, options.resourcesDir);
    } catch (error) {
      throw new LibraryOpenError(`The new library ${absolute} could not be filled with the sample campaigns: ${(error as Error).message}`);
    }
  };
  const { db, created } = openWithClearErrors(absolute, options.targetVersion, populate);
  return { db, created, path: absolute };
}

/**
 * `schemaVersion` refuses a foreign SQLite file with a bare reason ("it holds tables but no
 * schema_migrations table") that `openDatabase` passes on as is; say which file and what it is.
 */
function openWithClearErrors(path: string, targetVersion: number | undefined, populate: (db: LibraryDatabase) => void): { db: LibraryDatabase; created: boolean } {
  try {
    return openDatabase(path, { targetVersion, populate });
  } catch (error) {
    if (error instanceof LibraryOpenError && !error.message.includes(path)) {
      throw new LibraryOpenError(`The file ${path} is not a Gridwright library (${error.message}).`);
    }
    throw error;
  }
}

/** The repository's `resources/` folder, found from this module (src-main/library -> ../../resources). */
export function resolveResourcesDir(): string {
  const dir = fileURLToPath(new URL('../../resources/', import.meta.url));
  if (!existsSync(dir)) throw new Error(`The resources folder ${dir} is missing.`);
  return dir;
}

export { LibraryOpenError, integrityCheck, schemaVersion, type LibraryDatabase } from './db.ts';
export { LibraryDamagedError, LibraryInputError, LibraryNotFoundError } from './errors.ts';
export * from './rulesets.ts';
export * from './levels.ts';
export * from './campaigns.ts';
export * from './campaign-views.ts';
export * from './verifications.ts';
export * from './recordings.ts';
export * from './drafts.ts';
export * from './level-edits.ts';
export * from './import.ts';
export * from './export.ts';
export * from './seed.ts';
export * from './impact-reports.ts';
export * from './solutions-import.ts';
