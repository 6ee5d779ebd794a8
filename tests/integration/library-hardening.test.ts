/**
 * The library's second hardening round (issue 22): a migration that lands below the highest one
 * applied still runs on an existing library; a file with a migration this build does not know is
 * refused; a damaged JSON column names its row instead of reading as empty; no recording longer
 * than a re-verification replays is ever stored (MAX_RECORDING_STEPS, src-shared/engine/limits.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_RECORDING_STEPS } from '../../src-shared/engine/limits.ts';
import { appliedVersions, openDatabase, type LibraryDatabase } from '../../src-main/library/db.ts';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../src-main/library/migrations/index.ts';
import { createCampaign, getLevel, importSolutions, insertLevel, addLevelsToCampaign, LibraryDamagedError, storeRecording } from '../../src-main/library/library.ts';

let dir: string;
const opened: LibraryDatabase[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gridwright-hardening-'));
});
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(file: string, targetVersion?: number): LibraryDatabase {
  const { db } = openDatabase(join(dir, file), { targetVersion });
  opened.push(db);
  return db;
}

function tinyLevel(db: LibraryDatabase): { campaignId: number; levelId: number } {
  const campaignId = createCampaign(db, { name: 'Tiny', kind: 'push' }).id;
  const levelId = insertLevel(db, { kind: 'push', doc: { title: 'one', board: ['#####', '#@$.#', '#####'] }, source: 'imported' });
  addLevelsToCampaign(db, campaignId, [levelId]);
  return { campaignId, levelId };
}

describe('migrations with a gap', () => {
  it('applies a migration numbered below the highest applied one', () => {
    // A library that got the latest migration before an earlier-numbered one landed (parallel work).
    const [later, earlier] = [MIGRATIONS[MIGRATIONS.length - 1], MIGRATIONS[MIGRATIONS.length - 2]];
    const old = open('gap.sqlite', earlier.version - 1);
    old.exec(later.sql);
    old.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(later.version, later.name, '2026-01-01T00:00:00Z');
    old.close();
    const db = open('gap.sqlite');
    expect([...appliedVersions(db)].sort((a, b) => a - b)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('refuses a library with a migration this build does not know', () => {
    const known = new Set(MIGRATIONS.map((m) => m.version));
    const missing = Array.from({ length: LATEST_SCHEMA_VERSION }, (_, i) => i + 1).find((v) => !known.has(v));
    if (missing === undefined) return; // no gap in this build's numbers: nothing to test
    const db = open('foreign.sqlite');
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(missing, 'from another build', '2026-01-01T00:00:00Z');
    db.close();
    expect(() => open('foreign.sqlite')).toThrow(new RegExp(`schema migration ${missing}, which this build does not know`));
  });
});

describe('damaged rows', () => {
  it('names the row whose JSON column is damaged instead of reading it as empty', () => {
    const db = open('damaged.sqlite');
    const { levelId } = tinyLevel(db);
    db.prepare('UPDATE levels SET content_json = ? WHERE id = ?').run('{"board": [', levelId);
    expect(() => getLevel(db, levelId)).toThrow(LibraryDamagedError);
    expect(() => getLevel(db, levelId)).toThrow(`level ${levelId}'s content_json is not valid JSON`);
  });
});

describe('recording length', () => {
  const base = { rulesFingerprint: 'f', contentHash: 'h', finalHash: 'x', status: 'playing', journal: null };

  it('never stores a recording longer than a re-verification replays', () => {
    const db = open('long.sqlite');
    const { levelId } = tinyLevel(db);
    expect(() => storeRecording(db, { ...base, levelId, commands: Array(MAX_RECORDING_STEPS + 1).fill('r') })).toThrow(/at most 200,000 steps/);
    expect(storeRecording(db, { ...base, levelId, commands: Array(MAX_RECORDING_STEPS).fill('r') })).toBeGreaterThan(0);
  });

  it('refuses an imported solution over the cap at import, naming the entry', () => {
    const db = open('import.sqlite');
    const { campaignId } = tinyLevel(db);
    const text = JSON.stringify([{ level: 1, lurd: `${MAX_RECORDING_STEPS + 1}r` }]);
    expect(() => importSolutions(db, { campaignId, fileName: 'long.json', text })).toThrow(/long\.json.*more than 200,000 moves/);
    expect(db.prepare('SELECT count(*) AS n FROM recordings').get()).toEqual({ n: 0 });
  });
});
