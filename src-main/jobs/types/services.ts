/**
 * What a job type's `store` may do in the library, handed to it by the owner of the queue (the
 * studio binds each method to the transaction that marks the job done). Type imports only: the
 * worker loads the type modules and must not load the library (better-sqlite3 is a native addon).
 */
import type { Verification } from '../../../src-shared/verify/record.ts';
import type { ImpactRow } from '../../../src-shared/api/reports.ts';
import type { ChapteredCampaign, GeneratedCampaign } from '../../library/generated.ts';
import type { GenerateShardResult } from './shard-result.ts';
import type { BakeShardResult } from './bake-result.ts';
import type { ComputedCurveChunk } from '../../../src-shared/api/replays.ts';
import type { SimulationReportData } from '../../../src-shared/api/simulations.ts';

/** A stored recording as a re-verification replays it. */
export interface ReplayedRecording {
  readonly id: number;
  readonly commands: string[];
  readonly stepHashes: string[] | null;
  readonly status: string;
  readonly intended: boolean;
}

export interface JobServices {
  /** A verification row for the level, made by this job. */
  storeVerification(levelId: number, verification: Verification, jobId: number): void;
  /** A new campaign of generated levels; returns its id. */
  storeGeneratedCampaign(campaign: GeneratedCampaign): number;
  /** A new campaign in chapters under a ruleset of its own (a bake); returns its id. */
  storeChapteredCampaign(campaign: ChapteredCampaign): number;
  /**
   * A shard of a run on the candidates bench: its finds kept; then the next shard is queued in
   * the same batch, or, when the run has all it can get, the batch's other shards are stopped.
   */
  storeCandidateShard(runId: number, shard: number, result: GenerateShardResult, batchId: number | null): void;
  /**
   * A range of a bake's chapter done (its result is stored with its job already): the next range
   * is queued in the same batch, or, once every chapter has its levels, the campaign is written
   * and the batch's other ranges are stopped (studio/bakes.ts).
   */
  storeBakeShard(batchId: number, result: BakeShardResult): void;
  /** A level's row in the impact report of a batch of re-verification (none: the batch has no report). */
  storeImpactRow(batchId: number, row: ImpactRow): void;
  /**
   * Recordings by id as a re-verification replays them (commands, step hashes, status when made,
   * intended); those longer than `maxSteps` only by their length. Ids no longer stored are left out.
   */
  recordingsToReplay(ids: readonly number[], maxSteps: number): { recordings: readonly ReplayedRecording[]; tooLong: readonly { id: number; steps: number; intended: boolean }[] };
  /** A chunk of a recording's distance curve (dropped when its run was asked again or the recording deleted). */
  storeReplayCurveChunk(chunk: ComputedCurveChunk): void;
  /** A block-tray simulation's report (issue 26). */
  storeSimulationReport(simulationId: number, report: SimulationReportData): void;
  /** The campaign a batch was created for, if any. */
  campaignOfBatch(batchId: number): number | null;
  /** Tell the renderers what changed (batched; they refetch what they show). */
  libraryChanged(campaignId: number | null, levelId?: number): void;
}
