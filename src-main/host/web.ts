/**
 * `npm run web`: the studio in a browser, for headless machines, CI and end-to-end tests. Builds
 * the renderer if it is missing or older than its sources, opens the library, starts the worker
 * pool and serves everything on 127.0.0.1, printing the URL with its token.
 *
 *   npm run web -- [--db PATH] [--port N] [--workers N] [--token TOKEN]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { nodeWorkerAdapter } from '../jobs/node-adapter.ts';
import { createStudio } from '../studio/studio.ts';
import { PROJECT_ROOT, RENDERER_DIR, RESOURCES_DIR, defaultLibraryPath, tablesDirFor } from '../studio/paths.ts';
import { TABLES_DIR_ENV } from '../worker/tables.ts';
import { UsageError, parseArgs, positiveInt } from './cli/args.ts';
import { startWebHost } from './web-host.ts';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const info = statSync(path);
    newest = Math.max(newest, info.isDirectory() ? newestMtime(path) : info.mtimeMs);
  }
  return newest;
}

/** Build the renderer when out/ is missing or older than anything it is built from. */
export function ensureRendererBuilt(log: (line: string) => void): void {
  const index = join(RENDERER_DIR, 'index.html');
  const sources = ['src-renderer', 'src-shared'].map((d) => join(PROJECT_ROOT, d)).filter(existsSync);
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  log('Building the renderer (electron-vite build)…');
  const result = spawnSync('npx', ['electron-vite', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The renderer build failed; see the output above.');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), { db: 'string', port: 'string', workers: 'string', token: 'string' });
  const base = process.env.INIT_CWD ?? process.cwd();
  const db = typeof args.flags.db === 'string' ? (isAbsolute(args.flags.db) ? args.flags.db : resolve(base, args.flags.db)) : defaultLibraryPath();
  const port = args.flags.port === undefined ? 0 : Number(args.flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be a number from 0 to 65535.');
  const workers = args.flags.workers === undefined ? undefined : positiveInt(args.flags, 'workers', 1);
  // A fixed token (--token or GRIDWRIGHT_TOKEN) lets open pages reconnect after a restart.
  const token = typeof args.flags.token === 'string' ? args.flags.token : process.env.GRIDWRIGHT_TOKEN;
  if (token !== undefined && !/^[0-9a-zA-Z_-]{16,128}$/.test(token)) throw new UsageError('--token must be 16 to 128 letters, digits, - or _.');
  ensureRendererBuilt((line) => process.stderr.write(`${line}\n`));
  mkdirSync(dirname(db), { recursive: true });
  const studio = await createStudio({ libraryPath: db, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ env: { [TABLES_DIR_ENV]: tablesDirFor(db) } }), ...(workers ? { workers } : {}) });
  let host: Awaited<ReturnType<typeof startWebHost>>;
  try {
    host = await startWebHost({ studio, rendererDir: RENDERER_DIR, port, ...(token ? { token } : {}) });
  } catch (error) {
    await studio.close(); // the workers would keep the process alive
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? new UsageError(`Port ${port} is in use: pick another with --port, or 0 for any free port.`) : error;
  }
  process.stdout.write(`Gridwright browser host: ${host.url}\nLibrary: ${db}\nPress Ctrl+C to stop.\n`);
  const stop = (): void => {
    void host.close().then(() => studio.close()).finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
