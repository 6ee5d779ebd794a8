/**
 * A recording longer than a re-verification replays (stored by an older build, which capped
 * nothing) is reported in its row as not replayed, and why; the batch still finishes and the
 * other recordings are replayed as usual. A batch stores its jobs with recording ids, not the
 * recordings (read when each job starts). Cancelling a batch that has finished changes nothing
 * (issue 22).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Batch } from '../../src-shared/api/studio-api.ts';
import type { ImpactReport } from '../../src-shared/api/reports.ts';
import { MAX_RECORDING_STEPS } from '../../src-shared/engine/limits.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { openLibrary } from '../../src-main/library/library.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { studioCalls } from '../support/studio-call.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridwright-reverify-limits-'));
const libraryPath = join(dir, 'library.sqlite');
let studio: Studio;
const { value } = studioCalls(() => studio);

async function finished(batchId: number): Promise<Batch> {
  for (;;) {
    const batch = (await value<{ batches: Batch[] }>('jobs.list', {})).batches.find((b) => b.id === batchId)!;
    if (batch.state !== 'running') return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let campaignId: number;
let levelId: number;
let longId: number;

beforeAll(async () => {
  studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
  campaignId = (await value('library.import', { fileName: 'one.xsb', text: 'Title: One\n\n#######\n#@ $ .#\n#######\nTitle: one\n' })).campaignId;
  levelId = (await value('library.campaign', { campaignId })).levels[0].id;
  await value('recordings.import', { campaignId, fileName: 'one.json', text: JSON.stringify([{ level: 1, lurd: 'rrr' }]) });
  await studio.close();
  // What an older build could store: a recording of this document far over the cap, written as it wrote rows.
  const { db } = openLibrary(libraryPath, { resourcesDir: RESOURCES_DIR });
  const steps = MAX_RECORDING_STEPS + 50_000;
  const info = db
    .prepare("INSERT INTO recordings (level_id, rules_fingerprint, content_hash, commands_json, journal_json, final_hash, status, created_at, source) VALUES (?, 'f', (SELECT content_hash FROM levels WHERE id = ?), ?, 'null', 'x', 'playing', '2026-01-01', 'import')")
    .run(levelId, levelId, JSON.stringify(Array(steps).fill('l')));
  longId = Number(info.lastInsertRowid);
  db.close();
  studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
});
afterAll(async () => {
  await studio?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a recording over the replay cap', () => {
  it('is listed in its row as not replayed, and the batch finishes', async () => {
    const { batchId, reportId } = await value('jobs.reverify', { campaignId });
    const batch = await finished(batchId);
    expect(batch).toMatchObject({ done: 1, failed: 0 });
    const report = await value<ImpactReport>('reports.get', { reportId });
    const row = report.rows[0];
    expect(row.recordings.find((r) => r.id === longId)).toMatchObject({ wins: false, notReplayed: { reason: 'too-long', steps: MAX_RECORDING_STEPS + 50_000, max: MAX_RECORDING_STEPS } });
    // The short one is replayed and proves the level; the long one adds no category.
    expect(row.recordings.find((r) => r.id !== longId)).toMatchObject({ wins: true });
    expect(row.proven).toBe(true);
    expect(row.impact).toEqual(['first-verification']);
    // What the batch stored: ids, not a quarter of a million commands.
    const { db } = openLibrary(libraryPath, { resourcesDir: RESOURCES_DIR });
    try {
      const stored = db.prepare('SELECT payload_json FROM jobs WHERE batch_id = ?').get(batchId) as { payload_json: string };
      expect(stored.payload_json.length).toBeLessThan(2000);
      expect(JSON.parse(stored.payload_json)).toMatchObject({ recordingIds: [row.recordings.find((r) => r.id !== longId)!.id, longId], recordings: [] });
    } finally {
      db.close();
    }
  });

  it('cancelling the batch once it has finished leaves it and its report done', async () => {
    const { batchId, reportId } = await value('jobs.reverify', { campaignId });
    expect((await finished(batchId)).state).toBe('done');
    expect(await value('jobs.cancel', { batchId })).toEqual({ cancelled: 0 });
    expect((await value<{ batches: Batch[] }>('jobs.list', {})).batches.find((b) => b.id === batchId)?.state).toBe('done');
    expect((await value<ImpactReport>('reports.get', { reportId })).state).toBe('done');
  });
});
