/**
 * The Electron main process: wiring only. Every decision (origin checks, CSP, asset paths, the
 * studio's services) lives in tested modules outside this folder.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BrowserWindow, Menu, app, dialog, ipcMain, protocol, session } from 'electron';
import { createStudio } from '../studio/studio.ts';
import { tablesDirFor } from '../studio/paths.ts';
import { TABLES_DIR_ENV } from '../worker/tables.ts';
import type { Studio } from '../studio/dispatch.ts';
import {
  APP_ORIGIN,
  APP_SCHEME,
  ELECTRON_CONTENT_SECURITY_POLICY,
  allowFrameNavigation,
  allowNavigation,
  allowSessionRequest,
  devToolsAllowed,
  mimeType,
  resolveAsset,
  securityHeaders,
} from '../studio/security.ts';
import { forwardEvents, registerIpc } from './ipc.ts';
import { utilityProcessAdapter } from './utility-adapter.ts';

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

const outDir = join(import.meta.dirname, '..');
const rendererDir = join(outDir, 'renderer');
const preloadPath = join(outDir, 'preload', 'preload.cjs');
const workerEntry = join(import.meta.dirname, 'worker.js');
const resourcesDir = app.isPackaged ? join(process.resourcesPath, 'resources') : join(app.getAppPath(), 'resources');

const build = { packaged: app.isPackaged };

let studio: Studio | undefined;
/** The app's windows: only their main frames may call the Studio API. */
const windows = new Set<BrowserWindow>();
const windowMainFrames = () => [...windows].filter((w) => !w.isDestroyed()).map((w) => w.webContents.mainFrame);

function hardenSessions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  // Nothing remote, ever: only the app's own protocol (and DevTools in a development build).
  session.defaultSession.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !allowSessionRequest(details.url, build) }));
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAsset(rendererDir, new URL(request.url).pathname);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, { headers: { 'content-type': mimeType(file), ...securityHeaders(ELECTRON_CONTENT_SECURITY_POLICY) } });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event, url) => {
    if (!allowNavigation(url, contents.getURL())) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!allowNavigation(url, contents.getURL())) event.preventDefault();
  });
  // Subframes too (will-navigate covers the main frame only).
  contents.on('will-frame-navigate', (event) => {
    if (!allowFrameNavigation({ url: event.url, isMainFrame: event.isMainFrame }, contents.getURL())) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

function createWindow(libraryPath: string, running: Studio): void {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    title: `Gridwright — ${libraryPath}`,
    backgroundColor: '#1e1f24',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      devTools: devToolsAllowed(build),
    },
  });
  windows.add(window);
  // The title names the library file; the page must not replace it.
  window.on('page-title-updated', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());
  const stop = forwardEvents(running, window.webContents);
  window.on('closed', () => {
    stop();
    windows.delete(window);
  });
  void window.loadURL(`${APP_ORIGIN}/index.html`);
}

app.whenReady().then(async () => {
  hardenSessions();
  // The renderer owns every shortcut (undo, redo, the command palette); a default menu would take
  // Ctrl+Z and friends first. macOS keeps only the application menu.
  Menu.setApplicationMenu(process.platform === 'darwin' ? Menu.buildFromTemplate([{ role: 'appMenu' }]) : null);
  const libraryPath = join(app.getPath('userData'), 'library.sqlite');
  studio = await createStudio({ libraryPath, resourcesDir, adapter: utilityProcessAdapter(workerEntry, { [TABLES_DIR_ENV]: tablesDirFor(libraryPath) }) });
  registerIpc(ipcMain, studio, windowMainFrames);
  createWindow(libraryPath, studio);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0 && studio) createWindow(libraryPath, studio);
  });
}).catch((error: unknown) => {
  // No window could open (a library from a newer version, one open in another Gridwright, a
  // corrupt file): say so instead of leaving an app with no window.
  dialog.showErrorBox('Gridwright could not start', error instanceof Error ? error.message : String(error));
  app.exit(1);
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('before-quit', () => {
  void studio?.close();
});
