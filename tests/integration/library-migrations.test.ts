/**
 * Every numbered migration, from every earlier schema version to the latest: a library written by
 * an older build (rows in the columns of its time) opens under this one with nothing lost: par,
 * pushes, the objective's value, lower bounds, recordings. Real SQLite files, rows written as the
 * older build wrote them (raw SQL of that schema).
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { levelDetailSchema } from '../../src-shared/api/studio-api.ts';
import { openDatabase, type LibraryDatabase } from '../../src-main/library/db.ts';
import { LATEST_SCHEMA_VERSION, SCHEMA_VERSIONS } from '../../src-main/library/migrations/index.ts';
import { addLevelsToCampaign, createCampaign, currentRules, getRecording, insertLevel, latestVerification, levelDetail } from '../../src-main/library/library.ts';
import { commitDraft, getDraft, saveDraft } from '../../src-main/library/drafts.ts';
import { getLevel, setLevelBudget } from '../../src-main/library/levels.ts';
import { getImpactReport } from '../../src-main/library/impact-reports.ts';
import { freshTempDir } from '../support/temp-library.ts';

let dir: string;
const opened: LibraryDatabase[] = [];

beforeEach(() => {
  dir = freshTempDir('migrations');
});

afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
});

function openAt(file: string, targetVersion?: number): LibraryDatabase {
  const { db } = openDatabase(join(dir, file), { targetVersion });
  opened.push(db);
  return db;
}

const BOARD = ['#####', '#@$.#', '#####'];

interface OldRow {
  objective: 'moves' | 'pushes';
  par: number;
  pushes: number;
  lowerBound: number | null;
  optimal: boolean;
}

/** A verification as a build of schema `version` wrote it. */
function insertOld(db: LibraryDatabase, version: number, levelId: number, row: OldRow, stamp: { fingerprint: string; hash: string }): void {
  const common = [levelId, 'solved', row.optimal ? 1 : 0, row.objective];
  const tail = ['R', 5, 5, 1.5, 400_000, row.optimal ? null : 'budget', 'push-astar/1', JSON.stringify({ boxes: 1, goals: 1 }), '[]', stamp.fingerprint, stamp.hash, '2026-01-01T00:00:00Z'];
  const columns = 'solution, nodes, stored, ms, budget, stopped_by, solver, metrics_json, diagnostics_json, rules_fingerprint, content_hash, created_at';
  if (version === 1) {
    db.prepare(`INSERT INTO verifications (level_id, status, optimal, objective, par, pushes, ${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...common, row.par, row.pushes, ...tail);
  } else if (version === 2) {
    db.prepare(`INSERT INTO verifications (level_id, status, optimal, objective, par, pushes, lower_bound, ${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...common, row.par, row.pushes, row.lowerBound, ...tail);
  } else {
    const value = row.objective === 'moves' ? row.par : row.pushes;
    const metrics = JSON.stringify({ boxes: 1, goals: 1, pushes: row.pushes });
    const withMetrics = [...tail.slice(0, 7), metrics, ...tail.slice(8)];
    // Migration 13 renamed lower_bound (the bound's side follows the objective's sense).
    const bound = version >= 13 ? 'proven_bound' : 'lower_bound';
    db.prepare(`INSERT INTO verifications (level_id, status, optimal, objective, value, par, ${bound}, ${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...common, value, row.par, row.lowerBound, ...withMetrics);
  }
}

describe('library migrations from every earlier version', () => {
  for (const version of SCHEMA_VERSIONS.slice(0, -1)) {
    it(`a library of schema ${version} keeps its verifications and recordings under schema ${LATEST_SCHEMA_VERSION}`, () => {
      const file = `v${version}.gridwright`;
      const db = openAt(file, version);
      const campaign = createCampaign(db, { name: 'Old', kind: 'push' });
      const [byMoves, byPushes] = [insertLevel(db, { kind: 'push', doc: { board: BOARD }, source: 'hand' }), insertLevel(db, { kind: 'push', doc: { board: [...BOARD, '#####'] }, source: 'hand' })];
      addLevelsToCampaign(db, campaign.id, [byMoves, byPushes]);
      const fingerprint = currentRules(db, campaign.rulesetId).fingerprint;
      const hashOf = (levelId: number, from: LibraryDatabase = db) => (from.prepare('SELECT content_hash FROM levels WHERE id = ?').get(levelId) as { content_hash: string }).content_hash;
      insertOld(db, version, byMoves, { objective: 'moves', par: 33, pushes: 8, lowerBound: null, optimal: true }, { fingerprint, hash: hashOf(byMoves) });
      insertOld(db, version, byPushes, { objective: 'pushes', par: 40, pushes: 9, lowerBound: version >= 2 ? 7 : null, optimal: false }, { fingerprint, hash: hashOf(byPushes) });
      const recording = Number(
        db.prepare('INSERT INTO recordings (level_id, name, rules_fingerprint, content_hash, commands_json, journal_json, final_hash, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
          .run(byMoves, 'old run', fingerprint, hashOf(byMoves), '["r"]', '[]', 'abcd', 'won', '2026-01-01T00:00:00Z').lastInsertRowid,
      );
      db.close();

      const upgraded = openAt(file);
      const moves = latestVerification(upgraded, byMoves)!.verification;
      expect(moves).toMatchObject({ objective: 'moves', value: 33, par: 33, optimal: true, provenBound: null });
      expect(moves.metrics).toEqual({ boxes: 1, goals: 1, pushes: 8 });
      const pushes = latestVerification(upgraded, byPushes)!.verification;
      // By pushes, the value solved for is the pushes; the par stays the solution's moves.
      expect(pushes).toMatchObject({ objective: 'pushes', value: 9, par: 40, optimal: false, provenBound: version >= 2 ? 7 : null });
      expect(pushes.metrics.pushes).toBe(9);
      // The API's shapes read them: the list's figures carry the pushes.
      const detail = levelDetailSchema.parse(levelDetail(upgraded, byMoves));
      expect(detail).toMatchObject({ par: 33, figures: { pushes: 8 }, badge: 'verified' });
      expect(getRecording(upgraded, recording)).toMatchObject({ name: 'old run', commands: ['r'], stepHashes: null, source: 'play', intended: false });
      // Migration 5's budget and 6's drafts on the upgraded library: a budget outlives a saved draft.
      expect(getLevel(upgraded, byMoves)!.budget).toBeNull();
      setLevelBudget(upgraded, byMoves, 500_000);
      const oldHash = hashOf(byMoves, upgraded);
      saveDraft(upgraded, byMoves, { board: ['######', '#@$ .#', '######'] });
      expect(getDraft(upgraded, byMoves)!.baseHash).toBe(oldHash);
      const saved = commitDraft(upgraded, byMoves)!;
      expect(saved.contentHash).not.toBe(oldHash);
      expect(saved.budget).toBe(500_000);
      expect(getDraft(upgraded, byMoves)).toBeUndefined();
    });
  }
});

describe('migration 13: objectives both ways', () => {
  it('renames the minimising names in stored rows: shortcut -> better-than-intended, a replay cost -> value, lower_bound -> proven_bound', () => {
    const db = openAt('v12-impact.gridwright', 12);
    const campaign = createCampaign(db, { name: 'Old', kind: 'push' });
    const levelId = insertLevel(db, { kind: 'push', doc: { board: BOARD }, source: 'hand' });
    addLevelsToCampaign(db, campaign.id, [levelId]);
    const reportId = Number(
      db.prepare(`INSERT INTO impact_reports (batch_id, scope, label, campaign_id, old_fingerprints_json, new_fingerprints_json, levels, created_at)
        VALUES (NULL, 'campaign', 'Old', ?, '["a"]', '["b"]', 1, '2026-01-01T00:00:00Z')`).run(campaign.id).lastInsertRowid,
    );
    const recordings = [{ id: 3, wins: true, winsAt: null, divergesAt: null, undecodableAt: null, cost: 12, intended: true }];
    db.prepare(
      `INSERT INTO impact_rows (report_id, level_id, campaign_id, campaign_name, position, title, status, par, old_par, impact_json, recordings_json, proven)
       VALUES (?, ?, ?, 'Old', 1, 'row', 'solved', 9, 12, '["par-changed","shortcut"]', ?, 1)`,
    ).run(reportId, levelId, campaign.id, JSON.stringify(recordings));
    db.close();

    const upgraded = openAt('v12-impact.gridwright');
    const [row] = getImpactReport(upgraded, reportId)!.rows;
    expect(row.impact).toEqual(['par-changed', 'better-than-intended']);
    expect(row.recordings).toEqual([{ id: 3, wins: true, winsAt: null, divergesAt: null, undecodableAt: null, value: 12, intended: true }]);
    const columns = (upgraded.prepare('PRAGMA table_info(verifications)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).toContain('proven_bound');
    expect(columns).not.toContain('lower_bound');
  });
});
