/**
 * The browser host: the built renderer and the Studio API over a WebSocket, bound to 127.0.0.1
 * only. Every WebSocket connection must carry the host's random token (refused without it) and,
 * when a browser sends one, an Origin of this host; requests for other hosts are refused (DNS
 * rebinding). Same services, same library, same workers as the Electron host.
 *
 * A browser cannot read the HTTP status of a refused upgrade (its socket just closes, 1006, as
 * when the host is down), so the studio's own page with a wrong or stale token gets the
 * handshake and then at once the close code TOKEN_REFUSED_CLOSE_CODE: the page can say "open the
 * address the host printed" instead of retrying for ever. Nothing is read from such a socket.
 * Clients that send no Origin (not a browser) are refused with HTTP 401 before any handshake.
 */
import { timingSafeEqual, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { MAX_IMPORT_CHARS, TOKEN_REFUSED_CLOSE_CODE } from '../../src-shared/api/studio-api.ts';
import type { Studio } from '../studio/dispatch.ts';
import { browserHostContentSecurityPolicy, mimeType, resolveAsset, securityHeaders } from '../studio/security.ts';

export interface WebHostOptions {
  readonly studio: Studio;
  readonly rendererDir: string;
  /** 0 picks a free port. */
  readonly port?: number;
  readonly token?: string;
}

export interface WebHost {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

export function newToken(): string {
  return randomBytes(24).toString('hex');
}

function sameToken(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? newToken();
  let port = 0;
  const allowedHosts = (): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];
  const csp = (): string => browserHostContentSecurityPolicy(port);

  const serveFile = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!allowedHosts().includes(request.headers.host ?? '')) {
      response.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected request');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const file = resolveAsset(options.rendererDir, url.pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': mimeType(file), 'cache-control': 'no-cache', ...securityHeaders(csp()) });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  };

  const server = createServer((request, response) => {
    serveFile(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  // The import text limit in UTF-8 bytes (up to 3 per character) plus JSON escaping and framing.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_IMPORT_CHARS * 4 + 65536 });
  const clients = new Set<WebSocket>();

  const refuse = (socket: Duplex, status: number, reason: string): void => {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  };

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname !== '/api') return refuse(socket, 404, 'Not Found');
    if (!allowedHosts().includes(request.headers.host ?? '')) return refuse(socket, 421, 'Misdirected Request');
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedHosts().some((h) => origin === `http://${h}`)) return refuse(socket, 403, 'Forbidden');
    if (!sameToken(url.searchParams.get('token'), token)) {
      if (origin === undefined) return refuse(socket, 401, 'Unauthorized');
      return sockets.handleUpgrade(request, socket, head, (ws) => {
        // Kept with the clients only so that close() ends it; it is CLOSING, so it gets no events.
        clients.add(ws);
        ws.on('close', () => clients.delete(ws));
        ws.on('error', () => ws.terminate());
        ws.close(TOKEN_REFUSED_CLOSE_CODE, 'token refused');
      });
    }
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  });

  sockets.on('connection', (ws: WebSocket) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    // A malformed or oversized frame is that connection's problem, never the host's.
    ws.on('error', () => ws.terminate());
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let message: { id?: unknown; channel?: unknown; payload?: unknown };
      try {
        message = JSON.parse(data.toString()) as typeof message;
      } catch {
        ws.send(JSON.stringify({ id: null, result: { ok: false, error: { code: 'invalid-request', message: 'The request was not valid JSON.' } } }));
        return;
      }
      const id = typeof message?.id === 'number' ? message.id : null;
      options.studio.handle(message?.channel, message?.payload).then(
        (result) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result }));
        },
        () => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result: { ok: false, error: { code: 'internal', message: 'The request failed.' } } }));
        },
      );
    });
  });

  const stopEvents = options.studio.onEvent((event, payload) => {
    const text = JSON.stringify({ event, payload });
    for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    async close() {
      stopEvents();
      for (const ws of clients) ws.terminate();
      sockets.close();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
