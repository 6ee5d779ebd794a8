/**
 * End to end in Debian's Chromium against the browser host (a real process, real SQLite file, real
 * worker processes): open the studio, see the sample campaign, import an XSB file through the UI,
 * run Verify all and watch progress reach 100%, see par values and badges, export JSON, and play a
 * level to the win, go through the registered views by keyboard, scan a long list (virtualised,
 * go to level, sort, filter), verify one level with a budget from its menu, run the studio in
 * both of its languages; the question an import of levels already in the library asks, an empty
 * campaign's export refused, and a page with a wrong token told so without retrying. Screenshots
 * are kept in test-artifacts/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, openLibrary } from '../../src-main/library/library.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { artifactPath, browserUnavailable, openStudioInBrowser, type HostProcess } from '../support/browser.ts';
import { tempDir } from '../support/temp-library.ts';

const unavailable = browserUnavailable();
if (unavailable) console.log(`[e2e] skipped: ${unavailable}`);

const dir = tempDir('e2e');
const importFile = join(dir, 'starter-pack.xsb');
writeFileSync(
  importFile,
  [
    'Title: Starter pack',
    'Author: E2E',
    '',
    '#####',
    '#@$.#',
    '#####',
    'Title: One push',
    '',
    '######',
    '#@ $.#',
    '######',
    'Title: Walk then push',
    '',
    '#######',
    '#@$  .#',
    '#######',
    'Title: Long push',
    '',
    '######',
    '#@$.@#',
    '######',
    'Title: Two players',
    '',
  ].join('\n'),
);

const slidingFile = join(dir, 'tiles.json');
writeFileSync(
  slidingFile,
  JSON.stringify({
    format: 'gridwright.sliding/1',
    title: 'Tiles',
    levels: [{ title: 'Two moves', width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8] }],
  }),
);

describe.skipIf(unavailable !== undefined)('studio in a real browser', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A campaign with no levels, which nothing in the studio makes yet: its export is refused.
    const library = openLibrary(join(dir, 'library.sqlite'), { resourcesDir: RESOURCES_DIR });
    createCampaign(library.db, { name: 'Empty', kind: 'push' });
    library.db.close();
    ({ host, browser, page } = await openStudioInBrowser(join(dir, 'library.sqlite'), { hostArgs: ['--workers', '2'], context: { acceptDownloads: true } }));
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('opens on the built-in sample campaign with its credit', async () => {
    const microban = page.getByTestId('campaign-item').filter({ hasText: 'Microban I' });
    await microban.waitFor();
    await expect.poll(() => microban.getByTestId('campaign-level-count').textContent()).toContain('155');
    await expect.poll(() => page.getByTestId('level-row').count()).toBeGreaterThan(10);
    expect(await page.getByTestId('campaign-credit').textContent()).toContain('David W. Skinner');
    expect(await page.getByTestId('library-path').textContent()).toContain('library.sqlite');
    await page.screenshot({ path: artifactPath('e2e-01-library.png') });
  });

  it('imports an XSB file through the file picker, keeping the good levels and reporting the bad one', async () => {
    await page.getByTestId('import-input').setInputFiles(importFile);
    // Its first level is Microban I #44 ('Duh!'): the studio asks before it duplicates it.
    const question = page.getByTestId('import-duplicates');
    await question.waitFor();
    expect(await question.getByTestId('import-duplicates-summary').textContent()).toContain('1 of the 3 levels of starter-pack.xsb is already in the library.');
    expect(await question.getByTestId('import-duplicates-level').first().textContent()).toContain('Microban I #44');
    await page.screenshot({ path: artifactPath('e2e-02a-import-duplicates.png') });
    await question.getByTestId('import-duplicates-import').click();
    const panel = page.getByTestId('import-panel');
    await panel.waitFor();
    await expect.poll(() => panel.getByTestId('import-imported').getAttribute('data-count')).toBe('3');
    expect(await panel.getByTestId('import-rejected').getAttribute('data-count')).toBe('1');
    expect(await panel.getByTestId('import-diagnostic').first().textContent()).toMatch(/player/i);
    await page.screenshot({ path: artifactPath('e2e-02-import.png') });
    await panel.getByTestId('import-dismiss').click();
    await page.getByTestId('campaign-item').filter({ hasText: 'Starter pack' }).click();
    await expect.poll(() => page.getByTestId('level-row').count()).toBe(3);
  });

  it('the same file again: every level is in the library, skipping would leave nothing, and Cancel writes nothing', async () => {
    await page.getByTestId('import-input').setInputFiles(importFile);
    const question = page.getByTestId('import-duplicates');
    await question.waitFor();
    expect(await question.getByTestId('import-duplicates-summary').textContent()).toContain('All 3 levels of starter-pack.xsb are already in the library.');
    expect(await question.getByTestId('import-duplicates-skip').isDisabled()).toBe(true);
    await page.screenshot({ path: artifactPath('e2e-02b-import-all-duplicates.png') });
    await question.getByTestId('import-duplicates-cancel').click();
    await question.waitFor({ state: 'detached' });
    expect(await page.getByTestId('campaign-item').filter({ hasText: 'Starter pack (2)' }).count()).toBe(0);
    expect(await page.getByTestId('import-panel').count()).toBe(0);
  });

  it('verifies every level with progress reaching 100% and shows par and badges', async () => {
    await page.getByTestId('verify-all').click();
    const strip = page.getByTestId('job-strip-progress');
    await expect.poll(async () => (await strip.count()) > 0 ? await strip.first().getAttribute('aria-valuenow') : '100', { timeout: 60_000 }).toBe('100');
    await expect.poll(() => page.locator('[data-testid="level-row"][data-badge="verified"]').count(), { timeout: 60_000 }).toBe(3);
    const pars = await page.getByTestId('level-par').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-par')));
    expect(pars).toEqual(['1', '2', '3']);
    await page.screenshot({ path: artifactPath('e2e-03-verified.png') });
    await page.getByTestId('nav-jobs').click();
    await expect.poll(() => page.getByTestId('batch').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('batch-progress').first().getAttribute('aria-valuenow')).toBe('100');
    await page.screenshot({ path: artifactPath('e2e-04-jobs.png') });
    await page.getByTestId('nav-library').click();
  });

  it('exports the campaign as a JSON bundle with par, solution and rules fingerprint', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    const path = join(dir, 'export.json');
    await download.saveAs(path);
    const bundle = JSON.parse(readFileSync(path, 'utf8'));
    expect(bundle.campaign).toBe('Starter pack');
    expect(bundle.levels.map((l: { name: string; par: number; solution: string }) => [l.name, l.par, l.solution])).toEqual([
      ['One push', 1, 'R'],
      ['Walk then push', 2, 'rR'],
      ['Long push', 3, 'RRR'],
    ]);
    expect(bundle.levels[0].rulesFingerprint).toMatch(/^push@1:/);
  });

  it('sorts by par, and verifies one level with a larger budget from its menu (Shift+F10)', async () => {
    await page.getByTestId('sort-par').click();
    await page.getByTestId('sort-par').click();
    const pars = await page.getByTestId('level-par').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-par')));
    expect(pars).toEqual(['3', '2', '1']);
    await page.getByTestId('sort-position').click();
    await page.getByTestId('level-row').nth(1).click();
    await page.keyboard.press('Shift+F10');
    await page.getByTestId('level-menu-verify').click();
    await page.getByTestId('verify-budget').fill('4000000');
    await page.getByTestId('verify-submit').click();
    await page.getByTestId('verify-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('nav-jobs').click();
    // The earlier Verify all is gathered with the finished batches, folded: open them.
    await page.getByTestId('finished-toggle').click();
    await expect.poll(() => page.getByTestId('batch').count()).toBeGreaterThan(1);
    await page.getByTestId('nav-library').click();
    await expect.poll(() => page.locator('[data-testid="level-row"][data-badge="verified"]').count(), { timeout: 60_000 }).toBe(3);
  });

  it('verifies that level again with a budget of one state: the run finds nothing, and the par, its solution and its proof stay', async () => {
    const row = page.getByTestId('level-row').nth(1);
    const levelId = Number(await row.getAttribute('data-level-id'));
    const par = await row.getByTestId('level-par').getAttribute('data-par');
    const runs = (): { count: number; status: string } => {
      const raw = new Database(join(dir, 'library.sqlite'), { readonly: true });
      try {
        const { count } = raw.prepare('SELECT count(*) AS count FROM verifications WHERE level_id = ?').get(levelId) as { count: number };
        const latest = raw.prepare('SELECT status, optimal FROM verifications WHERE level_id = ? ORDER BY id DESC LIMIT 1').get(levelId) as { status: string; optimal: number };
        return { count, status: `${latest.status}${latest.optimal ? ' optimal' : ''}` };
      } finally {
        raw.close();
      }
    };
    const before = runs();
    await row.click();
    await page.keyboard.press('Shift+F10');
    await page.getByTestId('level-menu-verify').click();
    await page.getByTestId('verify-budget').fill('1');
    await page.getByTestId('verify-submit').click();
    await page.getByTestId('verify-dialog').waitFor({ state: 'detached' });
    // The run is stored as a row of its own (its job ran out of budget), joined with what was known.
    await expect.poll(() => runs().count, { timeout: 60_000 }).toBe(before.count + 1);
    expect(runs().status).toBe('solved optimal');
    await expect.poll(() => page.locator('[data-testid="level-row"][data-badge="verified"]').count()).toBe(3);
    expect(await page.getByTestId('level-row').nth(1).getByTestId('level-par').getAttribute('data-par')).toBe(par);
    await page.screenshot({ path: artifactPath('e2e-05b-verify-smaller-budget.png') });
  });

  it('refuses to export an empty campaign, saying why', async () => {
    await page.getByTestId('campaign-item').filter({ hasText: 'Empty' }).click();
    await page.getByTestId('empty-levels').waitFor();
    let downloaded = false;
    page.once('download', () => (downloaded = true));
    await page.getByTestId('export-json').click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Export failed' });
    await toast.waitFor();
    expect(await toast.getByTestId('toast-detail').textContent()).toBe('The campaign "Empty" has no levels, so nothing was exported: import or generate levels into it first.');
    await page.screenshot({ path: artifactPath('e2e-04b-export-empty.png') });
    expect(downloaded).toBe(false);
    await page.getByTestId('campaign-item').filter({ hasText: 'Starter pack' }).click();
    await expect.poll(() => page.getByTestId('level-row').count()).toBe(3);
  });

  it('plays a level with the keyboard to the win, with undo and a hint from the pool', async () => {
    await page.getByTestId('level-row').nth(2).dblclick();
    await page.getByTestId('level-view').waitFor();
    await page.locator('[data-testid="board-piece"][data-kind="player"]').first().waitFor();
    await expect.poll(() => page.getByTestId('hud-moves').textContent()).toContain('0');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('hud-moves').textContent()).toContain('1');
    await page.keyboard.press('z');
    await expect.poll(() => page.getByTestId('hud-moves').textContent()).toContain('0');
    await page.keyboard.press('h');
    await page.getByTestId('hint-panel').waitFor();
    await expect.poll(() => page.getByTestId('hint-distance').textContent()).toContain('3');
    // The hinted move is a button that plays it.
    await page.getByTestId('hint-move').click();
    await expect.poll(() => page.getByTestId('hud-moves').textContent()).toContain('1');
    await page.getByTestId('play-area').focus();
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
    await page.getByTestId('solved-banner').waitFor();
    // The banner sits above the board, never over its top row.
    const banner = (await page.getByTestId('solved-banner').boundingBox())!;
    const board = (await page.locator('[data-testid="play-area"] [data-testid="board"]').boundingBox())!;
    expect(banner.y + banner.height).toBeLessThanOrEqual(board.y);
    await page.screenshot({ path: artifactPath('e2e-05-solved.png') });
  });

  it('plays a sliding-tile level, the second kind, by clicking a tile and with the arrow keys', async () => {
    await page.getByTestId('nav-library').click();
    await page.getByTestId('import-input').setInputFiles(slidingFile);
    await page.getByTestId('import-panel').waitFor();
    await page.getByTestId('import-dismiss').click();
    await page.getByTestId('campaign-item').filter({ hasText: 'Tiles' }).click();
    await expect.poll(() => page.getByTestId('level-row').count()).toBe(1);
    await page.getByTestId('level-row').first().dblclick();
    await page.locator('[data-testid="board-piece"][data-kind="tile"]').first().waitFor();
    await expect.poll(() => page.getByTestId('hud-moves').textContent()).toContain('0');
    // Tile 7 is right of the blank: clicking it slides it left.
    await page.locator('[data-testid="board-piece"][data-piece-id="tile:7"]').click();
    await expect.poll(() => page.getByTestId('hud-moves').textContent()).toContain('1');
    await page.screenshot({ path: artifactPath('e2e-06-sliding.png') });
    // Tile 8 is now right of the blank: the left arrow slides it left too, and the board is solved.
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId('solved-banner').waitFor();
    // Tiles are drawn by the kind's appearance (a tile in its goal cell takes the `home` variant's
    // tone); their numbers carry no halo (it drew stray marks in 8, 5, 3, 4).
    const tile = page.locator('[data-testid="board-piece"][data-piece-id="tile:8"]');
    // (Polled: the banner can come a frame before the slid tile is drawn in its goal cell.)
    await expect.poll(async () => [await tile.getAttribute('data-shape'), await tile.getAttribute('data-tone')]).toEqual(['tile', 'success']);
    expect(await page.evaluate<string>(`getComputedStyle(document.querySelector('[data-piece-id="tile:8"] text')).stroke`)).toBe('none');
  });

  it('shows the registered views with Ctrl+number, loading each when first shown, and runs a command from the palette', async () => {
    // Ctrl+N is the N-th view on the rail: find where Jobs is.
    const rail = await page.locator('[data-nav-item]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    const jobsKey = rail.indexOf('nav-jobs') + 1;
    expect(jobsKey).toBeGreaterThan(1);
    await page.keyboard.press(`Control+${jobsKey}`);
    await page.getByTestId('jobs-view').waitFor();
    expect(await page.locator('.app').getAttribute('data-view')).toBe('jobs');
    await page.keyboard.press('Control+1');
    await page.getByTestId('library-view').waitFor();
    const theme = () => page.locator('html').getAttribute('data-theme');
    const before = await theme();
    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('command-palette-input').fill('theme');
    await page.keyboard.press('Enter');
    await expect.poll(theme).not.toBe(before);
    await page.getByTestId('level-row').first().dblclick();
    await page.locator('[data-testid="board-piece"][data-kind="tile"]').first().waitFor();
    await page.screenshot({ path: artifactPath('e2e-07-sliding-light.png') });
  });

  it('scans a long campaign: only the rows in view are in the page, Ctrl+G goes to a level, the status filter narrows', async () => {
    await page.keyboard.press('Control+1');
    await page.getByTestId('campaign-item').filter({ hasText: 'Microban I' }).click();
    await expect.poll(() => page.getByTestId('level-count').textContent()).toContain('155');
    expect(await page.getByTestId('level-row').count()).toBeLessThan(60);
    await page.getByTestId('level-row').first().click();
    await page.keyboard.press('Control+g');
    await page.getByTestId('goto-input').fill('120');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate<string | null>('document.activeElement?.getAttribute("data-position") ?? null')).toBe('120');
    const row = (await page.locator('[data-testid="level-row"][data-position="120"]').boundingBox())!;
    const list = (await page.getByTestId('level-list').boundingBox())!;
    expect(row.y).toBeGreaterThanOrEqual(list.y);
    expect(row.y + row.height).toBeLessThanOrEqual(list.y + list.height + 1);
    await page.getByTestId('level-compact').check();
    await page.screenshot({ path: artifactPath('e2e-08-long-list-compact.png') });
    await page.getByTestId('level-status-filter').selectOption('unverified');
    await expect.poll(() => page.getByTestId('level-count').textContent()).toMatch(/of 155/);
    await page.getByTestId('level-filter-clear').click();
    await page.getByTestId('level-compact').uncheck();
  });

  it('runs in English and in Chinese, chosen from the system language', async () => {
    await page.screenshot({ path: artifactPath('e2e-09-locale-en.png') });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
    const zh = await context.newPage();
    await zh.goto(host.url);
    await zh.getByTestId('level-row').first().waitFor();
    expect(await zh.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await zh.getByTestId('verify-all').textContent()).toContain('全部验证');
    expect(await zh.getByTestId('nav-library').textContent()).toContain('关卡库');
    await zh.screenshot({ path: artifactPath('e2e-09-locale-zh-CN.png') });
    await context.close();
  });

  it('a page with a wrong token says the host refused it and to open the printed address, and does not retry', async () => {
    const stale = await browser.newPage({ viewport: { width: 1100, height: 500 } });
    const sockets: string[] = [];
    stale.on('websocket', (ws) => sockets.push(ws.url()));
    await stale.goto(host.url.replace(/token=[0-9a-f]+/, `token=${'0'.repeat(48)}`));
    const banner = stale.getByTestId('connection-banner');
    await banner.waitFor();
    await expect.poll(() => banner.getAttribute('data-state')).toBe('refused');
    expect(await banner.textContent()).toContain('The Gridwright host refused this page’s access token.');
    expect(await banner.textContent()).toContain('Open the address the host printed when it started');
    await stale.waitForTimeout(3000);
    expect(sockets).toHaveLength(1);
    expect(await banner.textContent()).not.toMatch(/not answering|Retrying/);
    await stale.screenshot({ path: artifactPath('e2e-08-token-refused.png') });
    await stale.close();
  });
});
