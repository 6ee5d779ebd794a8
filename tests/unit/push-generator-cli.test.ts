/**
 * `cli generate push`: levels stored as a campaign with their provenance, verified in the library,
 * printed with the per-sieve counts; bad options refused with exit 2.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { campaignLevelIds } from '../../src-main/library/campaigns.ts';
import { listCampaignSummaries } from '../../src-main/library/campaign-views.ts';
import { openDatabase } from '../../src-main/library/db.ts';
import { getLevel } from '../../src-main/library/levels.ts';
import { captureIo } from '../support/cli-io.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('cli-generate');
const db = join(dir, 'library.sqlite');

describe('cli generate', () => {
  it('stores the levels in a new campaign, verified, and prints each level and the sieve counts', async () => {
    const { out, io } = captureIo();
    expect(await runCli(['generate', 'push', '--seed', 'cli', '--count', '3', '--mode', 'normal', '--par', '10-30', '--boxes', '2', '--db', db, '--campaign', 'From the CLI', '--json'], io)).toBe(0);
    const lines = out.map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    for (const level of lines.slice(0, 3)) {
      expect(level.optimal).toBe(true);
      expect(level.par).toBeGreaterThanOrEqual(10);
      expect(level.par).toBeLessThanOrEqual(30);
    }
    const summary = lines[3];
    expect(summary.campaign).toBe('From the CLI');
    expect(summary.statistics.sieves.map((s: { id: string }) => s.id)).toContain('proof');
    expect(summary.statistics.kept).toBe(3);

    const { db: library } = openDatabase(db);
    try {
      const campaign = listCampaignSummaries(library).find((c) => c.name === 'From the CLI')!;
      expect(campaign.badges).toEqual({ verified: 3 });
      const level = getLevel(library, campaignLevelIds(library, campaign.id)[0])!;
      expect(level.source).toBe('generated');
      expect(level.provenance).toMatchObject({ generator: 'push-reverse', version: 1, seed: 'cli' });
      expect((level.doc.notes as Record<string, string>).candidate).toMatch(/^\d+$/);
    } finally {
      library.close();
    }
  });

  it('the same seed and options make the same levels in a fresh library, and others where the library has them', async () => {
    const run = async (path: string) => {
      const { out, io } = captureIo();
      expect(await runCli(['generate', 'push', '--seed', 'again', '--count', '2', '--db', path, '--json'], io)).toBe(0);
      return out.slice(0, 2).map((l) => JSON.stringify(JSON.parse(l).board));
    };
    const first = await run(join(dir, 'a.sqlite'));
    expect(await run(join(dir, 'b.sqlite'))).toEqual(first);
    // The library holds them now: a new campaign adds no level it already has.
    const again = await run(join(dir, 'a.sqlite'));
    expect(again.filter((board) => first.includes(board))).toEqual([]);
  });

  it('refuses bad options with exit 2 and a reason', async () => {
    const cases: [string[], RegExp][] = [
      [['generate', 'push', '--count', '2', '--db', db], /--seed S is required/],
      [['generate', 'push', '--seed', 's', '--db', db], /--count N is required/],
      [['generate', 'push', '--seed', 's', '--count', '2', '--par', 'ten', '--db', db], /--par must be MIN-MAX/],
      [['generate', 'push', '--seed', 's', '--count', '2', '--mode', 'insane', '--db', db], /Generator parameters refused: mode/],
      [['generate', 'push', '--seed', 's', '--count', '2', '--par', '30-20', '--db', db], /par window is empty/],
      [['generate', 'tetris', '--seed', 's', '--count', '2', '--db', db], /No generator for 'tetris'/],
    ];
    for (const [argv, message] of cases) {
      const { out, err, io } = captureIo();
      expect(await runCli(argv, io), argv.join(' ')).toBe(2);
      expect([...out, ...err].join('\n')).toMatch(message);
    }
  });
});
