/**
 * An import writes in short transactions (issue 22): between its chunks another connection writes
 * at once (busy timeout 0, so a held lock would fail it rather than make it wait) and can read the
 * levels written so far, though no campaign shows them yet; a failure midway leaves no level, no
 * campaign and no half campaign behind.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type LibraryDatabase } from '../../src-main/library/db.ts';
import { LEVELS_PER_CHUNK } from '../../src-main/library/import-write.ts';
import { importCollection, insertLevel } from '../../src-main/library/library.ts';
import { freshDatabase } from '../support/temp-library.ts';

const LEVELS = LEVELS_PER_CHUNK * 4;
const FILE = Array.from({ length: LEVELS }, (_, i) => `#####\n#@$.#\n#####\nTitle: Level ${i + 1}\n`).join('\n');

let db: LibraryDatabase;
let side: LibraryDatabase;

beforeEach(() => {
  const library = freshDatabase('import-chunks', 'lib.gridwright');
  db = library.db;
  side = openDatabase(library.path).db;
  side.pragma('busy_timeout = 0');
});

afterEach(() => side.close());

const count = (on: LibraryDatabase, table: string): number => (on.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('an import in chunks', () => {
  it('commits several times, and another connection writes between its chunks without waiting', () => {
    const seen: { levels: number; campaigns: number }[] = [];
    const result = importCollection(db, { fileName: 'many.xsb', text: FILE }, (phase, done, total) => {
      if (phase !== 'write' || done === 0 || done === total) return;
      // Throws SQLITE_BUSY at once if the import still held its write transaction.
      insertLevel(side, { kind: 'push', doc: { board: ['#####', '#@$.#', '#####'] }, source: 'hand' });
      seen.push({ levels: count(side, 'levels'), campaigns: count(side, 'campaigns') });
    });
    expect(result.imported).toBe(LEVELS);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    // Part of the import is committed and readable, but the campaign appears only when it is whole.
    expect(seen[0].levels).toBeGreaterThan(1);
    expect(seen[0].levels).toBeLessThan(LEVELS);
    expect(seen.every((s) => s.campaigns === 0)).toBe(true);
    expect(count(db, 'campaign_levels')).toBe(LEVELS);
    expect(count(db, 'levels')).toBe(LEVELS + seen.length);
  });

  it('a failure midway leaves nothing of the import', () => {
    let chunks = 0;
    expect(() =>
      importCollection(db, { fileName: 'many.xsb', text: FILE }, (phase, done) => {
        if (phase !== 'write' || done === 0 || ++chunks !== 2) return;
        // The library refuses further levels (as a full disk would) after two chunks are committed.
        side.exec("CREATE TRIGGER refuse_levels BEFORE INSERT ON levels BEGIN SELECT RAISE(ABORT, 'no room for more levels'); END");
      }),
    ).toThrow(/no room for more levels/);
    expect(chunks).toBe(2);
    expect([count(db, 'levels'), count(db, 'campaigns'), count(db, 'campaign_levels')]).toEqual([0, 0, 0]);
  });
});
