/**
 * Real-browser support for end-to-end tests: Debian's Chromium driven by playwright-core (never a
 * downloaded browser), and the browser host started as a real process on a temporary library.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { REPO_ROOT } from './data.ts';

export const CHROMIUM_PATH = process.env.GRIDWRIGHT_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = join(REPO_ROOT, 'test-artifacts');

/** Why browser tests cannot run here, or undefined when they can. */
export function browserUnavailable(): string | undefined {
  if (!existsSync(CHROMIUM_PATH)) return `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium; .ci/run does)`;
  if (!existsSync(join(REPO_ROOT, 'out', 'renderer', 'index.html'))) return 'the renderer is not built (npm test runs electron-vite build first)';
  return undefined;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface HostProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: () => string;
  stop(): Promise<void>;
}

/** Start `src-main/host/web.ts` on a library file and wait for the URL it prints. */
export async function startHostProcess(dbPath: string, extraArgs: string[] = []): Promise<HostProcess> {
  const child = spawn(process.execPath, ['src-main/host/web.ts', '--db', dbPath, '--port', '0', ...extraArgs], {
    cwd: REPO_ROOT,
    env: { ...process.env, INIT_CWD: REPO_ROOT },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += String(chunk)));
  child.stderr!.on('data', (chunk) => (text += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser host did not start:\n${text}`)), 60_000);
    const check = (): void => {
      const m = /browser host: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser host exited with ${code}:\n${text}`));
    });
  });
  return {
    url,
    child,
    output: () => text,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface StudioInBrowser {
  readonly host: HostProcess;
  readonly browser: Browser;
  readonly page: Page;
}

/**
 * The browser host on a library file and a Chromium page open on it: what every e2e file starts
 * with. Page errors are logged; `watch` may listen to the page before it loads the studio. The
 * caller closes the browser, then stops the host (a test may restart the host meanwhile).
 */
export async function openStudioInBrowser(
  dbPath: string,
  options: { readonly hostArgs?: string[]; readonly context?: BrowserContextOptions; readonly watch?: (page: Page) => void } = {},
): Promise<StudioInBrowser> {
  const host = await startHostProcess(dbPath, options.hostArgs);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...options.context });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`[e2e] page error: ${error.message}`));
    options.watch?.(page);
    await page.goto(host.url);
    return { host, browser, page };
  } catch (error) {
    await browser?.close();
    await host.stop();
    throw error;
  }
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return join(ARTIFACTS_DIR, name);
}
