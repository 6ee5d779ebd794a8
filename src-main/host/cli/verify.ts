/**
 * `verify --db PATH [--campaign NAME] [--budget STATES] [--workers N] [--require-optimal] [--json]`:
 * re-solve campaigns in the worker pool, for a game project's CI: exit 1 when any level is not
 * verified or its par changed from the last verification stored in the library.
 *
 * A par bound (`verified-bound`: solved, the par an upper bound the search could not prove
 * optimal) passes: the level is proven solvable, and the bound is what the same solver and budget
 * give again, so a changed bound still fails as a changed par. `--require-optimal` fails it too,
 * for a game that ships only proven pars. Each level is solved with its own budget when it has one
 * (`budget`), else with --budget, else the default.
 */
import { availableParallelism } from 'node:os';
import type { ApiResult, Batch, Channel, RequestOf, ResponseOf } from '../../../src-shared/api/contract.ts';
import { countOf } from '../../../src-shared/engine/wording.ts';
import { nodeWorkerAdapter } from '../../jobs/node-adapter.ts';
import { listCampaignSummaries } from '../../library/campaign-views.ts';
import { latestVerification } from '../../library/verifications.ts';
import type { Studio } from '../../studio/dispatch.ts';
import { RESOURCES_DIR, tablesDirFor } from '../../studio/paths.ts';
import { createStudio } from '../../studio/studio.ts';
import { TABLES_DIR_ENV } from '../../worker/tables.ts';
import { UsageError, positiveInt, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';
import { dbPath, makeFolderFor, openForCli } from './library-commands.ts';

export const verifyCommand: CliCommand = {
  name: 'verify',
  usage: 'verify --db PATH [--campaign NAME] [--budget STATES] [--workers N] [--require-optimal] [--json]',
  flags: { db: 'string', campaign: 'string', budget: 'string', workers: 'string', 'require-optimal': 'boolean', json: 'boolean' },
  run: runVerify,
};

async function call<C extends Channel>(studio: Studio, channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const result = (await studio.handle(channel, request)) as ApiResult<ResponseOf<C>>;
  if (!result.ok) throw new UsageError(result.error.message);
  return result.value;
}

async function runVerify(args: ParsedArgs, io: CliIo): Promise<number> {
  const path = dbPath(args.flags, io);
  const budget = args.flags.budget === undefined ? undefined : positiveInt(args.flags, 'budget', 1);
  // A batch the designer starts gets every core.
  const workers = positiveInt(args.flags, 'workers', availableParallelism());
  // Pars before this run: a changed par is a regression even when the new one is proven.
  const before = new Map<number, number | null>();
  {
    const { db } = openForCli(path);
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
  makeFolderFor(path);
  const studio = await createStudio({ libraryPath: path, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ env: { [TABLES_DIR_ENV]: tablesDirFor(path) } }), workers, batchWorkers: workers });
  try {
    const { campaigns } = await call(studio, 'library.summary', {});
    const chosen = typeof args.flags.campaign === 'string' ? campaigns.filter((c) => c.name === args.flags.campaign) : campaigns;
    if (chosen.length === 0) throw new UsageError(`No campaign named "${args.flags.campaign}".`);
    const requireOptimal = args.flags['require-optimal'] === true;
    let failures = 0;
    let bounds = 0;
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
        const bound = level.badge === 'verified-bound';
        const verified = level.badge === 'verified' || (bound && !requireOptimal);
        const changed = previous !== null && level.par !== previous;
        const regression = !verified || changed;
        if (regression) failures++;
        if (bound) bounds++;
        const line = { campaign: campaign.name, level: level.position, title: level.title, status: level.badge, par: level.par, previousPar: previous, optimal: level.optimal, budget: level.budget ?? null, regression };
        if (args.flags.json) io.out(JSON.stringify(line));
        else if (regression || bound) io.out(`${campaign.name} #${level.position}${level.title ? ` ${level.title}` : ''}: ${bound ? `par <= ${level.par} (not proven optimal)` : level.badge}${changed ? `, par ${previous} -> ${level.par}` : ''}${regression ? '' : ' (passes; --require-optimal fails it)'}`);
      }
      if (!args.flags.json) io.out(`${campaign.name}: ${countOf(detail.levels.length, 'level')} verified with ${countOf(workers, 'worker')}`);
    }
    const boundNote = bounds > 0 && !requireOptimal ? ` (${countOf(bounds, 'par')} only a bound, not proven optimal)` : '';
    if (!args.flags.json) io.out(failures === 0 ? `All levels verified; no par changed${boundNote}.` : `${countOf(failures, 'level')} failed or changed par.`);
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
