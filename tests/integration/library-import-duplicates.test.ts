/**
 * Importing a file whose levels the library holds already (by content hash), the campaign's name,
 * and the cap on levels per import. Real SQLite files; the answers have the Studio API's shape.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { API, MAX_IMPORT_LEVELS, MAX_LISTED_DUPLICATES } from '../../src-shared/api/studio-api.ts';
import { campaignDetail, importCollection, listCampaignSummaries, type ImportResult, type LibraryDatabase } from '../../src-main/library/library.ts';
import { freshDatabase } from '../support/temp-library.ts';

const ONE = '#####\n#@$.#\n#####';
const TWO = '######\n#@ $.#\n######';
const THREE = '#######\n#@$  .#\n#######';
/** A file-level title, then two titled levels (titles after their boards, as SOK writes them). */
const TINY = `Title: Tiny\nAuthor: Tester\n\n${ONE}\nTitle: one\n\n${TWO}\nTitle: two\n`;

let db: LibraryDatabase;

beforeEach(() => {
  db = freshDatabase('duplicates', 'lib.gridwright').db;
});

const count = (table: string): number => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const changes = (): number => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
const checked = (r: ImportResult): ImportResult => {
  API['library.import'].response.parse(r);
  return r;
};

describe('import: levels already in the library', () => {
  it('asked (the default of the API): nothing is written, and the answer says which levels and which campaigns hold them', () => {
    const first = importCollection(db, { fileName: 'tiny.xsb', text: TINY, duplicates: 'ask' });
    expect(first).toMatchObject({ campaignName: 'Tiny', imported: 2 });
    expect(first.duplicates).toBeUndefined();
    const before = changes();
    const again = checked(importCollection(db, { fileName: 'tiny.xsb', text: TINY, duplicates: 'ask' }));
    expect(changes()).toBe(before);
    expect(again).toMatchObject({ campaignId: null, campaignName: null, imported: 0, rejected: 0 });
    expect(again.duplicates).toEqual({
      action: 'ask',
      count: 2,
      of: 2,
      campaigns: [{ id: first.campaignId, name: 'Tiny', levels: 2 }],
      levels: [
        { level: 1, title: 'one', places: [{ campaignId: first.campaignId, campaignName: 'Tiny', position: 1 }] },
        { level: 2, title: 'two', places: [{ campaignId: first.campaignId, campaignName: 'Tiny', position: 2 }] },
      ],
    });
    expect(listCampaignSummaries(db).map((c) => c.name)).toEqual(['Tiny']);
  });

  it('the same content under another title is a duplicate; a level repeated inside the file is not', () => {
    importCollection(db, { fileName: 'a.xsb', text: `${ONE}\nTitle: first name\n` });
    const r = checked(importCollection(db, { fileName: 'b.xsb', text: `${ONE}\nTitle: renamed\n\n${THREE}\n\n${THREE}\n`, duplicates: 'ask' }));
    expect(r.duplicates).toMatchObject({ count: 1, of: 3, levels: [{ level: 1, title: 'renamed' }] });
  });

  it('import anyway: a second campaign of the same levels, the answer still saying they were there', () => {
    importCollection(db, { fileName: 'tiny.xsb', text: TINY });
    const r = checked(importCollection(db, { fileName: 'tiny.xsb', text: TINY, duplicates: 'import' }));
    expect(r).toMatchObject({ campaignName: 'Tiny (2)', imported: 2, duplicates: { action: 'import', count: 2 } });
    expect(campaignDetail(db, r.campaignId!)!.levels.map((l) => l.title)).toEqual(['one', 'two']);
  });

  it('skip: only the new levels go into the new campaign, in file order', () => {
    importCollection(db, { fileName: 'tiny.xsb', text: TINY });
    const r = checked(importCollection(db, { fileName: 'more.xsb', text: `${ONE}\nTitle: one\n\n${THREE}\nTitle: three\n\n${TWO}\n`, duplicates: 'skip' }));
    expect(r).toMatchObject({ campaignName: 'more', imported: 1, duplicates: { action: 'skip', count: 2, of: 3 } });
    expect(campaignDetail(db, r.campaignId!)!.levels.map((l) => l.title)).toEqual(['three']);
  });

  it('skip when every level is there already: no campaign, and an info saying why', () => {
    importCollection(db, { fileName: 'tiny.xsb', text: TINY });
    const before = changes();
    const r = checked(importCollection(db, { fileName: 'tiny.xsb', text: TINY, duplicates: 'skip' }));
    expect(r).toMatchObject({ campaignId: null, imported: 0, duplicates: { action: 'skip', count: 2 } });
    expect(r.diagnostics).toEqual([expect.objectContaining({ severity: 'info', code: 'library.import.all-duplicates' })]);
    expect(r.diagnostics[0].message).toContain('All 2 levels of tiny.xsb are already in the library');
    expect(changes()).toBe(before);
  });

  it('lists at most MAX_LISTED_DUPLICATES levels one by one and counts every one', () => {
    const many = Array.from({ length: MAX_LISTED_DUPLICATES + 20 }, (_, i) => `#${'#'.repeat(i + 4)}#\n#@$${' '.repeat(i)}.#\n#${'#'.repeat(i + 4)}#`).join('\n\n');
    importCollection(db, { fileName: 'many.xsb', text: many });
    const r = checked(importCollection(db, { fileName: 'many.xsb', text: many, duplicates: 'ask' }));
    expect(r.duplicates).toMatchObject({ count: MAX_LISTED_DUPLICATES + 20, campaigns: [{ levels: MAX_LISTED_DUPLICATES + 20 }] });
    expect(r.duplicates!.levels).toHaveLength(MAX_LISTED_DUPLICATES);
  });

  it('levels refused by lint are reported with the question and are never counted as duplicates', () => {
    importCollection(db, { fileName: 'tiny.xsb', text: TINY });
    const r = checked(importCollection(db, { fileName: 'mixed.xsb', text: `${ONE}\n\n######\n#@$.@#\n######\n`, duplicates: 'ask' }));
    expect(r).toMatchObject({ campaignId: null, rejected: 1, duplicates: { count: 1, of: 1 } });
    expect(r.diagnostics.map((d) => d.code)).toContain('push.player.multiple');
  });
});

describe('import: the campaign is named from the file, never from a level', () => {
  it('the collection title of a JSON file, else the file name without its ending; every level keeps its title', () => {
    const levels = [{ title: 'Two players', board: ['######', '#@$.@#', '######'] }, { title: 'Good', board: ONE.split('\n') }];
    const untitled = importCollection(db, { fileName: 'broken.json', text: JSON.stringify({ format: 'gridwright.push/1', levels }) });
    expect(untitled).toMatchObject({ campaignName: 'broken', imported: 1, rejected: 1 });
    expect(campaignDetail(db, untitled.campaignId!)!.levels.map((l) => l.title)).toEqual(['Good']);
    const titled = importCollection(db, { fileName: 'set.json', text: JSON.stringify({ format: 'gridwright.push/1', title: 'The set', levels: [levels[1], { title: 'Three', board: THREE.split('\n') }] }) });
    expect(titled.campaignName).toBe('The set');
  });

  it('an XSB file with a header title and a title after each board', () => {
    const r = importCollection(db, { fileName: 'tiny.xsb', text: TINY });
    expect(r.campaignName).toBe('Tiny');
    expect(campaignDetail(db, r.campaignId!)!.levels.map((l) => l.title)).toEqual(['one', 'two']);
  });

  it('an XSB file without a header: the file name, and the level keeps the title after its board', () => {
    const r = importCollection(db, { fileName: 'broken.xsb', text: `######\n#@$.@#\n######\nTitle: Two players\n\n${ONE}\nTitle: Good\n` });
    expect(r).toMatchObject({ campaignName: 'broken', imported: 1, rejected: 1 });
    expect(campaignDetail(db, r.campaignId!)!.levels.map((l) => l.title)).toEqual(['Good']);
  });

  // Known and left to the owner of the push formats (src-shared/rulesets/push/formats/xsb.ts, outside
  // this change): the XSB reader gives every `Title:` above the first board to the collection, so the
  // first level loses it and names the campaign. Passes (as a failure) until the reader is fixed.
  it.fails('KNOWN (XSB reader): a Title: directly above the first board is that level’s, not the campaign’s', () => {
    const r = importCollection(db, { fileName: 'tiny.xsb', text: `Title: Tiny\n${ONE}\n\nTitle: Second\n${TWO}\n` });
    expect(r.campaignName).toBe('tiny');
    expect(campaignDetail(db, r.campaignId!)!.levels.map((l) => l.title)).toEqual(['Tiny', 'Second']);
  });
});

describe('import: at most MAX_IMPORT_LEVELS levels', () => {
  it('a larger file is refused before anything is checked or written, with the count and what to do', () => {
    const text = Array.from({ length: MAX_IMPORT_LEVELS + 1 }, () => ONE).join('\n\n');
    const before = changes();
    const r = checked(importCollection(db, { fileName: 'huge.xsb', text }));
    expect(r).toMatchObject({ campaignId: null, imported: 0, rejected: 0 });
    expect(r.diagnostics[0]).toMatchObject({ severity: 'error', code: 'library.import.too-many-levels', params: { max: MAX_IMPORT_LEVELS } });
    expect(r.diagnostics[0].message).toBe(`huge.xsb holds more than ${MAX_IMPORT_LEVELS} levels, and one import takes at most ${MAX_IMPORT_LEVELS}: split the file and import the parts.`);
    expect(changes()).toBe(before);
    expect(count('levels')).toBe(0);
  });
});
