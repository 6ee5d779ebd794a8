/**
 * `cli maze bake` and `cli bots` in the formats issue 25 gives: the bake's JSON lines (a chapter
 * row, a line per sieve, bakeSeconds) and the campaign it stores in chapters; the bots' line per
 * level (runs-once bots pass or not, the blind explorer's pass rate over 15 runs).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { captureIo } from '../support/cli-io.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('cli-maze');
const db = join(dir, 'library.gridwright');

describe('cli maze bake and bots', () => {
  it('bakes a chapter into a new campaign and prints its row, the sieves and the time as JSON lines', async () => {
    const { out, io } = captureIo();
    expect(await runCli(['maze', 'bake', '--db', db, '--chapters', '4', '--json'], io)).toBe(0);
    const lines = out.map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ chapter: 4, name: 'Boulders', levels: 6, tightness: 0.8 });
    const [row] = lines;
    expect(row.shortest[0]).toBeGreaterThanOrEqual(46);
    expect(row.shortest[1]).toBeLessThanOrEqual(64);
    expect(row.stepLimit[0]).toBe(Math.floor(row.shortest[0] / 0.8 + 1e-9));
    expect(row.blindPassRate).toBeGreaterThanOrEqual(0);
    expect(lines.slice(1, 7).map((l) => l.sieve)).toEqual(['astar', 'step-window', 'greedy', 'wall-followers', 'blind', 'necessity']);
    expect(lines[7]).toEqual({ bakeSeconds: expect.any(Number) });
    // The new library seeded Echo Halls; the bake is a second campaign beside it.
    const listed = captureIo();
    await runCli(['campaigns', '--db', db], listed.io);
    expect(listed.out).toContain('Echo Halls (2) (maze): 6 levels');
  }, 120_000);

  it('plays every level of a campaign with the kind\'s bots', async () => {
    const { out, io } = captureIo();
    expect(await runCli(['bots', '--db', db, '--campaign', 'Echo Halls (2)', '--json'], io)).toBe(0);
    const lines = out.map((l) => JSON.parse(l));
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      expect(Object.keys(line.bots)).toEqual(['greedy', 'left-hand', 'right-hand', 'blind']);
      // The bake kept no level greedy or a wall follower wins.
      expect(line.bots.greedy).toEqual({ passed: false });
      expect(line.bots['left-hand']).toEqual({ passed: false });
      expect(line.bots.blind).toMatchObject({ runs: 15, passRate: expect.any(Number) });
    }
    const text = captureIo();
    expect(await runCli(['bots', '--db', db, '--campaign', 'Microban I'], text.io)).toBe(2);
  }, 120_000);
});
