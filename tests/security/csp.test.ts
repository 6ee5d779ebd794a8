/**
 * One content security policy (src-main/studio/security.ts) for the Electron window, the browser
 * host and the built index.html: the same directives everywhere, the page's meta tag the widest
 * (any loopback WebSocket port), each host's header narrowed to its own connections.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { startWebHost, type WebHost } from '../../src-main/host/web-host.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { ELECTRON_CONTENT_SECURITY_POLICY, PAGE_CONTENT_SECURITY_POLICY, browserHostContentSecurityPolicy } from '../../src-main/studio/security.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { REPO_ROOT } from '../support/data.ts';
import { tempDir } from '../support/temp-library.ts';

const RENDERER = join(REPO_ROOT, 'out', 'renderer');

/** A policy as directive -> sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...sources]) => [name, sources]),
  );
}

const metaPolicy = (html: string): string | undefined => /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i.exec(html)?.[1];

/** A WebSocket source the page allows: its scheme and host, any port when the page says `*`. */
function pageAllows(pageSources: readonly string[], source: string): boolean {
  return pageSources.some((allowed) => allowed === source || (allowed.endsWith(':*') && source.startsWith(allowed.slice(0, -1)) && /^\d+$/.test(source.slice(allowed.length - 1))));
}

let studio: Studio;
let host: WebHost;
let served: { html: string; header: string };

const dir = tempDir('csp');

beforeAll(async () => {
  studio = await createStudio({ libraryPath: join(dir, 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter(), workers: 1 });
  host = await startWebHost({ studio, rendererDir: RENDERER });
  served = await new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: host.port, path: '/', headers: { host: `127.0.0.1:${host.port}` } }, (res) => {
      let html = '';
      res.on('data', (chunk) => (html += String(chunk)));
      res.on('end', () => resolve({ html, header: String(res.headers['content-security-policy']) }));
    });
    req.on('error', reject);
    req.end();
  });
});

afterAll(async () => {
  await host?.close();
  await studio?.close();
});

describe('one content security policy', () => {
  it('the built index.html carries the page policy, which its source does not spell out', () => {
    expect(readFileSync(join(REPO_ROOT, 'src-renderer', 'index.html'), 'utf8')).not.toMatch(/http-equiv="Content-Security-Policy"/i);
    const built = readFileSync(join(RENDERER, 'index.html'), 'utf8');
    expect(metaPolicy(built), 'out/ is built by npm test (npm run build)').toBe(PAGE_CONTENT_SECURITY_POLICY);
    // Before anything the page loads.
    expect(built.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(built.search(/<script|<link rel="stylesheet"/));
  });

  it('the browser host sends its policy as a header and serves the same page', () => {
    expect(served.header).toBe(browserHostContentSecurityPolicy(host.port));
    expect(metaPolicy(served.html)).toBe(PAGE_CONTENT_SECURITY_POLICY);
  });

  it('all three have the same directives; only connect-src differs, and the page allows what each host does', () => {
    const page = directives(PAGE_CONTENT_SECURITY_POLICY);
    const hosts = { electron: directives(ELECTRON_CONTENT_SECURITY_POLICY), browser: directives(served.header) };
    for (const [name, policy] of Object.entries(hosts)) {
      for (const [directive, sources] of policy) {
        if (directive === 'frame-ancestors') continue; // header only: a meta tag may not carry it
        if (directive === 'connect-src') {
          expect(sources[0], name).toBe("'self'");
          for (const source of sources) expect(pageAllows(page.get('connect-src')!, source), `${name}: ${source}`).toBe(true);
        } else expect(page.get(directive), `${name}: ${directive}`).toEqual(sources);
      }
      expect([...policy.keys()].filter((d) => d !== 'frame-ancestors'), name).toEqual([...page.keys()]);
      expect(policy.get('frame-ancestors'), name).toEqual(["'none'"]);
    }
    expect(page.has('frame-ancestors')).toBe(false);
    // Electron's renderer talks over IPC: no WebSocket at all.
    expect(hosts.electron.get('connect-src')).toEqual(["'self'"]);
    expect(hosts.browser.get('connect-src')).toEqual(["'self'", `ws://127.0.0.1:${host.port}`, `ws://localhost:${host.port}`]);
  });

  it('scripts come from the app only; the one relaxation is inline styles (Monaco)', () => {
    for (const policy of [PAGE_CONTENT_SECURITY_POLICY, ELECTRON_CONTENT_SECURITY_POLICY, served.header]) {
      const d = directives(policy);
      expect(d.get('script-src')).toEqual(["'self'"]);
      expect(d.get('default-src')).toEqual(["'self'"]);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(policy.match(/'unsafe-[a-z-]+'/g)).toEqual(["'unsafe-inline'"]);
      expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    }
  });
});
