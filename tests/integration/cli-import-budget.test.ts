/**
 * The CLI's side of issues 13 and 14: `import` never duplicates without `--duplicates`, `budget`
 * gives a level its own state budget which `verify` uses, a par bound passes `verify` unless
 * `--require-optimal`, and `export` refuses an empty campaign.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { tablesDirFor } from '../../src-main/studio/paths.ts';
import { createCampaign, openLibrary, resolveResourcesDir } from '../../src-main/library/library.ts';
import { captureIo } from '../support/cli-io.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('cli-budget');
const db = join(dir, 'library.sqlite');
const pair = join(dir, 'pair.xsb');
writeFileSync(pair, ['Title: Pair', '', '#######', '#@ $ .#', '#######', 'Title: a', '', '########', '#@$   .#', '########', 'Title: b', ''].join('\n'));
/** Microban I #5 alone: at 1000 states a solution (27 moves) but no proof; at 200, none. */
const five = join(dir, 'five.xsb');
writeFileSync(five, ['Title: Five', '', ' #######', ' #     #', ' # .$. #', '## $@$ #', '#  .$. #', '#      #', '########', ''].join('\n'));

async function run(argv: string[]) {
  const { out, err, io } = captureIo();
  const code = await runCli(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n'), lines: out };
}

describe('cli import and duplicates', () => {
  it('a first import goes in; the same file again imports nothing, says which levels and where, and exits 1', async () => {
    expect(await run(['import', pair, '--db', db])).toMatchObject({ code: 0, out: 'Imported 2 levels into "Pair".' });
    const again = await run(['import', pair, '--db', db]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('All 2 levels of pair.xsb are already in the library, in "Pair" (2 of them):');
    expect(again.err).toContain('level 1 (a): "Pair" #1');
    expect(again.err).toContain('Nothing was imported: pass --duplicates import');
    expect((await run(['campaigns', '--db', db])).out).not.toContain('Pair (2)');
  });

  it('--duplicates skip imports only what is new (exit 0 when nothing is), --duplicates import imports them again', async () => {
    expect(await run(['import', pair, '--db', db, '--duplicates', 'skip'])).toMatchObject({ code: 0, out: 'Nothing new to import: 2 levels already in the library skipped.' });
    expect(await run(['import', pair, '--db', db, '--duplicates', 'import'])).toMatchObject({ code: 0, out: 'Imported 2 levels into "Pair (2)".' });
    const bad = await run(['import', pair, '--db', db, '--duplicates', 'maybe']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--duplicates must be import or skip');
  });
});

describe('cli budget and verify', () => {
  it('lists the sample library’s own budgets: Microban I #139 and #153', async () => {
    const listed = await run(['budget', '--db', db, '--campaign', 'Microban I']);
    expect(listed.code).toBe(0);
    expect(listed.lines).toEqual([
      'Microban I #139 (139): 500000 states',
      'Microban I #153 (153): 11000000 states',
      '2 levels of "Microban I" with a budget of their own; the others are verified with the default, 400000 states.',
    ]);
  });

  it('sets a level’s budget, which verify uses; a par bound passes, and fails with --require-optimal', async () => {
    // Microban I #5 is in the samples: imported again into a campaign of its own.
    expect((await run(['import', five, '--db', db, '--duplicates', 'import'])).code).toBe(0);
    expect((await run(['budget', '--db', db, '--campaign', 'Five', '--level', '1'])).out).toBe('Five #1: the default, 400000 states');
    expect((await run(['budget', '--db', db, '--campaign', 'Five', '--level', '1', '--states', '1000'])).out).toBe('Five #1: 1000 states');
    const bound = await run(['verify', '--db', db, '--campaign', 'Five', '--workers', '1']);
    expect(bound.code).toBe(0);
    expect(bound.out).toContain('Five #1: par <= 27 (not proven optimal) (passes; --require-optimal fails it)');
    expect(bound.out).toContain('All levels verified; no par changed (1 par only a bound, not proven optimal).');
    const strict = await run(['verify', '--db', db, '--campaign', 'Five', '--workers', '1', '--require-optimal', '--json']);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.lines[0])).toMatchObject({ level: 1, status: 'verified-bound', par: 27, optimal: false, budget: 1000, regression: true });
    // --clear returns it to the default, which proves the par: 27 -> 25 is a changed par, which fails even for the better.
    expect((await run(['budget', '--db', db, '--campaign', 'Five', '--level', '1', '--clear'])).out).toBe('Five #1: the default, 400000 states');
    const proven = await run(['verify', '--db', db, '--campaign', 'Five', '--workers', '1', '--json']);
    expect(JSON.parse(proven.lines[0])).toMatchObject({ status: 'verified', par: 25, previousPar: 27, budget: null, regression: true });
    expect(proven.code).toBe(1);
    // Too small a budget to find any solution: `budget` status fails verify.
    expect((await run(['budget', '--db', db, '--campaign', 'Five', '--level', '1', '--states', '200'])).code).toBe(0);
    // The proof above kept its optimal line in the solver tables beside the library: a starved
    // search from the same board answers from it, with no search.
    const answered = await run(['verify', '--db', db, '--campaign', 'Five', '--workers', '1']);
    expect(answered.code).toBe(0);
    expect(answered.out).toContain('no par changed');
    // Without the tables it must search, and 200 states find nothing.
    rmSync(tablesDirFor(db), { recursive: true, force: true });
    const starved = await run(['verify', '--db', db, '--campaign', 'Five', '--workers', '1']);
    expect(starved.code).toBe(1);
    expect(starved.out).toContain('Five #1: budget in this run (the library keeps par 25, found before)');
    // The library keeps the proof; the JSON line tells both.
    const again = await run(['verify', '--db', db, '--campaign', 'Five', '--workers', '1', '--json']);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.lines[0])).toMatchObject({ status: 'verified', par: 25, optimal: true, run: { status: 'budget', par: null }, impact: ['budget'], regression: true });
  }, 60_000);

  it('refuses what it cannot do, with exit 2', async () => {
    for (const argv of [
      ['budget', '--db', db, '--campaign', 'Five', '--states', '5'],
      ['budget', '--db', db, '--campaign', 'Five', '--level', '9'],
      ['budget', '--db', db, '--campaign', 'Five', '--level', '1', '--states', '0'],
      ['budget', '--db', db, '--campaign', 'Five', '--level', '1', '--states', '5', '--clear'],
      ['budget', '--db', db, '--campaign', 'Nope'],
      ['budget', '--db', db, '--campaign', 'Five', '--level', '1', '--states', '999999999999'],
    ]) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err.length, argv.join(' ')).toBeGreaterThan(0);
    }
  });
});

describe('cli export of an empty campaign', () => {
  it('is refused with the reason, exit 2, and no file written', async () => {
    const opened = openLibrary(db, { resourcesDir: resolveResourcesDir() });
    createCampaign(opened.db, { name: 'Empty', kind: 'push' });
    opened.db.close();
    const out = join(dir, 'empty.json');
    const result = await run(['export', '--db', db, '--campaign', 'Empty', '--format', 'json', '--out', out]);
    expect(result).toMatchObject({ code: 2, err: 'The campaign "Empty" has no levels, so nothing was exported: import or generate levels into it first.' });
    expect(existsSync(out)).toBe(false);
  });
});
