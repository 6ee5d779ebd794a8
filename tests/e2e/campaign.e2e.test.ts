/**
 * The Campaign view end to end in Debian's Chromium against the browser host (issue 23): open a
 * campaign, see its charts (screenshots in dark and light), hover a point and see its thumbnail,
 * click a point to open that level, reorder by drag and see the chart follow, apply "suggest
 * order" and undo it, make a chapter, and export the CSV and check its rows; brush a range on the
 * chart to select those levels, export a chart as PNG and as SVG and read the files, and see the
 * Library list and the Level view follow a reorder at once.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { artifactPath, browserUnavailable, launchChromium, startHostProcess, type HostProcess } from '../support/browser.ts';
import { captureIo } from '../support/cli-io.ts';

const unavailable = browserUnavailable();
if (unavailable) console.log(`[e2e] skipped: ${unavailable}`);

const dir = mkdtempSync(join(tmpdir(), 'gridwright-campaign-e2e-'));
const dbPath = join(dir, 'library.sqlite');
/** One box pushed along a corridor: par `n`. */
const corridor = (n: number) => ['#'.repeat(n + 4), `#@ $${' '.repeat(n - 2)}.#`, '#'.repeat(n + 4)];
// Pars (the corridor's length: one step, then pushes) out of order on purpose: 5, 9, 4, 13, 7, 11.
const LENGTHS = [5, 9, 4, 13, 7, 11];
const TITLES = ['a', 'b', 'c', 'd', 'e', 'f'];

describe.skipIf(unavailable !== undefined)('the Campaign view in a real browser', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;
  const pars = new Map<string, number>();

  beforeAll(async () => {
    const file = join(dir, 'curve.xsb');
    writeFileSync(file, ['Title: Curve', '', ...LENGTHS.flatMap((n, i) => [...corridor(n), `Title: ${TITLES[i]}`, ''])].join('\n'));
    expect(await runCli(['import', file, '--db', dbPath], captureIo().io)).toBe(0);
    expect(await runCli(['verify', '--db', dbPath, '--campaign', 'Curve', '--workers', '1'], captureIo().io)).toBe(0);
    const report = captureIo();
    await runCli(['campaign', 'report', '--db', dbPath, '--campaign', 'Curve', '--json'], report.io);
    for (const row of JSON.parse(report.out.join('\n')).rows) pars.set(row.title, row.par);
    host = await startHostProcess(dbPath, ['--workers', '1', '--token', '0123456789abcdef0123456789abcdef']);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1500, height: 950 }, acceptDownloads: true })).newPage();
    page.on('pageerror', (error) => console.log(`[e2e] page error: ${error.message}`));
    await page.goto(host.url);
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  /** The host answers each change with a refetch; a busy machine may take a few seconds. */
  const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });
  const order = () => page.getByTestId('campaign-row').evaluateAll((nodes) => nodes.map((n) => n.querySelector('.col-title')?.textContent?.trim()));
  const chartOrder = () => page.getByTestId('campaign-charts').getAttribute('data-levels');
  const rowIds = () => page.getByTestId('campaign-row').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-level-id')).join(' '));

  /** The pixel of level `index` along the first chart (a level in the middle of its band; grid 56 px left and 48 px right). */
  async function pointOf(index: number): Promise<{ x: number; y: number }> {
    const box = (await page.getByTestId('campaign-plot').boundingBox())!;
    const band = (box.width - 56 - 48) / LENGTHS.length;
    return { x: box.x + 56 + band * (index + 0.5), y: box.y + 80 };
  }

  it('opens the campaign and draws its charts, in dark and in light', async () => {
    await page.getByTestId('campaign-item').filter({ hasText: 'Curve' }).click();
    await page.getByTestId('nav-campaign').click();
    await page.getByTestId('campaign-plot').locator('canvas').first().waitFor();
    await poll(order).toEqual(TITLES);
    expect([...pars.values()]).toEqual(LENGTHS);
    await poll(() => page.getByTestId('campaign-finding').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('campaign-finding').filter({ hasText: 'par 4 falls from 9 at #2' }).count()).toBe(1);
    await page.waitForTimeout(1200); // the charts' entry animation
    await page.screenshot({ path: artifactPath('campaign-dark.png') });
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(1200);
    await page.screenshot({ path: artifactPath('campaign-light.png') });
    await page.getByTestId('theme-toggle').click();
  });

  it('hovering a point shows that level with its thumbnail; clicking it opens the level', async () => {
    const ids = (await rowIds()).split(' ');
    const { x, y } = await pointOf(3);
    await page.mouse.move(x, y);
    const card = page.getByTestId('chart-hover-card');
    await poll(() => card.getAttribute('data-level-id')).toBe(ids[3]);
    expect(await card.locator('svg, canvas').count()).toBeGreaterThan(0);
    await page.screenshot({ path: artifactPath('campaign-hover.png') });
    await page.mouse.click(x, y);
    await poll(() => page.getByTestId('level-title').textContent()).toContain('d');
    await page.getByTestId('nav-campaign').click();
    await page.getByTestId('campaign-plot').locator('canvas').first().waitFor();
  });

  it('a drag reorders the list and the chart follows; Alt+Down nudges', async () => {
    const rows = page.getByTestId('campaign-row');
    await rows.nth(2).dragTo(rows.nth(0), { targetPosition: { x: 20, y: 4 } });
    await poll(order).toEqual(['c', 'a', 'b', 'd', 'e', 'f']);
    await poll(chartOrder).toBe(await rowIds());
    await rows.nth(0).click();
    await page.keyboard.press('Alt+ArrowDown');
    await poll(order).toEqual(['a', 'c', 'b', 'd', 'e', 'f']);
    await poll(chartOrder).toBe(await rowIds());
  });

  it('"suggest order" previews, applies by par, and undoes', async () => {
    const before = await order();
    await page.getByTestId('campaign-suggest').click();
    await page.getByTestId('suggest-preview').locator('canvas').first().waitFor();
    await page.screenshot({ path: artifactPath('campaign-suggest.png') });
    await page.getByTestId('suggest-apply').click();
    await poll(order).toEqual(['c', 'a', 'e', 'b', 'f', 'd']);
    await poll(() => page.getByTestId('campaign-finding').filter({ hasText: 'falls' }).count()).toBe(0);
    await page.getByTestId('campaign-undo').click();
    await poll(order).toEqual(before);
  });

  it('makes a chapter from a selected level', async () => {
    await page.getByTestId('campaign-row').nth(3).click();
    await page.getByTestId('campaign-chapter-add').click();
    await page.getByTestId('campaign-name-input').fill('Second half');
    await page.getByTestId('campaign-name-ok').click();
    await poll(() => page.getByTestId('campaign-chapter').allTextContents()).toEqual([expect.stringContaining('No chapter'), expect.stringContaining('Second half')]);
    await page.screenshot({ path: artifactPath('campaign-chapters.png') });
  });

  it('exports the table as CSV, one row per level in order', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('campaign-export-csv').click()]);
    const path = join(dir, 'export.csv');
    await download.saveAs(path);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines[0].split(',').slice(0, 7)).toEqual(['position', 'level', 'title', 'chapter', 'pinned', 'status', 'par']);
    const titles = lines.slice(1).map((l) => l.split(',')[2]);
    expect(titles).toEqual(await order());
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['', '', '', 'Second half', 'Second half', 'Second half']);
  });

  /** The levels selected in the list, by id, in list order. */
  const selectedIds = () => page.locator('[data-testid="campaign-row"][aria-selected="true"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-level-id')));

  it('brushing a range on the chart selects those levels in the list', async () => {
    const ids = (await rowIds()).split(' ');
    await page.getByTestId('campaign-row').nth(5).click();
    expect(await selectedIds()).toEqual([ids[5]]);
    const from = await pointOf(1);
    const to = await pointOf(3);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 4 });
    await page.mouse.move(to.x, from.y, { steps: 4 });
    await page.mouse.up();
    await poll(selectedIds).toEqual(ids.slice(1, 4));
    // A brush is not a click: the view stays, no level opened.
    expect(await page.getByTestId('campaign-view').isVisible()).toBe(true);
  });

  it('exports a chart as a PNG and as an SVG that are real images of the chart', async () => {
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-par-png').click()]);
    expect(png.suggestedFilename()).toBe('Curve-par.png');
    const pngPath = join(dir, 'chart.png');
    await png.saveAs(pngPath);
    const bytes = readFileSync(pngPath);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
    // 800 × 360 drawn at pixel ratio 2 (CampaignCharts.exportPanel, chart-export.ts).
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1600, 720]);
    expect(bytes.toString('latin1', bytes.length - 8, bytes.length - 4)).toBe('IEND');

    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-par-svg').click()]);
    expect(svg.suggestedFilename()).toBe('Curve-par.svg');
    const svgPath = join(dir, 'chart.svg');
    await svg.saveAs(svgPath);
    const text = readFileSync(svgPath, 'utf8');
    const parsed = await page.evaluate((source) => {
      // Parsed by the page's own XML parser (the tests' TypeScript has no DOM types).
      interface Node {
        localName: string;
        textContent: string | null;
        getAttribute(name: string): string | null;
        querySelectorAll(selector: string): ArrayLike<Node> & Iterable<Node>;
      }
      const Parser = (globalThis as unknown as { DOMParser: new () => { parseFromString(text: string, type: string): { documentElement: Node; querySelector(s: string): Node | null } } }).DOMParser;
      const doc = new Parser().parseFromString(source, 'image/svg+xml');
      const root = doc.documentElement;
      return {
        error: doc.querySelector('parsererror') !== null,
        root: root.localName,
        width: root.getAttribute('width'),
        height: root.getAttribute('height'),
        paths: root.querySelectorAll('path').length,
        texts: [...root.querySelectorAll('text')].map((t) => t.textContent ?? ''),
      };
    }, text);
    expect(parsed).toMatchObject({ error: false, root: 'svg', width: '800', height: '360' });
    expect(parsed.paths).toBeGreaterThan(LENGTHS.length);
    // The par axis runs to the largest par, 13: its labels are in the drawing.
    expect(parsed.texts).toContain('Par');
    expect(parsed.texts.some((t) => Number(t) >= 13)).toBe(true);
  });

  it('after a reorder the Library list and the open level follow at once, without a reload', async () => {
    const first = (await order())[0];
    await page.getByTestId('campaign-row').nth(0).dblclick();
    await poll(() => page.getByTestId('level-title').textContent()).toBe(first);
    expect(await page.getByTestId('inspector-position').textContent()).toBe('1');
    await page.getByTestId('nav-campaign').click();
    await page.getByTestId('campaign-row').nth(0).click();
    await page.keyboard.press('Alt+ArrowDown');
    await poll(async () => (await order())[1]).toBe(first);
    const reordered = await order();
    await page.getByTestId('nav-level').click();
    await poll(() => page.getByTestId('inspector-position').textContent()).toBe('2');
    await page.getByTestId('nav-library').click();
    await poll(() => page.getByTestId('level-row').getByTestId('level-title').allTextContents()).toEqual(reordered);
  });
});
