/**
 * One writer process per library file: the studio (Electron or the browser host) and the CLI's
 * writing commands (import, rules set, budget, generate, recordings import, verify) take this
 * lock, so a CLI never writes under a running studio. The lock is keyed on the file's real path,
 * so a symbolic link or another spelling of the path names the same lock, and it is held while
 * its process lives (process-lock.ts): never taken over because of its age.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { LibraryOpenError } from './db.ts';
import { acquireProcessLock, releaseProcessLock } from './process-lock.ts';

/** The lock file of a library: beside its real path (links resolved; a new file's folder resolved). */
export function libraryLockPath(libraryPath: string): string {
  const absolute = resolve(libraryPath);
  let real = absolute;
  try {
    real = realpathSync(absolute);
  } catch {
    try {
      real = join(realpathSync(dirname(absolute)), basename(absolute));
    } catch {
      // The folder does not exist yet either: the path as given is the only name it has.
    }
  }
  return `${real}.studio-lock`;
}

/** Takes the library's lock or refuses, naming the process that has it; returns the release. */
export function lockLibrary(libraryPath: string): () => void {
  const path = libraryLockPath(libraryPath);
  const lock = acquireProcessLock(path);
  if (!lock.acquired) {
    throw new LibraryOpenError(
      `The library ${resolve(libraryPath)} is open in another Gridwright${lock.holder ? ` (process ${lock.holder.pid})` : ''}: close it there first (or do this in that studio), or open another library.`,
    );
  }
  let held = true;
  return () => {
    if (held) releaseProcessLock(path);
    held = false;
  };
}
