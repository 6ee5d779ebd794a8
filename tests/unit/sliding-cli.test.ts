import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { REPO_ROOT } from '../support/data.ts';
import { tempDir } from '../support/temp-library.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), resolvePath: (p: string) => p } };
}

// Solver tables go beside a throwaway library, not the user's.
const dir = tempDir('sliding-cli');
const library = join(dir, 'library.sqlite');
let previous: string | undefined;
beforeAll(() => {
  previous = process.env.GRIDWRIGHT_LIBRARY;
  process.env.GRIDWRIGHT_LIBRARY = library;
});
afterAll(() => {
  if (previous === undefined) delete process.env.GRIDWRIGHT_LIBRARY;
  else process.env.GRIDWRIGHT_LIBRARY = previous;
});

const KORF_12 = '14,1,9,6,4,8,12,5,7,2,3,0,10,11,13,15';

describe('CLI: solve-tiles', () => {
  it('prints status, moves, the blank\'s directions, nodes and ms as JSON; exit 0 when solved', async () => {
    const c = capture();
    expect(await runCli(['solve-tiles', '--tiles', '8,6,7,2,5,4,3,0,1', '--json'], c.io)).toBe(0);
    const line = JSON.parse(c.out[0]);
    expect(line).toMatchObject({ status: 'solved', moves: 31, optimal: true, solver: 'sliding-table/1' });
    expect(line.solution).toMatch(/^[udlr]{31}$/);
    expect(typeof line.nodes).toBe('number');
    expect(typeof line.ms).toBe('number');
    // The 3x3 table was kept beside the library.
    expect(existsSync(join(dir, 'tables', 'sliding-3x3-distances-v1.bin'))).toBe(true);
  });

  it('solves a 4x4 with the blank-first goal (Korf 12, 45 moves) without tables', async () => {
    const c = capture();
    expect(await runCli(['solve-tiles', '--tiles', KORF_12, '--goal', 'blank-first', '--no-tables', '--json'], c.io)).toBe(0);
    expect(JSON.parse(c.out[0])).toMatchObject({ status: 'solved', moves: 45, optimal: true });
  });

  it('exit 1 for an unsolvable board (with the parity reason) and for an exceeded budget', async () => {
    const c = capture();
    expect(await runCli(['solve-tiles', '--tiles', '1,2,3,4,5,6,8,7,0', '--json'], c.io)).toBe(1);
    expect(JSON.parse(c.out[0])).toMatchObject({ status: 'unsolvable', moves: null, solution: null });
    expect(JSON.parse(c.out[0]).reason).toMatch(/inversion/);
    const b = capture();
    expect(await runCli(['solve-tiles', '--tiles', KORF_12, '--goal', 'blank-first', '--budget', '3', '--no-tables', '--json'], b.io)).toBe(1);
    expect(JSON.parse(b.out[0]).status).toBe('budget');
  });

  it('exit 2 for usage errors', async () => {
    for (const argv of [
      ['solve-tiles'],
      ['solve-tiles', '--tiles', '1,2,3'],
      ['solve-tiles', '--tiles', '1,2,3,4,5,6,7,7,0'],
      ['solve-tiles', '--tiles', '1,2,x,0'],
      ['solve-tiles', '--tiles', '1,2,3,0', '--goal', 'sideways'],
      ['solve-tiles', '--tiles', '1,2,3,0', '--budget', '0'],
      ['solve-tiles', '--tiles', '1,2,3,0', '--colour'],
    ]) {
      const c = capture();
      expect(await runCli(argv, c.io), argv.join(' ')).toBe(2);
      expect(c.err.join('\n').length).toBeGreaterThan(0);
    }
  });

  it('is listed in the usage', async () => {
    const c = capture();
    await runCli(['help'], c.io);
    expect(c.out.join('\n')).toContain('solve-tiles --tiles');
  });
});

describe('CLI: solve FILE reads sliding JSON', () => {
  it('verifies each level of a sliding collection, reporting invalid ones', async () => {
    const file = join(dir, 'set.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'gridwright.sliding/1',
        levels: [
          { title: 'a', width: 3, height: 3, tiles: [8, 6, 7, 2, 5, 4, 3, 0, 1] },
          { width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 8, 7, 0] },
          { width: 3, height: 2, tiles: [1, 2, 3, 4, 0, 5] },
        ],
      }),
    );
    const c = capture();
    expect(await runCli(['solve', file, '--json'], c.io)).toBe(1);
    const lines = c.out.map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.level, l.status, l.moves])).toEqual([
      [1, 'solved', 31],
      [2, 'invalid', null],
      [3, 'solved', 1],
    ]);
    expect(lines[1].diagnostics[0].code).toBe('sliding.unsolvable');
  });

  it('runs as `npm run cli -- solve-tiles` with the documented output', () => {
    const run = spawnSync(process.execPath, ['src-main/host/cli.ts', 'solve-tiles', '--tiles', '1,2,3,4,0,6,7,5,8', '--json'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, GRIDWRIGHT_LIBRARY: library },
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'solved', moves: 2, solution: 'dr' });
  });
});
