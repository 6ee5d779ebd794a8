/**
 * Lock files that name the process holding them: a lock whose process is gone (killed, crashed)
 * or that is far older than the work it guards is stale and can be taken over. Used for one
 * studio per library (two would run each other's jobs) and one builder per solver table.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export interface LockHolder {
  readonly pid: number;
}

/** Take the lock, or return who holds it. */
export function acquireProcessLock(path: string, staleAfterMs: number): { acquired: true } | { acquired: false; holder?: LockHolder } {
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
      if (!isStale(path, holder, staleAfterMs)) return { acquired: false, ...(holder ? { holder } : {}) };
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

function isStale(path: string, holder: LockHolder | undefined, staleAfterMs: number): boolean {
  try {
    if (Date.now() - statSync(path).mtimeMs > staleAfterMs) return true;
  } catch {
    return true; // gone already
  }
  if (!holder) return false; // being written right now
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
