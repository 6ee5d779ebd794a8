/**
 * Per-chapter tightness (issue 23, seed 001): the campaign report reads the step limit a kind
 * reports for each level (`metrics.stepLimit`, `LIMIT_FIGURE`) as tightness = par / limit, and the
 * tightness check holds each chapter to its window. Nothing here names the maze: the fixture's
 * levels are mazes because the maze kind is the one that reports a limit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMIT_FIGURE } from '../../src-shared/campaign/signals.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { campaignReport } from '../../src-main/library/campaign-report.ts';
import { editCampaign, writeCurveSettings } from '../../src-main/library/campaign-layouts.ts';
import { createCampaign } from '../../src-main/library/campaigns.ts';
import { insertLevel } from '../../src-main/library/library.ts';
import { storeVerification } from '../../src-main/library/verifications.ts';
import { REPO_ROOT } from '../support/data.ts';
import { freshLibrary } from '../support/temp-library.ts';

interface FixtureLevel {
  readonly title: string;
  readonly par: number;
  readonly rows: readonly string[];
}
const FIXTURE = JSON.parse(readFileSync(join(REPO_ROOT, 'tests/fixtures/campaign/maze-halls.json'), 'utf8')) as { levels: FixtureLevel[] };

describe('tightness along a campaign', () => {
  it('reads par / limit from the kind-reported figure and fires on the level out of its chapter window', () => {
    const { db } = freshLibrary('campaign-tightness');
    const kind = rulesetKind('maze')!;
    const rules = kind.create({}).rules!;
    const campaign = createCampaign(db, { name: 'Echo', kind: 'maze' });
    const ids = FIXTURE.levels.map((level, i) => {
      const id = insertLevel(db, { kind: 'maze', doc: level, source: 'hand' });
      db.prepare('INSERT INTO campaign_levels (campaign_id, position, level_id) VALUES (?, ?, ?)').run(campaign.id, i + 1, id);
      const proof = verifyLevel(rules, level);
      expect(proof.metrics[LIMIT_FIGURE], level.title).toBeGreaterThan(0);
      storeVerification(db, id, proof);
      return id;
    });
    editCampaign(db, campaign.id, { type: 'chapter-add', name: 'Halls', fromLevelId: ids[0] });

    const report = campaignReport(db, campaign.id);
    expect(report.rows.map((r) => r.par)).toEqual([8, 12, 16, 8]);
    expect(report.rows.map((r) => r.tightness)).toEqual([8 / 10, 12 / 15, 16 / 20, 8 / 25]);
    const found = report.findings.filter((f) => f.check === 'tightness');
    expect(found.map((f) => f.levelId)).toEqual([ids[3]]);
    expect(found[0].reason).toBe('tightness 0.32 outside 0.75-0.85, its median 0.80 ± 0.05 in chapter "Halls"');
    expect(report.rows[3].checks).toContain('tightness');

    // A window set for the chapter replaces its median's: now the loose level is the one inside.
    const chapterId = report.chapters[0].id;
    writeCurveSettings(db, campaign.id, { tightnessWindows: { [String(chapterId)]: { min: 0.3, max: 0.5 } } });
    const windowed = campaignReport(db, campaign.id).findings.filter((f) => f.check === 'tightness');
    expect(windowed.map((f) => f.levelId)).toEqual(ids.slice(0, 3));
    expect(windowed[0].reason).toBe('tightness 0.80 outside 0.30-0.50, its window in chapter "Halls"');
  });
});
