/**
 * Opening library files: migrations from empty to latest and forward from an older version, refusal
 * of files this build must not write (newer schema, other SQLite files, garbage), durability
 * pragmas, and the sample campaign a new library starts with. Real SQLite files, no mocks.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaignDetailSchema, campaignSummarySchema, levelDetailSchema } from '../../src-shared/api/studio-api.ts';
import { LATEST_SCHEMA_VERSION, SCHEMA_VERSIONS } from '../../src-main/library/migrations/index.ts';
import {
  LibraryOpenError,
  campaignDetail,
  integrityCheck,
  levelDetail,
  listCampaignSummaries,
  openLibrary,
  resolveResourcesDir,
  schemaVersion,
  type LibraryDatabase,
} from '../../src-main/library/library.ts';
import { REPO_ROOT } from '../support/data.ts';
import { freshTempDir } from '../support/temp-library.ts';

let dir: string;
const open: LibraryDatabase[] = [];
const resourcesDir = resolveResourcesDir();

function openAt(name: string, targetVersion?: number) {
  const lib = openLibrary(join(dir, name), { resourcesDir, targetVersion });
  open.push(lib.db);
  return lib;
}

function close(db: LibraryDatabase): void {
  if (db.open) db.close();
}

const count = (db: LibraryDatabase, table: string): number => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeEach(() => {
  dir = freshTempDir('library');
});

afterEach(() => {
  for (const db of open.splice(0)) close(db);
});

describe('library migrations', () => {
  it('a new file is migrated from empty to the latest schema', () => {
    const { db, created } = openAt('new.gridwright');
    expect(created).toBe(true);
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
    const versions = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version);
    expect(versions).toEqual(SCHEMA_VERSIONS);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name);
    for (const table of ['rulesets', 'ruleset_versions', 'levels', 'campaigns', 'campaign_levels', 'job_batches', 'jobs', 'verifications', 'recordings']) {
      expect(tables).toContain(table);
    }
    expect(integrityCheck(db)).toBe('ok');
  });

  it('a file at the latest version reopens unchanged, and the samples are not seeded twice', () => {
    const first = openAt('lib.gridwright');
    const before = { campaigns: count(first.db, 'campaigns'), levels: count(first.db, 'levels'), migrations: count(first.db, 'schema_migrations') };
    close(first.db);
    const again = openAt('lib.gridwright');
    expect(again.created).toBe(false);
    expect({ campaigns: count(again.db, 'campaigns'), levels: count(again.db, 'levels'), migrations: count(again.db, 'schema_migrations') }).toEqual(before);
  });

  for (const earlier of [0, ...SCHEMA_VERSIONS.slice(0, -1)]) {
    it(`a file opened at version ${earlier} migrates forward when reopened`, () => {
      const old = openAt('old.gridwright', earlier);
      expect(schemaVersion(old.db)).toBe(earlier);
      // Short of the latest schema, nothing is seeded.
      if (earlier < 1) expect(count(old.db, 'sqlite_master WHERE name = \'campaigns\'')).toBe(0);
      close(old.db);
      const upgraded = openAt('old.gridwright');
      expect(schemaVersion(upgraded.db)).toBe(LATEST_SCHEMA_VERSION);
      expect(integrityCheck(upgraded.db)).toBe('ok');
      const columns = (upgraded.db.prepare('PRAGMA table_info(verifications)').all() as { name: string }[]).map((c) => c.name);
      // Migration 13 renamed lower_bound: the bound's side follows the objective's sense.
      expect(columns).toContain('proven_bound');
      if (earlier === 0) expect(listCampaignSummaries(upgraded.db).map((c) => c.name)).toEqual(['Microban I', 'Warehouse 100', 'Block Peak Sampler', 'Echo Halls']);
    });
  }

  // Upgrades from every earlier schema version: library-migrations.test.ts.

  it('a file written by a newer Gridwright is refused, and left as it was', () => {
    const lib = openAt('future.gridwright');
    lib.db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(LATEST_SCHEMA_VERSION + 1, 'future', '2099-01-01T00:00:00Z');
    close(lib.db);
    expect(() => openAt('future.gridwright')).toThrow(LibraryOpenError);
    expect(() => openAt('future.gridwright')).toThrow(/newer Gridwright.*Update Gridwright/);
    const raw = new Database(join(dir, 'future.gridwright'), { readonly: true });
    expect((raw.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number }).v).toBe(LATEST_SCHEMA_VERSION + 1);
    raw.close();
  });

  it('a SQLite file that is not a library is refused', () => {
    const path = join(dir, 'other.sqlite');
    const other = new Database(path);
    other.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('keep me')");
    other.close();
    expect(() => openAt('other.sqlite')).toThrow(/not a Gridwright library/);
    const raw = new Database(path, { readonly: true });
    expect(raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([{ name: 'notes' }]);
    raw.close();
  });

  it('a garbage file is refused and not overwritten', () => {
    const path = join(dir, 'garbage.gridwright');
    const bytes = Buffer.alloc(64 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
    writeFileSync(path, bytes);
    expect(() => openAt('garbage.gridwright')).toThrow(LibraryOpenError);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('durability pragmas: WAL, synchronous FULL, foreign keys on', () => {
    const { db } = openAt('pragmas.gridwright');
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });
});

describe('library seed', () => {
  it('resolves the repository resources folder', () => {
    expect(resourcesDir).toBe(join(REPO_ROOT, 'resources/'));
  });

  it('a new library holds Microban I: 155 levels in order, credited, all unverified', () => {
    const { db } = openAt('seeded.gridwright');
    const summaries = listCampaignSummaries(db);
    expect(summaries.map((s) => s.name)).toEqual(['Microban I', 'Warehouse 100', 'Block Peak Sampler', 'Echo Halls']);
    const [summary] = summaries;
    campaignSummarySchema.parse(summary);
    expect(summary).toMatchObject({
      name: 'Microban I',
      kind: 'push',
      levelCount: 155,
      credit: 'Microban I by David W. Skinner (freely distributable with credit)',
      badges: { unverified: 155 },
    });
    expect(summary.rulesFingerprint).toMatch(/^push@\d+:[0-9a-f]+$/);

    const detail = campaignDetail(db, summary.id)!;
    campaignDetailSchema.parse(detail);
    // The file's title lines: the level number, a few followed by a name (`44 'Duh!'`).
    expect(detail.levels.map((l) => l.title!.split(' ')[0])).toEqual(Array.from({ length: 155 }, (_, i) => String(i + 1)));
    expect(detail.levels[43].title).toBe("44 'Duh!'");
    expect(detail.levels.map((l) => l.position)).toEqual(Array.from({ length: 155 }, (_, i) => i + 1));
    expect(detail.levels.every((l) => l.badge === 'unverified' && l.par === null && l.verifiedAt === null)).toBe(true);
    expect(detail.campaign.comments.join('\n')).toContain('David W. Skinner');

    const first = levelDetail(db, detail.levels[0].id)!;
    levelDetailSchema.parse(first);
    expect(first).toMatchObject({ campaignId: summary.id, campaignName: 'Microban I', source: 'imported', provenance: { file: 'microban_I_155.txt', position: 1 }, verification: null });
    expect((first.content as { board: string[] }).board).toEqual(['####', '# .#', '#  ###', '#*@  #', '#  $ #', '#  ###', '####']);
  });

  it('a new library holds Warehouse 100 next to Microban I: l001..l100, generated, credited, each level naming its generator', () => {
    const { db } = openAt('seeded.gridwright');
    const summary = listCampaignSummaries(db).find((c) => c.name === 'Warehouse 100')!;
    expect(summary).toMatchObject({ kind: 'push', levelCount: 100, credit: 'Warehouse 100, generated by Gridwright (push-reverse v1)', badges: { unverified: 100 } });
    const detail = campaignDetail(db, summary.id)!;
    expect(detail.levels.map((l) => l.title)).toEqual(Array.from({ length: 100 }, (_, i) => `l${String(i + 1).padStart(3, '0')}`));
    const first = levelDetail(db, detail.levels[0].id)!;
    expect(first).toMatchObject({ campaignName: 'Warehouse 100', source: 'generated', provenance: { file: 'warehouse_100.json', position: 1 } });
    expect((first.content as { notes: Record<string, string> }).notes).toMatchObject({ generator: 'push-reverse@1', seed: 'warehouse-100/tier-1' });
  });
});
