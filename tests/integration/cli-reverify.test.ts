/**
 * The command line of a game project's CI (issue 16): solutions stored as recordings
 * (`recordings import|list`), and `verify --json` as re-verification: one line per level with its
 * impact categories, old and new par and each recording's replay, a summary line with the counts,
 * exit 1 on any category but `unchanged` and `first-verification`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { setCampaignRuleset } from '../../src-main/library/campaigns.ts';
import { openDatabase } from '../../src-main/library/db.ts';
import { createRuleset, saveRulesetConfig } from '../../src-main/library/rulesets.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { captureIo } from '../support/cli-io.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('cli-reverify');
const db = join(dir, 'library.sqlite');
const ROW = ['#########', '#       #', '#       #', '# @$$ ..#', '#       #', '#       #', '#########'];
const ONE = ['######', '#@ $.#', '######'];
const weak = pushKind.create({}).rules!;
const strong = pushKind.create({ pushStrength: 2 }).rules!;
let rulesetId: number;

async function cli(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const { out, err, io } = captureIo();
  const code = await runCli(argv, io);
  return { code, out, err };
}

const json = (lines: readonly string[]) => lines.map((l) => JSON.parse(l));

beforeAll(async () => {
  const file = join(dir, 'pair.xsb');
  writeFileSync(file, ['Title: Pair', '', ...ROW, 'Title: row', '', ...ONE, 'Title: one', ''].join('\n'));
  expect((await cli(['import', file, '--db', db])).code).toBe(0);
  const side = openDatabase(db).db;
  rulesetId = createRuleset(side, { kind: 'push', name: 'Pair rules' }).ruleset.id;
  const campaign = side.prepare("SELECT id FROM campaigns WHERE name = 'Pair'").get() as { id: number };
  setCampaignRuleset(side, campaign.id, rulesetId);
  side.close();
});

describe('cli recordings and verify --json', () => {
  it('a first verify: every level a first verification, with oldPar null, and exit 0', async () => {
    const run = await cli(['verify', '--db', db, '--campaign', 'Pair', '--json', '--workers', '1']);
    expect(run.code).toBe(0);
    const lines = json(run.out);
    expect(lines.slice(0, 2).map((l) => [l.level, l.title, l.status, l.oldPar, l.impact, l.recordings])).toEqual([
      [1, 'row', 'verified', null, ['first-verification'], []],
      [2, 'one', 'verified', null, ['first-verification'], []],
    ]);
    expect(lines[2]).toEqual({ summary: true, levels: 2, counts: { 'first-verification': 2 }, unproven: 2, regressions: 0 });
  });

  it('recordings import: intended solutions, and a recording that bumped (refused steps, a warning); list shows them', async () => {
    const solutions = join(dir, 'solutions.json');
    writeFileSync(solutions, JSON.stringify([{ level: 1, lurd: verifyLevel(weak, { board: ROW }).solution }, { level: 2, lurd: 'RR' }]));
    const intended = await cli(['recordings', 'import', '--db', db, '--campaign', 'Pair', solutions, '--intended', '--json']);
    expect(intended.code).toBe(0);
    // The case of LURD is informational: "RR" walks, then pushes.
    expect(json(intended.out).map((l) => [l.level, typeof l.recording, l.outcome, l.intended])).toEqual([[1, 'number', 'won', true], [2, 'number', 'won', true]]);
    const bumps = join(dir, 'bumps.json');
    writeFileSync(bumps, '[{"level": 1, "lurd": "udrr"}]');
    const bumped = await cli(['recordings', 'import', '--db', db, '--campaign', 'Pair', bumps]);
    expect(bumped.code).toBe(0);
    expect(bumped.out).toEqual(['Stored 1 recording in "Pair".']);
    expect(bumped.err.join('\n')).toContain('commands 3, 4 refused by the rules (a bump), kept as refused steps');
    const listed = await cli(['recordings', 'list', '--db', db, '--campaign', 'Pair', '--json']);
    expect(json(listed.out).map((l) => [l.level, l.source, l.intended, l.outcome])).toEqual([[1, 'import', true, 'won'], [1, 'import', false, 'unfinished'], [2, 'import', true, 'won']]);
    const human = await cli(['recordings', 'list', '--db', db, '--campaign', 'Pair']);
    expect(human.out[0]).toMatch(/^#1 recording \d+ \(intended\): won, \d+ steps, import, "solutions\.json"$/);
  });

  it('push strength 1 -> 2: the row level changes par and has a shortcut, the bumped recording diverges at step 3; exit 1', async () => {
    const side = openDatabase(db).db;
    saveRulesetConfig(side, rulesetId, { pushStrength: 2 });
    side.close();
    const run = await cli(['verify', '--db', db, '--campaign', 'Pair', '--json', '--workers', '1']);
    expect(run.code).toBe(1);
    const [row, one, summary] = json(run.out);
    expect(row).toMatchObject({ level: 1, title: 'row', status: 'verified', oldPar: verifyLevel(weak, { board: ROW }).par, par: verifyLevel(strong, { board: ROW }).par, impact: ['par-changed', 'better-than-intended', 'recording-diverges'], regression: true });
    expect(row.recordings.map((r: { wins: boolean; divergesAt: number | null }) => [r.wins, r.divergesAt])).toEqual([[true, null], [false, 3]]);
    expect(one).toMatchObject({ level: 2, impact: ['unchanged'], regression: false, recordings: [{ wins: true, divergesAt: null }] });
    expect(summary).toEqual({ summary: true, levels: 2, counts: { unchanged: 1, 'par-changed': 1, 'better-than-intended': 1, 'recording-diverges': 1 }, unproven: 0, regressions: 1 });
    // Without --json: the human lines, the same exit status.
    const human = await cli(['verify', '--db', db, '--campaign', 'Pair', '--workers', '1']);
    expect(human.code).toBe(1);
    expect(human.out[0]).toMatch(/^Pair #1 row: verified \[recording-diverges: recording \d+ at step 3\]$/);
    expect(human.out.slice(1)).toEqual(['Pair: 2 levels verified with 1 worker', '1 level failed or changed par.']);
  });

  it('a solutions file that matches no level, or does not decode, is refused with exit 2 and nothing is stored', async () => {
    const before = (await cli(['recordings', 'list', '--db', db, '--campaign', 'Pair', '--json'])).out.length;
    const far = join(dir, 'far.json');
    writeFileSync(far, '[{"level": 7, "lurd": "r"}]');
    const refused = await cli(['recordings', 'import', '--db', db, '--campaign', 'Pair', far]);
    expect(refused.code).toBe(2);
    expect(refused.err.join('\n')).toBe('far.json, entry 1 (line 1): "Pair" has no level at position 7 (it has 2).');
    const garbled = join(dir, 'garbled.sok');
    writeFileSync(garbled, [...ONE, 'Title: one', 'Solution: rz', ''].join('\n'));
    const bad = await cli(['recordings', 'import', '--db', db, '--campaign', 'Pair', garbled]);
    expect(bad.code).toBe(2);
    expect(bad.err.join('\n')).toMatch(/^garbled\.sok, level 1 "one" \(line 5\): the solution does not decode as push commands/);
    expect((await cli(['recordings', 'list', '--db', db, '--campaign', 'Pair', '--json'])).out.length).toBe(before);
    expect((await cli(['recordings', 'import', '--db', db, '--campaign', 'Pair'])).code).toBe(2);
    expect((await cli(['recordings', 'list', '--db', db])).code).toBe(2);
  });
});
