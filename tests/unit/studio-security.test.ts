import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, allowNavigation, contentSecurityPolicy, isAppUrl, mimeType, resolveAsset } from '../../src-main/studio/security.ts';

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
});
