/**
 * Play-testing a maze with fog in Chromium against the browser host (issue 25): the board draws
 * the maze's own shapes, fog hides what is out of the light and dims what was walked, the HUD
 * shows steps left, hearts and recalls with their icons and what is held as an inventory, memory
 * survives a restart, and the no-light night (one life) forgets it and refuses undo. Screenshots
 * go to test-artifacts/.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath, browserUnavailable, openStudioInBrowser, type StudioInBrowser } from '../support/browser.ts';
import { REPO_ROOT } from '../support/data.ts';

const unavailable = browserUnavailable();
if (unavailable) console.log(`[e2e] skipped: ${unavailable}`);

const dir = mkdtempSync(join(tmpdir(), 'gridwright-maze-e2e-'));
const dbPath = join(dir, 'library.sqlite');
const mazeFile = join(dir, 'echo.txt');

const HALLS = [
  'Title: Echo test',
  '',
  'Title: Keys in the dark',
  'Par: 30',
  '################',
  '#@..k....#.....#',
  '#.####.#.#.o.t.#',
  '#....#.#.D.....#',
  '#.##.#.#.#######',
  '#..h.....b..%.X#',
  '################',
  '',
  'Title: Second hall',
  '##########',
  '#@......X#',
  '##########',
  '',
].join('\n');

describe.skipIf(unavailable !== undefined)('a maze play-test with fog in a real browser', () => {
  let studio: StudioInBrowser;
  let page: Page;
  const cells = (visibility: string) => page.locator(`[data-testid="play-area"] [data-testid="board-cell"][data-visibility="${visibility}"]`).count();
  const hud = (id: string) => page.getByTestId(`hud-${id}`).textContent();

  beforeAll(async () => {
    // Saved as .txt: the content says maze.
    writeFileSync(mazeFile, HALLS);
    const imported = spawnSync(process.execPath, ['src-main/host/cli.ts', 'import', mazeFile, '--db', dbPath], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(imported.status, imported.stderr + imported.stdout).toBe(0);
    studio = await openStudioInBrowser(dbPath, { hostArgs: ['--workers', '1', '--token', '0123456789abcdef0123456789abcdef'] });
    page = studio.page;
  });

  afterAll(async () => {
    await studio?.browser.close();
    await studio?.host.stop();
  });

  it('walks in fog: light around the player, walked cells remembered, the HUD with icons and an inventory', async () => {
    await page.getByTestId('campaign-item').filter({ hasText: 'Echo test' }).click();
    const row = page.getByTestId('level-row').first();
    await row.click();
    await row.press('Enter');
    await page.getByTestId('play-area').waitFor();
    await page.getByTestId('board-fog').waitFor();
    expect(await cells('hidden')).toBeGreaterThan(40);
    // The maze's own shapes and tone: the key drawn from its appearance, not a neutral token.
    expect(await page.locator('[data-testid="play-area"] [data-kind="key"] .shape').getAttribute('class')).toContain('shape-key');
    expect(await hud('stepsLeft')).toMatch(/^\d+ \/ \d+$/);
    expect(await hud('hearts')).toBe('3');
    expect(await page.locator('[data-counter="hearts"] [data-testid="hud-icon"]').count()).toBe(1);
    expect(await page.getByTestId('hud-inventory').count()).toBe(0);
    await page.getByTestId('play-area').focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
    await expect.poll(() => page.getByTestId('hud-held-keys').count()).toBe(1);
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
    await expect.poll(() => hud('steps')).toBe('8');
    await expect.poll(() => cells('remembered')).toBeGreaterThan(2);
    await page.screenshot({ path: artifactPath('maze-01-fog-memory-hud.png') });
    // A restart keeps what was walked.
    const remembered = await cells('remembered');
    await page.keyboard.press('r');
    await expect.poll(() => hud('steps')).toBe('0');
    expect(await cells('remembered')).toBeGreaterThanOrEqual(remembered - 1);
    await page.screenshot({ path: artifactPath('maze-02-retry-remembers.png') });
  });

  it('the no-light night: one life, no undo, nothing remembered', async () => {
    await page.getByTestId('play-mode').selectOption('no-light-night');
    await expect.poll(() => cells('remembered')).toBe(0);
    await page.getByTestId('play-area').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => hud('steps')).toBe('1');
    expect(await page.getByTestId('undo-button').isDisabled()).toBe(true);
    expect(await page.getByTestId('run-progress').textContent()).toMatch(/1 of 2/);
    await page.screenshot({ path: artifactPath('maze-03-no-light-night.png') });
  });
});
