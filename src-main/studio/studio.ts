/**
 * The studio's services, shared by both hosts: the library, the persisted job queue and the worker
 * pool behind the Studio API's handlers. A host supplies how workers start (Electron utility
 * processes or Node child processes) and forwards `onEvent` to its renderer(s).
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { allKinds, rulesetKind } from '../../src-shared/rulesets/registry.ts';
import { generateResultSchema } from '../jobs/protocol.ts';
import { storeGeneratedCampaign } from '../library/generated.ts';
import { DEFAULT_STATE_BUDGET } from '../../src-shared/search/budget.ts';
import type { EventName, EventOf } from '../../src-shared/api/contract.ts';
import { verificationSchema } from '../../src-shared/verify/record.ts';
import type { WorkerAdapter } from '../jobs/adapter.ts';
import { WorkerPool, defaultPoolSize } from '../jobs/pool.ts';
import { JobQueue } from '../jobs/queue.ts';
import { campaignDetail, levelDetail, listCampaignSummaries } from '../library/campaign-views.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { LibraryInputError, LibraryNotFoundError } from '../library/errors.ts';
import { exportCampaign } from '../library/export.ts';
import { importCollection } from '../library/import.ts';
import { openLibrary } from '../library/library.ts';
import { LibraryOpenError } from '../library/db.ts';
import { acquireProcessLock, releaseProcessLock } from '../library/process-lock.ts';
import { campaignIdsOfLevel, getCampaign } from '../library/campaigns.ts';
import { setLevelBudget } from '../library/levels.ts';
import { currentRules } from '../library/rulesets.ts';
import { latestVerification, storeVerification } from '../library/verifications.ts';
import { StudioError, dispatch, type Handlers, type Studio } from './dispatch.ts';
import { LibraryChangeBatcher } from './library-events.ts';

export interface StudioOptions {
  readonly libraryPath: string;
  readonly resourcesDir: string;
  readonly adapter: WorkerAdapter;
  /** Worker processes kept for interactive work (default: one per core but one). */
  readonly workers?: number;
  /** Worker processes while a batch the designer started runs (default: one per core). */
  readonly batchWorkers?: number;
  readonly log?: (error: unknown) => void;
}

type Listener = <E extends EventName>(event: E, payload: EventOf<E>) => void;

/** A studio that died holds its lock only until its process is gone; this is the backstop. */
const STUDIO_LOCK_STALE_MS = 7 * 24 * 3600 * 1000;

export async function createStudio(options: StudioOptions): Promise<Studio> {
  // One studio per library: two would each re-queue and run the other's jobs.
  const lockPath = `${resolve(options.libraryPath)}.studio-lock`;
  const lock = acquireProcessLock(lockPath, STUDIO_LOCK_STALE_MS);
  if (!lock.acquired) {
    throw new LibraryOpenError(
      `The library ${resolve(options.libraryPath)} is open in another Gridwright${lock.holder ? ` (process ${lock.holder.pid})` : ''}: close it there first, or open another library.`,
    );
  }
  let opened: ReturnType<typeof openLibrary>;
  try {
    opened = openLibrary(options.libraryPath, { resourcesDir: options.resourcesDir });
  } catch (error) {
    releaseProcessLock(lockPath);
    throw error;
  }
  const { db, path } = opened;
  const listeners = new Set<Listener>();
  const emit: Listener = (event, payload) => {
    for (const listener of listeners) listener(event, payload);
  };
  const libraryEvents = new LibraryChangeBatcher((payload) => emit('library.changed', payload));
  const interactiveWorkers = options.workers ?? defaultPoolSize();
  const batchWorkers = Math.max(interactiveWorkers, options.batchWorkers ?? availableParallelism());
  const pool = new WorkerPool({ adapter: options.adapter, size: interactiveWorkers });
  const queue = new JobQueue({
    db,
    pool,
    onResult(tx, job, result) {
      if (job.payload.type === 'generate') {
        const generated = generateResultSchema.parse(result);
        const { kind, generator, seed, params, campaign } = job.payload;
        const campaignId = storeGeneratedCampaign(tx, { name: campaign, kind, generator, version: generated.version, seed, params, levels: generated.levels });
        libraryEvents.add(campaignId);
        return;
      }
      if (job.type !== 'verify' || job.levelId === null) return;
      storeVerification(tx, job.levelId, verificationSchema.parse(result), { jobId: job.id });
      const campaignId = job.batchId === null ? null : (queue.batch(job.batchId)?.campaignId ?? null);
      libraryEvents.add(campaignId, job.levelId);
    },
  });
  const stopJobs = queue.on('changed', (payload) => emit('jobs.changed', payload));
  // All cores while a batch runs; back to the interactive size once the queue is empty.
  const runBatch = <T>(jobs: number, create: () => T): T => {
    if (jobs <= 1) return create(); // one job needs one worker
    pool.setSize(batchWorkers);
    try {
      return create();
    } finally {
      void queue.idle().then(() => pool.setSize(interactiveWorkers));
    }
  };
  const handlers = studioHandlers({ db, path, queue, pool, libraryEvents, runBatch });

  return {
    libraryPath: path,
    handle: (channel, payload) => dispatch(handlers, channel, payload, options.log ?? ((e) => console.error(e))),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      stopJobs();
      libraryEvents.close();
      queue.close();
      await pool.close();
      db.close();
      releaseProcessLock(lockPath);
    },
  };
}

interface Services {
  /** Creates a batch with the pool grown to its batch size. */
  readonly runBatch: <T>(jobs: number, create: () => T) => T;
  readonly db: LibraryDatabase;
  readonly path: string;
  readonly queue: JobQueue;
  readonly pool: WorkerPool;
  readonly libraryEvents: LibraryChangeBatcher;
}

/**
 * Longest first, by the time each level's last verification took (never verified counts as long):
 * a batch then ends with short jobs on every worker instead of one long job on one.
 */
function longestFirst<T extends { id: number; position: number }>(db: LibraryDatabase, levels: readonly T[]): T[] {
  const cost = new Map(levels.map((level) => [level.id, latestVerification(db, level.id)?.verification.ms ?? Number.POSITIVE_INFINITY]));
  return [...levels].sort((a, b) => cost.get(b.id)! - cost.get(a.id)! || a.position - b.position);
}

function notFound(what: string): never {
  throw new StudioError('not-found', `${what} does not exist (it may have been deleted): refresh the library.`);
}

/** Library errors become API errors; anything else stays internal. */
function guard<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof LibraryNotFoundError) throw new StudioError('not-found', error.message);
    if (error instanceof LibraryInputError) throw new StudioError('invalid-request', error.message);
    throw error;
  }
}

function studioHandlers({ db, path, queue, pool, libraryEvents, runBatch }: Services): Handlers {
  const rulesOfCampaign = (campaignId: number) => {
    const campaign = getCampaign(db, campaignId) ?? notFound(`Campaign ${campaignId}`);
    return { campaign, rules: guard(() => currentRules(db, campaign.rulesetId)) };
  };
  return {
    'library.summary': () => ({ libraryPath: path, campaigns: listCampaignSummaries(db) }),
    'library.campaign': ({ campaignId, offset, limit }) => campaignDetail(db, campaignId, offset === undefined && limit === undefined ? undefined : { offset, limit }) ?? notFound(`Campaign ${campaignId}`),
    'library.level': ({ levelId }) => levelDetail(db, levelId) ?? notFound(`Level ${levelId}`),
    'library.import': (request) => {
      const result = guard(() => importCollection(db, request));
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
    'jobs.verify': ({ campaignId, levelIds, budget }) => {
      const detail = campaignDetail(db, campaignId) ?? notFound(`Campaign ${campaignId}`);
      const { campaign, rules } = rulesOfCampaign(campaignId);
      const wanted = levelIds ? new Set(levelIds) : undefined;
      const chosen = detail.levels.filter((level) => !wanted || wanted.has(level.id));
      if (wanted && chosen.length !== wanted.size) notFound('One of the levels to verify');
      const levels = longestFirst(db, chosen);
      const { batchId, jobIds } = runBatch(levels.length, () => queue.createBatch({
        label: `Verify ${campaign.name}`,
        campaignId,
        jobs: levels.map((level) => ({
          label: `${campaign.name} #${level.position}${level.title ? ` ${level.title}` : ''}`,
          levelId: level.id,
          // A level's own budget wins; the request's replaces the default for the others.
          payload: { type: 'verify', kind: campaign.kind, config: rules.config, level: level.content, budget: level.budget ?? budget ?? DEFAULT_STATE_BUDGET },
        })),
      }));
      return { batchId, jobs: jobIds.length };
    },
    'library.generators': () => ({
      generators: allKinds().flatMap((kind) =>
        kind.generators.map((g) => ({ kind: kind.kind, id: g.id, label: g.label, version: g.version, paramsSchema: z.toJSONSchema(g.paramsSchema, { unrepresentable: 'any' }), defaults: g.paramsSchema.parse({}) })),
      ),
    }),
    'library.generate': ({ kind, generator, params, seed, campaignName }) => {
      const found = rulesetKind(kind)?.generators.find((g) => g.id === generator) ?? notFound(`The generator ${kind}/${generator}`);
      const checked = found.paramsSchema.safeParse(params ?? {});
      if (!checked.success) throw new StudioError('invalid-request', `Generator parameters refused: ${checked.error.issues[0]?.path.join('.') || 'params'}: ${checked.error.issues[0]?.message}.`);
      const { batchId } = runBatch(1, () =>
        queue.createBatch({
          label: `Generate ${campaignName}`,
          jobs: [{ label: `${found.label}: ${campaignName} (seed ${seed})`, payload: { type: 'generate', kind, generator, params: checked.data, seed, campaign: campaignName } }],
        }),
      );
      return { batchId };
    },
    'jobs.list': () => queue.list(),
    'jobs.cancel': (request) => ({ cancelled: 'jobId' in request ? queue.cancelJob(request.jobId) : queue.cancelBatch(request.batchId) }),
    'play.hint': async ({ levelId, commands, budget }) => {
      const level = levelDetail(db, levelId) ?? notFound(`Level ${levelId}`);
      const { campaign, rules } = rulesOfCampaign(level.campaignId);
      // Interactive: jumps ahead of any batch waiting for a worker; not persisted.
      return pool.run(
        { type: 'hint', kind: campaign.kind, config: rules.config, level: level.content, commands, budget: budget ?? DEFAULT_STATE_BUDGET },
        { urgent: true },
      );
    },
  };
}
