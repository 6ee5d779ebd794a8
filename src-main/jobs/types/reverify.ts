/**
 * reverify: one level of a re-verification (issue 16). In the worker: the level solved again under
 * the current rules (`verifyLevel`, as the verify job does) and every stored recording replayed
 * with a state hash per step against the hashes stored when it was made (`checkRecording`), then
 * the level's categories (`impactOf`). Main stores the verification as the level's latest and the
 * level's row in the report of the batch; a cancelled job stores nothing.
 */
import { z } from 'zod';
import { performance } from 'node:perf_hooks';
import { impactOf, impactCategorySchema, checkRecording, notReplayedCheck, recordingCheckSchema, type ImpactCategory, type RecordingCheck } from '../../../src-shared/verify/impact.ts';
import { verificationSchema, type Verification } from '../../../src-shared/verify/record.ts';
import { MAX_RECORDING_STEPS } from '../../../src-shared/engine/limits.ts';
import { rulesFor } from './runtime.ts';
import { defineJobType } from './define.ts';
import { budgetField, kindField, timeLimitField } from './fields.ts';
import { partField, verifyJob, type VerifyPayload } from './verify.ts';
import { rulesetKind } from '../../../src-shared/rulesets/registry.ts';

/** Most recordings of one level a re-verification replays (the intended one and the newest). */
export const MAX_REPLAYED_RECORDINGS = 1000;

const storedRecordingSchema = z
  .object({
    id: z.int().min(1),
    commands: z.array(z.string().max(64)).max(MAX_RECORDING_STEPS),
    stepHashes: z.array(z.string().max(16)).max(MAX_RECORDING_STEPS).nullable(),
    /** Its play status when made. */
    status: z.string().max(32),
    intended: z.boolean(),
  })
  .strict();

export const previousVerificationSchema = z
  .object({ status: z.enum(['solved', 'unsolvable', 'budget', 'invalid']), par: z.int().nullable(), optimal: z.boolean() })
  .strict();

export const reverifyPayloadSchema = z
  .object({
    type: z.literal('reverify'),
    kind: kindField,
    config: z.unknown(),
    level: z.unknown(),
    budget: budgetField,
    timeLimitMs: timeLimitField.optional(),
    /** The level's verification before this run (null: never verified). */
    previous: previousVerificationSchema.nullable(),
    /**
     * The recordings to replay, by id: what a batch stores. Main reads them just before a worker
     * runs the job (`expand`), so a library's re-verification never holds them all at once.
     */
    recordingIds: z.array(z.int().min(1)).max(MAX_REPLAYED_RECORDINGS).default([]),
    /** The recordings themselves, filled in by `expand` (a payload of an older build may carry them). */
    recordings: z.array(storedRecordingSchema).max(MAX_REPLAYED_RECORDINGS).default([]),
    /** Recordings longer than MAX_RECORDING_STEPS (stored by an older build): listed in the row as not replayed. */
    tooLong: z.array(z.object({ id: z.int().min(1), steps: z.int().min(0), intended: z.boolean() }).strict()).max(MAX_REPLAYED_RECORDINGS).default([]),
    /** Where the row goes in the report (the worker ignores it). */
    row: z.object({ campaignName: z.string().max(200), position: z.int().min(1), title: z.string().max(1000).nullable() }).strict(),
    /** One part of a re-verification run in several at once (main's `split`): the first replays the recordings, every part solves. */
    part: partField.optional(),
  })
  .strict();
export type ReverifyPayload = z.infer<typeof reverifyPayloadSchema>;

export const reverifyResultSchema = z.object({
  verification: verificationSchema,
  recordings: z.array(recordingCheckSchema),
  impact: z.array(impactCategorySchema),
  /** Milliseconds the replays took (what the recordings add to the solve). */
  replayMs: z.number(),
});
export type ReverifyResult = z.infer<typeof reverifyResultSchema>;

/** The verify job a re-verification's solve is (its part too). */
function verifyPayloadOf(payload: ReverifyPayload): VerifyPayload {
  const { kind, config, level, budget, timeLimitMs, part } = payload;
  return { type: 'verify', kind, config, level, budget, ...(timeLimitMs === undefined ? {} : { timeLimitMs }), ...(part ? { part } : {}) };
}

/** The level's impact categories: its solve against the verification before, and its recordings' checks. */
function impactWith(payload: ReverifyPayload, verification: Verification, checks: readonly RecordingCheck[]): ImpactCategory[] {
  const wonWhenMade = new Map(payload.recordings.map((r) => [r.id, r.status === 'won']));
  const sense = rulesetKind(payload.kind)?.objectives[0]?.sense ?? 'minimise';
  return impactOf({ sense, previous: payload.previous, current: verification, recordings: checks.map((c) => ({ ...c, wonWhenMade: wonWhenMade.get(c.id) ?? false })) });
}

export const reverifyJob = defineJobType({
  type: 'reverify',
  payload: reverifyPayloadSchema,
  result: reverifyResultSchema,
  lane: 'batch',
  expand(payload, services) {
    if (payload.recordingIds.length === 0) return payload;
    const { recordings, tooLong } = services.recordingsToReplay(payload.recordingIds, MAX_RECORDING_STEPS);
    return { ...payload, recordingIds: [], recordings: [...recordings], tooLong: [...payload.tooLong, ...tooLong] };
  },
  run(payload, context): ReverifyResult {
    const { kind, config, level } = payload;
    const verification = verifyJob.run(verifyPayloadOf(payload), context);
    const began = performance.now();
    const rules = rulesFor(kind, config);
    const start = rules.load(level).state;
    // A level that no longer loads is `invalid` (the verification says why); nothing can replay on it.
    const replayed = start === undefined ? [] : payload.recordings.map((recording) => checkRecording(rules, start, recording));
    const checks = [...replayed, ...payload.tooLong.map((r) => notReplayedCheck(r, MAX_RECORDING_STEPS))];
    return { verification, recordings: checks, impact: impactWith(payload, verification, checks), replayMs: performance.now() - began };
  },
  // As a verify job splits (a full-size push level, a worker a part); the first part replays the
  // recordings, the others only solve; the whole's impact is judged on the best of the solves.
  split(payload, most) {
    const parts = verifyJob.split!(verifyPayloadOf(payload), most);
    return parts?.map(({ part }) => (part!.index === 0 ? { ...payload, part } : { ...payload, part, recordingIds: [], recordings: [], tooLong: [] }));
  },
  join(results, payload): ReverifyResult {
    const verification = verifyJob.join!(
      results.map((r) => r.verification),
      verifyPayloadOf(payload),
    );
    const checks = results.flatMap((r) => r.recordings);
    return { verification, recordings: checks, impact: impactWith(payload, verification, checks), replayMs: results.reduce((sum, r) => sum + r.replayMs, 0) };
  },
  settles: (result) => verifyJob.settles!(result.verification),
  store(result, job, services) {
    if (job.levelId === null) return;
    services.storeVerification(job.levelId, result.verification, job.id);
    if (job.batchId !== null) {
      const { campaignName, position, title } = job.payload.row;
      services.storeImpactRow(job.batchId, {
        levelId: job.levelId,
        campaignName,
        position,
        title,
        status: result.verification.status,
        par: result.verification.par,
        oldPar: job.payload.previous?.status === 'solved' ? job.payload.previous.par : null,
        impact: result.impact,
        recordings: result.recordings,
        proven: result.recordings.some((r) => r.wins && r.winsAt === null),
      });
    }
    services.libraryChanged(job.batchId === null ? null : services.campaignOfBatch(job.batchId), job.levelId);
  },
});
