/**
 * The browser host over real sockets: a studio with real worker processes on a temporary library,
 * served on 127.0.0.1 with a token. Connections without the token, from another origin or for
 * another host name are refused (the studio's own page with a wrong token by a close code it can
 * read); requests and events flow as in Electron.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TOKEN_REFUSED_CLOSE_CODE } from '../../src-shared/api/studio-api.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { startWebHost, type WebHost } from '../../src-main/host/web-host.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('host');
const rendererDir = join(dir, 'renderer');
mkdirSync(join(rendererDir, 'assets'), { recursive: true });
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gridwright</title>');
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(dir, 'secret.txt'), 'secret');

let studio: Studio;
let host: WebHost;

beforeAll(async () => {
  studio = await createStudio({ libraryPath: join(dir, 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter(), workers: 1 });
  host = await startWebHost({ studio, rendererDir });
});

afterAll(async () => {
  await host?.close();
  await studio?.close();
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += String(c)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function connect(query: string, origin?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api${query}`, origin ? { origin } : {});
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

function ask(ws: WebSocket, id: number, channel: string, payload: unknown): Promise<{ ok: boolean; value?: any; error?: { code: string; message: string } }> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData): void => {
      const message = JSON.parse(String(data));
      if (message.id === id) {
        ws.off('message', onMessage);
        resolve(message.result);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, channel, payload }));
  });
}

describe('browser host', () => {
  it('prints a URL on 127.0.0.1 with a long random token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{48}$/);
  });

  it('serves the renderer with a strict CSP and refuses paths outside it', async () => {
    const page = await get('/', { host: `127.0.0.1:${host.port}` });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ws://127.0.0.1:${host.port}`);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/assets/app.js', { host: `127.0.0.1:${host.port}` })).status).toBe(200);
    expect((await get('/../secret.txt', { host: `127.0.0.1:${host.port}` })).body).not.toContain('secret');
    expect((await get('/%2e%2e/secret.txt', { host: `127.0.0.1:${host.port}` })).status).toBe(404);
  });

  it('refuses requests naming another host (DNS rebinding)', async () => {
    expect((await get('/', { host: 'evil.example:80' })).status).toBe(421);
  });

  it('refuses WebSocket connections without the token, with a wrong one, or from another origin', async () => {
    await expect(connect('')).rejects.toThrow(/401/);
    await expect(connect('?token=0000')).rejects.toThrow(/401/);
    await expect(connect(`?token=${host.token}`, 'http://evil.example')).rejects.toThrow(/403/);
    const ok = await connect(`?token=${host.token}`, `http://127.0.0.1:${host.port}`);
    ok.close();
  });

  it('refuses a wrong or stale token from its own page with close code 4401, and reads nothing from that socket', async () => {
    const origin = `http://127.0.0.1:${host.port}`;
    for (const query of ['?token=0000', `?token=${'f'.repeat(48)}`, '']) {
      const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api${query}`, { origin });
      const answers: string[] = [];
      ws.on('message', (data) => answers.push(String(data)));
      ws.once('open', () => ws.send(JSON.stringify({ id: 1, channel: 'library.summary', payload: {} })));
      const [code, reason] = await new Promise<[number, string]>((resolve, reject) => {
        ws.once('close', (c, r) => resolve([c, String(r)]));
        ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      });
      expect([code, reason]).toEqual([TOKEN_REFUSED_CLOSE_CODE, 'token refused']);
      expect(answers).toEqual([]);
    }
  });

  it('drops a connection that sends a malformed frame and keeps serving the others', async () => {
    const bad = await connect(`?token=${host.token}`);
    const closed = new Promise((resolve) => bad.once('close', resolve));
    bad.send(Buffer.from([0xc3, 0x28, 0xff]), { binary: false }); // not UTF-8 in a text frame
    await closed;
    const good = await connect(`?token=${host.token}`);
    expect((await ask(good, 1, 'library.summary', {})).ok).toBe(true);
    good.close();
  });

  it('answers API requests and refuses bad ones with readable errors', async () => {
    const ws = await connect(`?token=${host.token}`);
    const summary = await ask(ws, 1, 'library.summary', {});
    expect(summary.ok).toBe(true);
    expect(summary.value.campaigns.map((c: { name: string }) => c.name)).toContain('Microban I');
    expect(summary.value.libraryPath).toBe(join(dir, 'library.sqlite'));
    const bad = await ask(ws, 2, 'library.campaign', { campaignId: 'x' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    const unknown = await ask(ws, 3, 'shell.exec', { command: 'rm -rf /' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    const missing = await ask(ws, 4, 'library.level', { levelId: 999999 });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
    ws.close();
  });

  it('pushes job and library events to connected clients while a campaign verifies', async () => {
    const ws = await connect(`?token=${host.token}`);
    const events: string[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.event) events.push(message.event);
    });
    // The first level is Microban I #44, which the sample library holds.
    const imported = await ask(ws, 10, 'library.import', { fileName: 'tiny.xsb', text: '#####\n#@$.#\n#####\n\n######\n#@ $.#\n######\n', duplicates: 'import' });
    expect(imported).toMatchObject({ ok: true, value: { imported: 2, rejected: 0 } });
    const started = await ask(ws, 11, 'jobs.verify', { campaignId: imported.value.campaignId });
    expect(started).toMatchObject({ ok: true, value: { jobs: 2 } });
    for (let i = 0; i < 100; i++) {
      const detail = await ask(ws, 100 + i, 'library.campaign', { campaignId: imported.value.campaignId });
      if (detail.value.levels.every((l: { badge: string }) => l.badge === 'verified')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const detail = await ask(ws, 12, 'library.campaign', { campaignId: imported.value.campaignId });
    expect(detail.value.levels.map((l: { par: number }) => l.par)).toEqual([1, 2]);
    // library.changed is batched (a few per second at most).
    for (let i = 0; i < 40 && !events.includes('library.changed'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(events).toContain('jobs.changed');
    expect(events).toContain('library.changed');
    const hint = await ask(ws, 13, 'play.hint', { levelId: detail.value.levels[1].id, commands: [] });
    expect(hint).toMatchObject({ ok: true, value: { status: 'solved', command: 'r', distance: 2 } });
    ws.close();
  });
});
