/**
 * `npm run bench -- import`: a large `library.import` against the browser host (issue 14 §4). A
 * second client asks `jobs.list` every 20 ms while the first imports; printed: the longest and
 * summed delay that client saw (how long the host was blocked), the import's answer time, the
 * host's peak memory (VmHWM), and the size of one `library.campaign` page and of a whole-campaign
 * answer. Files: 980,000 tiny levels (33 MB, refused by MAX_IMPORT_LEVELS), and the largest
 * imports allowed: 20,000 small levels, and 20,000 levels that fill MAX_IMPORT_CHARS.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { MAX_IMPORT_CHARS, MAX_IMPORT_LEVELS } from '../../src-shared/api/studio-api.ts';
import { startHostProcess } from '../support/browser.ts';

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

function collection(levels: number, width: number, height: number): string {
  const parts: string[] = [];
  for (let i = 0; i < levels; i++) parts.push(room(width, height, i));
  return parts.join('');
}

interface Client {
  readonly ws: WebSocket;
  request(channel: string, payload: unknown): Promise<{ ok: boolean; value?: any; error?: any }>;
  readonly events: { event: string; payload: any; at: number }[];
}

async function connect(url: string): Promise<Client> {
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

function peakMemoryMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function measure(label: string, text: string, dir: string): Promise<void> {
  const host = await startHostProcess(join(dir, `${label.replace(/\W+/g, '-')}.sqlite`));
  try {
    const importer = await connect(host.url);
    const other = await connect(host.url);
    await other.request('jobs.list', {});
    const before = peakMemoryMB(host.child.pid!);
    let longest = 0;
    let blocked = 0;
    let asks = 0;
    let done = false;
    const started = performance.now();
    const answer = importer.request('library.import', { fileName: `${label}.xsb`, text, duplicates: 'import' }).then((result) => {
      done = true;
      return result;
    });
    while (!done) {
      const sent = performance.now();
      await other.request('jobs.list', {});
      const waited = performance.now() - sent;
      asks++;
      longest = Math.max(longest, waited);
      if (waited > 50) blocked += waited;
      await new Promise((r) => setTimeout(r, 20));
    }
    const result = await answer;
    const ms = performance.now() - started;
    const progress = importer.events.filter((e) => e.event === 'library.importProgress').length + other.events.filter((e) => e.event === 'jobs.changed').length;
    console.log(
      `import ${label} (${(text.length / 1e6).toFixed(1)} M chars): answered in ${(ms / 1000).toFixed(1)} s (${result.ok ? `${result.value.imported} imported, ${result.value.rejected} rejected` : result.error.code}); ` +
        `another client's jobs.list: longest wait ${longest.toFixed(0)} ms, ${(blocked / 1000).toFixed(1)} s in waits over 50 ms, ${asks} answered; ` +
        `host peak memory ${peakMemoryMB(host.child.pid!).toFixed(0)} MB (${before.toFixed(0)} MB before); progress messages ${progress}`,
    );
    if (result.ok && result.value.campaignId !== null) {
      const paged = await other.request('library.campaign', { campaignId: result.value.campaignId, offset: 0, limit: 200 });
      const whole = await other.request('library.campaign', { campaignId: result.value.campaignId });
      console.log(`  library.campaign: a page of 200 rows ${(JSON.stringify(paged).length / 1e6).toFixed(2)} MB, every row ${(JSON.stringify(whole).length / 1e6).toFixed(1)} MB`);
    }
    importer.ws.close();
    other.ws.close();
  } finally {
    await host.stop();
  }
}

export async function runImportBench(args: string[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-bench-import-'));
  try {
    const files: [string, () => string][] = [
      ['980000-tiny', () => collection(980_000, 5, 1)],
      [`${MAX_IMPORT_LEVELS}-small`, () => collection(MAX_IMPORT_LEVELS, 6, 5)],
      // As large as one import may be: the most levels, each as large as the text limit leaves room for.
      [`${MAX_IMPORT_LEVELS}-largest`, () => collection(MAX_IMPORT_LEVELS, 38, 38)],
    ];
    for (const [label, make] of files) {
      if (args.length > 0 && !args.some((a) => label.includes(a))) continue;
      const text = make();
      if (text.length > MAX_IMPORT_CHARS) throw new Error(`${label} is over MAX_IMPORT_CHARS (${text.length})`);
      await measure(label, text, dir);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
