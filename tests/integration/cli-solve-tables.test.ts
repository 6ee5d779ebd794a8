/**
 * `cli solve FILE` writes no solver tables unless asked (issue 22): solving a file left tables
 * beside the default library. With `--db LIBRARY` they go beside that library; without, they are
 * kept in memory, where what a process keeps is capped (TABLES_KEPT_BYTES, least recently used out).
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { defaultLibraryPath, tablesDirFor } from '../../src-main/studio/paths.ts';
import { KeptTables, memorySolverTables } from '../../src-main/worker/tables.ts';
import { captureIo } from '../support/cli-io.ts';
import { tempDir, throwawayDefaultLibrary } from '../support/temp-library.ts';

const dir = tempDir('cli-solve-tables');
throwawayDefaultLibrary(dir);

describe('cli solve and solver tables', () => {
  it('solving a file writes no tables beside the default library; --db keeps them beside the library named', async () => {
    const path = join(dir, 'room.xsb');
    writeFileSync(path, '#######\n#@ $ .#\n#######\n');
    const plain = captureIo();
    expect(await runCli(['solve', path, '--json'], plain.io)).toBe(0);
    expect(JSON.parse(plain.out[0])).toMatchObject({ status: 'solved', optimal: true });
    expect(existsSync(tablesDirFor(defaultLibraryPath()))).toBe(false);

    mkdirSync(join(dir, 'asked'), { recursive: true });
    const library = join(dir, 'asked', 'library.sqlite');
    const kept = captureIo();
    expect(await runCli(['solve', path, '--db', library, '--json'], kept.io)).toBe(0);
    // The proven line of the push solver, kept for the next solve of this board.
    expect(readdirSync(tablesDirFor(library)).some((name) => name.startsWith('push-lines-'))).toBe(true);
    expect(existsSync(tablesDirFor(defaultLibraryPath()))).toBe(false);
  });

  it('tables kept in memory stay under their cap, the least recently used going first, the newest always kept', () => {
    const kept = new KeptTables(10);
    kept.set('a', new Uint8Array(4));
    kept.set('b', new Uint8Array(4));
    kept.get('a'); // b is now the least recently used
    kept.set('c', new Uint8Array(4));
    expect([kept.get('a') !== undefined, kept.get('b') !== undefined, kept.get('c') !== undefined]).toEqual([true, false, true]);
    kept.set('huge', new Uint8Array(50));
    expect(kept.size).toBe(1);
    expect(kept.get('huge')?.byteLength).toBe(50);

    const tables = memorySolverTables(1000);
    for (let i = 0; i < 100; i++) tables.put(`board-${i}`, new Uint8Array(100));
    expect(tables.get('board-0')).toBeUndefined();
    expect(tables.get('board-99')?.byteLength).toBe(100);
  });
});
