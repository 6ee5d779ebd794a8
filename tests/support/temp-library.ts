/**
 * Temp folders and libraries for tests, made and removed in one place:
 * - `tempDir(name)` / `tempLibrary(name)` at a file's top level: a folder, or a library opened in
 *   one, for the whole file, removed after its tests;
 * - `freshTempDir(name)` in a `beforeEach` or a test: a folder removed when that test finishes;
 * - `freshLibrary(name)` / `freshDatabase(name)` in a `beforeEach` or a test: a library file in a
 *   fresh folder, opened as the studio opens it (the sample campaigns in it) or bare (migrations
 *   only), closed and removed when the test finishes — after the file's `afterEach` hooks, so a
 *   queue or pool they close is gone before its database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { openDatabase, type LibraryDatabase } from '../../src-main/library/db.ts';
import { openLibrary, resolveResourcesDir } from '../../src-main/library/library.ts';

function makeDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `gridwright-${name}-`));
}

function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A folder for the whole test file (call it at the top level or in a `describe`). */
export function tempDir(name: string): string {
  const dir = makeDir(name);
  afterAll(() => remove(dir));
  return dir;
}

/** A folder for the running test (call it in a `beforeEach` or a test). */
export function freshTempDir(name: string): string {
  const dir = makeDir(name);
  onTestFinished(() => remove(dir));
  return dir;
}

export interface TempLibrary {
  readonly dir: string;
  /** The library file. */
  readonly path: string;
  readonly db: LibraryDatabase;
}

function fresh(name: string, fileName: string, open: (path: string) => LibraryDatabase): TempLibrary {
  const dir = makeDir(name);
  const path = join(dir, fileName);
  let db: LibraryDatabase;
  try {
    db = open(path);
  } catch (error) {
    remove(dir);
    throw error;
  }
  onTestFinished(() => {
    if (db.open) db.close();
    remove(dir);
  });
  return { dir, path, db };
}

/** A library as the studio opens it, with the sample campaigns, for the whole test file (call it at the top level). */
export function tempLibrary(name: string, fileName = 'library.sqlite'): TempLibrary {
  const dir = tempDir(name);
  const path = join(dir, fileName);
  const db = openSeeded(path);
  afterAll(() => {
    if (db.open) db.close();
  });
  return { dir, path, db };
}

function openSeeded(path: string): LibraryDatabase {
  return openLibrary(path, { resourcesDir: resolveResourcesDir() }).db;
}

/** A library as the studio opens it, with the sample campaigns, for the running test. */
export function freshLibrary(name: string, fileName = 'library.sqlite'): TempLibrary {
  return fresh(name, fileName, openSeeded);
}

/** An empty library (the migrations only), for the running test. */
export function freshDatabase(name: string, fileName = 'library.sqlite'): TempLibrary {
  return fresh(name, fileName, (path) => openDatabase(path).db);
}

/**
 * For the file's tests: commands that fall back on the default library (GRIDWRIGHT_LIBRARY) find
 * a throwaway one in `dir`, never the user's; the variable is put back afterwards.
 */
export function throwawayDefaultLibrary(dir: string): void {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.GRIDWRIGHT_LIBRARY;
    process.env.GRIDWRIGHT_LIBRARY = join(dir, 'default-library.sqlite');
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.GRIDWRIGHT_LIBRARY;
    else process.env.GRIDWRIGHT_LIBRARY = previous;
  });
}
