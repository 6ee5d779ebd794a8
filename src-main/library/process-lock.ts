/**
 * Lock files that name the process holding them. A lock is stale only when its process is gone
 * (killed, crashed): never because of its age, since a studio may stay open for weeks. A lock
 * file with no readable process in it is being written; one left so for longer than
 * `unwrittenAfterMs` (its writer died between creating and writing it) is stale too. Used for one
 * studio per library (two would run each other's jobs) and one builder per solver table.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export interface LockHolder {
  readonly pid: number;
}

/** A lock file with no process in it for this long was left by a writer that died. */
const UNWRITTEN_LOCK_MS = 10_000;

/** Take the lock, or return who holds it. */
export function acquireProcessLock(path: string, unwrittenAfterMs: number = UNWRITTEN_LOCK_MS): { acquired: true } | { acquired: false; holder?: LockHolder } {
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return { acquired: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(path);
      if (holder?.pid === process.pid) return { acquired: true };
      if (!isStale(path, holder, unwrittenAfterMs)) return { acquired: false, ...(holder ? { holder } : {}) };
      rmSync(path, { force: true });
    }
  }
  return { acquired: false };
}

export function releaseProcessLock(path: string): void {
  if (lockHolder(path)?.pid === process.pid) rmSync(path, { force: true });
}

function lockHolder(path: string): LockHolder | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? { pid } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this id is running (signal 0 checks without sending anything). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'; // EPERM: alive, someone else's
  }
}

function isStale(path: string, holder: LockHolder | undefined, unwrittenAfterMs: number): boolean {
  if (holder) return !processAlive(holder.pid);
  try {
    return Date.now() - statSync(path).mtimeMs > unwrittenAfterMs;
  } catch {
    return true; // gone already
  }
}
