/**
 * Library commands of the CLI: list campaigns, import a collection, export a campaign, and verify
 * campaigns in the worker pool (a game project's CI: exit 1 when any level is not verified or its
 * par changed from the last verification stored in the library).
 */
import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { formatDiagnostic } from '../../../src-shared/engine/diagnostics.ts';
import type { ApiResult, Batch, Channel, RequestOf, ResponseOf } from '../../../src-shared/api/contract.ts';
import { MAX_IMPORT_CHARS } from '../../../src-shared/api/contract.ts';
import { nodeWorkerAdapter } from '../../jobs/node-adapter.ts';
import { listCampaignSummaries } from '../../library/campaign-views.ts';
import { exportCampaign } from '../../library/export.ts';
import { importCollection } from '../../library/import.ts';
import { openLibrary } from '../../library/library.ts';
import { latestVerification } from '../../library/verifications.ts';
import type { Studio } from '../../studio/dispatch.ts';
import { RESOURCES_DIR, tablesDirFor } from '../../studio/paths.ts';
import { TABLES_DIR_ENV } from '../../worker/tables.ts';
import { createStudio } from '../../studio/studio.ts';
import { UsageError, parseArgs, positiveInt } from './args.ts';
import type { CliIo } from './solve.ts';

export const LIBRARY_USAGE = [
  'campaigns --db PATH [--json]',
  'import FILE --db PATH [--campaign NAME]',
  'export --db PATH --campaign NAME --format sok|json --out FILE',
  'verify --db PATH [--campaign NAME] [--budget STATES] [--workers N] [--json]',
];

function dbPath(flags: Record<string, string | boolean>, io: CliIo): string {
  if (typeof flags.db !== 'string') throw new UsageError('--db PATH is required (the library file; a new file starts with the sample campaigns).');
  return io.resolvePath(flags.db);
}

function open(path: string) {
  mkdirSync(dirname(path), { recursive: true });
  return openLibrary(path, { resourcesDir: RESOURCES_DIR });
}

export function runCampaigns(argv: readonly string[], io: CliIo): number {
  const args = parseArgs(argv, { db: 'string', json: 'boolean' });
  const { db } = open(dbPath(args.flags, io));
  try {
    for (const c of listCampaignSummaries(db)) {
      if (args.flags.json) io.out(JSON.stringify({ name: c.name, kind: c.kind, levels: c.levelCount, badges: c.badges }));
      else io.out(`${c.name} (${c.kind}): ${c.levelCount} levels`);
    }
    return 0;
  } finally {
    db.close();
  }
}

export function runImport(argv: readonly string[], io: CliIo): number {
  const args = parseArgs(argv, { db: 'string', campaign: 'string' });
  if (args.positional.length !== 1) throw new UsageError(`Usage: ${LIBRARY_USAGE[1]}`);
  const file = io.resolvePath(args.positional[0]);
  let text: string;
  try {
    if (statSync(file).size > MAX_IMPORT_CHARS) throw new UsageError(`${file} is larger than ${MAX_IMPORT_CHARS / 1048576} MB; split it.`);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  const { db } = open(dbPath(args.flags, io));
  try {
    const result = importCollection(db, { fileName: basename(file), text, ...(typeof args.flags.campaign === 'string' ? { campaignName: args.flags.campaign } : {}) });
    for (const d of result.diagnostics) io.err(formatDiagnostic(d));
    if (result.campaignId === null) {
      io.err('Nothing was imported.');
      return 1;
    }
    io.out(`Imported ${result.imported} levels into "${result.campaignName}"${result.rejected ? `; ${result.rejected} rejected (see above)` : ''}.`);
    return result.rejected > 0 ? 1 : 0;
  } finally {
    db.close();
  }
}

export function runExport(argv: readonly string[], io: CliIo): number {
  const args = parseArgs(argv, { db: 'string', campaign: 'string', format: 'string', out: 'string' });
  const format = args.flags.format;
  if (format !== 'sok' && format !== 'json') throw new UsageError('--format must be sok or json.');
  if (typeof args.flags.campaign !== 'string') throw new UsageError('--campaign NAME is required.');
  if (typeof args.flags.out !== 'string') throw new UsageError('--out FILE is required.');
  const { db } = open(dbPath(args.flags, io));
  try {
    const campaign = listCampaignSummaries(db).find((c) => c.name === args.flags.campaign);
    if (!campaign) throw new UsageError(`No campaign named "${args.flags.campaign}" (see: campaigns --db ${args.flags.db}).`);
    const result = exportCampaign(db, campaign.id, format);
    for (const d of result.diagnostics) io.err(formatDiagnostic(d)); // what the format could not keep
    const out = io.resolvePath(args.flags.out);
    writeFileSync(out, result.text);
    io.out(`Wrote ${campaign.levelCount} levels of "${campaign.name}" to ${out}.`);
    return 0;
  } finally {
    db.close();
  }
}

async function call<C extends Channel>(studio: Studio, channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const result = (await studio.handle(channel, request)) as ApiResult<ResponseOf<C>>;
  if (!result.ok) throw new UsageError(result.error.message);
  return result.value;
}

export async function runVerify(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { db: 'string', campaign: 'string', budget: 'string', workers: 'string', json: 'boolean' });
  const path = dbPath(args.flags, io);
  const budget = args.flags.budget === undefined ? undefined : positiveInt(args.flags, 'budget', 1);
  // A batch the designer starts gets every core.
  const workers = positiveInt(args.flags, 'workers', availableParallelism());
  // Pars before this run: a changed par is a regression even when the new one is proven.
  const before = new Map<number, number | null>();
  {
    const { db } = open(path);
    try {
      for (const c of listCampaignSummaries(db)) {
        for (const row of db.prepare('SELECT level_id AS id FROM campaign_levels WHERE campaign_id = ?').all(c.id) as { id: number }[]) {
          const latest = latestVerification(db, row.id);
          before.set(row.id, latest?.verification.status === 'solved' ? latest.verification.par : null);
        }
      }
    } finally {
      db.close();
    }
  }
  mkdirSync(dirname(path), { recursive: true });
  const studio = await createStudio({ libraryPath: path, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ env: { [TABLES_DIR_ENV]: tablesDirFor(path) } }), workers, batchWorkers: workers });
  try {
    const { campaigns } = await call(studio, 'library.summary', {});
    const chosen = typeof args.flags.campaign === 'string' ? campaigns.filter((c) => c.name === args.flags.campaign) : campaigns;
    if (chosen.length === 0) throw new UsageError(`No campaign named "${args.flags.campaign}".`);
    let failures = 0;
    for (const campaign of chosen) {
      const { batchId } = await call(studio, 'jobs.verify', { campaignId: campaign.id, ...(budget ? { budget } : {}) });
      const batch = await waitForBatch(studio, batchId, (b) => io.err(`${campaign.name}: ${b.done + b.failed + b.cancelled}/${b.total}`));
      // A job that failed or was cancelled stored nothing: an older verification must not pass for it.
      if (batch.failed + batch.cancelled > 0) {
        failures += batch.failed + batch.cancelled;
        const { jobs } = await call(studio, 'jobs.list', {});
        for (const job of jobs.filter((j) => j.batchId === batchId && (j.state === 'failed' || j.state === 'cancelled'))) {
          io.err(`${job.label}: ${job.state}${job.error ? ` (${job.error})` : ''}`);
          if (args.flags.json) io.out(JSON.stringify({ campaign: campaign.name, job: job.label, status: job.state, error: job.error, regression: true }));
        }
      }
      const detail = await call(studio, 'library.campaign', { campaignId: campaign.id });
      for (const level of detail.levels) {
        const previous = before.get(level.id) ?? null;
        const verified = level.badge === 'verified' || level.badge === 'verified-bound';
        const changed = previous !== null && level.par !== previous;
        const regression = !verified || changed;
        if (regression) failures++;
        const line = { campaign: campaign.name, level: level.position, title: level.title, status: level.badge, par: level.par, previousPar: previous, optimal: level.optimal, regression };
        if (args.flags.json) io.out(JSON.stringify(line));
        else if (regression) io.out(`${campaign.name} #${level.position} ${level.title ?? ''}: ${level.badge}${changed ? `, par ${previous} -> ${level.par}` : ''}`);
      }
      if (!args.flags.json) io.out(`${campaign.name}: ${detail.levels.length} levels verified with ${workers} workers`);
    }
    if (!args.flags.json) io.out(failures === 0 ? 'All levels verified; no par changed.' : `${failures} levels failed or changed par.`);
    return failures === 0 ? 0 : 1;
  } finally {
    await studio.close();
  }
}

async function waitForBatch(studio: Studio, batchId: number, report: (batch: Batch) => void): Promise<Batch> {
  let last = -1;
  for (;;) {
    const { batches } = await call(studio, 'jobs.list', {});
    const batch = batches.find((b) => b.id === batchId);
    if (!batch) throw new Error(`batch ${batchId} vanished`);
    const finished = batch.done + batch.failed + batch.cancelled;
    if (finished !== last) {
      report(batch);
      last = finished;
    }
    if (batch.state !== 'running') return batch;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
