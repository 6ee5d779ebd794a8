/**
 * The block-tray kind played in Debian's Chromium against the browser host (issue 26): a scripted
 * puzzle imported from a `.blocks` file, a tray piece picked from the strip and placed with the
 * mouse (its ghost shown where it would land), two rows cleared and flashing, then the keyboard:
 * Tab to the next piece, arrows to aim it, Enter to place it, the last line cleared and the puzzle
 * won, the HUD's score and combo following. Screenshots go to test-artifacts/.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { artifactPath, browserUnavailable, openStudioInBrowser, type HostProcess } from '../support/browser.ts';
import { captureIo } from '../support/cli-io.ts';
import { tempDir } from '../support/temp-library.ts';

const unavailable = browserUnavailable();
if (unavailable) console.log(`[e2e] skipped: ${unavailable}`);

const dir = tempDir('blocks-e2e');
const dbPath = join(dir, 'library.sqlite');
// The vertical bar at column 7 fills rows 0 and 1; the 1x3 bar then fills row 6's gap.
const PUZZLE = ['Title: Block puzzles', '', 'Title: Two lines and one', 'Goal: clear', 'Tray: #/# ###', '#######.', '#######.', '........', '........', '........', '........', '...#####', '........', ''];

let host: HostProcess;
let browser: Browser;
let page: Page;
const studio = () => ({ page });

describe.skipIf(unavailable !== undefined)('the block-tray kind in a real browser', () => {
  beforeAll(async () => {
    const file = join(dir, 'puzzles.blocks');
    writeFileSync(file, PUZZLE.join('\n'));
    expect(await runCli(['import', file, '--db', dbPath], captureIo().io)).toBe(0);
    ({ host, browser, page } = await openStudioInBrowser(dbPath, { hostArgs: ['--workers', '1'] }));
  });


  /** The centre of board cell (x, y) on the page. */
  async function cellPoint(x: number, y: number): Promise<{ x: number; y: number }> {
    const board = (await page.locator('[data-testid="play-area"] .board-box [data-testid="board"]').boundingBox())!;
    return { x: board.x + ((x + 0.5) * board.width) / 8, y: board.y + ((y + 0.5) * board.height) / 8 };
  }

  it('places a piece with the mouse: ghost, two rows cleared, score and combo', async () => {
    await page.getByTestId('campaign-item').filter({ hasText: 'Block puzzles' }).click();
    await page.getByTestId('level-row').first().dblclick();
    await page.getByTestId('level-view').waitFor();
    await expect.poll(() => page.getByTestId('selectable').count()).toBe(2);
    await expect.poll(() => page.getByTestId('hud-score').textContent()).toBe('0');
    // Empty cells are plain floor on a hairline grid, filled ones bevelled blocks: both themes.
    const board = page.locator('[data-testid="play-area"] .board-box');
    await board.screenshot({ path: artifactPath('e2e-blocks-00-board-dark.png') });
    await page.keyboard.press('Control+Alt+t');
    await board.screenshot({ path: artifactPath('e2e-blocks-00-board-light.png') });
    await page.keyboard.press('Control+Alt+t');
    await page.getByTestId('selectable').first().click();
    const target = await cellPoint(7, 0);
    await page.mouse.move(target.x, target.y);
    await expect.poll(() => page.locator('[data-testid="board-cell-set"][data-set="ghost"]').getAttribute('data-count')).toBe('2');
    await page.screenshot({ path: artifactPath('e2e-blocks-01-ghost.png') });
    await page.mouse.click(target.x, target.y);
    // 2 cells, 2 lines (10 + 20 with the default scoring): 32; the first clear starts the combo.
    await expect.poll(() => page.getByTestId('hud-score').textContent()).toBe('32');
    await expect.poll(() => page.getByTestId('hud-combo').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('hud-lines').textContent()).toBe('2');
    await expect.poll(() => page.locator('[data-testid="board-piece"][data-kind="block"]').count()).toBe(5);
    expect(await page.getByTestId('selectable').count()).toBe(1);
  });

  it('places the last piece with Tab, the arrows and Enter, and wins', async () => {
    // The pointer leaves the board: its aim goes, and the keys start from the top-left corner.
    await page.mouse.move(1, 1);
    await page.getByTestId('play-area').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByTestId('board-cursor').getAttribute('data-x')).toBe('0');
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.getByTestId('board-cursor').getAttribute('data-y')).toBe('6');
    expect(await page.getByTestId('board-cursor').getAttribute('data-x')).toBe('0');
    await expect.poll(() => page.locator('[data-testid="board-cell-set"][data-set="ghost"]').getAttribute('data-count')).toBe('3');
    await page.keyboard.press('Enter');
    await page.getByTestId('solved-banner').waitFor();
    // 3 cells + 10 for the line + the combo's 10 + 300 for the emptied board: 32 + 323.
    await expect.poll(() => page.getByTestId('hud-score').textContent()).toBe('355');
    await expect.poll(() => page.getByTestId('hud-combo').textContent()).toBe('2');
    await page.screenshot({ path: artifactPath('e2e-blocks-02-cleared.png') });
    expect(await page.locator('[data-testid="board-piece"][data-kind="block"]').count()).toBe(0);
  });
});

describe.skipIf(unavailable !== undefined)('the block-tray simulation in the Rules view', () => {
  it('runs games in the pool and charts them, with no unplaceable tray', async () => {
    const { page } = studio();
    await page.getByTestId('nav-rules').click();
    await page.getByTestId('simulation-section').waitFor();
    await page.getByTestId('simulation-games').fill('6');
    await page.getByTestId('simulation-bot').selectOption('random');
    await page.getByTestId('simulation-run').click();
    await page.getByTestId('simulation-summary').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('simulation-unplaceable').getAttribute('data-count')).toBe('0');
    await page.locator('[data-testid="simulation-length-chart"] canvas').first().waitFor();
    await page.locator('[data-testid="simulation-time-chart"] canvas').first().waitFor();
    await page.getByTestId('simulation-section').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('e2e-blocks-03-simulation.png') });
  });
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});
