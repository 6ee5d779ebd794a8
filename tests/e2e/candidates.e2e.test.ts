/**
 * The candidates bench end to end in Debian's Chromium against the browser host (real worker
 * processes, a real SQLite file): a bad par window refused beside its field before anything
 * runs, a small generation split across two workers with its progress and per-sieve counts,
 * a candidate previewed and play-tested, two accepted into a new campaign, and both seen in the
 * library with their provenance. Screenshots in test-artifacts/.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath, browserUnavailable, openStudioInBrowser, type HostProcess } from '../support/browser.ts';
import { tempDir } from '../support/temp-library.ts';

const unavailable = browserUnavailable();
const dir = tempDir('e2e-candidates');

describe.skipIf(unavailable !== undefined)('the candidates bench in a real browser', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ host, browser, page } = await openStudioInBrowser(join(dir, 'library.sqlite'), { hostArgs: ['--workers', '2'] }));
    await page.getByTestId('campaign-item').first().waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('refuses a par window no level can meet beside its field, before anything runs', async () => {
    await page.getByTestId('nav-candidates').click();
    await page.getByTestId('candidates-view').waitFor();
    await page.getByTestId('bench-seed').fill('e2e');
    await page.getByTestId('bench-par-min').fill('30');
    await page.getByTestId('bench-par-max').fill('10');
    await expect.poll(() => page.getByTestId('bench-error-par').textContent()).toMatch(/par window is empty/i);
    expect(await page.getByTestId('bench-start').isDisabled()).toBe(true);
    await page.getByTestId('bench-seed').fill('');
    await expect.poll(() => page.getByTestId('bench-error-seed').textContent()).toMatch(/Enter a seed/);
    await page.screenshot({ path: artifactPath('e2e-candidates-01-bad-input.png') });
  });

  it('runs a small generation across the pool with progress and per-sieve counts', async () => {
    await page.getByTestId('bench-seed').fill('e2e');
    await page.getByTestId('bench-par-min').fill('8');
    await page.getByTestId('bench-par-max').fill('30');
    await page.getByTestId('bench-param-count').fill('3');
    await page.getByTestId('bench-param-maxCandidates').fill('1200');
    await page.getByTestId('bench-start').click();
    const head = page.getByTestId('run-progress');
    await head.waitFor();
    await expect.poll(() => head.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');
    expect(await page.getByTestId('run-tried').textContent()).toMatch(/\d+ of at most 1200 candidates tried/);
    await expect.poll(() => page.locator('[data-testid="run-sieves"] .sieve').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('candidate-card').count()).toBe(3);
    await page.screenshot({ path: artifactPath('e2e-candidates-02-run.png') });
  });

  it('previews a candidate and play-tests it with the keys', async () => {
    await page.getByTestId('candidate-open').first().click();
    const preview = page.getByTestId('candidate-preview');
    await preview.waitFor();
    expect(await preview.getByTestId('candidate-seed').textContent()).toBe('e2e');
    await preview.getByTestId('candidate-play').focus();
    const before = await preview.locator('svg').innerHTML();
    for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) await page.keyboard.press(key);
    // Some of the four moves changed the board (a wall stops the others).
    expect(await preview.locator('svg').innerHTML()).not.toBe(before);
    await page.screenshot({ path: artifactPath('e2e-candidates-03-preview.png') });
  });

  it('accepts two into a new campaign and shows them in the library with their provenance', async () => {
    const ticks = page.getByTestId('candidate-tick');
    await ticks.nth(0).check();
    await ticks.nth(1).check();
    await page.getByTestId('accept-name').fill('Bench picks');
    await page.getByTestId('accept-ticked').click();
    await expect.poll(() => page.getByTestId('candidate-accepted').count()).toBe(2);
    await page.screenshot({ path: artifactPath('e2e-candidates-04-accepted.png') });

    await page.getByTestId('nav-library').click();
    const campaign = page.getByTestId('campaign-item').filter({ hasText: 'Bench picks' });
    await campaign.click();
    await expect.poll(() => page.getByTestId('level-row').count()).toBe(2);
    await page.getByTestId('level-row').first().click();
    const provenance = page.getByTestId('library-level-provenance');
    await provenance.waitFor();
    expect(await provenance.textContent()).toMatch(/push-reverse v1, seed e2e, candidate #\d+/);
    expect(await provenance.locator('.edited').getAttribute('data-edited')).toBe('false');
    await page.screenshot({ path: artifactPath('e2e-candidates-05-library.png') });
  });
});
