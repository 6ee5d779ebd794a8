/**
 * `npm run bench -- import`: a large `library.import` against the browser host (issue 14 §4). A
 * second client asks `jobs.list` every 20 ms while the first imports; printed: the longest and
 * summed delay that client saw (how long the host was blocked), the import's answer time, the
 * host's peak memory (VmHWM), and the size of one `library.campaign` page and of a whole-campaign
 * answer. The importing client runs on a thread of its own (import-sender.ts), so only the host's
 * delays are measured. The file goes as the studio sends it: in parts of MAX_IMPORT_PART_CHARS (`library.importPart`)
 * when it is larger. Files: 980,000 tiny levels (33 MB, refused by MAX_IMPORT_LEVELS), and the largest
 * imports allowed: 20,000 small levels, and 20,000 levels that fill MAX_IMPORT_CHARS.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { MAX_IMPORT_CHARS, MAX_IMPORT_LEVELS, type ApiResult } from '../../src-shared/api/studio-api.ts';
import { startHostProcess } from '../support/browser.ts';
import { connect, type CollectionShape } from './import-client.ts';
import type { SenderData } from './import-sender.ts';

function peakMemoryMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function measure(label: string, shape: CollectionShape, dir: string): Promise<void> {
  const host = await startHostProcess(join(dir, `${label.replace(/\W+/g, '-')}.sqlite`));
  const sender = new Worker(new URL('./import-sender.ts', import.meta.url), { workerData: { url: host.url, label, shape } satisfies SenderData });
  const ready = new Promise<number>((resolve, reject) => {
    sender.once('message', (m: { chars: number }) => resolve(m.chars));
    sender.once('error', reject);
  });
  try {
    const other = await connect(host.url);
    await other.request('jobs.list', {});
    const chars = await ready;
    if (chars > MAX_IMPORT_CHARS) throw new Error(`${label} is over MAX_IMPORT_CHARS (${chars})`);
    const before = peakMemoryMB(host.child.pid!);
    let longest = 0;
    let blocked = 0;
    let asks = 0;
    let answer: { result: ApiResult<any>; progress: number } | undefined;
    const started = performance.now();
    sender.once('message', (m: { result: ApiResult<any>; progress: number }) => (answer = m));
    sender.postMessage('go');
    while (!answer) {
      const sent = performance.now();
      await other.request('jobs.list', {});
      const waited = performance.now() - sent;
      asks++;
      longest = Math.max(longest, waited);
      if (waited > 50) blocked += waited;
      await new Promise((r) => setTimeout(r, 20));
    }
    const { result } = answer;
    const ms = performance.now() - started;
    const progress = answer.progress + other.events.filter((e) => e.event === 'jobs.changed').length;
    console.log(
      `import ${label} (${(chars / 1e6).toFixed(1)} M chars): answered in ${(ms / 1000).toFixed(1)} s (${result.ok ? `${result.value.imported} imported, ${result.value.rejected} rejected${result.value.imported === 0 ? `: ${result.value.diagnostics[0]?.message}` : ''}` : result.error.code}); ` +
        `another client's jobs.list: longest wait ${longest.toFixed(0)} ms, ${(blocked / 1000).toFixed(1)} s in waits over 50 ms, ${asks} answered; ` +
        `host peak memory ${peakMemoryMB(host.child.pid!).toFixed(0)} MB (${before.toFixed(0)} MB before); progress messages ${progress}`,
    );
    if (result.ok && result.value.campaignId !== null) {
      const paged = await other.request('library.campaign', { campaignId: result.value.campaignId, offset: 0, limit: 200 });
      const whole = await other.request('library.campaign', { campaignId: result.value.campaignId });
      console.log(`  library.campaign: a page of 200 rows ${(JSON.stringify(paged).length / 1e6).toFixed(2)} MB, every row ${(JSON.stringify(whole).length / 1e6).toFixed(1)} MB`);
    }
    other.ws.close();
  } finally {
    await sender.terminate();
    await host.stop();
  }
}

export async function runImportBench(args: string[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-bench-import-'));
  try {
    const files: [string, CollectionShape][] = [
      ['980000-tiny', { levels: 980_000, width: 5, height: 1 }],
      [`${MAX_IMPORT_LEVELS}-small`, { levels: MAX_IMPORT_LEVELS, width: 6, height: 5 }],
      // As large as one import may be: the most levels, each as large as the text limit leaves room for.
      [`${MAX_IMPORT_LEVELS}-largest`, { levels: MAX_IMPORT_LEVELS, width: 38, height: 38 }],
    ];
    for (const [label, shape] of files) {
      if (args.length > 0 && !args.some((a) => label.includes(a))) continue;
      await measure(label, shape, dir);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
