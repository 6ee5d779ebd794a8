import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  allowFrameNavigation,
  allowNavigation,
  allowSessionRequest,
  contentSecurityPolicy,
  devToolsAllowed,
  isAppUrl,
  isTrustedIpcSender,
  mimeType,
  resolveAsset,
  type FrameIdentity,
} from '../../src-main/studio/security.ts';

describe('security decisions shared by both hosts', () => {
  it('only the app origin counts as the app', () => {
    expect(isAppUrl(`${APP_ORIGIN}/index.html`)).toBe(true);
    for (const url of ['https://gridwright', 'app://evil/index.html', 'file:///etc/passwd', 'http://127.0.0.1/', 'not a url', '']) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });

  it('never navigates away from the app, nor to another page of it', () => {
    const here = `${APP_ORIGIN}/index.html`;
    expect(allowNavigation(`${APP_ORIGIN}/index.html#/level/3`, here)).toBe(true);
    expect(allowNavigation('https://example.com/', here)).toBe(false);
    expect(allowNavigation(`${APP_ORIGIN}/other.html`, here)).toBe(false);
    expect(allowNavigation('javascript:alert(1)', here)).toBe(false);
  });

  it('maps app paths into the renderer folder and refuses anything outside it', () => {
    expect(resolveAsset('/srv/out/renderer', '/')).toBe('/srv/out/renderer/index.html');
    expect(resolveAsset('/srv/out/renderer', '/assets/app.js')).toBe('/srv/out/renderer/assets/app.js');
    for (const bad of ['/../secret', '/%2e%2e/secret', '/assets/..%2F..%2Fsecret', '/a%00b', '/..\\secret', '/%E0%A4%A']) {
      expect(resolveAsset('/srv/out/renderer', bad), bad).toBeUndefined();
    }
  });

  it('has a strict content security policy whose one relaxation is inline styles (Monaco)', () => {
    const csp = contentSecurityPolicy(['ws://127.0.0.1:5000']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:5000");
    expect(csp).toContain("object-src 'none'");
  });

  it('serves known file types with their MIME type', () => {
    expect(mimeType('x/index.html')).toMatch(/text\/html/);
    expect(mimeType('x/a.JS')).toMatch(/javascript/);
    expect(mimeType('x/unknown.bin')).toBe('application/octet-stream');
  });

  describe('Electron: which frames may call the Studio API', () => {
    const here = `${APP_ORIGIN}/index.html`;
    const windowFrame: FrameIdentity = { processId: 4, routingId: 1, url: here, parent: null };
    const frames = [windowFrame];

    it('the main frame of an app window showing the app', () => {
      expect(isTrustedIpcSender({ ...windowFrame, url: `${here}#/level/3` }, frames)).toBe(true);
    });

    it('never a subframe, even of the app window and on the app origin', () => {
      expect(isTrustedIpcSender({ processId: 4, routingId: 7, url: here, parent: windowFrame }, frames)).toBe(false);
      expect(isTrustedIpcSender({ ...windowFrame, parent: windowFrame }, frames)).toBe(false);
    });

    it('never another main frame on the app origin (a window or webview the app did not make)', () => {
      expect(isTrustedIpcSender({ processId: 9, routingId: 1, url: here, parent: null }, frames)).toBe(false);
      expect(isTrustedIpcSender({ processId: 4, routingId: 2, url: here, parent: null }, frames)).toBe(false);
      expect(isTrustedIpcSender(windowFrame, [])).toBe(false);
    });

    it('never the app window once it shows something else, nor a frame that is gone', () => {
      expect(isTrustedIpcSender({ ...windowFrame, url: 'https://example.com/' }, frames)).toBe(false);
      expect(isTrustedIpcSender({ ...windowFrame, url: 'app://evil/index.html' }, frames)).toBe(false);
      expect(isTrustedIpcSender(null, frames)).toBe(false);
      expect(isTrustedIpcSender(undefined, frames)).toBe(false);
    });
  });

  it('Electron: a subframe never navigates; a main frame only within its page', () => {
    const here = `${APP_ORIGIN}/index.html`;
    expect(allowFrameNavigation({ url: `${here}#/jobs`, isMainFrame: true }, here)).toBe(true);
    expect(allowFrameNavigation({ url: 'https://example.com/', isMainFrame: true }, here)).toBe(false);
    for (const url of [here, `${here}#/jobs`, 'about:blank', 'https://example.com/', 'javascript:alert(1)']) {
      expect(allowFrameNavigation({ url, isMainFrame: false }, here), url).toBe(false);
    }
  });

  it('Electron: the session lets through only the app protocol (and DevTools in a development build)', () => {
    for (const packaged of [true, false]) {
      expect(allowSessionRequest(`${APP_ORIGIN}/assets/index.js`, { packaged })).toBe(true);
      expect(allowSessionRequest('data:image/png;base64,AAAA', { packaged })).toBe(true);
      for (const url of ['https://example.com/x.js', 'http://127.0.0.1:5173/', 'ws://127.0.0.1:41234/api', 'file:///etc/passwd', 'app://evil/index.html', 'ftp://x/', 'blob:https://example.com/1', 'not a url']) {
        expect(allowSessionRequest(url, { packaged }), `${url} packaged=${packaged}`).toBe(false);
      }
    }
    expect(allowSessionRequest('devtools://devtools/bundled/devtools_app.html', { packaged: false })).toBe(true);
    expect(allowSessionRequest('devtools://devtools/bundled/devtools_app.html', { packaged: true })).toBe(false);
    expect(allowSessionRequest('chrome-devtools://devtools/x', { packaged: true })).toBe(false);
  });

  it('Electron: DevTools only in a development build', () => {
    expect(devToolsAllowed({ packaged: true })).toBe(false);
    expect(devToolsAllowed({ packaged: false })).toBe(true);
  });
});
