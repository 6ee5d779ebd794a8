/**
 * The `import` bench's pieces (import.ts): the collection files it imports, and a WebSocket client
 * of the browser host. The importing client runs on a thread of its own (import-sender.ts), so its
 * work on a 33 MB file (encoding and masking every part) never delays the client that measures.
 */
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import type { ApiResult } from '../../src-shared/api/studio-api.ts';

/** A walled room `width` x `height` (inside) with a player, one box and one goal; `n` varies the box. */
function room(width: number, height: number, n: number): string {
  const rows = [`#${'#'.repeat(width)}#`];
  for (let y = 0; y < height; y++) {
    const cells = Array.from({ length: width }, () => ' ');
    if (y === 0) {
      cells[0] = '@';
      cells[1 + (n % Math.max(1, width - 3))] = '$';
      cells[width - 1] = '.';
    }
    rows.push(`#${cells.join('')}#`);
  }
  rows.push(rows[0]);
  return `; ${n + 1}\n${rows.join('\n')}\n\n`;
}

export interface CollectionShape {
  readonly levels: number;
  readonly width: number;
  readonly height: number;
}

export function collection({ levels, width, height }: CollectionShape): string {
  const parts: string[] = [];
  for (let i = 0; i < levels; i++) parts.push(room(width, height, i));
  return parts.join('');
}

export interface Client {
  readonly ws: WebSocket;
  request(channel: string, payload: unknown): Promise<ApiResult<any>>;
  readonly events: { event: string; payload: any; at: number }[];
}

export async function connect(url: string): Promise<Client> {
  const page = new URL(url);
  const ws = new WebSocket(`ws://${page.host}/api?token=${page.searchParams.get('token')}`, { origin: `http://${page.host}`, maxPayload: 1 << 30 });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let next = 1;
  const waiting = new Map<number, (result: any) => void>();
  const events: Client['events'] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown; event?: string; payload?: unknown };
    if (message.event) events.push({ event: message.event, payload: message.payload, at: performance.now() });
    else if (typeof message.id === 'number') waiting.get(message.id)?.(message.result);
  });
  return {
    ws,
    events,
    request: (channel, payload) =>
      new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ id, channel, payload }));
      }),
  };
}
