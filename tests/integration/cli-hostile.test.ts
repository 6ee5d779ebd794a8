/**
 * The CLI's `import` and `solve` on hostile files (issue 14 §2): a clear refusal with the reason
 * and exit 2, never "Internal error" and a stack trace; the same refusal from both commands.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { captureIo } from '../support/cli-io.ts';
import { encode, hostileFile, type Encoding } from '../support/hostile-files.ts';
import { REPO_ROOT } from '../support/data.ts';
import { tempDir, throwawayDefaultLibrary } from '../support/temp-library.ts';

const dir = tempDir('cli-hostile');
const db = join(dir, 'library.sqlite');
const GOOD_JSON = JSON.stringify({ format: 'gridwright.push/1', levels: [{ board: ['#####', '#@$.#', '#####'] }] });
const STACK = /\n\s+at |Internal error/;

// Commands that fall back on the default library find a throwaway one here, not the user's.
throwawayDefaultLibrary(dir);

function file(name: string, bytes: Uint8Array | string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** Random bytes that hold no board, from a fixed seed. */
function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let x = 2463534242;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

const utf16NoMark = Uint8Array.from(encode(GOOD_JSON, 'utf-16le').subarray(2));

describe('cli import and solve refuse hostile files with the reason', () => {
  const refused: { name: string; bytes: Uint8Array | string; reason: RegExp }[] = [
    { name: 'random.json', bytes: randomBytes(4096), reason: /is not JSON|UTF-(16|32)/ },
    { name: 'wide.json', bytes: utf16NoMark, reason: /looks like UTF-16 text/ },
    { name: 'nul.sok', bytes: '\0\0\0\0#####\0\0\0', reason: /looks like UTF-(16|32) text/ },
    { name: 'chess.json', bytes: JSON.stringify({ format: 'gridwright.chess/1', levels: [] }), reason: /format "gridwright\.chess\/1", which no puzzle kind/ },
    { name: 'deep.json', bytes: `{"format":${'['.repeat(6000)}${']'.repeat(6000)}}`, reason: /nests arrays and objects more than 64 deep/ },
  ];
  for (const c of refused) {
    it(`${c.name}: exit 2 with the reason, from import and from solve`, async () => {
      const path = file(c.name, c.bytes);
      for (const argv of [['import', path, '--db', db], ['solve', path]]) {
        const { err, io } = captureIo();
        expect(await runCli(argv, io), argv[0]).toBe(2);
        expect(err.join('\n')).toMatch(c.reason);
        expect(err.join('\n')).not.toMatch(STACK);
      }
    });
  }

  it('a tagged JSON file named .txt is read by its content (formats are picked by content; the ending breaks ties)', async () => {
    const path = file('json.txt', GOOD_JSON);
    const imported = captureIo();
    expect(await runCli(['import', path, '--db', db, '--duplicates', 'import'], imported.io)).toBe(0);
    expect(imported.out).toEqual(['Imported 1 level into "json".']);
    const solved = captureIo();
    expect(await runCli(['solve', path, '--json'], solved.io)).toBe(0);
    expect(JSON.parse(solved.out[0])).toMatchObject({ status: 'solved', moves: 1 });
  });

  it('UTF-16 and UTF-32 files with a byte-order mark are read', async () => {
    for (const encoding of ['utf-8-bom', 'utf-16le', 'utf-16be', 'utf-32le', 'utf-32be'] satisfies Encoding[]) {
      const path = file(`good-${encoding}.json`, encode(GOOD_JSON, encoding));
      const imported = captureIo();
      // The same level in every encoding (and Microban I #44 of the samples): imported again each time.
      expect(await runCli(['import', path, '--db', db, '--duplicates', 'import'], imported.io), encoding).toBe(0);
      expect(imported.out).toEqual([`Imported 1 level into "good-${encoding}".`]);
      const solved = captureIo();
      expect(await runCli(['solve', path, '--json'], solved.io), encoding).toBe(0);
      expect(JSON.parse(solved.out[0])).toMatchObject({ status: 'solved', moves: 1 });
    }
  });

  it('any hostile file: exit 0, 1 or 2 and never a stack trace, from both commands', async () => {
    await fc.assert(
      fc.asyncProperty(hostileFile, async ({ name, text }) => {
        const path = file(`fuzz-${name.replace(/[/\\]/g, '_')}`, text);
        for (const argv of [['import', path, '--db', db], ['solve', path, '--budget', '2000']]) {
          const { out, err, io } = captureIo();
          const code = await runCli(argv, io);
          if (![0, 1, 2].includes(code)) throw new Error(`exit ${code}`);
          if (STACK.test([...out, ...err].join('\n'))) throw new Error(`a stack trace: ${err.join('\n').slice(0, 300)}`);
          if (code === 2 && err.length === 0) throw new Error('exit 2 without a message');
        }
      }),
      { seed: 14_4_2026, numRuns: 120 },
    );
  });

  it('the real process prints the refusal of the 12 KB nested file, no stack trace', () => {
    const path = file('deep-process.json', `{"format":${'['.repeat(6000)}${']'.repeat(6000)}}`);
    for (const argv of [['import', path, '--db', db], ['solve', path]]) {
      const run = spawnSync(process.execPath, ['src-main/host/cli.ts', ...argv], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, GRIDWRIGHT_LIBRARY: join(dir, 'default-library.sqlite') } });
      expect(run.status, argv[0]).toBe(2);
      expect(run.stderr).toMatch(/json\.too-deep/);
      expect(run.stderr).not.toMatch(STACK);
    }
  });
});
