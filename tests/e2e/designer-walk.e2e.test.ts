/**
 * What a designer met on a first walk through the studio (issue 22), in Debian's Chromium against
 * the browser host: the editor draws the cells outside a room as outside, numbers the solution
 * path and names its overlays in a legend; a rename is undone by Ctrl+Z; a reload lands where the
 * designer was; play-testing leaves only the way back on the toolbar; a recording's step controls
 * are drawn icons, not characters a font may lack. Screenshots go to test-artifacts/.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath, browserUnavailable, launchChromium, startHostProcess, type HostProcess } from '../support/browser.ts';

const unavailable = browserUnavailable();
if (unavailable) console.log(`[e2e] skipped: ${unavailable}`);

const dir = mkdtempSync(join(tmpdir(), 'gridwright-walk-e2e-'));
const dbPath = join(dir, 'library.sqlite');

describe.skipIf(unavailable !== undefined)("a designer's walk in a real browser", () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;

  const board = () => page.locator('[data-testid="editor-board"]');
  const terrainAt = (x: number, y: number) => board().locator(`[data-testid="board-cell"][data-x="${x}"][data-y="${y}"]`).getAttribute('data-terrain');
  const shownView = () => page.locator('.app').getAttribute('data-view');

  beforeAll(async () => {
    host = await startHostProcess(dbPath, ['--workers', '1', '--token', '0123456789abcdef0123456789abcdef']);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    page.on('pageerror', (error) => console.log(`[e2e] page error: ${error.message}`));
    await page.goto(host.url);
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('the editor shows the room, its outline, the numbered solution path and a legend, in both themes', async () => {
    await page.getByTestId('campaign-item').filter({ hasText: 'Microban I' }).click();
    // Microban I #3 starts "  ####": its first two cells lie outside the room.
    await page.getByTestId('level-row').nth(2).click();
    await page.keyboard.press('Control+Alt+e');
    await page.locator('[data-testid="editor-view"][data-ready="true"]').waitFor();
    await expect.poll(() => terrainAt(0, 0)).toBe('outside');
    expect(await terrainAt(2, 0)).toBe('wall');
    await expect.poll(() => page.getByTestId('proof-verdict').textContent(), { timeout: 30_000 }).toMatch(/Solvable/);
    await page.getByTestId('overlay-path').check();
    await page.getByTestId('overlay-dead').check();
    await expect.poll(() => page.getByTestId('overlay-legend-item').count()).toBe(2);
    expect(await board().locator('text.debug-label').first().textContent()).toBe('1');
    await page.screenshot({ path: artifactPath('walk-01-editor-dark.png') });
    await page.keyboard.press('Control+Alt+t');
    await page.screenshot({ path: artifactPath('walk-02-editor-light.png') });
    await page.keyboard.press('Control+Alt+t');
    await page.getByTestId('overlay-path').uncheck();
    await page.getByTestId('overlay-dead').uncheck();
  });

  it('a rename is undone by Ctrl+Z like any edit, and a reload reopens the editor on the level', async () => {
    const title = page.getByTestId('editor-title');
    const before = await title.inputValue();
    await title.fill('Three boxes');
    await title.press('Enter');
    await expect.poll(() => title.inputValue()).toBe('Three boxes');
    await board().click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => title.inputValue()).toBe(before);
    expect(await page.getByTestId('editor-save').isDisabled()).toBe(true);
    expect(await page.evaluate('location.hash')).toMatch(/^#view=editor&campaign=\d+&level=\d+$/);
    await page.reload();
    await page.locator('[data-testid="editor-view"][data-ready="true"]').waitFor();
    expect(await shownView()).toBe('editor');
    await expect.poll(() => terrainAt(0, 0)).toBe('outside');
  });

  it('play-testing leaves only the way back; the recording plays back with drawn step icons', async () => {
    await page.keyboard.press('F5');
    await expect.poll(() => page.getByTestId('editor-view').getAttribute('data-mode')).toBe('play');
    expect(await page.getByTestId('editor-toolbar').locator('button').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')))).toEqual(['editor-back']);
    // The player of Microban I #3 stands at (6,4); the cell to its right is free.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('hud-moves').textContent()).toBe('1');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('editor-view').getAttribute('data-mode')).toBe('edit');
    await page.getByTestId('nav-level').click();
    await page.getByTestId('recording-row').first().waitFor();
    await page.getByTestId('recording-scrub').first().click();
    // The scrubber opens under the view once the recording's timeline is loaded.
    await page.getByTestId('replay-first').locator('svg path').waitFor();
    for (const id of ['replay-first', 'replay-prev-marker', 'replay-back', 'replay-forward', 'replay-next-marker', 'replay-last']) {
      const button = page.getByTestId(id);
      expect(await button.locator('svg path').count(), id).toBe(1);
      const box = (await button.locator('svg').boundingBox())!;
      expect(box.width, id).toBeGreaterThan(8);
    }
    await page.screenshot({ path: artifactPath('walk-03-recording-steps.png') });
  });
});
