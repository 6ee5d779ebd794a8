/**
 * Importing collection files into the library. Every file may be hostile: bad levels are reported
 * with their level number and the good ones kept; an import is all or nothing in the database.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, campaignDetailSchema, levelDetailSchema } from '../../src-shared/api/studio-api.ts';
import type { Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import {
  MAX_IMPORT_DIAGNOSTICS,
  campaignDetail,
  importCollection,
  integrityCheck,
  levelDetail,
  listCampaignSummaries,
  type ImportResult,
  type LibraryDatabase,
} from '../../src-main/library/library.ts';
import { MICROBAN_PATH } from '../support/data.ts';
import { freshDatabase } from '../support/temp-library.ts';

const GOOD = '#####\n#@$.#\n#####';
const GOOD_TWO = '######\n#@ $.#\n######';

let db: LibraryDatabase;

beforeEach(() => {
  db = freshDatabase('import', 'lib.gridwright').db;
});

const count = (table: string): number => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const errorsOf = (r: ImportResult): Diagnostic[] => r.diagnostics.filter((d) => d.severity === 'error');

/** The import answer has the Studio API's shape. */
function checkShape(r: ImportResult): void {
  API['library.import'].response.parse(r);
}

/** Good levels around a hostile middle: the hostile part is level 2 of 3 when it reads as a level. */
const sandwich = (middle: string): string => `Title: Hostile\n\n${GOOD}\n\n${middle}\n\n${GOOD_TWO}\n`;

function boardsOf(campaignId: number): string[][] {
  return campaignDetail(db, campaignId)!.levels.map((l) => (l.content as { board: string[] }).board);
}

describe('import: the Microban file', () => {
  it('imports 155 levels into a campaign named after the file, with provenance', () => {
    const r = importCollection(db, { fileName: '/some/where/microban_I_155.txt', text: readFileSync(MICROBAN_PATH, 'utf8') });
    checkShape(r);
    expect(r).toMatchObject({ campaignName: 'microban_I_155', imported: 155, rejected: 0 });
    expect(errorsOf(r)).toEqual([]);
    const detail = campaignDetail(db, r.campaignId!)!;
    campaignDetailSchema.parse(detail);
    expect(detail.levels).toHaveLength(155);
    const last = levelDetail(db, detail.levels[154].id)!;
    levelDetailSchema.parse(last);
    expect(last.provenance).toEqual({ file: 'microban_I_155.txt', position: 155 });
  });

  it('takes the given campaign name, else the collection title, and never reuses a name', () => {
    const text = `Title: Tiny Set\n\n${GOOD}\n`;
    expect(importCollection(db, { fileName: 'a.sok', text }).campaignName).toBe('Tiny Set');
    expect(importCollection(db, { fileName: 'a.sok', text }).campaignName).toBe('Tiny Set (2)');
    expect(importCollection(db, { fileName: 'a.sok', text, campaignName: 'Tiny Set' }).campaignName).toBe('Tiny Set (3)');
    expect(importCollection(db, { fileName: 'a.sok', text, campaignName: 'Mine' }).campaignName).toBe('Mine');
    expect(listCampaignSummaries(db)).toHaveLength(4);
  });

  it('picks the format by ending, else by the first character', () => {
    const json = JSON.stringify([{ board: GOOD.split('\n') }]);
    expect(importCollection(db, { fileName: 'levels', text: json }).imported).toBe(1);
    expect(importCollection(db, { fileName: 'levels', text: GOOD }).imported).toBe(1);
    expect(importCollection(db, { fileName: 'levels.json', text: `\uFEFF  ${json}` }).imported).toBe(1);
  });
});

describe('import: hostile files keep the good levels and report the bad ones', () => {
  const cases: { name: string; middle: string; code: string; fromLint?: boolean }[] = [
    { name: 'unclosed walls', middle: '#####\n#@$. \n#####', code: 'push.board.open', fromLint: true },
    { name: 'two players', middle: '######\n#@$.@#\n######', code: 'push.player.multiple', fromLint: true },
    { name: 'no player', middle: '#####\n# $.#\n#####', code: 'push.player.missing', fromLint: true },
    { name: 'unknown symbols', middle: '######\n#@$.X#\n######', code: 'xsb.board.symbol' },
    { name: '10 MB in one row', middle: '#'.repeat(10 * 1024 * 1024), code: 'xsb.row.too-long' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = importCollection(db, { fileName: `${c.name}.sok`, text: sandwich(c.middle) });
      checkShape(r);
      expect(r.imported).toBe(2);
      expect(r.rejected).toBe(1);
      const errors = errorsOf(r);
      expect(errors.map((d) => d.code)).toContain(c.code);
      expect(errors.every((d) => d.level === 2)).toBe(true);
      // Lint problems too name a line: the row of their cell (the board starts at line 7).
      expect(errors.every((d) => typeof d.line === 'number' && d.line >= 7 && d.line <= 9)).toBe(true);
      if (c.fromLint) expect(errors.find((d) => d.code === c.code)?.line).toBe(7 + (errors.find((d) => d.code === c.code)?.cell?.y ?? 0));
      expect(boardsOf(r.campaignId!)).toEqual([GOOD.split('\n'), GOOD_TWO.split('\n')]);
      // Kept levels remember where they were in the file.
      const positions = campaignDetail(db, r.campaignId!)!.levels.map((l) => levelDetail(db, l.id)!.provenance);
      expect(positions).toEqual([{ file: `${c.name}.sok`, position: 1 }, { file: `${c.name}.sok`, position: 3 }]);
    });
  }

  it('binary garbage', () => {
    let garbage = '';
    for (let i = 0; i < 20_000; i++) garbage += String.fromCharCode((i * 2654435761) >>> 24);
    // A board with a control byte in it, then raw bytes, then a good level.
    const text = `${GOOD}\n\n#####\n#@\u0000$.#\n#####\n\n${garbage}\n\n${GOOD_TWO}\n`;
    const r = importCollection(db, { fileName: 'garbage.bin', text });
    checkShape(r);
    expect(r.imported).toBe(2);
    expect(r.rejected).toBeGreaterThanOrEqual(1);
    expect(errorsOf(r).every((d) => d.level !== undefined && d.level > 1)).toBe(true);
    expect(boardsOf(r.campaignId!)).toEqual([GOOD.split('\n'), GOOD_TWO.split('\n')]);
  });

  it('a file with no good level makes no campaign and says why', () => {
    const r = importCollection(db, { fileName: 'bad.sok', text: '#####\n# $.#\n#####\n' });
    checkShape(r);
    expect(r).toMatchObject({ campaignId: null, campaignName: null, imported: 0, rejected: 1 });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['library.import.empty', 'push.player.missing']);
    expect(count('campaigns') + count('levels')).toBe(0);
    expect(importCollection(db, { fileName: 'empty.txt', text: '' }).campaignId).toBeNull();
  });

  it('lint warnings are reported but the level is imported', () => {
    const r = importCollection(db, { fileName: 'spare.sok', text: `${GOOD}\n\n#######\n#@$$. #\n#######\n` });
    expect(r.imported).toBe(2);
    expect(r.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'push.boxes.too-many', level: 2 })]);
  });

  it('10,000 small levels import, in order', () => {
    const text = Array.from({ length: 10_000 }, (_, i) => `; ${i + 1}\n${i % 2 === 0 ? GOOD : GOOD_TWO}`).join('\n\n');
    const r = importCollection(db, { fileName: 'many.sok', text });
    expect(r.imported).toBe(10_000);
    expect(count('campaign_levels')).toBe(10_000);
    const detail = campaignDetail(db, r.campaignId!)!;
    expect(detail.levels[9_999].title).toBe('10000');
  });

  it('10,000 bad levels: the diagnostics are capped with a count of the rest', () => {
    const text = [GOOD, ...Array.from({ length: 10_000 }, () => '#####\n# $.#\n#####')].join('\n\n');
    const r = importCollection(db, { fileName: 'bad-many.sok', text });
    checkShape(r);
    expect(r).toMatchObject({ imported: 1, rejected: 10_000 });
    expect(r.diagnostics).toHaveLength(MAX_IMPORT_DIAGNOSTICS + 1);
    expect(r.diagnostics.at(-1)).toMatchObject({ severity: 'info', code: 'library.import.diagnostics.truncated', params: { count: 10_000 - MAX_IMPORT_DIAGNOSTICS } });
    expect(r.diagnostics[0]).toMatchObject({ code: 'push.player.missing', level: 2 });
  });

  it('JSON with bad levels: the good ones are kept, the bad ones reported with level and line', () => {
    const levels = [
      { title: 'ok', board: GOOD.split('\n') },
      { title: 'schema', board: 'not rows' },
      { title: 'two players', board: ['######', '#@$.@#', '######'] },
      { title: 'ice', board: ['#######', '#@ $ .#', '#######'], ice: [[2, 1]] },
      42,
    ];
    const text = JSON.stringify({ format: 'gridwright.push/1', title: 'Json Set', levels }, null, 2);
    const r = importCollection(db, { fileName: 'set.json', text });
    checkShape(r);
    expect(r).toMatchObject({ campaignName: 'Json Set', imported: 2, rejected: 3 });
    const errors = errorsOf(r);
    expect(new Set(errors.map((d) => d.level))).toEqual(new Set([2, 3, 5]));
    expect(errors.filter((d) => d.level !== 3).every((d) => typeof d.line === 'number' && d.line > 1)).toBe(true);
    expect(errors.find((d) => d.level === 3)?.code).toBe('push.player.multiple');
    const detail = campaignDetail(db, r.campaignId!)!;
    expect(detail.levels.map((l) => l.title)).toEqual(['ok', 'ice']);
    expect(detail.levels[1].content).toMatchObject({ ice: [[2, 1]] });
  });

  it('JSON that does not parse is one diagnostic, not an exception', () => {
    const r = importCollection(db, { fileName: 'broken.json', text: '[{"board": ["###"' });
    expect(r.campaignId).toBeNull();
    expect(r.diagnostics[0]).toMatchObject({ code: 'json.syntax', line: 1 });
  });
});

describe('import: nothing half-written', () => {
  it('a failure in the middle of an import leaves the library as it was', () => {
    importCollection(db, { fileName: 'before.sok', text: GOOD });
    const before = { campaigns: count('campaigns'), levels: count('levels'), members: count('campaign_levels'), rulesets: count('rulesets') };
    db.exec("CREATE TEMP TRIGGER boom BEFORE INSERT ON campaign_levels WHEN NEW.position = 50 BEGIN SELECT RAISE(ABORT, 'boom'); END");
    expect(() => importCollection(db, { fileName: 'microban.txt', text: readFileSync(MICROBAN_PATH, 'utf8') })).toThrow(/boom/);
    db.exec('DROP TRIGGER boom');
    expect({ campaigns: count('campaigns'), levels: count('levels'), members: count('campaign_levels'), rulesets: count('rulesets') }).toEqual(before);
    expect(integrityCheck(db)).toBe('ok');
    expect(db.inTransaction).toBe(false);
    // The library still takes the same import afterwards.
    expect(importCollection(db, { fileName: 'microban.txt', text: readFileSync(MICROBAN_PATH, 'utf8') }).imported).toBe(155);
  });

  it('a failure on the first import of a kind does not leave its default ruleset behind', () => {
    db.exec("CREATE TEMP TRIGGER boom BEFORE INSERT ON levels BEGIN SELECT RAISE(ABORT, 'boom'); END");
    expect(() => importCollection(db, { fileName: 'x.sok', text: GOOD })).toThrow(/boom/);
    expect(count('rulesets') + count('ruleset_versions') + count('campaigns')).toBe(0);
  });
});
