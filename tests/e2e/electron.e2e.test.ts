/**
 * The desktop app itself, through Playwright's Electron driver: the window opens on the sample
 * library with the library file in its title, runs sandboxed, and cannot navigate away. The
 * Electron binary is downloaded on first launch, which fails on machines without that access:
 * there this spec is skipped with the reason printed, and the browser-host spec covers the same
 * renderer and services.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/data.ts';
import { freshTempDir } from '../support/temp-library.ts';

/**
 * The installed Electron binary, found without `require('electron')`: since Electron 42 that call
 * starts a download when the binary is missing, which must never happen inside a test run.
 */
function electronBinary(): string | undefined {
  try {
    const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const relative = readFileSync(join(packageDir, 'path.txt'), 'utf8').trim();
    const binary = join(packageDir, 'dist', relative);
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

const binary = electronBinary();
const built = existsSync(join(REPO_ROOT, 'out', 'main', 'main.js'));
const reason = !binary ? 'the Electron binary is not installed here (it downloads on first launch, which this machine cannot do)' : !built ? 'out/ is not built' : undefined;
if (reason) console.log(`[electron e2e] skipped: ${reason}`);

describe.skipIf(reason !== undefined)('desktop app (Electron)', () => {
  it('opens the studio on the sample library, sandboxed, with the library in the title', async () => {
    const userData = freshTempDir('electron');
    const app = await electron.launch({ executablePath: binary!, args: [REPO_ROOT, `--user-data-dir=${userData}`], cwd: REPO_ROOT });
    try {
      const window = await app.firstWindow();
      await window.getByTestId('campaign-item').filter({ hasText: 'Microban I' }).waitFor();
      expect(await window.title()).toContain('library.sqlite');
      const exposed = await window.evaluate(() => ({
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
        bridge: Object.keys((globalThis as unknown as Record<string, object>).gridwrightStudio ?? {}),
      }));
      expect(exposed).toEqual({ require: 'undefined', process: 'undefined', bridge: ['invoke', 'subscribe'] });
      await window.evaluate(() => {
        (globalThis as unknown as { location: { href: string } }).location.href = 'https://example.com/';
      });
      await window.waitForTimeout(500);
      expect(window.url()).toMatch(/^app:\/\/gridwright\//);
    } finally {
      await app.close();
    }
  });
});
