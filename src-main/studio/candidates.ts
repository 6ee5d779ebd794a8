/**
 * The candidates bench's handlers and the main side of its shards: a run is split into ranges of
 * candidate numbers (CANDIDATE_SHARD_SIZE each) and as many shards run at once as there are batch
 * workers; each shard that ends is stored, and the next one queued in the same batch until the
 * merge of the shards done says the run is complete, when the shards still running are stopped.
 */
import { shardRanges } from '../library/candidate-shards.ts';
import { generatorWithParams } from '../../src-shared/rulesets/generators.ts';
import type { JobQueue, JobSpec } from '../jobs/queue.ts';
import type { GenerateShardResult } from '../jobs/types/shard-result.ts';
import { acceptCandidates, createRun, dismissCandidates, getRun, listRuns, markDispatched, runCandidates, setRunBatch, storeShard, type RunRecord } from '../library/candidates.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { StudioError, type Handlers } from './dispatch.ts';
import type { LibraryChangeBatcher } from './library-events.ts';

/** Candidates per shard: a few seconds of work in normal mode, so progress and cancel stay quick. */
export const CANDIDATE_SHARD_SIZE = 200;

function shardJob(run: Pick<RunRecord, 'id' | 'kind' | 'generator' | 'params' | 'seed' | 'cap' | 'shardSize'>, shard: number): JobSpec {
  const range = shardRanges(run.cap, run.shardSize)[shard];
  return {
    label: `Candidates ${range.from}-${range.to} (seed ${run.seed})`,
    payload: { type: 'generate-shard', kind: run.kind, generator: run.generator, params: run.params, seed: run.seed, runId: run.id, shard, from: range.from, to: range.to },
  };
}

/** The refusal of params no level could meet, said before any job starts (the dialog shows it beside the field). */
export function refuseImpossibleParams(diagnostics: readonly { severity: string; message: string; path?: string }[]): void {
  const impossible = diagnostics.find((d) => d.severity === 'error');
  if (impossible) throw new StudioError('invalid-request', `Generator parameters refused: ${impossible.path ? `${impossible.path}: ` : ''}${impossible.message}`);
}

/** In the transaction that ends a shard's job. */
export function storeCandidateShard(db: LibraryDatabase, queue: JobQueue, runId: number, shard: number, result: GenerateShardResult, batchId: number | null): void {
  const { complete } = storeShard(db, runId, shard, result.found, result.statistics);
  if (batchId === null || result.stopped) return;
  if (complete) {
    queue.finishBatchEarly(batchId);
    return;
  }
  const run = getRun(db, runId)!;
  if (run.dispatched < run.shards) {
    queue.appendToBatch(batchId, [shardJob(run, run.dispatched)]);
    markDispatched(db, runId);
  }
}

export function candidateHandlers(db: LibraryDatabase, queue: JobQueue, libraryEvents: LibraryChangeBatcher, inFlight: number): Pick<Handlers, 'candidates.start' | 'candidates.runs' | 'candidates.list' | 'candidates.accept' | 'candidates.dismiss'> {
  return {
    'candidates.start': ({ kind, generator, params, seed }) => {
      const lookup = generatorWithParams(kind, generator, params);
      if (!lookup.ok && lookup.refused !== 'invalid-params') throw new StudioError('not-found', `The generator ${kind}/${generator} does not exist.`);
      const found = lookup.generator;
      if (!found.candidates) throw new StudioError('invalid-request', `${found.label} cannot run on the candidates bench: use Generate… to make a campaign.`);
      if (!lookup.ok) throw new StudioError('invalid-request', lookup.message);
      const checkedParams = lookup.params;
      refuseImpossibleParams(found.check?.(checkedParams) ?? []);
      const plan = found.candidates.plan(checkedParams);
      const ranges = shardRanges(plan.cap, CANDIDATE_SHARD_SIZE);
      return db.transaction(() => {
        const input = { kind, generator, version: found.version, seed, params: checkedParams, count: plan.count, wanted: plan.wanted, cap: plan.cap, shards: ranges.length, shardSize: CANDIDATE_SHARD_SIZE };
        const runId = createRun(db, input);
        const first = Math.min(ranges.length, Math.max(1, inFlight));
        const jobs = Array.from({ length: first }, (_, shard) => shardJob({ ...input, id: runId }, shard));
        const { batchId } = queue.createBatch({ label: `Candidates: ${found.label} (seed ${seed})`, jobs });
        setRunBatch(db, runId, batchId, first);
        return { runId, batchId };
      })();
    },
    'candidates.runs': () => ({ runs: listRuns(db) }),
    'candidates.list': ({ runId }) => runCandidates(db, runId),
    'candidates.accept': (request) => {
      const target = 'campaignId' in request ? { campaignId: request.campaignId } : { campaignName: request.campaignName };
      const accepted = acceptCandidates(db, request.candidateIds, target);
      libraryEvents.add(accepted.campaignId);
      return accepted;
    },
    'candidates.dismiss': ({ candidateIds }) => {
      const dismissed = dismissCandidates(db, candidateIds);
      libraryEvents.add(null);
      return { dismissed };
    },
  };
}
