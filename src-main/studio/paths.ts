/**
 * Where things live on disk. The default library is in the same per-user folder Electron uses
 * for the app's user data, so the desktop app, the browser host and the CLI share one library.
 */
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PRODUCT_NAME = 'Gridwright';

export function userDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
}

export function defaultLibraryPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.GRIDWRIGHT_LIBRARY ?? join(userDataDir(env), 'library.sqlite');
}

/** The repository (or unpacked app) root, from this file's place in src-main/studio. */
export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RESOURCES_DIR = join(PROJECT_ROOT, 'resources');
export const RENDERER_DIR = join(PROJECT_ROOT, 'out', 'renderer');

/** Solver tables (pattern databases) live in a folder beside the library file. */
export function tablesDirFor(libraryPath: string): string {
  return join(dirname(libraryPath), 'tables');
}
