/**
 * Browser host cold start to the library's first paint: from spawning `web.ts` on a new library
 * (migrations and the sample campaign included) and on an existing one, to the first campaign and
 * level thumbnails painted in Chromium. Printed, never asserted.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { browserUnavailable, launchChromium, startHostProcess } from '../support/browser.ts';

export async function runHostBench(args: string[]): Promise<void> {
  const unavailable = browserUnavailable();
  if (unavailable) {
    console.log(`host bench skipped: ${unavailable}`);
    return;
  }
  const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
  const browser = await launchChromium();
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-bench-host-'));
  try {
    for (const label of ['new library', 'existing library']) {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const db = label === 'new library' ? join(dir, `new-${i}.sqlite`) : join(dir, 'existing.sqlite');
        const started = performance.now();
        const host = await startHostProcess(db);
        const listening = performance.now() - started;
        const page = await browser.newPage();
        await page.goto(host.url);
        await page.locator('[data-testid="level-row"] [data-testid="level-thumbnail"]').first().waitFor();
        const painted = await page.evaluate(() => new Promise<number>((resolve) => (globalThis as unknown as { requestAnimationFrame: (f: () => void) => void }).requestAnimationFrame(() => resolve(performance.now()))));
        const total = performance.now() - started;
        times.push(total);
        console.log(`host cold start (${label}): listening after ${listening.toFixed(0)} ms, first paint of the library after ${total.toFixed(0)} ms (page ${painted.toFixed(0)} ms)`);
        await page.close();
        await host.stop();
      }
      times.sort((a, b) => a - b);
      console.log(`host cold start (${label}): median ${times[Math.floor(times.length / 2)].toFixed(0)} ms over ${runs} runs`);
    }
  } finally {
    await browser.close();
  }
}
