/**
 * `cli solve` on block-tray levels (a score to maximise): the JSON names the par by its neutral
 * `value` in points with `sense: maximise` and leaves the push-era `moves` empty (a block game's
 * placements are not its par); the human line says points.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { captureIo } from '../support/cli-io.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('cli-blocks');

const PUZZLE = [
  'Title: Corner',
  'Goal: score 60',
  'Tray: #/# #/#',
  'Tray: ### #/#',
  '.#######',
  '#.######',
  '###.###.',
  '####.##.',
  '######..',
  '##.####.',
  '##.##.#.',
  '##.##.#.',
  '',
].join('\n');

describe('cli solve on a block-tray puzzle', () => {
  it('JSON: value in points, maximised, moves null; figures by objective', async () => {
    const file = join(dir, 'corner.blocks');
    writeFileSync(file, PUZZLE);
    const json = captureIo();
    expect(await runCli(['solve', file, '--json'], json.io)).toBe(0);
    const line = JSON.parse(json.out[0]) as Record<string, unknown>;
    // A nearly full board leaves few placements, so the search proves the best score quickly.
    expect(line).toMatchObject({ status: 'solved', value: 89, par: 89, unit: 'point', sense: 'maximise', figures: { score: 89 }, moves: null, pushes: null, optimal: true });
    expect(line.solution).toBe('0@7,2 1@5,6 0@5,4 1@4,3');
  });

  it('the human line says points', async () => {
    const file = join(dir, 'corner2.blocks');
    writeFileSync(file, PUZZLE);
    const human = captureIo();
    expect(await runCli(['solve', file], human.io)).toBe(0);
    expect(human.out[0]).toMatch(/^level 1 \(Corner\): solved, par 89 points \(optimal\)/);
  });
});
