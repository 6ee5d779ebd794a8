import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { captureIo } from '../support/cli-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridwright-cli-lib-'));
const db = join(dir, 'library.sqlite');
const small = join(dir, 'small.xsb');
writeFileSync(small, ['Title: Small set', '', '#####', '#@$.#', '#####', 'Title: one', '', '######', '#@ $.#', '######', 'Title: two', ''].join('\n'));

describe('cli library commands', () => {
  it('a new library starts with the sample campaign', async () => {
    const { out, io } = captureIo();
    expect(await runCli(['campaigns', '--db', db, '--json'], io)).toBe(0);
    expect(out.map((l) => JSON.parse(l))).toEqual([{ name: 'Microban I', kind: 'push', levels: 155, badges: { unverified: 155 } }]);
  });

  it('imports a collection into a new campaign', async () => {
    const { out, io } = captureIo();
    // Its first level is Microban I #44 ('Duh!'), which the sample library holds.
    expect(await runCli(['import', small, '--db', db, '--duplicates', 'import'], io)).toBe(0);
    expect(out.join('\n')).toContain('Imported 2 levels into "Small set"');
  });

  it('import reports rejected levels and exits 1', async () => {
    const bad = join(dir, 'bad.xsb');
    writeFileSync(bad, '#####\n#@$.#\n#####\n\n######\n#@$.@#\n######\n');
    const { err, io } = captureIo();
    expect(await runCli(['import', bad, '--db', db, '--campaign', 'Bad one'], io)).toBe(1);
    expect(err.join('\n')).toContain('push.player.multiple');
  });

  it('verify exits 0 when every level is verified and no par changed, 1 when a par changed', async () => {
    const first = captureIo();
    expect(await runCli(['verify', '--db', db, '--campaign', 'Small set', '--json', '--workers', '2'], first.io)).toBe(0);
    const lines = first.out.map((l) => JSON.parse(l)).filter((l) => 'level' in l);
    expect(lines.map((l) => [l.level, l.status, l.par, l.regression])).toEqual([
      [1, 'verified', 1, false],
      [2, 'verified', 2, false],
    ]);
    // Someone "fixed" a par by hand in the library: CI re-solves and does not trust it.
    const raw = new Database(db);
    raw.prepare("UPDATE verifications SET par = par + 5 WHERE level_id = (SELECT level_id FROM campaign_levels cl JOIN campaigns c ON c.id = cl.campaign_id WHERE c.name = 'Small set' AND cl.position = 2)").run();
    raw.close();
    const second = captureIo();
    expect(await runCli(['verify', '--db', db, '--campaign', 'Small set', '--json'], second.io)).toBe(1);
    const changed = second.out.map((l) => JSON.parse(l)).find((l) => l.level === 2);
    expect(changed).toMatchObject({ par: 2, previousPar: 7, regression: true });
  });

  it('exports a campaign as a JSON bundle a game runtime can load, in campaign order', async () => {
    const out = join(dir, 'small.json');
    const { io } = captureIo();
    expect(await runCli(['export', '--db', db, '--campaign', 'Small set', '--format', 'json', '--out', out], io)).toBe(0);
    const bundle = JSON.parse(readFileSync(out, 'utf8'));
    expect(bundle.campaign).toBe('Small set');
    expect(bundle.levels.map((l: { name: string; par: number }) => [l.name, l.par])).toEqual([
      ['one', 1],
      ['two', 2],
    ]);
    expect(bundle.levels[0]).toMatchObject({ kind: 'push', board: ['#####', '#@$.#', '#####'], pushes: 1, solution: 'R' });
    expect(bundle.levels[0].rulesFingerprint).toMatch(/^push@1:/);
  });

  it('exports SOK that imports back to the same boards', async () => {
    const out = join(dir, 'small.sok');
    expect(await runCli(['export', '--db', db, '--campaign', 'Small set', '--format', 'sok', '--out', out], captureIo().io)).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('#@$.#');
    const { out: lines, io } = captureIo();
    expect(await runCli(['import', out, '--db', db, '--campaign', 'Round trip', '--duplicates', 'import'], io)).toBe(0);
    expect(lines.join('\n')).toContain('Imported 2 levels');
  });

  it('exits 2 with a message on usage errors', async () => {
    for (const argv of [['campaigns'], ['export', '--db', db, '--campaign', 'Nope', '--format', 'json', '--out', join(dir, 'x')], ['export', '--db', db, '--format', 'xml'], ['import', '--db', db], ['verify', '--db', db, '--campaign', 'Nope']]) {
      const { err, io } = captureIo();
      expect(await runCli(argv, io), argv.join(' ')).toBe(2);
      expect(err.length).toBeGreaterThan(0);
    }
    const garbage = join(dir, 'garbage.sqlite');
    writeFileSync(garbage, 'this is not a database at all, not even close'.repeat(100));
    const { err, io } = captureIo();
    expect(await runCli(['campaigns', '--db', garbage], io)).toBe(2);
    expect(err.join('\n')).toMatch(/not a Gridwright library|not a database/);
  });
});
