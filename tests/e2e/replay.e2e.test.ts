/**
 * The replay scrubber end to end in Debian's Chromium against the browser host (issue 24): open a
 * recording from the address (recording and step), drag to a step and see the board, see the
 * distance curve fill in with a dead stretch shaded, jump to an undo marker, switch the axis to
 * real time (the long pause before the undo widens), export a LURD range, and open "new level
 * from this position" in the editor; then the Level view's recordings list opening it on the
 * Replays view, and the same scrubber in place, as the panel under the Reports view (a report row).
 * Screenshots go to test-artifacts/.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { openDatabase } from '../../src-main/library/db.ts';
import { storeRecording } from '../../src-main/library/recordings.ts';
import { stateHash } from '../../src-shared/engine/fingerprint.ts';
import { replayJournal, type TimedJournalEntry } from '../../src-shared/engine/play/recording.ts';
import { stepHashes } from '../../src-shared/engine/play/replay.ts';
import { artifactPath, browserUnavailable, openStudioInBrowser, type HostProcess } from '../support/browser.ts';
import { captureIo } from '../support/cli-io.ts';
import { pushRules } from '../support/microban.ts';
import { tempDir } from '../support/temp-library.ts';

const unavailable = browserUnavailable();
if (unavailable) console.log(`[e2e] skipped: ${unavailable}`);

const dir = tempDir('replay-e2e');
const dbPath = join(dir, 'library.sqlite');
const ROOM = ['######', '#.   #', '# $  #', '# @  #', '#    #', '######'];
const c = (command: string, t: number): TimedJournalEntry<string> => ({ type: 'command', command, t });
// Steps: 1 l, 2 u, 3 undo (after a 20 s pause), 4 restart, 5-10 l u u r d d (the box pushed onto the bottom row: dead), 11-12 l r.
const JOURNAL: TimedJournalEntry<string>[] = [
  c('l', 400), c('u', 800), { type: 'undo', t: 20_800 }, { type: 'restart', t: 21_200 },
  ...[...'luurdd'].map((command, i) => c(command, 22_000 + i * 400)), c('l', 25_000), c('r', 25_400),
];

describe.skipIf(unavailable !== undefined)('the replay scrubber in a real browser', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;
  let recordingId: number;
  let levelId: number;
  let campaignId: number;

  beforeAll(async () => {
    const file = join(dir, 'room.xsb');
    writeFileSync(file, ['Title: Room', '', ...ROOM, 'Title: room', ''].join('\n'));
    expect(await runCli(['import', file, '--db', dbPath], captureIo().io)).toBe(0);
    const side = openDatabase(dbPath).db;
    const level = side.prepare("SELECT l.id, l.content_json, l.content_hash, c.id AS campaign_id FROM levels l JOIN campaign_levels cl ON cl.level_id = l.id JOIN campaigns c ON c.id = cl.campaign_id WHERE c.name = 'Room'").get() as { id: number; content_json: string; content_hash: string; campaign_id: number };
    levelId = level.id;
    campaignId = level.campaign_id;
    const content = JSON.parse(level.content_json);
    const start = pushRules.load(content).state!;
    const played = replayJournal(pushRules, start, JOURNAL);
    const commands = played.line.map((s) => s.command);
    recordingId = storeRecording(side, {
      levelId: level.id, rulesFingerprint: pushRules.fingerprint, contentHash: level.content_hash, commands, journal: JOURNAL,
      finalHash: stateHash(pushRules.canonical(played.final)), stepHashes: stepHashes(pushRules, start, commands), status: played.status, content,
      refused: played.line.map((s) => s.refused), times: played.line.map((s) => s.t),
    });
    side.close();
    // A re-verification of the campaign: its report has a row with the recording replayed.
    expect(await runCli(['verify', '--db', dbPath, '--campaign', 'Room', '--workers', '1'], captureIo().io)).toBe(0);
    ({ host, browser, page } = await openStudioInBrowser(dbPath, { hostArgs: ['--workers', '1', '--token', '0123456789abcdef0123456789abcdef'] }));
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  const boardStep = (): Promise<string | null> => page.getByTestId('replay-board').getAttribute('data-step');

  it('opens the recording the address names, drags to a step and shows the board there', async () => {
    await page.goto(`${host.url}#view=replays&replay=${recordingId}&step=2`);
    await page.getByTestId('replays-view').waitFor();
    await expect.poll(boardStep).toBe('2');
    await page.getByTestId('replay-scrubber').fill('750');
    await expect.poll(boardStep).toBe('9');
    const address = async (): Promise<Record<string, string>> => Object.fromEntries(new URLSearchParams((await page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash)).slice(1)));
    await expect.poll(address).toMatchObject({ view: 'replays', replay: String(recordingId), step: '9' });
    expect(await page.locator('[data-testid="replay-board"] svg').count()).toBeGreaterThan(0);
  });

  it('fills in the distance curve, with the dead stretch shaded from the step that made it dead', async () => {
    await page.getByTestId('curve-dead').first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('curve-line').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('summary-dead').textContent()).toContain('10');
    await page.screenshot({ path: artifactPath('replay-curve.png') });
  });

  it('jumps to the undo marker and switches the axis to real time, where the pause before it widens', async () => {
    await page.getByTestId('replay-first').click();
    const markerShown = async (): Promise<string | null> => ((await page.getByTestId('replay-marker').count()) > 0 ? page.getByTestId('replay-marker').getAttribute('data-marker') : null);
    for (let i = 0; i < 5 && (await markerShown()) !== 'undo'; i++) await page.getByTestId('replay-next-marker').click();
    await expect.poll(boardStep).toBe('3');
    const inSteps = Number(await page.getByTestId('replay-scrubber').inputValue());
    await page.getByTestId('replay-axis').selectOption('time');
    const inTime = Number(await page.getByTestId('replay-scrubber').inputValue());
    // Step 3 of 12 is a quarter of the steps, but 20.8 s of 25.4 s.
    expect(inSteps).toBe(250);
    expect(inTime).toBeGreaterThan(800);
    await page.screenshot({ path: artifactPath('replay-undo-real-time.png') });
  });

  it('exports a range as LURD', async () => {
    await page.getByTestId('export-from').fill('4');
    await page.getByTestId('export-to').fill('10');
    await expect.poll(() => page.getByTestId('export-text').inputValue()).toBe('luurDD');
  });

  it('opens a new level from the position in the editor', async () => {
    await page.getByTestId('replays-view').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect.poll(boardStep).toBe('1');
    await page.getByTestId('replay-new-level').click();
    await page.getByTestId('editor-board').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: artifactPath('replay-new-level-editor.png') });
  });

  it('opens from the Level view\'s recordings on the Replays view, and in place under a report row, and scrubs there', async () => {
    const panel = page.getByTestId('replay-panel');
    const panelStep = (): Promise<string | null> => panel.getByTestId('replay-board').getAttribute('data-step');
    const shownView = (): Promise<string | null> => page.locator('.app').getAttribute('data-view');
    await page.goto(`${host.url}#view=level&campaign=${campaignId}&level=${levelId}`);
    await page.reload();
    await page.getByTestId('recording-scrub').first().click();
    // The one way to play a recording back: the scrubber's board is the main one.
    await page.getByTestId('replays-view').waitFor();
    expect(await shownView()).toBe('replays');
    expect(await panel.count()).toBe(0);
    await page.getByTestId('replay-scrubber').fill('500');
    await expect.poll(boardStep).toBe('6');
    await page.getByTestId('replays-view').press('ArrowRight');
    await expect.poll(boardStep).toBe('7');
    await page.screenshot({ path: artifactPath('replay-from-level.png') });

    await page.goto(`${host.url}#view=reports&campaign=${campaignId}`);
    await page.reload();
    await page.getByTestId('report-item').first().click();
    const toggle = page.getByTestId('report-unchanged-toggle');
    if ((await toggle.count()) > 0) await toggle.click();
    await page.getByTestId('report-scrub-recording').first().click();
    await panel.waitFor();
    expect(await shownView()).toBe('reports');
    await panel.getByTestId('replay-panel-scrubber').press('End');
    await expect.poll(panelStep).toBe(String(JOURNAL.length));
    await panel.getByTestId('replay-panel-scrubber').press('Shift+ArrowLeft');
    await expect.poll(() => panel.getByTestId('replay-marker').getAttribute('data-marker')).toBe('restart');
    expect(await page.getByTestId('report-table').isVisible()).toBe(true);
    await page.screenshot({ path: artifactPath('replay-panel-report.png') });
  });
});
