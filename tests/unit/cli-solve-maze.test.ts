/**
 * `cli solve` speaks each kind's own objectives: a maze's par in steps (no moves or pushes), a
 * push level's in moves and pushes, a sliding board's in moves only; and a maze saved as `.txt`
 * is read as a maze.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { captureIo } from '../support/cli-io.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('cli-maze');

describe('cli solve in the kind\'s words', () => {
  it('a maze level (saved as .txt): par in steps, a jump counted 2, figures by objective in JSON', async () => {
    const file = join(dir, 'halls.txt');
    writeFileSync(file, ['Title: Halls', '', 'Title: jump', '########', '#f@x..X#', '########', ''].join('\n'));
    const human = captureIo();
    expect(await runCli(['solve', file], human.io)).toBe(0);
    expect(human.out[0]).toMatch(/^level 1 \(jump\): solved, par 6 steps \(optimal\); \d+ nodes?, \d+ ms$/);
    expect(human.out.join('\n')).not.toMatch(/move|push/);
    const json = captureIo();
    expect(await runCli(['solve', file, '--json'], json.io)).toBe(0);
    expect(JSON.parse(json.out[0])).toMatchObject({ status: 'solved', par: 6, value: 6, unit: 'step', sense: 'minimise', moves: null, pushes: null, figures: { steps: 6 }, optimal: true });
  });

  it('push keeps moves and pushes; sliding says moves only', async () => {
    const push = join(dir, 'one.sok');
    writeFileSync(push, '#####\n#@$.#\n#####\n');
    const pushed = captureIo();
    expect(await runCli(['solve', push], pushed.io)).toBe(0);
    expect(pushed.out[0]).toMatch(/^level 1: solved, par 1 move, 1 push \(optimal\)/);
    const tiles = join(dir, 'two.tiles');
    writeFileSync(tiles, '1 2\n0 3\n');
    const slid = captureIo();
    expect(await runCli(['solve', tiles], slid.io)).toBe(0);
    expect(slid.out[0]).toMatch(/^level 1: solved, par 1 move \(optimal\)/);
  });
});
