/**
 * An import killed after some of its levels were written but before its campaign was made
 * (issue 22): those levels belong to no campaign, and no view shows them. The next writer to open
 * the library (the studio, a CLI writing command) deletes them, and only them: a level taken out
 * of a campaign (kept for its undo) stays.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openForCli } from '../../src-main/host/cli/library-commands.ts';
import { openDatabase } from '../../src-main/library/db.ts';
import { createCampaign, insertLevel, addLevelsToCampaign, integrityCheck } from '../../src-main/library/library.ts';
import { removeLevelFromCampaign } from '../../src-main/library/level-edits.ts';
import { LEVELS_PER_CHUNK } from '../../src-main/library/import-write.ts';
import { REPO_ROOT } from '../support/data.ts';
import { tempDir } from '../support/temp-library.ts';

const CHILD = join(REPO_ROOT, 'tests', 'support', 'import-killed-child.ts');
const dir = tempDir('import-killed');

function killedImport(path: string, levels: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [CHILD, path, String(levels)], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolveRun({ code, signal, stdout }));
  });
}

const count = (db: ReturnType<typeof openDatabase>['db'], sql: string): number => (db.prepare(sql).get() as { n: number }).n;
const CAMPAIGNLESS = 'SELECT count(*) AS n FROM levels l WHERE NOT EXISTS (SELECT 1 FROM campaign_levels cl WHERE cl.level_id = l.id)';

describe('an import killed before its campaign was made', () => {
  it('leaves levels in no campaign, which the next writer\'s open deletes (a removed level stays)', async () => {
    const path = join(dir, 'library.sqlite');
    // A level taken out of its campaign: in no campaign too, but kept for its undo.
    const setup = openDatabase(path).db;
    const kept = insertLevel(setup, { kind: 'push', doc: { title: 'removed', board: ['######', '#@ $.#', '######'] }, source: 'hand' });
    const campaign = createCampaign(setup, { name: 'Hand', kind: 'push' }).id;
    addLevelsToCampaign(setup, campaign, [kept]);
    removeLevelFromCampaign(setup, campaign, kept);
    setup.close();

    const run = await killedImport(path, LEVELS_PER_CHUNK * 3);
    expect(run.signal).toBe('SIGKILL');
    expect(run.stdout).toBe('');

    const after = openDatabase(path).db;
    const left = count(after, CAMPAIGNLESS);
    // The first chunk was committed, the campaign never made.
    expect(left).toBeGreaterThan(1);
    expect(count(after, 'SELECT count(*) AS n FROM import_pending_levels')).toBe(left - 1);
    expect(count(after, "SELECT count(*) AS n FROM campaigns WHERE name = 'killed'")).toBe(0);
    after.close();

    const writer = openForCli(path, 'write');
    try {
      expect(count(writer.db, CAMPAIGNLESS)).toBe(1);
      expect((writer.db.prepare('SELECT id FROM levels').all() as { id: number }[]).map((r) => r.id)).toEqual([kept]);
      expect(count(writer.db, 'SELECT count(*) AS n FROM import_pending_levels')).toBe(0);
      expect(integrityCheck(writer.db)).toBe('ok');
    } finally {
      writer.close();
    }
  });

  it('an import that finishes leaves nothing pending', async () => {
    const path = join(dir, 'whole.sqlite');
    const { db } = openDatabase(path);
    const { importCollection } = await import('../../src-main/library/import.ts');
    const result = importCollection(db, { fileName: 'whole.sok', text: '#####\n#@$.#\n#####\n\n######\n#@ $.#\n######\n' });
    expect(result.imported).toBe(2);
    expect(count(db, 'SELECT count(*) AS n FROM import_pending_levels')).toBe(0);
    expect(count(db, CAMPAIGNLESS)).toBe(0);
    db.close();
  });
});
