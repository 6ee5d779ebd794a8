/**
 * Solver tables on disk (pattern databases, the 3x3 distance table): built once by whichever
 * worker first needs one, kept in a folder beside the library and read back by every later solve.
 * Writes go to a temporary file renamed into place, so a crash never leaves half a table. What a
 * process keeps in memory is capped (TABLES_KEPT_BYTES), with or without a folder.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SolverTables } from '../../src-shared/engine/ruleset.ts';
import { acquireProcessLock, releaseProcessLock } from '../library/process-lock.ts';

const SAFE_NAME = /^[A-Za-z0-9._-]{1,120}$/;

/**
 * Bytes of tables one process keeps in memory (the 4x4 pattern database is about 32 MB; the push
 * solver keeps a table of proven lines per board, so a worker that verifies thousands of boards
 * would otherwise keep them all). Past it the least recently used go: from a folder they are read
 * again when needed, in memory they are rebuilt. A table larger than the cap is kept alone.
 */
export const TABLES_KEPT_BYTES = 128 * 1024 * 1024;

/** Tables by name, least recently used first, holding at most `maxBytes` (but always the newest one). */
export class KeptTables {
  private readonly tables = new Map<string, Uint8Array>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes = TABLES_KEPT_BYTES) {
    this.maxBytes = maxBytes;
  }

  get size(): number {
    return this.tables.size;
  }

  get(name: string): Uint8Array | undefined {
    const data = this.tables.get(name);
    if (data) {
      this.tables.delete(name);
      this.tables.set(name, data);
    }
    return data;
  }

  set(name: string, data: Uint8Array): void {
    const old = this.tables.get(name);
    if (old) {
      this.tables.delete(name);
      this.bytes -= old.byteLength;
    }
    this.tables.set(name, data);
    this.bytes += data.byteLength;
    for (const [oldest, table] of this.tables) {
      if (this.bytes <= this.maxBytes || oldest === name) break;
      this.tables.delete(oldest);
      this.bytes -= table.byteLength;
    }
  }
}

export function fileSolverTables(dir: string): SolverTables {
  const loaded = new KeptTables();
  /** Locks this process holds (it builds those tables). */
  const owned = new Set<string>();
  const pathOf = (name: string): string => {
    if (!SAFE_NAME.test(name)) throw new Error(`solver table name not allowed: ${name}`);
    return join(dir, `${name}.bin`);
  };
  const release = (name: string): void => {
    if (owned.delete(name)) releaseProcessLock(`${pathOf(name)}.lock`);
  };
  return {
    get(name) {
      const cached = loaded.get(name);
      if (cached) return cached;
      const path = pathOf(name);
      try {
        const data = new Uint8Array(readFileSync(path));
        loaded.set(name, data);
        return data;
      } catch {
        return undefined;
      }
    },
    put(name, data) {
      const target = pathOf(name);
      loaded.set(name, data);
      try {
        mkdirSync(dir, { recursive: true });
        const temporary = `${target}.${process.pid}.tmp`;
        writeFileSync(temporary, data);
        renameSync(temporary, target);
      } catch {
        // Storage is a cache: a table that cannot be saved is rebuilt next time.
      }
      release(name);
    },
    claim(name) {
      if (owned.has(name)) return true;
      try {
        if (!acquireProcessLock(`${pathOf(name)}.lock`).acquired) return false;
      } catch {
        return true; // no storage: build in memory
      }
      owned.add(name);
      return true;
    },
    release,
  };
}


/** Tables kept only for this process's lifetime (no folder given), at most `maxBytes` of them. */
export function memorySolverTables(maxBytes = TABLES_KEPT_BYTES): SolverTables {
  const loaded = new KeptTables(maxBytes);
  return {
    get: (name) => loaded.get(name),
    put: (name, data) => void loaded.set(name, data),
  };
}

/** The environment variable a host sets for its workers: where the tables live. */
export const TABLES_DIR_ENV = 'GRIDWRIGHT_TABLES_DIR';
