/**
 * `verify --db PATH [--campaign NAME] [--budget STATES] [--workers N] [--require-optimal] [--json]`:
 * re-verify campaigns in the worker pool (each level solved again, its recordings replayed), for a
 * game project's CI: exit 1 when any level is not verified, its par changed from the last
 * verification stored in the library, or it has another impact category than `unchanged` and
 * `first-verification` (a recording that diverges, a shortcut, ...). With --json: one line per
 * level, then a summary line with the counts per category.
 *
 * A par bound (`verified-bound`: solved, the par an upper bound the search could not prove
 * optimal) passes: the level is proven solvable, and the bound is what the same solver and budget
 * give again, so a changed bound still fails as a changed par. `--require-optimal` fails it too,
 * for a game that ships only proven pars. Each level is solved with --budget when it is given, else
 * with its own budget (`budget`), else the default (`budgetForRun`).
 */
import { availableParallelism } from 'node:os';
import type { ApiResult, Batch, Channel, RequestOf, ResponseOf } from '../../../src-shared/api/studio-api.ts';
import { countOf } from '../../../src-shared/engine/text/wording.ts';
import { boundSign, comparedWith } from '../../../src-shared/engine/ruleset.ts';
import { nodeWorkerAdapter } from '../../jobs/node-adapter.ts';
import type { RecordingReplay } from '../../../src-shared/api/reports.ts';
import { BENIGN_CATEGORIES, IMPACT_CATEGORIES, type ImpactCategory } from '../../../src-shared/verify/impact.ts';
import type { Studio } from '../../studio/dispatch.ts';
import { RESOURCES_DIR, tablesDirFor } from '../../studio/paths.ts';
import { createStudio } from '../../studio/studio.ts';
import { TABLES_DIR_ENV } from '../../worker/tables.ts';
import { UsageError, positiveInt, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';
import { dbPath, makeFolderFor } from './library-commands.ts';

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
  makeFolderFor(path);
  const studio = await createStudio({ libraryPath: path, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ env: { [TABLES_DIR_ENV]: tablesDirFor(path) } }), workers, batchWorkers: workers });
  try {
    const { campaigns } = await call(studio, 'library.summary', {});
    const chosen = typeof args.flags.campaign === 'string' ? campaigns.filter((c) => c.name === args.flags.campaign) : campaigns;
    if (chosen.length === 0) throw new UsageError(`No campaign named "${args.flags.campaign}".`);
    const requireOptimal = args.flags['require-optimal'] === true;
    let failures = 0;
    const counts: Partial<Record<ImpactCategory, number>> = {};
    let levels = 0;
    let unproven = 0;
    let bounds = 0;
    for (const campaign of chosen) {
      // Every level solved again and its recordings replayed; the report compares with the verification stored before.
      const { batchId, reportId } = await call(studio, 'jobs.reverify', { campaignId: campaign.id, ...(budget ? { budget } : {}) });
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
      const report = await call(studio, 'reports.get', { reportId });
      const rowAt = new Map(report.rows.map((row) => [row.position, row]));
      const detail = await call(studio, 'library.campaign', { campaignId: campaign.id });
      for (const level of detail.levels) {
        const row = rowAt.get(level.position);
        if (!row) continue; // its job failed: reported above
        levels++;
        if (!row.proven) unproven++;
        for (const category of row.impact) counts[category] = (counts[category] ?? 0) + 1;
        const bound = level.badge === 'verified-bound';
        const verified = level.badge === 'verified' || (bound && !requireOptimal);
        const findings = row.impact.filter((c) => !BENIGN_CATEGORIES.has(c));
        const changed = row.impact.includes('par-changed');
        const regression = !verified || findings.length > 0;
        if (regression) failures++;
        if (bound) bounds++;
        const recordings = row.recordings.map((r) => ({ id: r.id, wins: r.wins, divergesAt: r.divergesAt, ...(r.winsAt === null ? {} : { winsAt: r.winsAt }), intended: r.intended, ...(r.notReplayed ? { notReplayed: r.notReplayed } : {}) }));
        // This run found less than the library keeps from before under the same rules (verify/known.ts):
        // told as the run's (its `budget` or worse par is the finding that fails it).
        const keeps = (level.badge === 'verified' || level.badge === 'verified-bound') && level.par !== null && (row.status !== 'solved' || row.par !== level.par);
        const line = {
          campaign: campaign.name, level: level.position, title: level.title, status: level.badge, par: level.par, ...(row.sense ? { sense: row.sense } : {}), oldPar: row.oldPar, previousPar: row.oldPar,
          optimal: level.optimal, budget: level.budget ?? null, ...(keeps ? { run: { status: row.status, par: row.par } } : {}), impact: row.impact, recordings, regression,
        };
        if (args.flags.json) io.out(JSON.stringify(line));
        else if (regression || bound || row.recordings.some((r) => r.notReplayed)) {
          // The par's sense: a bound is "<=" the fewest moves, ">=" the highest score; a change is better or worse by it.
          const sense = row.sense ?? 'minimise';
          const direction = row.oldPar !== null && level.par !== null && row.oldPar !== level.par ? ` (${comparedWith(sense, level.par, row.oldPar)})` : '';
          const what = keeps
            ? `${row.status === 'solved' ? `par ${row.par}` : row.status} in this run (the library keeps par ${level.par}, found before)`
            : `${bound ? `par ${boundSign(sense) === '≤' ? '<=' : '>='} ${level.par} (not proven optimal)` : level.badge}${changed ? `, par ${row.oldPar} -> ${level.par}${direction}` : ''}`;
          const others = findings.filter((c) => c !== 'par-changed');
          io.out(`${campaign.name} #${level.position}${level.title ? ` ${level.title}` : ''}: ${what}${others.length ? ` [${others.map((c) => describeFinding(c, row.recordings)).join(', ')}]` : ''}${regression ? '' : ' (passes; --require-optimal fails it)'}${notReplayedNote(row.recordings)}`);
        }
      }
      if (!args.flags.json) io.out(`${campaign.name}: ${countOf(detail.levels.length, 'level')} verified with ${countOf(workers, 'worker')}`);
    }
    const boundNote = bounds > 0 && !requireOptimal ? ` (${countOf(bounds, 'par')} only a bound, not proven optimal)` : '';
    if (args.flags.json) io.out(JSON.stringify({ summary: true, levels, counts: Object.fromEntries(IMPACT_CATEGORIES.filter((c) => counts[c]).map((c) => [c, counts[c]])), unproven, regressions: failures }));
    else io.out(failures === 0 ? `All levels verified; no par changed${boundNote}.` : `${countOf(failures, 'level')} failed or changed par.`);
    return failures === 0 ? 0 : 1;
  } finally {
    await studio.close();
  }
}

/** Recordings a re-verification did not replay, and why (too long), as the human output says them. */
function notReplayedNote(recordings: readonly RecordingReplay[]): string {
  const skipped = recordings.filter((r) => r.notReplayed);
  return skipped.map((r) => ` (recording ${r.id} not replayed: ${r.notReplayed!.steps} steps, over the ${r.notReplayed!.max} a re-verification replays)`).join('');
}

/** A category as the human output says it: where a recording diverges, which one. */
function describeFinding(category: ImpactCategory, recordings: readonly RecordingReplay[]): string {
  if (category !== 'recording-diverges') return category;
  const at = recordings.filter((r) => r.divergesAt !== null || r.undecodableAt !== null).map((r) => `recording ${r.id} at step ${r.divergesAt ?? r.undecodableAt}`);
  return `${category}: ${at.join(', ')}`;
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
