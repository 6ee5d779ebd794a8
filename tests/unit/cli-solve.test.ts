import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { captureIo } from '../support/cli-io.ts';
import { MICROBAN_PATH, REPO_ROOT } from '../support/data.ts';
import { tempDir } from '../support/temp-library.ts';
import { defaultPushRules } from '../../src-shared/rulesets/push/kind.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { PUSH_SETS, pushSetLevels } from '../support/push-sets.ts';

const dir = tempDir('cli');
const mixed = join(dir, 'mixed.sok');
writeFileSync(
  mixed,
  [
    '; good',
    '',
    '#####',
    '#@$.#',
    '#####',
    '',
    '; two players',
    '',
    '######',
    '#@$.@#',
    '######',
    '',
    '; unknown symbol',
    '',
    '#####',
    '#@$X.#',
    '#####',
    '',
  ].join('\n'),
);

describe('cli solve', () => {
  it('prints one JSON line per level with the stable fields', async () => {
    const { out, io } = captureIo();
    const code = await runCli(['solve', MICROBAN_PATH, '--level', '2', '--json'], io);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    const line = JSON.parse(out[0]);
    expect(line).toMatchObject({ level: 2, title: '2', status: 'solved', moves: 16, pushes: 3, solution: 'rddLruulDuullddR', optimal: true });
    // The neutral name of the par, with the unit and sense it reads in.
    expect(line).toMatchObject({ par: 16, value: 16, unit: 'move', sense: 'minimise', figures: { moves: 16, pushes: 3 } });
    expect(typeof line.nodes).toBe('number');
    expect(typeof line.ms).toBe('number');
  });

  it('--parts 2 verifies a level in two worker threads at once and keeps the best: a full-size level in two races, any other as one solve', async () => {
    // XSokoban 2 (full-size) at a state budget: each thread verifies one part, as verifyLevel does here.
    const xsokoban = PUSH_SETS.xsokoban;
    const rules = defaultPushRules();
    const input = pushSetLevels('xsokoban')[1];
    const parts = [0, 1].map((index) => verifyLevel(rules, input, { budget: 150_000, part: { index, of: 2 } }));
    const { out, io } = captureIo();
    expect(await runCli(['solve', xsokoban, '--level', '2', '--budget', '150000', '--parts', '2', '--json'], io)).toBe(0);
    const line = JSON.parse(out[0]);
    expect(line).toMatchObject({ level: 2, status: 'solved', optimal: false, moves: Math.min(parts[0].par!, parts[1].par!) });
    expect(line.nodes).toBe(parts[0].nodes + parts[1].nodes);
    // Microban 60: the first part is the one solve, its proof kept.
    const single = captureIo();
    await runCli(['solve', MICROBAN_PATH, '--level', '60', '--json'], single.io);
    const split = captureIo();
    await runCli(['solve', MICROBAN_PATH, '--level', '60', '--parts', '2', '--json'], split.io);
    const { ms: _oneMs, ...one } = JSON.parse(single.out[0]);
    const { ms: _splitMs, ...two } = JSON.parse(split.out[0]);
    expect(two).toEqual(one);
    const bad = captureIo();
    expect(await runCli(['solve', MICROBAN_PATH, '--level', '60', '--parts', '17'], bad.io)).toBe(2);
    expect(bad.err.join('\n')).toMatch(/--parts must be at most 16/);
  });

  it('reports bad levels by their number in the file and exits 1', async () => {
    const { out, io } = captureIo();
    const code = await runCli(['solve', mixed, '--json'], io);
    expect(code).toBe(1);
    const lines = out.map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.level, l.status])).toEqual([
      [1, 'solved'],
      [2, 'invalid'],
      [3, 'invalid'],
    ]);
    expect(lines[1].diagnostics[0].code).toBe('push.player.multiple');
    // A lint problem names the line of its board row, not only the cell.
    expect(lines[1].diagnostics[0]).toMatchObject({ cell: { x: 4, y: 1 }, line: 10 });
    expect(lines[2].diagnostics[0].code).toBe('xsb.board.symbol');
    expect(lines[2].diagnostics[0].line).toBe(16);
    // A rejected level keeps the title the file gives it.
    expect(lines.map((l) => l.title)).toEqual(['good', 'two players', 'unknown symbol']);
    for (const l of lines) expect(Object.keys(l).slice(0, 8)).toEqual(['level', 'title', 'status', 'moves', 'pushes', 'solution', 'nodes', 'ms']);
  });

  it('reports a budget that runs out as its own status', async () => {
    const { out, io } = captureIo();
    const code = await runCli(['solve', MICROBAN_PATH, '--level', '153', '--budget', '2000', '--json'], io);
    expect(code).toBe(1);
    const line = JSON.parse(out[0]);
    expect(line.status).toBe('budget');
    // What the search did prove: par is at least this.
    expect(line.lowerBound).toBeGreaterThan(0);
  });

  it('prints the JSON Schema of a kind\'s level or config documents', async () => {
    const level = captureIo();
    expect(await runCli(['schema', 'push'], level.io)).toBe(0);
    expect(JSON.parse(level.out.join('\n'))).toMatchObject({ type: 'object', required: ['board'] });
    const config = captureIo();
    expect(await runCli(['schema', 'push', 'config'], config.io)).toBe(0);
    expect(JSON.parse(config.out.join('\n')).properties.pushStrength).toMatchObject({ default: 1 });
    const sliding = captureIo();
    expect(await runCli(['schema', 'sliding', 'level'], sliding.io)).toBe(0);
    expect(JSON.parse(sliding.out.join('\n')).type).toBe('object');
    for (const bad of [['schema'], ['schema', 'chess'], ['schema', 'push', 'board']]) {
      const { err, io } = captureIo();
      expect(await runCli(bad, io)).toBe(2);
      expect(err.join('\n').length).toBeGreaterThan(0);
    }
  });

  it('exits 2 with a readable message on usage and file errors', async () => {
    for (const argv of [
      ['solve'],
      ['solve', MICROBAN_PATH, '--budget', 'lots'],
      ['solve', MICROBAN_PATH, '--level', '999'],
      ['solve', MICROBAN_PATH, '--frobnicate'],
      ['solve', join(dir, 'missing.xsb')],
      ['solve', MICROBAN_PATH, '--objective', 'speed'],
      ['dance'],
    ]) {
      const { err, io } = captureIo();
      expect(await runCli(argv, io), argv.join(' ')).toBe(2);
      expect(err.join('\n')).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
      expect(err.length).toBeGreaterThan(0);
    }
  });

  it('runs as a real process through npm run cli with the caller’s relative paths', () => {
    // npm runs the script in the package folder; the file name is relative to where npm was run.
    const result = spawnSync('npm', ['--prefix', REPO_ROOT, 'run', '--silent', 'cli', '--', 'solve', 'mixed.sok', '--level', '1', '--json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ level: 1, status: 'solved', moves: 1 });
    const human = execFileSync(process.execPath, ['src-main/host/cli.ts', 'solve', MICROBAN_PATH, '--level', '1'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(human).toContain('level 1 (1): solved, par 33 moves, 8 pushes (optimal)');
  });
});
