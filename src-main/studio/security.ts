/**
 * Security decisions for both hosts, as plain functions tested under Node (the Electron glue only
 * wires them): the app's origin, the content security policy, which URLs may be navigated to,
 * which frames may call the Studio API, which requests the Electron session lets through, when
 * DevTools may open, and how an app:// URL maps onto a file of the built renderer without
 * escaping its folder.
 */
import { extname, join, normalize, sep } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'gridwright';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * The one content security policy, as directives. Monaco needs inline styles (STACK.md), the only
 * relaxation. The built index.html carries it in a meta tag (electron.vite.config.ts) and both
 * hosts send it as a header; a browser enforces both, so each host's header narrows the page's
 * WebSocket allowance to its own (none for Electron, which talks over IPC).
 */
const POLICY: readonly (readonly [directive: string, sources: string])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self' data:"],
  ['worker-src', "'self'"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  // Honoured only in a header: a meta tag may not carry it (browsers warn and ignore it).
  ['frame-ancestors', "'none'"],
];

const HEADER_ONLY = new Set(['frame-ancestors']);

function policyText(extraConnect: readonly string[], delivery: 'header' | 'meta'): string {
  return POLICY.filter(([directive]) => delivery === 'header' || !HEADER_ONLY.has(directive))
    .map(([directive, sources]) => `${directive} ${sources}${directive === 'connect-src' ? extraConnect.map((c) => ` ${c}`).join('') : ''}`)
    .join('; ');
}

/** The policy header, with more WebSocket (or other) origins in connect-src. */
export function contentSecurityPolicy(extraConnect: readonly string[] = []): string {
  return policyText(extraConnect, 'header');
}

/** The Electron window's header: no WebSocket (the renderer talks over IPC). */
export const ELECTRON_CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** The browser host's header: its own WebSocket only, by either loopback name. */
export function browserHostContentSecurityPolicy(port: number): string {
  return contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]);
}

/**
 * The built page's meta tag, shared by both hosts: any loopback WebSocket port (the browser
 * host picks its port at start), which each host's header narrows.
 */
export const PAGE_CONTENT_SECURITY_POLICY = policyText(['ws://127.0.0.1:*', 'ws://localhost:*'], 'meta');

/** True for URLs of the app's own origin (the only thing the window may show or call from). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/** Navigation away from the app is never allowed; in-app links do not navigate either. */
export function allowNavigation(url: string, currentUrl: string): boolean {
  if (!isAppUrl(url)) return false;
  try {
    const target = new URL(url);
    const current = new URL(currentUrl);
    return target.pathname === current.pathname; // hash or query changes of the same page only
  } catch {
    return false;
  }
}

/** A frame as Electron's WebFrameMain describes it: what the IPC check needs. */
export interface FrameIdentity {
  /** The renderer process and its routing id: together they name one frame. */
  readonly processId: number;
  readonly routingId: number;
  readonly url: string;
  /** Null for a main frame. */
  readonly parent: unknown;
}

const sameFrame = (a: FrameIdentity, b: FrameIdentity): boolean => a.processId === b.processId && a.routingId === b.routingId;

/**
 * A Studio API call is served only from the main frame of one of the app's own windows while it
 * shows the app: not from a subframe, not from another frame that happens to be on the app's
 * origin (a webview, a window the app did not make), not after a navigation away.
 */
export function isTrustedIpcSender(sender: FrameIdentity | null | undefined, windowMainFrames: readonly FrameIdentity[]): boolean {
  if (!sender || sender.parent !== null) return false;
  return windowMainFrames.some((main) => sameFrame(main, sender)) && isAppUrl(sender.url);
}

/**
 * Any frame's navigation (Electron's will-frame-navigate): a main frame as `allowNavigation`
 * says; a subframe never (the app has none, so one is injected).
 */
export function allowFrameNavigation(target: { readonly url: string; readonly isMainFrame: boolean }, currentUrl: string): boolean {
  return target.isMainFrame && allowNavigation(target.url, currentUrl);
}

/**
 * The Electron session's request filter: the app's own protocol only, and data: URLs (content the
 * page holds, never fetched), plus DevTools' own pages in a development build. Nothing remote.
 */
export function allowSessionRequest(url: string, build: { readonly packaged: boolean }): boolean {
  if (isAppUrl(url) || url.startsWith('data:')) return true;
  return !build.packaged && /^(devtools|chrome-devtools):\/\//.test(url);
}

/** DevTools open only in a development build, never in the packaged app. */
export function devToolsAllowed(build: { readonly packaged: boolean }): boolean {
  return !build.packaged;
}

/**
 * The file under `rootDir` an app URL (or a browser-host path) names, or undefined when the path is
 * outside it (`..`, encoded separators, NUL). `/` is index.html.
 */
export function resolveAsset(rootDir: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const root = normalize(rootDir.endsWith(sep) ? rootDir : rootDir + sep);
  const full = normalize(join(root, relative));
  if (!full.startsWith(root)) return undefined;
  return full;
}

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
};

export function mimeType(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers every served renderer file carries (both hosts). */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };
}
