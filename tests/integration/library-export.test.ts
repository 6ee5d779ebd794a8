/**
 * Exporting campaigns: SOK text that reads back to the same levels, and the JSON bundle a game
 * runtime loads, whose par and solution are present only when proven under the current rules.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../src-shared/api/studio-api.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import {
  LibraryNotFoundError,
  addLevelsToCampaign,
  campaignDetail,
  createCampaign,
  currentRules,
  exportCampaign,
  getLevel,
  importCollection,
  listCampaignSummaries,
  safeFileName,
  saveRulesetConfig,
  storeVerification,
  updateLevelContent,
  type LibraryDatabase,
} from '../../src-main/library/library.ts';
import { freshLibrary } from '../support/temp-library.ts';

let db: LibraryDatabase;
let microbanId: number;

beforeEach(() => {
  db = freshLibrary('export', 'lib.gridwright').db;
  microbanId = listCampaignSummaries(db)[0].id;
});

const contents = (campaignId: number) => campaignDetail(db, campaignId)!.levels.map((l) => ({ title: l.title, board: (l.content as { board: string[] }).board }));

function verifyFirst(n: number): void {
  const detail = campaignDetail(db, microbanId)!;
  const rules = currentRules(db, detail.campaign.rulesetId).rules!;
  for (const row of detail.levels.slice(0, n)) storeVerification(db, row.id, verifyLevel(rules, row.content, { budget: 200_000 }));
}

interface Bundle {
  format: string;
  campaign: string;
  kind: string;
  rulesFingerprint: string;
  credit: string | null;
  exportedFrom: string;
  levels: Record<string, unknown>[];
}

describe('export: SOK', () => {
  it('Microban exported as SOK imports back to the same boards and titles, with its credit', () => {
    const out = exportCampaign(db, microbanId, 'sok');
    API['library.export'].response.parse(out);
    expect(out).toMatchObject({ fileName: 'Microban I.sok', mimeType: expect.stringMatching(/^text\/plain/), diagnostics: [] });
    expect(out.text).toContain('Credit: Microban I by David W. Skinner (freely distributable with credit)');
    const back = importCollection(db, { fileName: out.fileName, text: out.text });
    expect(back).toMatchObject({ campaignName: 'Microban I (2)', imported: 155, rejected: 0 });
    expect(contents(back.campaignId!)).toEqual(contents(microbanId));
    const copy = campaignDetail(db, back.campaignId!)!;
    // Same content hash: verifications carry over by content, not by row.
    expect(copy.levels.map((l) => l.contentHash)).toEqual(campaignDetail(db, microbanId)!.levels.map((l) => l.contentHash));
    expect(copy.campaign.comments.join('\n')).toContain('David W. Skinner');
  });

  it('a level SOK cannot draw is exported with a warning (JSON keeps it)', () => {
    const text = JSON.stringify([{ title: 'plain', board: ['#####', '#@$.#', '#####'] }, { title: 'icy', board: ['#######', '#@ $ .#', '#######'], ice: [[2, 1]] }]);
    const { campaignId } = importCollection(db, { fileName: 'icy.json', text });
    const sok = exportCampaign(db, campaignId!, 'sok');
    expect(sok.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'library.export.lossy', level: 2 })]);
    const bundle = JSON.parse(exportCampaign(db, campaignId!, 'json').text) as Bundle;
    expect(bundle.levels[1]).toMatchObject({ name: 'icy', ice: [[2, 1]] });
  });
});

describe('export: JSON bundle for a game runtime', () => {
  it('has the bundle shape, the levels in campaign order, and par only where verified', () => {
    verifyFirst(3);
    const out = exportCampaign(db, microbanId, 'json');
    API['library.export'].response.parse(out);
    expect(out).toMatchObject({ fileName: 'Microban I.json', mimeType: 'application/json' });
    const bundle = JSON.parse(out.text) as Bundle;
    const fingerprint = currentRules(db, listCampaignSummaries(db)[0].rulesetId).fingerprint;
    expect(bundle).toMatchObject({ format: 'gridwright.campaign/1', campaign: 'Microban I', kind: 'push', rulesFingerprint: fingerprint, exportedFrom: 'Gridwright' });
    expect(bundle.credit).toContain('David W. Skinner');
    expect(bundle.levels).toHaveLength(155);
    expect(bundle.levels.map((l) => String(l.name).split(' ')[0])).toEqual(Array.from({ length: 155 }, (_, i) => String(i + 1)));

    const [first] = bundle.levels;
    expect(Object.keys(first)).toEqual(['name', 'kind', 'board', 'par', 'pushes', 'solution', 'optimal', 'status', 'rulesFingerprint', 'contentHash']);
    expect(first).toMatchObject({ name: '1', kind: 'push', par: 33, pushes: expect.any(Number), optimal: true, status: 'solved', rulesFingerprint: fingerprint });
    expect(first.solution).toMatch(/^[lurdLURD]+$/);
    expect(String(first.solution)).toHaveLength(33);
    expect(first.contentHash).toBe(getLevel(db, campaignDetail(db, microbanId)!.levels[0].id)!.contentHash);
    expect(bundle.levels[3]).toMatchObject({ par: null, pushes: null, solution: null, optimal: null, status: 'unverified' });
  });

  it('a par that is not proven goes out with the lower bound the solver proved', () => {
    const detail = campaignDetail(db, microbanId)!;
    const row = detail.levels[0];
    const record = verifyLevel(currentRules(db, detail.campaign.rulesetId).rules!, row.content, { budget: 200_000 });
    storeVerification(db, row.id, { ...record, optimal: false, par: 35, provenBound: 31 });
    const bundle = JSON.parse(exportCampaign(db, microbanId, 'json').text) as Bundle;
    expect(bundle.levels[0]).toMatchObject({ par: 35, optimal: false, lowerBound: 31, objective: 'moves', status: 'solved' });
  });

  it('stale levels export a null par: after a rules change, and after an edit', () => {
    verifyFirst(2);
    const detail = campaignDetail(db, microbanId)!;
    updateLevelContent(db, detail.levels[1].id, { ...(detail.levels[1].content as object), board: ['######', '# #  #', '# #@ #', '# $* #', '# .* #', '#    #', '######'] });
    let bundle = JSON.parse(exportCampaign(db, microbanId, 'json').text) as Bundle;
    expect(bundle.levels[0]).toMatchObject({ status: 'solved', par: 33 });
    expect(bundle.levels[1]).toMatchObject({ status: 'stale', par: null, pushes: null, solution: null, optimal: null });

    saveRulesetConfig(db, detail.campaign.rulesetId, { pushStrength: 2 });
    bundle = JSON.parse(exportCampaign(db, microbanId, 'json').text) as Bundle;
    expect(bundle.levels[0]).toMatchObject({ status: 'stale', par: null, solution: null });
    expect(bundle.rulesFingerprint).toBe(currentRules(db, detail.campaign.rulesetId).fingerprint);
    expect(bundle.levels[0].rulesFingerprint).toBe(bundle.rulesFingerprint);
  });

  it('file names are safe whatever the campaign is called', () => {
    const hostile = createCampaign(db, { name: '../../etc/passwd', kind: 'push' });
    // An empty campaign is not exported at all (library-budget-paging.test.ts): give it a level.
    addLevelsToCampaign(db, hostile.id, [campaignDetail(db, microbanId)!.levels[0].id]);
    const out = exportCampaign(db, hostile.id, 'json');
    expect(out.fileName).not.toMatch(/[\\/]/);
    expect(out.fileName).toBe('_.._etc_passwd.json');
    expect(JSON.parse(out.text).levels).toHaveLength(1);
    expect(safeFileName('C:\\a\\b:c*?"<>|\u0000', 'sok')).toBe('C_a_b_c_.sok');
    expect(safeFileName('  ..  ', 'sok')).toBe('campaign.sok');
    expect(safeFileName('con', 'json')).toBe('campaign_con.json');
    expect(() => exportCampaign(db, 999_999, 'sok')).toThrow(LibraryNotFoundError);
  });
});
