/**
 * Verifications, badges and rulesets: a level's badge comes from its latest verification under the
 * campaign's current rules and its current content; changing either makes it stale.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { campaignDetailSchema, campaignSummarySchema, levelDetailSchema } from '../../src-shared/api/studio-api.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import type { Verification } from '../../src-shared/verify/record.ts';
import {
  LibraryInputError,
  LibraryNotFoundError,
  addLevelsToCampaign,
  badgeFor,
  campaignDetail,
  createCampaign,
  createRuleset,
  currentRules,
  defaultRulesetFor,
  deleteCampaign,
  getLevel,
  insertLevel,
  latestVerification,
  levelDetail,
  listCampaignSummaries,
  listRecordings,
  rulesetHistory,
  saveRulesetConfig,
  storeRecording,
  storeVerification,
  updateLevelContent,
  type LibraryDatabase,
} from '../../src-main/library/library.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { freshLibrary } from '../support/temp-library.ts';

let db: LibraryDatabase;
let campaignId: number;
let rulesetId: number;
let levelIds: number[];

beforeEach(() => {
  db = freshLibrary('badges', 'lib.gridwright').db;
  const [microban] = listCampaignSummaries(db);
  campaignId = microban.id;
  rulesetId = microban.rulesetId;
  levelIds = campaignDetail(db, campaignId)!.levels.map((l) => l.id);
});

/** Verify a level for real, under the campaign's current rules. */
function verify(levelId: number): Verification {
  const rules = currentRules(db, rulesetId).rules!;
  return verifyLevel(rules, getLevel(db, levelId)!.doc, { budget: 200_000 });
}

/** A record as a worker would send it, with the status and optimality given. */
function record(levelId: number, status: Verification['status'], optimal: boolean): Verification {
  const level = getLevel(db, levelId)!;
  const solved = status === 'solved';
  return {
    kind: 'push', status, optimal, objective: 'moves', value: solved ? 40 : null, par: solved ? 40 : null, solution: solved ? 'lurd' : null,
    nodes: 10, stored: 10, ms: 1, budget: 1000, stoppedBy: status === 'budget' ? 'budget' : null, solver: 'test/1', metrics: solved ? { pushes: 9 } : {}, diagnostics: [],
    rulesFingerprint: currentRules(db, rulesetId).fingerprint, contentHash: level.contentHash,
  };
}

const badges = (): string[] => campaignDetail(db, campaignId)!.levels.map((l) => l.badge);

describe('badgeFor', () => {
  const stamp = { status: 'solved' as const, optimal: true, rulesFingerprint: 'push@1:a', contentHash: 'h' };
  it('maps the latest verification to a badge', () => {
    expect(badgeFor(undefined, 'push@1:a', 'h')).toBe('unverified');
    expect(badgeFor(null, 'push@1:a', 'h')).toBe('unverified');
    expect(badgeFor(stamp, 'push@1:a', 'h')).toBe('verified');
    expect(badgeFor({ ...stamp, optimal: false }, 'push@1:a', 'h')).toBe('verified-bound');
    expect(badgeFor(stamp, 'push@1:b', 'h')).toBe('stale');
    expect(badgeFor(stamp, 'push@1:a', 'other')).toBe('stale');
    for (const status of ['unsolvable', 'budget', 'invalid'] as const) expect(badgeFor({ ...stamp, status, optimal: false }, 'push@1:a', 'h')).toBe(status);
  });
});

describe('verifications and badges', () => {
  it('a real verification gives a verified badge with the proven par', () => {
    const optimal = readMicrobanOptimal();
    for (const n of [1, 2, 3]) storeVerification(db, levelIds[n - 1], verify(levelIds[n - 1]));
    const detail = campaignDetail(db, campaignId)!;
    campaignDetailSchema.parse(detail);
    for (const n of [1, 2, 3]) {
      expect(detail.levels[n - 1]).toMatchObject({ badge: 'verified', par: optimal[n - 1].moves, optimal: true });
      expect(detail.levels[n - 1].verifiedAt).not.toBeNull();
    }
    expect(detail.campaign.badges).toEqual({ verified: 3, unverified: 152 });
    const one = levelDetail(db, levelIds[0])!;
    levelDetailSchema.parse(one);
    expect(one.verification).toMatchObject({ status: 'solved', par: optimal[0].moves, kind: 'push' });
    expect(latestVerification(db, levelIds[0])!.verification).toEqual(one.verification);
  });

  it('each status maps to its badge and the summary counts them', () => {
    storeVerification(db, levelIds[0], record(levelIds[0], 'solved', true));
    storeVerification(db, levelIds[1], record(levelIds[1], 'solved', false));
    storeVerification(db, levelIds[2], record(levelIds[2], 'unsolvable', false));
    storeVerification(db, levelIds[3], record(levelIds[3], 'budget', false));
    storeVerification(db, levelIds[4], record(levelIds[4], 'invalid', false));
    expect(badges().slice(0, 6)).toEqual(['verified', 'verified-bound', 'unsolvable', 'budget', 'invalid', 'unverified']);
    const [summary] = listCampaignSummaries(db);
    campaignSummarySchema.parse(summary);
    expect(summary.badges).toEqual({ verified: 1, 'verified-bound': 1, unsolvable: 1, budget: 1, invalid: 1, unverified: 150 });
    expect(campaignDetail(db, campaignId)!.levels[1]).toMatchObject({ par: 40, figures: { pushes: 9 }, optimal: false });
  });

  it('a par that is only an upper bound keeps its proven lower bound', () => {
    storeVerification(db, levelIds[1], { ...record(levelIds[1], 'solved', false), provenBound: 37 });
    expect(latestVerification(db, levelIds[1])!.verification).toMatchObject({ par: 40, provenBound: 37, optimal: false });
    storeVerification(db, levelIds[2], record(levelIds[2], 'solved', true));
    expect(levelDetail(db, levelIds[2])!.verification!.provenBound).toBeNull();
    // The list rows carry it as the par's least, only while it bounds the par (moves) ...
    const rows = campaignDetail(db, campaignId)!.levels;
    expect(rows[1]).toMatchObject({ par: 40, parBound: 37 });
    expect(rows[2].parBound).toBeNull();
    expect(levelDetail(db, levelIds[1])!.parBound).toBe(37);
    // ... not a bound by pushes ...
    storeVerification(db, levelIds[3], { ...record(levelIds[3], 'solved', false), objective: 'pushes', provenBound: 7 });
    expect(campaignDetail(db, campaignId)!.levels[3].parBound).toBeNull();
    // ... and not once the rules change under it.
    saveRulesetConfig(db, rulesetId, { pushStrength: 2 }, 'stronger player');
    expect(campaignDetail(db, campaignId)!.levels[1].parBound).toBeNull();
  });

  it('the latest verification speaks for the level', () => {
    storeVerification(db, levelIds[0], record(levelIds[0], 'budget', false));
    storeVerification(db, levelIds[0], record(levelIds[0], 'solved', true));
    expect(badges()[0]).toBe('verified');
  });

  it('a later run that found less under the same rules and content keeps the par, its solution and its proof', () => {
    storeVerification(db, levelIds[0], record(levelIds[0], 'solved', true));
    const weaker = storeVerification(db, levelIds[0], { ...record(levelIds[0], 'budget', false), provenBound: 12 });
    // Every run is a row of its own; the latest carries what is known.
    expect(latestVerification(db, levelIds[0])!.id).toBe(weaker);
    expect(latestVerification(db, levelIds[0])!.verification).toMatchObject({ status: 'solved', optimal: true, par: 40, solution: 'lurd', provenBound: null });
    expect(badges()[0]).toBe('verified');
    expect(campaignDetail(db, campaignId)!.levels[0]).toMatchObject({ par: 40, figures: { pushes: 9 }, optimal: true });
    // A tighter bound joins the par found before; one that meets it proves it.
    storeVerification(db, levelIds[1], record(levelIds[1], 'solved', false));
    storeVerification(db, levelIds[1], { ...record(levelIds[1], 'budget', false), provenBound: 38 });
    expect(campaignDetail(db, campaignId)!.levels[1]).toMatchObject({ badge: 'verified-bound', par: 40, parBound: 38 });
    storeVerification(db, levelIds[1], { ...record(levelIds[1], 'budget', false), provenBound: 40 });
    expect(campaignDetail(db, campaignId)!.levels[1]).toMatchObject({ badge: 'verified', par: 40, optimal: true });
    // Under other rules the new run speaks alone: the old par was the old rules'.
    saveRulesetConfig(db, rulesetId, { pushStrength: 2 }, 'stronger player');
    storeVerification(db, levelIds[0], record(levelIds[0], 'budget', false));
    expect(badges()[0]).toBe('budget');
  });

  it('a verification with a job id is stored with it', () => {
    const jobId = Number(db.prepare("INSERT INTO jobs (type, label, state, payload_json, created_at) VALUES ('verify', 'v', 'done', '{}', 'now')").run().lastInsertRowid);
    storeVerification(db, levelIds[0], record(levelIds[0], 'solved', true), { jobId });
    expect(latestVerification(db, levelIds[0])!.jobId).toBe(jobId);
  });

  it('a rules change makes every verification stale; changing back makes them current again', () => {
    storeVerification(db, levelIds[0], record(levelIds[0], 'solved', true));
    storeVerification(db, levelIds[1], record(levelIds[1], 'unsolvable', false));
    const before = currentRules(db, rulesetId).fingerprint;
    const { changed } = saveRulesetConfig(db, rulesetId, { pushStrength: 2 }, 'stronger player');
    expect(changed).toBe(true);
    expect(currentRules(db, rulesetId).fingerprint).not.toBe(before);
    const detail = campaignDetail(db, campaignId)!;
    expect(detail.levels.slice(0, 3).map((l) => l.badge)).toEqual(['stale', 'stale', 'unverified']);
    // A stale par is not shown as the par; the inspector still sees the old record.
    expect(detail.levels[0]).toMatchObject({ par: null, figures: {}, optimal: null });
    // ...but it is kept as the previous par, shown marked stale; an unsolvable one has none.
    expect(detail.levels.slice(0, 3).map((l) => l.stalePar)).toEqual([40, null, null]);
    expect(detail.levels[0].verifiedAt).not.toBeNull();
    expect(levelDetail(db, levelIds[0])!.verification).toMatchObject({ par: 40, rulesFingerprint: before });
    expect(detail.campaign.rulesConfig).toMatchObject({ pushStrength: 2 });
    expect(listCampaignSummaries(db)[0].badges).toEqual({ stale: 2, unverified: 153 });

    saveRulesetConfig(db, rulesetId, {});
    expect(currentRules(db, rulesetId).fingerprint).toBe(before);
    expect(badges().slice(0, 2)).toEqual(['verified', 'unsolvable']);
  });

  it('saving a config with a setting the kind does not know warns of it (the stored config leaves it out)', () => {
    const saved = saveRulesetConfig(db, rulesetId, { pushstrength: 3 });
    expect(saved.warnings).toMatchObject([{ severity: 'warning', code: 'push.config.unknown', path: 'pushstrength' }]);
    expect(saved.version.config).not.toHaveProperty('pushstrength');
    expect(saveRulesetConfig(db, rulesetId, { pushStrength: 3 }).warnings).toEqual([]);
  });

  it('editing a level makes it stale; renaming it does not', () => {
    storeVerification(db, levelIds[0], record(levelIds[0], 'solved', true));
    const level = getLevel(db, levelIds[0])!;
    updateLevelContent(db, levelIds[0], { ...level.doc, title: 'Renamed' });
    expect(campaignDetail(db, campaignId)!.levels[0]).toMatchObject({ badge: 'verified', title: 'Renamed' });
    // The goal moves from row 1 to row 3.
    updateLevelContent(db, levelIds[0], { ...level.doc, board: ['####', '#  #', '#  ###', '#*@ .#', '#  $ #', '#  ###', '####'] });
    const edited = getLevel(db, levelIds[0])!;
    expect(edited.contentHash).not.toBe(level.contentHash);
    expect(edited.updatedAt >= level.updatedAt).toBe(true);
    expect(badges()[0]).toBe('stale');
  });

  it('refuses bad input with errors a host can map', () => {
    expect(() => storeVerification(db, 999_999, record(levelIds[0], 'solved', true))).toThrow(LibraryNotFoundError);
    expect(() => storeVerification(db, levelIds[0], { ...record(levelIds[0], 'solved', true), kind: 'maze' })).toThrow(LibraryInputError);
    expect(() => storeVerification(db, levelIds[0], { ...record(levelIds[0], 'solved', true), par: 1.5 })).toThrow(LibraryInputError);
    expect(() => updateLevelContent(db, levelIds[0], { board: 'nope' })).toThrow(LibraryInputError);
    expect(() => saveRulesetConfig(db, rulesetId, { pushStrength: 99 })).toThrow(LibraryInputError);
    expect(campaignDetail(db, 999_999)).toBeUndefined();
    expect(levelDetail(db, 999_999)).toBeUndefined();
  });
});

describe('rulesets', () => {
  it('keeps every saved config, newest first; saving the same config adds nothing', () => {
    saveRulesetConfig(db, rulesetId, { pushStrength: 2 }, 'two');
    saveRulesetConfig(db, rulesetId, { pushStrength: 3 }, 'three');
    expect(saveRulesetConfig(db, rulesetId, { pushStrength: 3 }).changed).toBe(false);
    const history = rulesetHistory(db, rulesetId);
    expect(history.map((v) => v.note)).toEqual(['three', 'two', null]);
    expect(history.map((v) => (v.config as { pushStrength: number }).pushStrength)).toEqual([3, 2, 1]);
    expect(new Set(history.map((v) => v.fingerprint)).size).toBe(3);
    expect(currentRules(db, rulesetId)).toMatchObject({ versionId: history[0].id, fingerprint: history[0].fingerprint, name: 'Push default', kind: 'push' });
  });

  it('the default ruleset is created once per kind', () => {
    expect(defaultRulesetFor(db, 'push').id).toBe(rulesetId);
    expect(() => defaultRulesetFor(db, 'chess')).toThrow(LibraryInputError);
  });

  it('a campaign can play under another ruleset of its kind', () => {
    const { ruleset } = createRuleset(db, { kind: 'push', name: 'Ice off', config: { ice: { enabled: false } } });
    const other = createCampaign(db, { name: 'Mine', kind: 'push', rulesetId: ruleset.id });
    const levelId = insertLevel(db, { kind: 'push', doc: { title: 'a', board: ['#####', '#@$.#', '#####'] }, source: 'hand' });
    addLevelsToCampaign(db, other.id, [levelId]);
    storeVerification(db, levelId, { ...verify(levelId) });
    // Verified under the default rules: stale under this campaign's.
    expect(campaignDetail(db, other.id)!.levels[0].badge).toBe('stale');
    expect(() => createRuleset(db, { kind: 'push', name: 'Ice off' })).toThrow(/already exists/);
  });
});

describe('recordings and deletion', () => {
  it('stores and lists recordings of a level', () => {
    const base = { levelId: levelIds[0], rulesFingerprint: currentRules(db, rulesetId).fingerprint, contentHash: getLevel(db, levelIds[0])!.contentHash, finalHash: 'abc', status: 'won' };
    storeRecording(db, { ...base, name: 'first', commands: ['l', 'u'], journal: [{ type: 'command', command: 'l' }, { type: 'undo' }] });
    storeRecording(db, { ...base, commands: [], journal: [], status: 'playing' });
    const list = listRecordings(db, levelIds[0]);
    expect(list.map((r) => [r.name, r.commands, r.status])).toEqual([['first', ['l', 'u'], 'won'], [null, [], 'playing']]);
    expect(list[0].journal).toEqual([{ type: 'command', command: 'l' }, { type: 'undo' }]);
    expect(() => storeRecording(db, { ...base, levelId: 999_999, commands: [], journal: [] })).toThrow(LibraryNotFoundError);
  });

  it('deleting a campaign deletes the levels no other campaign holds', () => {
    const shared = levelIds[0];
    const other = createCampaign(db, { name: 'Other', kind: 'push' });
    addLevelsToCampaign(db, other.id, [shared]);
    storeVerification(db, levelIds[1], record(levelIds[1], 'solved', true));
    expect(deleteCampaign(db, campaignId)).toEqual({ deletedLevels: 154 });
    expect(getLevel(db, shared)).toBeDefined();
    expect(getLevel(db, levelIds[1])).toBeUndefined();
    expect(db.prepare('SELECT count(*) AS n FROM verifications').get()).toEqual({ n: 0 });
    expect(levelDetail(db, shared)).toMatchObject({ campaignId: other.id, position: 1 });
    expect(() => deleteCampaign(db, campaignId)).toThrow(LibraryNotFoundError);
  });
});
