/**
 * A maximised objective through the library and the command line (issue 26), with the tests'
 * Harvest kind (tests/support/score-kind.ts, registered from outside the build): a par not proven
 * is a floor with a proven ceiling in the stored record, the Library list's row and the JSON
 * export (`upperBound`), and `cli solve` says "par >=" and "at most"; the impact report's rows say
 * the par's sense. Push beside it keeps its lower bound.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerKind, unregisterKind } from '../../src-shared/rulesets/registry.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { addLevelsToCampaign, campaignDetail, createCampaign, currentRules, insertLevel, latestVerification, storeVerification } from '../../src-main/library/library.ts';
import { exportCampaign } from '../../src-main/library/export.ts';
import { getImpactReport, storeImpactRow } from '../../src-main/library/impact-reports.ts';
import { campaignReport } from '../../src-main/library/campaign-report.ts';
import { runCli } from '../../src-main/host/cli.ts';
import { harvestKind } from '../support/score-kind.ts';
import { freshDatabase, tempDir } from '../support/temp-library.ts';

beforeAll(() => registerKind(harvestKind));
afterAll(() => unregisterKind(harvestKind.kind));

const FAR = { row: '1.1.1.1.S.1.1.1.9', moves: 14 };
const NEAR = { row: '3.S..5x9', moves: 4 };

describe('a maximised objective in the library', () => {
  it('stores a par not proven with its proven ceiling; the list row and the export name it by its side', () => {
    const { db } = freshDatabase('harvest-library');
    const campaign = createCampaign(db, { name: 'Harvests', kind: 'harvest' });
    const ids = [insertLevel(db, { kind: 'harvest', doc: FAR, source: 'hand' }), insertLevel(db, { kind: 'harvest', doc: NEAR, source: 'hand' })];
    addLevelsToCampaign(db, campaign.id, ids);
    const rules = currentRules(db, campaign.rulesetId).rules!;
    const cut = verifyLevel(rules, FAR, { budget: 6 });
    expect(cut).toMatchObject({ status: 'solved', optimal: false });
    storeVerification(db, ids[0], cut);
    storeVerification(db, ids[1], verifyLevel(rules, NEAR));
    expect(latestVerification(db, ids[0])!.verification.provenBound).toBe(cut.provenBound);

    const [far, near] = campaignDetail(db, campaign.id)!.levels;
    expect(far).toMatchObject({ badge: 'verified-bound', par: cut.par, parBound: cut.provenBound });
    expect(far.parBound!).toBeGreaterThanOrEqual(far.par!);
    expect(near).toMatchObject({ badge: 'verified', par: 5, parBound: null });

    const bundle = JSON.parse(exportCampaign(db, campaign.id, 'json').text) as { levels: Record<string, unknown>[] };
    expect(bundle.levels[0]).toMatchObject({ par: cut.par, optimal: false, upperBound: cut.provenBound, objective: 'points' });
    expect(bundle.levels[0]).not.toHaveProperty('lowerBound');

    // The campaign report carries the sense, and its checks read a rising best score as easing.
    const report = campaignReport(db, campaign.id);
    expect(report.objectives[0]).toMatchObject({ id: 'points', sense: 'maximise' });
    expect(report.findings.filter((f) => f.check === 'par-falls').map((f) => f.index)).toEqual(cut.par! < 5 ? [1] : []);

    // An impact report's row says the par is maximised (the views say better or worse by it).
    const reportId = Number(
      db.prepare(`INSERT INTO impact_reports (batch_id, scope, label, campaign_id, old_fingerprints_json, new_fingerprints_json, levels, created_at)
        VALUES (NULL, 'campaign', 'Harvests', ?, '[]', '[]', 1, '2026-01-01T00:00:00Z')`).run(campaign.id).lastInsertRowid,
    );
    storeImpactRow(db, reportId, { levelId: ids[1], campaignName: 'Harvests', position: 2, title: null, status: 'solved', par: 5, oldPar: 3, impact: ['par-changed'], recordings: [], proven: false });
    expect(getImpactReport(db, reportId)!.rows[0]).toMatchObject({ par: 5, oldPar: 3, sense: 'maximise' });
  });
});

describe('a maximised objective on the command line', () => {
  const dir = tempDir('harvest-cli');
  const file = join(dir, 'two.harvest');
  writeFileSync(file, `${NEAR.row} ${NEAR.moves}\n${FAR.row} ${FAR.moves}\n`);
  const run = async (...args: string[]) => {
    const out: string[] = [];
    const code = await runCli(['solve', file, ...args], { out: (l) => out.push(l), err: (l) => out.push(l), resolvePath: (p) => p });
    return { code, out };
  };

  it('solves a score proven, and out of budget says the best found is a floor with a proven ceiling', async () => {
    const proven = await run('--json', '--level', '1');
    const cut = await run('--json', '--level', '2', '--budget', '6');
    const [near, far] = [...proven.out, ...cut.out].map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(proven.code).toBe(0);
    // A score always has a line: out of budget it is still solved, not proven.
    expect(cut.code).toBe(0);
    expect(near).toMatchObject({ level: 1, status: 'solved', value: 5, unit: 'point', sense: 'maximise', par: 5, moves: null, solution: 'rrr', optimal: true });
    expect(far).toMatchObject({ level: 2, status: 'solved', optimal: false, stoppedBy: 'budget' });
    expect(far.upperBound).toBeGreaterThanOrEqual(far.value as number);
    expect(far).not.toHaveProperty('lowerBound');
  });

  it('prints "par >=" in points and the ceiling as "at most"', async () => {
    expect((await run('--level', '1')).out[0]).toMatch(/^level 1: solved, par 5 points \(optimal\)/);
    expect((await run('--level', '2', '--budget', '6')).out[0]).toMatch(/^level 2: solved, par >= \d+ points? \(not proven optimal, at most \d+ points?, stopped by the state budget\)/);
  });
});
