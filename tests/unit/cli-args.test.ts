/**
 * The CLI's flags (node:util parseArgs underneath) and its command registry: known flags only,
 * a clear usage error (exit 2) for anything else, every registered command listed in the usage,
 * and counts in messages with their right plural.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { captureIo } from '../support/cli-io.ts';
import { UsageError, parseArgs } from '../../src-main/host/cli/args.ts';
import { CLI_COMMANDS } from '../../src-main/host/cli/commands.ts';
import { countOf, unlistedProblems } from '../../src-shared/engine/text/wording.ts';
import { freshTempDir } from '../support/temp-library.ts';

const SPEC = { level: 'string', json: 'boolean' } as const;
const usageError = (argv: string[]): string => {
  try {
    parseArgs(argv, SPEC);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`no usage error for ${argv.join(' ')}`);
};

describe('cli flags', () => {
  it('reads string flags (spaced or with =), switches and positionals in any order', () => {
    expect(parseArgs(['a.xsb', '--level', '3', '--json'], SPEC)).toEqual({ positional: ['a.xsb'], flags: { level: '3', json: true } });
    expect(parseArgs(['--level=4', 'a.xsb'], SPEC)).toEqual({ positional: ['a.xsb'], flags: { level: '4' } });
    // The last of a repeated flag wins; a value may start with one dash (a negative number).
    expect(parseArgs(['--level', '1', '--level', '-5'], SPEC).flags.level).toBe('-5');
  });

  it('refuses an unknown flag, a missing value and a value given to a switch, by name', () => {
    expect(usageError(['--frobnicate'])).toBe('Unknown option --frobnicate.');
    expect(usageError(['--frobnicate=1'])).toBe('Unknown option --frobnicate.');
    expect(usageError(['a.xsb', '--level'])).toBe('--level needs a value.');
    expect(usageError(['--level', '--json'])).toBe('--level needs a value.');
    expect(usageError(['--json=yes'])).toBe('--json takes no value.');
    expect(usageError(['--__proto__', 'x'])).toBe('Unknown option --__proto__.');
  });

  it('takes arguments with one dash as positional, as written, and -- as the end of flags', () => {
    expect(parseArgs(['-', '-abc', '-5'], SPEC).positional).toEqual(['-', '-abc', '-5']);
    expect(parseArgs(['--json', '--', '--level'], SPEC)).toEqual({ positional: ['--level'], flags: { json: true } });
  });
});

describe('cli commands', () => {
  it('lists every registered command in the usage, in registration order', async () => {
    const { out, io } = captureIo();
    expect(await runCli(['help'], io)).toBe(0);
    const usage = out.join('\n');
    const at = CLI_COMMANDS.map((c) => usage.indexOf(`  ${c.usage}`));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(CLI_COMMANDS.map((c) => c.name)).toEqual(['solve', 'solve-tiles', 'campaigns', 'campaign', 'import', 'export', 'verify', 'generate', 'maze', 'bots', 'budget', 'rules', 'recordings', 'replay', 'schema', 'blocks']);
    // No command: the usage, and exit 2.
    expect(await runCli([], captureIo().io)).toBe(2);
  });

  it('every command refuses an unknown flag and a flag without its value with exit 2', async () => {
    for (const command of CLI_COMMANDS) {
      const unknown = captureIo();
      expect(await runCli([command.name, '--no-such-flag'], unknown.io), command.name).toBe(2);
      expect(unknown.err.join('\n')).toBe('Unknown option --no-such-flag.');
      const needsValue = Object.entries(command.flags).find(([, type]) => type === 'string');
      if (!needsValue) continue;
      const missing = captureIo();
      expect(await runCli([command.name, `--${needsValue[0]}`], missing.io), command.name).toBe(2);
      expect(missing.err.join('\n')).toBe(`--${needsValue[0]} needs a value.`);
    }
  });

  it('says "1 level" and "2 levels", never "1 levels"', async () => {
    expect([countOf(1, 'level'), countOf(2, 'level'), countOf(0, 'level'), countOf(1, 'push', 'pushes'), countOf(3, 'push', 'pushes')]).toEqual(['1 level', '2 levels', '0 levels', '1 push', '3 pushes']);
    expect(unlistedProblems(1)).toBe('1 more problem was not listed.');
    expect(unlistedProblems(2)).toBe('2 more problems were not listed.');

    const dir = freshTempDir('cli-plural');
    const db = join(dir, 'library.sqlite');
    const one = join(dir, 'one.xsb');
    writeFileSync(one, 'Title: One\n\n#####\n#@$.#\n#####\n');
    const imported = captureIo();
    // The level is Microban I #44, which the sample library holds.
    expect(await runCli(['import', one, '--db', db, '--duplicates', 'import'], imported.io)).toBe(0);
    expect(imported.out).toEqual(['Imported 1 level into "One".']);
    const listed = captureIo();
    expect(await runCli(['campaigns', '--db', db], listed.io)).toBe(0);
    expect(listed.out).toEqual(['Microban I (push): 155 levels', 'Warehouse 100 (push): 100 levels', 'Block Peak Sampler (blocks): 6 levels', 'Echo Halls (maze): 48 levels', 'One (push): 1 level']);
    const exported = captureIo();
    expect(await runCli(['export', '--db', db, '--campaign', 'One', '--format', 'sok', '--out', join(dir, 'one.sok')], exported.io)).toBe(0);
    expect(exported.out).toEqual([`Wrote 1 level of "One" to ${join(dir, 'one.sok')}.`]);
    const solved = captureIo();
    expect(await runCli(['solve', one], solved.io)).toBe(0);
    expect(solved.out[0]).toMatch(/^level 1: solved, par 1 move, 1 push \(optimal\); \d+ nodes?, \d+ ms$/);
    const level = captureIo();
    expect(await runCli(['solve', one, '--level', '2'], level.io)).toBe(2);
    expect(level.err).toEqual(['--level 2: the file has 1 level.']);
    const verified = captureIo();
    expect(await runCli(['verify', '--db', db, '--campaign', 'One', '--workers', '1'], verified.io)).toBe(0);
    expect(verified.out).toEqual(['One: 1 level verified with 1 worker', 'All levels verified; no par changed.']);
  });
});
