/**
 * The studio's services, shared by both hosts: the library, the persisted job queue and the worker
 * pool behind the Studio API's handlers. A host supplies how workers start (Electron utility
 * processes or Node child processes) and forwards `onEvent` to its renderer(s).
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { allKinds } from '../../src-shared/rulesets/registry.ts';
import { generatorWithParams } from '../../src-shared/rulesets/generators.ts';
import { DEFAULT_STATE_BUDGET, budgetForRun } from '../../src-shared/search/budget.ts';
import { MAX_IMPORT_CHARS, type EventName, type EventOf } from '../../src-shared/api/studio-api.ts';
import type { WorkerAdapter } from '../jobs/adapter.ts';
import { JobCancelledError, JobInputRefusedError } from '../jobs/errors.ts';
import { WorkerPool } from '../jobs/pool.ts';
import { JobQueue } from '../jobs/queue.ts';
import { hintResultSchema } from '../jobs/types/hint.ts';
import type { JobServices } from '../jobs/types/services.ts';
import { campaignDetail, listCampaignSummaries } from '../library/campaign-views.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { exportCampaign } from '../library/export.ts';
import { storeChapteredCampaign, storeGeneratedCampaign } from '../library/generated.ts';
import { ImportThread } from '../library/threaded-import.ts';
import { openLibrary } from '../library/library.ts';
import { lockLibrary } from '../library/library-lock.ts';
import { campaignIdsOfLevel, getCampaign } from '../library/campaigns.ts';
import { purgeRemovedLevels } from '../library/level-edits.ts';
import { dropInterruptedImports } from '../library/import-write.ts';
import { setLevelBudget } from '../library/levels.ts';
import { currentRules, type CurrentRules } from '../library/rulesets.ts';
import { storeVerification } from '../library/verifications.ts';
import { reportOfBatch, storeImpactRow } from '../library/impact-reports.ts';
import { recordingsToReplay } from '../library/recordings.ts';
import { storeCurveChunk } from '../library/replay-curves.ts';
import { replayHandlers } from './replay-handlers.ts';
import { simulationHandlers } from './simulation-handlers.ts';
import { storeSimulationReport } from '../library/blocks-simulations.ts';
import { StudioError, dispatch, type Handlers, type Studio } from './dispatch.ts';
import { LibraryChangeBatcher } from './library-events.ts';
import { candidateHandlers, refuseImpossibleParams, storeCandidateShard } from './candidates.ts';
import { bakeHandlers, storeBakeShard } from './bakes.ts';
import { rulesHandlers } from './rules-handlers.ts';
import { campaignHandlers } from './campaign-handlers.ts';
import { editorHandlers } from './editor-handlers.ts';
import { guard, levelIn, longestFirst, notFound } from './handler-support.ts';
import { reverifyHandlers } from './reverify-handlers.ts';

export interface StudioOptions {
  readonly libraryPath: string;
  readonly resourcesDir: string;
  readonly adapter: WorkerAdapter;
  /**
   * Worker processes for batch work (Verify all, generation); default one per core. Older
   * callers name it `batchWorkers`: the larger of the two counts.
   */
  readonly workers?: number;
  readonly batchWorkers?: number;
  /** Worker processes kept beside them for interactive work (hints, live proofs); default 1. */
  readonly interactiveWorkers?: number;
  readonly log?: (error: unknown) => void;
}

type Listener = <E extends EventName>(event: E, payload: EventOf<E>) => void;

export async function createStudio(options: StudioOptions): Promise<Studio> {
  // One studio per library: two would each re-queue and run the other's jobs.
  // Keyed on the real path and held while this process lives (library-lock.ts).
  const releaseLock = lockLibrary(options.libraryPath);
  let opened: ReturnType<typeof openLibrary>;
  try {
    opened = openLibrary(options.libraryPath, { resourcesDir: options.resourcesDir });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const { db, path } = opened;
  const listeners = new Set<Listener>();
  const emit: Listener = (event, payload) => {
    for (const listener of listeners) listener(event, payload);
  };
  const libraryEvents = new LibraryChangeBatcher((payload) => emit('library.changed', payload));
  // Batch jobs use every core; one more worker waits for interactive work, which pauses a batch
  // job while it runs (pool.ts). Workers stay up, with the tables they have loaded.
  const batchWorkers = Math.max(options.workers ?? 0, options.batchWorkers ?? 0) || availableParallelism();
  const interactiveWorkers = Math.max(1, options.interactiveWorkers ?? 1);
  const pool = new WorkerPool({ adapter: options.adapter, size: batchWorkers + interactiveWorkers, batchLimit: batchWorkers, cpuBudget: availableParallelism() });
  const queue: JobQueue = new JobQueue({
    db,
    pool,
    services: (tx): JobServices => ({
      storeVerification: (levelId, verification, jobId) => void storeVerification(tx, levelId, verification, { jobId }),
      storeGeneratedCampaign: (campaign) => storeGeneratedCampaign(tx, campaign),
      storeChapteredCampaign: (campaign) => storeChapteredCampaign(tx, campaign),
      storeCandidateShard: (runId, shard, result, batchId) => storeCandidateShard(tx, queue, runId, shard, result, batchId),
      storeBakeShard: (batchId) => storeBakeShard(tx, queue, libraryEvents, batchId, batchWorkers),
      storeImpactRow: (batchId, row) => {
        const reportId = reportOfBatch(tx, batchId);
        if (reportId !== undefined) storeImpactRow(tx, reportId, row);
      },
      recordingsToReplay: (ids, maxSteps) => recordingsToReplay(tx, ids, maxSteps),
      storeReplayCurveChunk: (chunk) => storeCurveChunk(tx, chunk.recordingId, chunk.rulesFingerprint, chunk),
      storeSimulationReport: (simulationId, report) => storeSimulationReport(tx, simulationId, report),
      campaignOfBatch: (batchId) => queue.batch(batchId)?.campaignId ?? null,
      libraryChanged: (campaignId, levelId) => libraryEvents.add(campaignId, levelId),
    }),
  });
  // A shard stored: the bench refetches (through library.changed, as for any library content).
  const stopShardEvents = queue.on('changed', ({ jobs }) => {
    if (jobs.some((j) => j.type === 'generate-shard' && j.state === 'done')) libraryEvents.add(null);
  });
  const stopJobs = queue.on('changed', (payload) => emit('jobs.changed', payload));
  const imports = new ImportThread(path, { maxChars: MAX_IMPORT_CHARS });
  const handlers = studioHandlers({ db, path, queue, libraryEvents, batchWorkers, emit, imports });
  // Levels taken out of a campaign long ago are gone for good (they were kept for an undo).
  purgeRemovedLevels(db);
  // An import killed before its campaign was made left levels in none: they go (we hold the lock).
  dropInterruptedImports(db);

  return {
    libraryPath: path,
    handle: (channel, payload) => dispatch(handlers, channel, payload, options.log ?? ((e) => console.error(e))),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      stopJobs();
      stopShardEvents();
      await imports.close();
      libraryEvents.close();
      queue.close();
      await pool.close();
      db.close();
      releaseLock();
    },
  };
}

interface Services {
  readonly db: LibraryDatabase;
  readonly path: string;
  readonly queue: JobQueue;
  readonly libraryEvents: LibraryChangeBatcher;
  readonly batchWorkers: number;
  readonly emit: Listener;
  readonly imports: ImportThread;
}

/** A hint request's answer: the contract's shape, plus `cancelled` when the job was cancelled (from the job strip). */
type HintAnswer = Awaited<ReturnType<Handlers['play.hint']>> & { readonly cancelled?: boolean };

/** What the hint of a cancelled job says: what its search had got to, if anything. */
function cancelledHint(partial: unknown): HintAnswer {
  const parsed = hintResultSchema.safeParse(partial);
  return { ...(parsed.success ? parsed.data : { status: 'budget', command: null, distance: null, optimal: false }), cancelled: true };
}

/** Every played command must be one of the kind's: a request that cannot be replayed is refused here. */
function checkPlayedCommands(current: CurrentRules, commands: readonly string[]): void {
  const rules = current.rules;
  if (!rules) throw new StudioError('invalid-request', `These rules cannot be played: ${current.diagnostics.map((d) => d.message).join('; ') || 'the config is not valid'}`);
  const bad = commands.findIndex((text) => rules.decodeCommand(text) === undefined);
  if (bad >= 0) {
    throw new StudioError('invalid-request', `Played command ${bad + 1} (${JSON.stringify(commands[bad])}) is not a ${current.kind} command: replay the level from its start.`);
  }
}

/** Library errors become API errors, for work that answers later. */
async function guardAsync<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return guard(() => {
      throw error;
    });
  }
}

function studioHandlers({ db, path, queue, libraryEvents, batchWorkers, emit, imports }: Services): Handlers {
  const bench = candidateHandlers(db, queue, libraryEvents, batchWorkers);
  const rulesOfCampaign = (campaignId: number) => {
    const campaign = getCampaign(db, campaignId) ?? notFound(`Campaign ${campaignId}`);
    return { campaign, rules: guard(() => currentRules(db, campaign.rulesetId)) };
  };
  return {
    ...rulesHandlers({ db, libraryEvents, guard }),
    ...campaignHandlers({ db, libraryEvents, guard }),
    ...editorHandlers({ db, queue, libraryEvents, rulesOfCampaign }),
    ...reverifyHandlers({ db, queue, libraryEvents, rulesOfCampaign }),
    ...replayHandlers({ db, queue, rulesOfCampaign, batchWorkers }),
    ...simulationHandlers({ db, queue, rulesOfCampaign }),
    ...bakeHandlers(queue, batchWorkers),
    'library.summary': () => ({ libraryPath: path, campaigns: listCampaignSummaries(db) }),
    'library.campaign': ({ campaignId, offset, limit }) => campaignDetail(db, campaignId, offset === undefined && limit === undefined ? undefined : { offset, limit }) ?? notFound(`Campaign ${campaignId}`),
    'library.level': ({ levelId, campaignId }) => levelIn(db, levelId, campaignId),
    // A large file comes in parts, which wait on the import thread (import-parts.ts).
    'library.importPart': ({ upload, offset, text }) => guard(() => imports.appendPart(upload, offset, text)),
    'library.import': async ({ text, upload, ...request }) => {
      // Off this thread: a large file would hold every other client's request (issue 14 §4).
      const { fileName } = request;
      const file = upload !== undefined ? { upload } : { text: text ?? '' };
      const result = await guardAsync(() => imports.import({ ...request, ...file }, (phase, done, total) => emit('library.importProgress', { fileName, phase, done, total })));
      if (result.campaignId !== null) libraryEvents.add(result.campaignId);
      return result;
    },
    'library.setLevelBudget': ({ levelId, budget }) => {
      const level = guard(() => setLevelBudget(db, levelId, budget));
      for (const campaignId of campaignIdsOfLevel(db, levelId)) libraryEvents.add(campaignId, levelId);
      return { levelId, budget: level.budget };
    },
    'library.export': ({ campaignId, format }) => {
      const { fileName, mimeType, text, diagnostics } = guard(() => exportCampaign(db, campaignId, format));
      return { fileName, mimeType, text, diagnostics: diagnostics.slice(0, 200) };
    },
    'jobs.verify': ({ campaignId, levelIds, budget, timeLimitMs }) => {
      const detail = campaignDetail(db, campaignId) ?? notFound(`Campaign ${campaignId}`);
      const { campaign, rules } = rulesOfCampaign(campaignId);
      const wanted = levelIds ? new Set(levelIds) : undefined;
      const chosen = detail.levels.filter((level) => !wanted || wanted.has(level.id));
      if (wanted && chosen.length !== wanted.size) notFound('One of the levels to verify');
      if (chosen.length === 0) throw new StudioError('invalid-request', `The campaign ${campaign.name} has no levels to verify: import or make some first.`);
      const levels = longestFirst(db, chosen);
      // Jobs of an earlier batch that would compute the same (a Verify all cut short when the
      // app died) join this batch instead of running twice.
      const { batchId, jobIds } = queue.createBatch({
        label: `Verify ${campaign.name}`,
        campaignId,
        adoptLive: true,
        jobs: levels.map((level) => ({
          label: `${campaign.name} #${level.position}${level.title ? ` ${level.title}` : ''}`,
          levelId: level.id,
          payload: { type: 'verify', kind: campaign.kind, config: rules.config, level: level.content, budget: budgetForRun(budget, level.budget), ...(timeLimitMs === undefined ? {} : { timeLimitMs }) },
        })),
      });
      return { batchId, jobs: jobIds.length };
    },
    'library.generators': () => ({
      generators: allKinds().flatMap((kind) =>
        kind.generators.map((g) => ({ kind: kind.kind, id: g.id, label: g.label, version: g.version, paramsSchema: z.toJSONSchema(g.paramsSchema, { unrepresentable: 'any' }), defaults: g.paramsSchema.parse({}) })),
      ),
    }),
    'library.generate': ({ kind, generator, params, seed, campaignName }) => {
      const found = generatorWithParams(kind, generator, params);
      if (!found.ok && found.refused !== 'invalid-params') notFound(`The generator ${kind}/${generator}`);
      if (!found.ok) throw new StudioError('invalid-request', found.message);
      // Parameters no level could meet are refused before any job starts (never "finished, 0 levels").
      refuseImpossibleParams(found.generator.check?.(found.params) ?? []);
      const { batchId } = queue.createBatch({
        label: `Generate ${campaignName}`,
        jobs: [{ label: `${found.generator.label}: ${campaignName} (seed ${seed})`, payload: { type: 'generate', kind, generator, params: found.params, seed, campaign: campaignName } }],
      });
      return { batchId };
    },
    'candidates.start': (request) => guard(() => bench['candidates.start'](request)),
    'candidates.runs': (request) => guard(() => bench['candidates.runs'](request)),
    'candidates.list': (request) => guard(() => bench['candidates.list'](request)),
    'candidates.accept': (request) => guard(() => bench['candidates.accept'](request)),
    'candidates.dismiss': (request) => guard(() => bench['candidates.dismiss'](request)),
    'jobs.list': () => queue.list(),
    'jobs.cancel': (request) => ({ cancelled: 'jobId' in request ? queue.cancelJob(request.jobId) : queue.cancelBatch(request.batchId) }),
    'play.hint': async ({ levelId, campaignId, commands, budget, content }): Promise<HintAnswer> => {
      const level = levelIn(db, levelId, campaignId);
      const { campaign, rules } = rulesOfCampaign(level.campaignId);
      checkPlayedCommands(rules, commands);
      // An interactive job the queue knows: it shows in Jobs and the job strip and can be
      // cancelled there; it never waits behind a batch.
      const jobId = queue.createJob({
        label: `Hint: ${level.campaignName} #${level.position}${level.title ? ` ${level.title}` : ''}`,
        levelId,
        lane: 'interactive',
        payload: { type: 'hint', kind: campaign.kind, config: rules.config, level: content ?? level.content, commands, budget: budget ?? DEFAULT_STATE_BUDGET },
      });
      try {
        return hintResultSchema.parse(await queue.outcome(jobId));
      } catch (error) {
        if (error instanceof JobCancelledError) return cancelledHint(error.partial);
        if (error instanceof JobInputRefusedError) throw new StudioError('invalid-request', error.message);
        throw error;
      }
    },
  };
}
