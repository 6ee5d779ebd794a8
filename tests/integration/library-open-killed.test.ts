/**
 * A first open that cannot be left empty (issue 14 §3a). A real child process opens a new library
 * and is killed (SIGKILL) just before one of its SQL statements, at every early step (pragmas,
 * schema) and at points spread over the seeding; the next normal open must find the sample
 * campaigns (Microban I with its 155 levels, Warehouse 100 with its 100, the block and maze
 * samples), each exactly once.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/library/db.ts';
import { deleteCampaign, integrityCheck, listCampaignSummaries, openLibrary, resolveResourcesDir } from '../../src-main/library/library.ts';
import { REPO_ROOT } from '../support/data.ts';
import { tempDir } from '../support/temp-library.ts';

const CHILD = join(REPO_ROOT, 'tests', 'support', 'first-open-child.ts');
const resourcesDir = resolveResourcesDir();
const dir = tempDir('first-open');

/** Open `path` in a child killed before its `killAt`th statement (0: never). */
function firstOpen(path: string, killAt: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [CHILD, path, resourcesDir, String(killAt)], {
      cwd: REPO_ROOT,
      // Compiled once by the first child: the others start in a fraction of the time.
      env: { ...process.env, NODE_COMPILE_CACHE: join(dir, 'compile-cache') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolveRun({ code, signal, stdout }));
  });
}

/** The campaigns a normal open finds, twice (a second open must not seed again). */
function campaignsAfterReopening(path: string): { name: string; levelCount: number }[][] {
  return [1, 2].map(() => {
    const { db } = openLibrary(path, { resourcesDir });
    try {
      expect(integrityCheck(db)).toBe('ok');
      return listCampaignSummaries(db).map(({ name, levelCount }) => ({ name, levelCount }));
    } finally {
      db.close();
    }
  });
}

const SAMPLES_ONCE = [
  { name: 'Microban I', levelCount: 155 },
  { name: 'Warehouse 100', levelCount: 100 },
  { name: 'Block Peak Sampler', levelCount: 6 },
  { name: 'Echo Halls', levelCount: 48 },
];

describe('a first open killed at any step', () => {
  it('leaves a library that the next open completes: every sample campaign with all its levels, each exactly once', async () => {
    const whole = await firstOpen(join(dir, 'whole.sqlite'), 0);
    expect(whole.code).toBe(0);
    const statements = (JSON.parse(whole.stdout) as { statements: number }).statements;
    expect(statements).toBeGreaterThan(255); // one insert per level at least

    // Every early step (schema check, pragmas, the transaction's start and the schema), then
    // points spread over the seeding up to its commit. (An older build, which committed the schema
    // before seeding, was left empty for good by every kill from its 13th statement on.)
    const early = 12;
    const spread = Array.from({ length: 6 }, (_, i) => Math.round(early + ((statements - early) * (i + 1)) / 6));
    const points = [...new Set([...Array.from({ length: early }, (_, i) => i + 1), ...spread])];
    const queue = [...points];
    const killed: number[] = [];
    // Two children at a time (two cores).
    await Promise.all(
      [0, 1].map(async () => {
        for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
          const path = join(dir, `killed-${at}.sqlite`);
          const run = await firstOpen(path, at);
          expect(run.signal, `killed before statement ${at}`).toBe('SIGKILL');
          killed.push(at);
          expect(campaignsAfterReopening(path), `killed before statement ${at} of ${statements}`).toEqual([SAMPLES_ONCE, SAMPLES_ONCE]);
        }
      }),
    );
    expect(killed.sort((a, b) => a - b)).toEqual(points.sort((a, b) => a - b));
  });
});

describe('seeding is done once', () => {
  it('a library an older build left with a schema and no content gets its samples on the next open', () => {
    const path = join(dir, 'schema-only.sqlite');
    openDatabase(path).db.close(); // the schema, committed alone, as the old first open did
    expect(campaignsAfterReopening(path)).toEqual([SAMPLES_ONCE, SAMPLES_ONCE]);
  });

  it('a library whose designer deleted the sample campaigns does not get them back', () => {
    const path = join(dir, 'emptied.sqlite');
    const { db } = openLibrary(path, { resourcesDir });
    for (const { id } of listCampaignSummaries(db)) deleteCampaign(db, id);
    db.close();
    expect(campaignsAfterReopening(path)).toEqual([[], []]);
  });

  it('a seeding that fails leaves no half library: the error names the file, the next open seeds', () => {
    const path = join(dir, 'no-resources.sqlite');
    expect(() => openLibrary(path, { resourcesDir: join(dir, 'missing-resources') })).toThrow(/could not be filled with the sample campaigns/);
    expect(campaignsAfterReopening(path)).toEqual([SAMPLES_ONCE, SAMPLES_ONCE]);
  });
});
