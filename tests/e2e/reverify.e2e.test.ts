/**
 * Re-verification end to end in Debian's Chromium against the browser host (issue 16, part B):
 * import solutions as recordings (one intended, one that bumped into two boxes), re-verify, change
 * the rules (push strength 1 -> 2, written in the library: the Rules view's channel comes with
 * part A), re-verify again, read the report (categories, counts, a filter) and open the diverging
 * recording at its step in the Level view. Screenshots go to test-artifacts/.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { setCampaignRuleset } from '../../src-main/library/campaigns.ts';
import { openDatabase } from '../../src-main/library/db.ts';
import { createRuleset, saveRulesetConfig } from '../../src-main/library/rulesets.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { artifactPath, browserUnavailable, openStudioInBrowser, type HostProcess } from '../support/browser.ts';
import { captureIo } from '../support/cli-io.ts';
import { tempDir } from '../support/temp-library.ts';

const unavailable = browserUnavailable();
if (unavailable) console.log(`[e2e] skipped: ${unavailable}`);

const dir = tempDir('reverify-e2e');
const dbPath = join(dir, 'library.sqlite');
const ROW = ['#########', '#       #', '#       #', '# @$$ ..#', '#       #', '#       #', '#########'];
const ONE = ['######', '#@ $.#', '######'];
const solutionsFile = join(dir, 'solutions.json');
const bumpsFile = join(dir, 'bumps.json');

describe.skipIf(unavailable !== undefined)('re-verification in a real browser', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;
  let rulesetId: number;

  beforeAll(async () => {
    const levels = join(dir, 'pair.xsb');
    writeFileSync(levels, ['Title: Pair', '', ...ROW, 'Title: row', '', ...ONE, 'Title: one', ''].join('\n'));
    expect(await runCli(['import', levels, '--db', dbPath], captureIo().io)).toBe(0);
    const side = openDatabase(dbPath).db;
    rulesetId = createRuleset(side, { kind: 'push', name: 'Pair rules' }).ruleset.id;
    setCampaignRuleset(side, (side.prepare("SELECT id FROM campaigns WHERE name = 'Pair'").get() as { id: number }).id, rulesetId);
    side.close();
    const weak = pushKind.create({}).rules!;
    writeFileSync(solutionsFile, JSON.stringify([{ level: 1, lurd: verifyLevel(weak, { board: ROW }).solution }, { level: 2, lurd: 'rR' }]));
    // Up, down, then twice right into the two boxes: refused under strength 1.
    writeFileSync(bumpsFile, '[{"level": 1, "lurd": "udrr"}]');
    ({ host, browser, page } = await openStudioInBrowser(dbPath, { hostArgs: ['--workers', '1', '--token', 'fedcba9876543210fedcba9876543210'] }));
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  const rows = () => page.getByTestId('report-row').evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-position'), n.getAttribute('data-impact')]));

  async function reverifyAndWait(): Promise<void> {
    const before = await page.getByTestId('report-item').count();
    await page.getByTestId('reverify-campaign').click();
    await expect.poll(() => page.getByTestId('report-item').count()).toBe(before + 1);
    await expect.poll(() => page.getByTestId('report-item').first().getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
    // The new report is the one shown, with a row per level.
    const newest = await page.getByTestId('report-item').first().getAttribute('data-report');
    await expect.poll(() => page.getByTestId('report-table').getAttribute('data-report')).toBe(newest);
    // A row per level: the changed ones shown, the unchanged ones folded under a toggle.
    const folded = async () => ((await page.getByTestId('report-unchanged-toggle').count()) > 0 ? Number(await page.getByTestId('report-unchanged-toggle').getAttribute('data-count')) : 0);
    await expect.poll(async () => (await page.getByTestId('report-row').count()) + (await folded()), { timeout: 10_000 }).toBe(2);
  }

  it('imports solutions as recordings: intended ones, and one whose bumps are kept', async () => {
    await page.getByTestId('campaign-item').filter({ hasText: 'Pair' }).click();
    await page.getByTestId('solutions-input').setInputFiles(solutionsFile);
    await page.getByTestId('toast').filter({ hasText: 'Stored 2 recordings from solutions.json' }).waitFor();
    await page.getByTestId('solutions-intended').uncheck();
    await page.getByTestId('solutions-input').setInputFiles(bumpsFile);
    await page.getByTestId('toast').filter({ hasText: 'Stored 1 recording from bumps.json' }).waitFor();
  });

  it('re-verifies, changes the rules, re-verifies again and reads the report', async () => {
    await page.getByTestId('nav-reports').click();
    await page.getByTestId('reports-view').waitFor();
    await reverifyAndWait();
    expect(await rows()).toEqual([['1', 'first-verification'], ['2', 'first-verification']]);

    const side = openDatabase(dbPath).db;
    saveRulesetConfig(side, rulesetId, { pushStrength: 2 }, 'two boxes in a row');
    side.close();
    await reverifyAndWait();
    // What changed first; the unchanged level folded until asked for.
    expect(await rows()).toEqual([['1', 'par-changed better-than-intended recording-diverges']]);
    await page.getByTestId('report-unchanged-toggle').click();
    expect(await rows()).toEqual([['1', 'par-changed better-than-intended recording-diverges'], ['2', 'unchanged']]);
    expect(await page.getByTestId('report-fingerprints').textContent()).toMatch(/^Rules compared: .+ v1 → .+ v2 \(“two boxes in a row”\)$/);
    const counts = await page.getByTestId('report-filter').evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-category'), n.querySelector('[data-testid="report-count"]')?.textContent]));
    expect(counts).toEqual([['unchanged', '1'], ['par-changed', '1'], ['better-than-intended', '1'], ['recording-diverges', '1']]);
    await page.screenshot({ path: artifactPath('reverify-01-report.png') });
    await page.locator('[data-testid="report-filter"][data-category="better-than-intended"]').click();
    expect(await rows()).toEqual([['1', 'par-changed better-than-intended recording-diverges']]);
    await page.screenshot({ path: artifactPath('reverify-02-filtered.png') });
  });

  it('opens the diverging recording at its step in the scrubber', async () => {
    const link = page.locator('[data-testid="report-open-recording"][data-step="3"]');
    expect(await link.textContent()).toContain('diverges at step 3');
    await link.click();
    await page.getByTestId('replays-view').waitFor();
    await expect.poll(() => page.getByTestId('replay-board').getAttribute('data-step')).toBe('3');
    expect(await page.getByTestId('replay-step').textContent()).toBe('Step 3 of 4');
    // The step the old rules refused plays now: "then and now" shows both and names that step.
    await page.getByTestId('replay-then').waitFor();
    expect(await page.getByTestId('then-diverges').textContent()).toContain('differ from step 3');
    await page.screenshot({ path: artifactPath('reverify-03-recording-at-step.png') });
    // The level's recordings, from its row: the imported intended one and the one with bumps.
    await page.getByTestId('nav-reports').click();
    await page.locator('[data-testid="report-row"]').first().getByTestId('report-open-level').click();
    await page.getByTestId('level-view').waitFor();
    await expect.poll(() => page.getByTestId('recording-intended').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-intended')))).toEqual(['false', 'true']);
  });
});
