/**
 * The designer's task end to end in Debian's Chromium against the browser host: make a push level
 * from an empty room, see a lint message on the board and fix it, see "solvable, par N" from the
 * live proof, play it to a win by keyboard with a hint whose distance drops by one, find the
 * recording in the Level view's list; edit again, kill the host with SIGKILL mid-draft, restart
 * it, reload, and find the draft offered back intact; copy a region as XSB to the system
 * clipboard and paste XSB from it; link a door to a button; swap two tiles of a sliding level and
 * see the parity error. Screenshots of the editor in both themes go to test-artifacts/.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath, browserUnavailable, openStudioInBrowser, startHostProcess, type HostProcess } from '../support/browser.ts';
import { tempDir } from '../support/temp-library.ts';

const unavailable = browserUnavailable();
if (unavailable) console.log(`[e2e] skipped: ${unavailable}`);

const dir = tempDir('editor-e2e');
const dbPath = join(dir, 'library.sqlite');
const slidingFile = join(dir, 'tiles.json');
writeFileSync(slidingFile, JSON.stringify({ format: 'gridwright.sliding/1', title: 'Tiles', levels: [{ title: 'Near', width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8] }] }));

describe.skipIf(unavailable !== undefined)('the level editor in a real browser', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;

  const board = () => page.locator('[data-testid="editor-board"]');
  /** Clicks the middle of a cell of the editor's board (marks and pieces drawn over it do not matter). */
  async function clickCell(x: number, y: number, button: 'left' | 'right' = 'left'): Promise<void> {
    const box = (await board().locator(`[data-testid="board-cell"][data-x="${x}"][data-y="${y}"]`).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button });
  }
  const lintCodes = () => page.getByTestId('lint-item').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-code')));
  // The lint follows an edit after a pause; under the whole suite's load (CI on two cores) it came
  // later than expect.poll's default second once (the sliding parity check).
  const LINT_WAIT = { timeout: 10_000 };
  const hudMoves = () => page.getByTestId('hud-moves').textContent();

  beforeAll(async () => {
    ({ host, browser, page } = await openStudioInBrowser(dbPath, { hostArgs: ['--workers', '1', '--token', '0123456789abcdef0123456789abcdef'] }));
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('makes a push level from an empty room, with a lint message on the board that a fix clears, and proves it', async () => {
    await page.getByTestId('level-row').first().click();
    await page.keyboard.press('Control+Alt+e');
    await page.locator('[data-testid="editor-view"][data-ready="true"]').waitFor();
    await page.getByTestId('level-new').click();
    await page.getByTestId('new-width').fill('7');
    await page.getByTestId('new-height').fill('5');
    await page.getByTestId('new-create').click();
    await expect.poll(() => board().locator('[data-testid="board-cell"]').count()).toBe(35);
    await page.locator('[data-testid="editor-view"][data-ready="true"]').waitFor();
    // Every tool and palette entry has an accessible name.
    for (const b of await page.locator('[data-testid^="tool-"], [data-testid="palette-entry"]').all()) expect(await b.getAttribute('aria-label')).toMatch(/\w/);
    // Player, box, goal, by their keys: 5, 4, 3.
    await clickCell(1, 2);
    await page.keyboard.press('5');
    await clickCell(1, 2);
    await page.keyboard.press('4');
    await clickCell(2, 2);
    // No goal yet: the lint says so, on the board.
    await expect.poll(lintCodes, LINT_WAIT).toContain('push.goals.none');
    await expect.poll(() => board().locator('[data-testid="board-mark"]').count()).toBeGreaterThan(0);
    await page.keyboard.press('3');
    await clickCell(4, 2);
    // A door no button opens: marked on its cell, fixed by the fix offered (it becomes a wall).
    await page.keyboard.press('9');
    await clickCell(5, 1);
    await expect.poll(lintCodes, LINT_WAIT).toContain('push.link.no-button');
    expect(await board().locator('[data-testid="board-mark"][data-x="5"][data-y="1"]').count()).toBe(1);
    await page.screenshot({ path: artifactPath('editor-01-lint-dark.png') });
    await page.locator('[data-testid="lint-item"][data-code="push.link.no-button"] [data-testid="lint-fix"]').click();
    await expect.poll(lintCodes, LINT_WAIT).toEqual([]);
    const verdict = page.getByTestId('proof-verdict');
    await expect.poll(() => verdict.textContent(), { timeout: 20_000 }).toMatch(/Solvable, par 2/);
    // The kind's overlays join once the room loads (it had no player at first): where the player can walk.
    await page.getByTestId('overlay-reach').check();
    // 13 of the room's 15 floor cells: the wall the fix drew and the box are not walked on.
    await expect.poll(async () => Number(await board().locator('[data-testid="board-cell-set"][data-set="reach"]').getAttribute('data-count'))).toBe(13);
    await page.getByTestId('overlay-reach').uncheck();
    await expect.poll(() => page.getByTestId('editor-save-state').getAttribute('data-state')).toBe('saved');
    // Undo and redo walk the edits.
    await page.keyboard.press('Control+z');
    await expect.poll(lintCodes, LINT_WAIT).toContain('push.link.no-button');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(lintCodes, LINT_WAIT).toEqual([]);
    await page.screenshot({ path: artifactPath('editor-02-proof-dark.png') });
  });

  it('play-tests the draft to a win by keyboard, a hint\'s distance dropping by one, and finds the recording', async () => {
    await page.keyboard.press('F5');
    await page.locator('[data-testid="editor-view"][data-mode="play"] [data-testid="play-area"]').waitFor();
    await page.getByTestId('play-area').focus();
    await page.keyboard.press('h');
    await expect.poll(() => page.getByTestId('hint-distance').getAttribute('data-distance'), { timeout: 20_000 }).toBe('2');
    await page.keyboard.press('ArrowRight');
    await expect.poll(hudMoves).toContain('1');
    await page.keyboard.press('h');
    await expect.poll(() => page.getByTestId('hint-distance').getAttribute('data-distance'), { timeout: 20_000 }).toBe('1');
    await page.keyboard.press('F3');
    await page.getByTestId('debug-overlay').waitFor();
    expect(await page.locator('[data-testid="debug-piece"][data-piece-id="player"]').textContent()).toContain('2,2');
    await page.keyboard.press('F3');
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('solved-banner').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="editor-view"][data-mode="edit"]').waitFor();
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByTestId('editor-save').isDisabled()).toBe(true);
    // Level is third on the rail (after Library and Campaign).
    await page.keyboard.press('Control+3');
    await page.getByTestId('level-view').waitFor();
    const row = page.locator('[data-testid="recording-row"][data-outcome="won"]');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getAttribute('data-moves')).toBe('2');
    await row.getByTestId('recording-scrub').click();
    await page.getByTestId('replay-board').waitFor();
    await page.getByTestId('replays-view').press('End');
    // The scrubber shows the journal as played: the two moves and the hints asked between them are steps.
    await expect.poll(() => page.getByTestId('replay-step').textContent()).toBe('Step 4 of 4');
    expect(await page.getByTestId('replay-summary').textContent()).toContain('Moves 2');
  });

  it('keeps a draft through a host killed with SIGKILL and a reload, reopens the editor there and offers it back intact', async () => {
    await page.keyboard.press('Control+Alt+e');
    await page.locator('[data-testid="editor-view"][data-ready="true"]').waitFor();
    await page.keyboard.press('1');
    await clickCell(3, 1);
    await expect.poll(() => page.getByTestId('editor-save-state').getAttribute('data-state')).toBe('saved');
    const port = new URL(host.url).port;
    host.child.kill('SIGKILL');
    await new Promise<void>((resolve) => (host.child.exitCode !== null || host.child.signalCode !== null ? resolve() : host.child.once('exit', () => resolve())));
    host = await startHostProcess(dbPath, ['--workers', '1', '--port', port, '--token', '0123456789abcdef0123456789abcdef']);
    await page.goto(host.url);
    // The reload reopens where the designer was (the editor, on that level) and offers the draft at once.
    await page.getByTestId('draft-offer').waitFor();
    expect(await page.locator('.app').getAttribute('data-view')).toBe('editor');
    await page.screenshot({ path: artifactPath('editor-03-draft-offered-dark.png') });
    await page.getByTestId('draft-restore').click();
    await expect.poll(() => board().locator('[data-testid="board-cell"][data-x="3"][data-y="1"]').getAttribute('data-terrain')).toBe('wall');
    await expect.poll(() => page.getByTestId('proof-verdict').textContent(), { timeout: 20_000 }).toMatch(/Solvable/);
  });

  it('copies a region to the system clipboard as XSB, pastes XSB from it, and links a door to a button', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.url).origin });
    await page.getByTestId('level-new').click();
    await page.getByTestId('new-width').fill('8');
    await page.getByTestId('new-height').fill('5');
    await page.getByTestId('new-create').click();
    await expect.poll(() => board().locator('[data-testid="board-cell"]').count()).toBe(40);
    await page.locator('[data-testid="editor-view"][data-ready="true"]').waitFor();
    await page.keyboard.press('4');
    await clickCell(2, 1);
    await page.keyboard.press('3');
    await clickCell(3, 1);
    // Select (M) from (1,1) to (3,2) by dragging, Ctrl+C: the system clipboard holds it as XSB.
    await page.keyboard.press('m');
    const from = (await board().locator('[data-testid="board-cell"][data-x="1"][data-y="1"]').boundingBox())!;
    const to = (await board().locator('[data-testid="board-cell"][data-x="3"][data-y="2"]').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.press('Control+c');
    await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(' $.\n-\n');
    // XSB from elsewhere (a forum post) pastes at the selection's corner.
    await page.evaluate<void>(`navigator.clipboard.writeText('#@*#\\n')`);
    await page.keyboard.press('Control+v');
    await expect.poll(() => board().locator('[data-testid="board-piece"][data-x="2"][data-y="1"]').getAttribute('data-kind')).toBe('player');
    expect(await board().locator('[data-testid="board-cell"][data-x="1"][data-y="1"]').getAttribute('data-terrain')).toBe('wall');
    expect(await board().locator('[data-testid="board-cell"][data-x="3"][data-y="1"]').getAttribute('data-terrain')).toBe('goal');
    expect(await board().locator('[data-testid="board-piece"][data-x="3"][data-y="1"]').getAttribute('data-kind')).toBe('box');
    await page.keyboard.press('Escape');
    // A button linked 'a' and a door linked 'b' do not work together; the link tool (L) joins them.
    await page.keyboard.press('8');
    await page.getByTestId('palette-param').fill('a');
    await clickCell(5, 2);
    await page.keyboard.press('9');
    await page.getByTestId('palette-param').fill('b');
    await clickCell(6, 2);
    await expect.poll(lintCodes, LINT_WAIT).toContain('push.link.no-button');
    await page.keyboard.press('l');
    await clickCell(5, 2);
    await clickCell(6, 2);
    await expect.poll(lintCodes, LINT_WAIT).not.toContain('push.link.no-button');
    expect(await lintCodes()).not.toContain('push.link.no-door');
  });

  it('swaps two tiles of a sliding level and shows the parity error', async () => {
    await page.getByTestId('nav-library').click();
    await page.getByTestId('import-input').setInputFiles(slidingFile);
    await page.getByTestId('import-panel').waitFor();
    await page.getByTestId('import-dismiss').click();
    await page.getByTestId('campaign-item').filter({ hasText: 'Tiles' }).click();
    await expect.poll(() => page.getByTestId('level-row').count()).toBe(1);
    await page.getByTestId('level-row').first().click();
    await page.keyboard.press('Control+Alt+e');
    await page.locator('[data-testid="editor-view"][data-ready="true"]').waitFor();
    await page.locator('[data-testid="tool-swap"][aria-checked="true"]').waitFor();
    await clickCell(0, 0);
    await clickCell(1, 0);
    await expect.poll(lintCodes, LINT_WAIT).toContain('sliding.unsolvable');
    expect(await page.locator('[data-testid="lint-item"][data-code="sliding.unsolvable"]').textContent()).toMatch(/never be solved/);
    await page.keyboard.press('Control+Alt+t');
    await page.screenshot({ path: artifactPath('editor-04-sliding-parity-light.png') });
    await page.keyboard.press('Control+z');
    await expect.poll(lintCodes, LINT_WAIT).not.toContain('sliding.unsolvable');
    await page.keyboard.press('Control+Alt+t');
  });

  it('edits in Chinese: the tools, the palette and the lint speak it', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
    const zh = await context.newPage();
    try {
      await zh.goto(host.url);
      await zh.getByTestId('campaign-item').filter({ hasText: 'Microban I' }).click();
      await zh.getByTestId('level-row').first().click();
      await zh.keyboard.press('Control+Alt+e');
      await zh.locator('[data-testid="editor-view"][data-ready="true"]').waitFor();
      expect(await zh.getByTestId('tool-paint').getAttribute('aria-label')).toContain('绘制');
      expect(await zh.getByTestId('editor-palette').textContent()).toContain('调色板');
      // A box more than there are goals: the lint says so in Chinese.
      await zh.keyboard.press('4');
      const cell = (await zh.locator('[data-testid="editor-board"] [data-testid="board-cell"][data-x="1"][data-y="1"]').boundingBox())!;
      await zh.mouse.click(cell.x + cell.width / 2, cell.y + cell.height / 2);
      const item = zh.locator('[data-testid="lint-item"][data-code="push.boxes.too-many"]');
      await expect.poll(() => item.textContent()).toContain('箱子');
      await zh.screenshot({ path: artifactPath('editor-05-zh-CN.png') });
      await zh.keyboard.press('Control+z');
    } finally {
      await context.close();
    }
  });
});
