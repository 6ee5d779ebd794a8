/**
 * Fixed library data for the renderer tests: a Microban campaign (levels 1-3 of Microban I by
 * David W. Skinner, from resources/samples) with one level of each interesting badge.
 */
import type { Batch, CampaignDetail, CampaignSummary, Job, LevelDetail, LevelRow } from '../../../src-shared/api/studio-api.ts';

export const MICROBAN_1 = { title: '1', board: ['####', '# .#', '#  ###', '#*@  #', '#  $ #', '#  ###', '####'] };
export const MICROBAN_2 = { title: '2', board: ['######', '#    #', '# #@ #', '# $* #', '# .* #', '#    #', '######'] };
export const MICROBAN_3 = { title: '3', board: ['  ####', '###  ####', '#     $ #', '# #  #$ #', '# . .#@ #', '#########'] };
/** A known optimal solution of Microban 2 (LURD: upper case pushes). */
export const MICROBAN_2_SOLUTION = 'rddLruulDuullddR';

export const CAMPAIGN: CampaignSummary = {
  id: 1,
  name: 'Microban',
  kind: 'push',
  levelCount: 3,
  credit: 'by David W. Skinner',
  rulesetId: 1,
  rulesFingerprint: 'f1ngerprint0000000000',
  badges: { verified: 1, 'verified-bound': 1, unverified: 1 },
};

export const OTHER_CAMPAIGN: CampaignSummary = {
  id: 2,
  name: 'Empty set',
  kind: 'push',
  levelCount: 0,
  credit: null,
  rulesetId: 1,
  rulesFingerprint: 'f1ngerprint0000000000',
  badges: {},
};

function row(id: number, position: number, content: { title: string; board: string[] }, extra: Partial<LevelRow>): LevelRow {
  return {
    id,
    position,
    title: content.title,
    kind: 'push',
    content,
    contentHash: `hash-${id}`,
    badge: 'unverified',
    par: null,
    figures: {},
    optimal: null,
    parBound: null,
    verifiedAt: null,
    ...extra,
  };
}

export const LEVELS: LevelRow[] = [
  row(11, 1, MICROBAN_1, { badge: 'verified', par: 33, figures: { pushes: 8 }, optimal: true, verifiedAt: '2025-01-01T00:00:00Z' }),
  row(12, 2, MICROBAN_2, { badge: 'verified-bound', par: 18, figures: { pushes: 4 }, optimal: false, parBound: 16, verifiedAt: '2025-01-01T00:00:00Z' }),
  row(13, 3, MICROBAN_3, {}),
];

export const CAMPAIGN_DETAIL: CampaignDetail = {
  campaign: { ...CAMPAIGN, comments: ['Microban (155 puzzles, revised April, 2000)'], rulesConfig: {} },
  levels: LEVELS,
};

export function levelDetail(level: LevelRow): LevelDetail {
  return {
    ...level,
    campaignId: CAMPAIGN.id,
    campaignName: CAMPAIGN.name,
    author: 'David W. Skinner',
    comments: [],
    source: 'imported',
    provenance: null,
    rulesConfig: {},
    rulesFingerprint: CAMPAIGN.rulesFingerprint,
    verification: null,
  };
}

export const BATCH: Batch = { id: 5, label: 'Verify Microban', campaignId: 1, total: 3, done: 1, failed: 0, cancelled: 0, state: 'running', createdAt: '2025-01-01T00:00:00Z' };

export function job(id: number, state: Job['state'], progress: number, extra: Partial<Job> = {}): Job {
  return {
    id,
    batchId: BATCH.id,
    type: 'verify',
    state,
    label: `Verify level ${id}`,
    progress,
    attempts: state === 'queued' ? 0 : 1,
    error: null,
    levelId: null,
    createdAt: '2025-01-01T00:00:00Z',
    startedAt: null,
    finishedAt: null,
    ...extra,
  };
}

/**
 * A campaign of the tests' walk kind (tests/support/walk-kind.ts; register it before mounting) with
 * a step limit of 6: one level with a pit at x=4 and the exit at x=6.
 */
export const WALK_LEVEL = { row: 'S...x.E', title: 'Mind the pit' };

export const WALK_CAMPAIGN: CampaignSummary = {
  id: 7,
  name: 'Walks',
  kind: 'walk',
  levelCount: 1,
  credit: null,
  rulesetId: 3,
  rulesFingerprint: 'walk@1:0000000000',
  badges: { unverified: 1 },
};

export const WALK_ROW: LevelRow = { ...row(71, 1, { title: WALK_LEVEL.title, board: [] }, {}), kind: 'walk', content: WALK_LEVEL };

export const WALK_DETAIL: CampaignDetail = {
  campaign: { ...WALK_CAMPAIGN, comments: [], rulesConfig: { stepLimit: 6 } },
  levels: [WALK_ROW],
};

export function walkLevelDetail(): LevelDetail {
  return { ...levelDetail(WALK_ROW), campaignId: WALK_CAMPAIGN.id, campaignName: WALK_CAMPAIGN.name, author: null, rulesConfig: { stepLimit: 6 }, rulesFingerprint: WALK_CAMPAIGN.rulesFingerprint };
}
