import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSolverTables, memorySolverTables } from '../../src-main/worker/tables.ts';
import { freshTempDir } from '../support/temp-library.ts';

describe('solver tables on disk', () => {
  it('a table put by one process is read back by another from the folder', () => {
    const dir = join(freshTempDir('tables'), 'tables');
    const first = fileSolverTables(dir);
    expect(first.get('pdb-test-v1')).toBeUndefined();
    first.put('pdb-test-v1', Uint8Array.from([1, 2, 3, 250]));
    expect(existsSync(join(dir, 'pdb-test-v1.bin'))).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const second = fileSolverTables(dir);
    expect([...second.get('pdb-test-v1')!]).toEqual([1, 2, 3, 250]);
  });

  it('lets one process claim a long build; another process waits for the table meanwhile', () => {
    const dir = join(freshTempDir('tables'), 'tables');
    const builder = fileSolverTables(dir);
    expect(builder.claim!('pdb-v1')).toBe(true);
    expect(readFileSync(join(dir, 'pdb-v1.bin.lock'), 'utf8').trim()).toBe(String(process.pid));
    builder.put('pdb-v1', Uint8Array.from([7]));
    expect(existsSync(join(dir, 'pdb-v1.bin.lock'))).toBe(false);
    expect([...fileSolverTables(dir).get('pdb-v1')!]).toEqual([7]);
    // Another live process building it: this one waits (uses its weaker method meanwhile).
    writeFileSync(join(dir, 'pdb-v2.bin.lock'), `${process.ppid}\n`);
    expect(fileSolverTables(dir).claim!('pdb-v2')).toBe(false);
  });

  it('takes over a lock whose builder is gone, and gives up a claim when a build stops', () => {
    const dir = join(freshTempDir('tables'), 'tables');
    const tables = fileSolverTables(dir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'pdb-v1.bin.lock'), '999999999\n'); // no such process
    expect(tables.claim!('pdb-v1')).toBe(true);
    tables.release!('pdb-v1');
    expect(existsSync(join(dir, 'pdb-v1.bin.lock'))).toBe(false);
    writeFileSync(join(dir, 'pdb-v1.bin.lock'), `${process.ppid}\n`); // a live process holds it
    expect(fileSolverTables(dir).claim!('pdb-v1')).toBe(false);
  });

  it('refuses names that could leave the folder', () => {
    const tables = fileSolverTables(freshTempDir('tables'));
    expect(() => tables.get('../escape')).toThrow(/not allowed/);
    expect(() => tables.put('a/b', new Uint8Array(1))).toThrow(/not allowed/);
  });

  it('keeps tables in memory when the host gives no folder', () => {
    const tables = memorySolverTables();
    tables.put('x', Uint8Array.from([9]));
    expect([...tables.get('x')!]).toEqual([9]);
  });
});
