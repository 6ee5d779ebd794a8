/**
 * The CLI's limits are the API's (issue 22): names, seeds and notes go through the same schemas,
 * run as a process.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { captureIo } from '../support/cli-io.ts';
import { REPO_ROOT } from '../support/data.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('cli-limits');
const db = join(dir, 'library.sqlite');
const STACK = /\n\s+at |Internal error/;

function cli(...argv: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, ['src-main/host/cli.ts', ...argv], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, GRIDWRIGHT_LIBRARY: join(dir, 'default-library.sqlite') } });
}

describe('cli text limits', () => {
  const config = join(dir, 'rules.json');
  writeFileSync(config, '{}');
  const levels = join(dir, 'one.json');
  writeFileSync(levels, JSON.stringify({ format: 'gridwright.push/1', levels: [{ board: ['#####', '#@$.#', '#####'] }] }));

  it.each([
    ['an empty seed', ['generate', 'push', '--seed', '', '--count', '1', '--db', db], /--seed must not be empty/],
    ['a 100,000-character seed', ['generate', 'push', '--seed', 's'.repeat(100_000), '--count', '1', '--db', db], /--seed must be at most 200 characters/],
    ['a seed with a right-to-left override', ['generate', 'push', '--seed', 'abc\u202etxt', '--count', '1', '--db', db], /--seed must not hold control or bidirectional-override characters/],
    ['a 10,000-character campaign name', ['generate', 'push', '--seed', 's', '--count', '1', '--db', db, '--campaign', 'c'.repeat(10_000)], /--campaign must be at most 200 characters/],
    ['an imported campaign named with an isolate', ['import', levels, '--db', db, '--campaign', 'x\u2066y'], /--campaign must not hold control/],
    ['a 100 KB rules note', ['rules', 'set', '--db', db, '--campaign', 'Microban I', '--config', config, '--note', 'n'.repeat(100_000)], /--note must be at most 500 characters/],
    ['a rules note with an escape character', ['rules', 'set', '--db', db, '--campaign', 'Microban I', '--config', config, '--note', 'a\u001b[2Jb'], /--note must not hold control/],
  ])('refuses %s with exit 2, as the API does', (_what, argv, message) => {
    const run = cli(...argv);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(STACK);
  });

  it('refuses a chapter name with a bidirectional override', async () => {
    const { io, err } = captureIo();
    expect(await runCli(['campaign', 'chapter', 'add', '--db', db, '--campaign', 'Microban I', '--name', 'Part\u202e1', '--from', '1'], io)).toBe(2);
    expect(err.join('\n')).toMatch(/--name must not hold control/);
  });
});
