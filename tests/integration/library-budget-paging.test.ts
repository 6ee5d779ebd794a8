/**
 * A level's own state budget (migration 5), a campaign answered a page at a time, and an empty
 * campaign's export refused. Real SQLite files with the sample library.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, MAX_CAMPAIGN_PAGE, campaignDetailSchema } from '../../src-shared/api/studio-api.ts';
import { DEFAULT_STATE_BUDGET, MAX_VERIFY_BUDGET } from '../../src-shared/search/budget.ts';
import { openDatabase } from '../../src-main/library/db.ts';
import { insertLevel } from '../../src-main/library/levels.ts';
import {
  LibraryInputError,
  LibraryNotFoundError,
  addLevelsToCampaign,
  campaignDetail,
  createCampaign,
  exportCampaign,
  getLevel,
  levelDetail,
  listCampaignSummaries,
  setLevelBudget,
  updateLevelContent,
  type LibraryDatabase,
} from '../../src-main/library/library.ts';
import { freshLibrary } from '../support/temp-library.ts';

let dir: string;
let db: LibraryDatabase;
let microbanId: number;

beforeEach(() => {
  ({ dir, db } = freshLibrary('budget', 'lib.gridwright'));
  microbanId = listCampaignSummaries(db)[0].id;
});

describe('a level’s own budget', () => {
  it('the sample library gives Microban I #139 and #153 budgets of their own and no other level one', () => {
    const levels = campaignDetail(db, microbanId)!.levels;
    expect(levels.filter((l) => l.budget !== null).map((l) => [l.position, l.budget])).toEqual([[139, 500_000], [153, 11_000_000]]);
    expect(levels[152].budget).toBeGreaterThan(DEFAULT_STATE_BUDGET);
  });

  it('is set, shown in the rows and details, kept through an edit, and cleared', () => {
    const row = campaignDetail(db, microbanId)!.levels[0];
    expect(row.budget).toBeNull();
    setLevelBudget(db, row.id, 1_234_567);
    expect(campaignDetail(db, microbanId)!.levels[0].budget).toBe(1_234_567);
    expect(levelDetail(db, row.id)!.budget).toBe(1_234_567);
    updateLevelContent(db, row.id, { ...(row.content as object), title: 'renamed' });
    expect(getLevel(db, row.id)!.budget).toBe(1_234_567);
    expect(setLevelBudget(db, row.id, null).budget).toBeNull();
    expect(levelDetail(db, row.id)!.budget).toBeNull();
  });

  it('is one budget for the level in every campaign that holds it', () => {
    const row = campaignDetail(db, microbanId)!.levels[4];
    const other = createCampaign(db, { name: 'Favourites', kind: 'push' });
    addLevelsToCampaign(db, other.id, [row.id]);
    setLevelBudget(db, row.id, 800_000);
    expect(campaignDetail(db, other.id)!.levels[0].budget).toBe(800_000);
  });

  it('refuses what no verification may ask for, and a level that does not exist', () => {
    const { id } = campaignDetail(db, microbanId)!.levels[0];
    for (const bad of [0, -5, 1.5, MAX_VERIFY_BUDGET + 1, Number.NaN]) expect(() => setLevelBudget(db, id, bad), String(bad)).toThrow(LibraryInputError);
    expect(() => setLevelBudget(db, 999_999, 10)).toThrow(LibraryNotFoundError);
    expect(API['library.setLevelBudget'].request.safeParse({ levelId: id, budget: MAX_VERIFY_BUDGET + 1 }).success).toBe(false);
    expect(API['library.setLevelBudget'].request.safeParse({ levelId: id, budget: null }).success).toBe(true);
  });

  it('a library of schema 4 opens under schema 5 with no level budget', () => {
    const file = join(dir, 'v4.gridwright');
    const old = openDatabase(file, { targetVersion: 4 }).db;
    const campaign = createCampaign(old, { name: 'Old', kind: 'push' });
    // Written as a schema-4 library holds it (an import today also notes its levels in a table of
    // migration 017, which a schema-4 file has not got).
    const holder = createCampaign(old, { name: 'Holder', kind: 'push' });
    const levelId = insertLevel(old, { kind: 'push', doc: { board: ['#####', '#@$.#', '#####'] }, source: 'hand' });
    old.prepare('INSERT INTO campaign_levels (campaign_id, position, level_id) VALUES (?, 1, ?)').run(holder.id, levelId);
    const r = { campaignId: holder.id };
    old.close();
    const upgraded = openDatabase(file).db;
    try {
      expect(campaignDetail(upgraded, r.campaignId!)!.levels[0].budget).toBeNull();
      expect(campaignDetail(upgraded, campaign.id)!.levels).toEqual([]);
      setLevelBudget(upgraded, campaignDetail(upgraded, r.campaignId!)!.levels[0].id, 5000);
    } finally {
      upgraded.close();
    }
  });
});

describe('library.campaign a page at a time', () => {
  it('without offset or limit, the whole campaign as before (no page field)', () => {
    const whole = campaignDetail(db, microbanId)!;
    expect(whole.levels).toHaveLength(155);
    expect(whole.page).toBeUndefined();
  });

  it('a page: those rows, the campaign’s total, and the badge counts of the whole campaign', () => {
    const whole = campaignDetail(db, microbanId)!;
    const page = campaignDetailSchema.parse(campaignDetail(db, microbanId, { offset: 150, limit: 10 }));
    expect(page.levels.map((l) => l.position)).toEqual([151, 152, 153, 154, 155]);
    expect(page.levels).toEqual(whole.levels.slice(150));
    expect(page.page).toEqual({ offset: 150, limit: 10, total: 155 });
    expect(page.campaign).toEqual(whole.campaign);
    expect(page.campaign.badges).toEqual({ unverified: 155 });
    expect(campaignDetail(db, microbanId, { limit: 3 })!.levels.map((l) => l.position)).toEqual([1, 2, 3]);
    expect(campaignDetail(db, microbanId, { offset: 500 })!).toMatchObject({ levels: [], page: { offset: 500, limit: MAX_CAMPAIGN_PAGE, total: 155 } });
  });

  it('the request refuses a page larger than MAX_CAMPAIGN_PAGE or a negative offset', () => {
    const request = API['library.campaign'].request;
    expect(request.safeParse({ campaignId: 1, limit: MAX_CAMPAIGN_PAGE + 1 }).success).toBe(false);
    expect(request.safeParse({ campaignId: 1, offset: -1 }).success).toBe(false);
    expect(request.safeParse({ campaignId: 1, offset: 0, limit: MAX_CAMPAIGN_PAGE }).success).toBe(true);
    expect(request.safeParse({ campaignId: 1 }).success).toBe(true);
  });
});

describe('export of an empty campaign', () => {
  it('is refused with the reason, in both formats', () => {
    const empty = createCampaign(db, { name: 'Nothing yet', kind: 'push' });
    for (const format of ['sok', 'json'] as const) {
      expect(() => exportCampaign(db, empty.id, format)).toThrow(LibraryInputError);
      expect(() => exportCampaign(db, empty.id, format)).toThrow('The campaign "Nothing yet" has no levels, so nothing was exported: import or generate levels into it first.');
    }
    expect(exportCampaign(db, microbanId, 'sok').text).toContain('#');
  });
});
