/**
 * A write that meets a busy library waits its turn (issue 22): a Studio API request whose handler
 * hits SQLITE_BUSY runs again and succeeds (never `internal`), and a finished job's result is
 * stored again later instead of being lost; given up only when the library stays busy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../../src-shared/api/studio-api.ts';
import { openDatabase, type LibraryDatabase } from '../../src-main/library/db.ts';
import { JobQueue } from '../../src-main/jobs/queue.ts';
import { dispatch, type Handlers } from '../../src-main/studio/dispatch.ts';

const busy = (): Error => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

describe('a request on a busy library', () => {
  it('runs again once the library is free and answers ok', async () => {
    let tries = 0;
    const handlers = { 'library.summary': () => {
      if (++tries < 3) throw busy();
      return { libraryPath: 'x', campaigns: [] };
    } } as unknown as Handlers;
    expect(await dispatch(handlers, 'library.summary', {})).toEqual({ ok: true, value: { libraryPath: 'x', campaigns: [] } });
    expect(tries).toBe(3);
    expect(API['library.summary']).toBeDefined();
  });
});

describe('a job result on a busy library', () => {
  let dir: string | undefined;
  let db: LibraryDatabase | undefined;
  afterEach(() => {
    db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is stored on a later try, not lost', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gridwright-busy-'));
    db = openDatabase(join(dir, 'library.sqlite')).db;
    const pool = { capacity: () => 1, run: async (payload: unknown) => ({ echo: (payload as { echo: unknown }).echo }) };
    let tries = 0;
    const queue = new JobQueue({
      db,
      pool: pool as never,
      onResult: () => {
        if (++tries < 3) throw busy();
      },
    });
    const id = queue.createJob({ label: 'noop', payload: { type: 'noop', echo: 7 } });
    expect(await queue.outcome(id)).toEqual({ echo: 7 });
    expect(queue.job(id)?.state).toBe('done');
    expect(tries).toBe(3);
    queue.close();
  });
});
