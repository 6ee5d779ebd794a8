/**
 * Recordings of another document (issue 22): a "won" recording saved against a hard level but made
 * on a trivial board is listed as not current, and is never one of the level's playthroughs: a
 * re-verification does not replay it, and the campaign report's human signals do not count it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { levelContentHash } from '../../src-shared/engine/fingerprint.ts';
import { campaignReport } from '../../src-main/library/campaign-report.ts';
import { importCollection } from '../../src-main/library/import.ts';
import { getLevel, listRecordingIds, storeRecording, type LibraryDatabase } from '../../src-main/library/library.ts';
import { campaignLevelIds } from '../../src-main/library/campaigns.ts';
import { pushRules } from '../support/microban.ts';
import { freshLibrary } from '../support/temp-library.ts';

let db: LibraryDatabase;
let levelId: number;
let campaignId: number;

const HARD = ['#######', '#@ $ .#', '# $ . #', '#######'];
const TRIVIAL = { board: ['#####', '#@$.#', '#####'] };

beforeEach(() => {
  db = freshLibrary('recordings-document', 'lib.gridwright').db;
  const imported = importCollection(db, { fileName: 'hard.xsb', text: ['Title: Hard', '', ...HARD, ''].join('\n') });
  campaignId = imported.campaignId!;
  levelId = campaignLevelIds(db, campaignId)[0];
});

function record(contentHash: string, status: string): number {
  return storeRecording(db, {
    levelId, rulesFingerprint: pushRules.fingerprint, contentHash, commands: ['r'], journal: [], finalHash: 'f', status, moves: 1, undos: 0, hints: 0, durationMs: 1000,
  });
}

describe("recordings of another document are not the level's playthroughs", () => {
  it('a re-verification replays only recordings of the current document', () => {
    const current = record(getLevel(db, levelId)!.contentHash, 'playing');
    record(levelContentHash('push', TRIVIAL), 'won');
    expect(listRecordingIds(db, levelId).map((r) => r.id)).toEqual([current]);
  });

  it("the campaign report's human signals count only recordings of the current document", () => {
    record(levelContentHash('push', TRIVIAL), 'won');
    record(levelContentHash('push', TRIVIAL), 'won');
    record(getLevel(db, levelId)!.contentHash, 'playing');
    const row = campaignReport(db, campaignId).rows.find((r) => r.levelId === levelId)!;
    expect(row.recordings).toBe(1);
    expect(row.completionRate).toBe(0);
  });
});
