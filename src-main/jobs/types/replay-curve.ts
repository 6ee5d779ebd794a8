/**
 * replay-curve: one chunk of a recording's distance-to-goal curve (issue 24). In the worker: the
 * recording opened as a replay timeline (the same as the scrubber and `cli replay` open), then
 * steps `from`..`to` answered by one `DistanceOracle`, so positions met again and states on an
 * optimal line solved before cost nothing. Progress is the share of steps answered. Main stores
 * the chunk with the recording's curve, in the transaction that marks the job done.
 */
import { z } from 'zod';
import { computedCurveChunkSchema, replayEntrySchema, type ComputedCurveChunk, type StepDistance } from '../../../src-shared/api/replays.ts';
import { openRecordedTimeline } from '../../../src-shared/engine/play/open-recording.ts';
import { DistanceOracle } from '../../../src-shared/verify/distance.ts';
import { distanceCurve } from '../../../src-shared/verify/replay-curve.ts';
import { JobInputError, rulesFor, searchHooks } from './runtime.ts';
import { defineJobType } from './define.ts';
import { budgetField, kindField } from './fields.ts';

/** Longest journal a curve is computed for (the journal limit of a play-test). */
const MAX_CURVE_ENTRIES = 200_000;

export const replayCurvePayloadSchema = z
  .object({
    type: z.literal('replay-curve'),
    recordingId: z.int().min(1),
    /** The rules the curve is for (the run's key, checked against the bound config). */
    rulesFingerprint: z.string().max(128),
    kind: kindField,
    config: z.unknown(),
    level: z.unknown(),
    /** The journal up to `to` (or the recorded line as command entries). */
    journal: z.array(replayEntrySchema).max(MAX_CURVE_ENTRIES),
    from: z.int().min(0),
    to: z.int().min(0),
    /** States each search may store. */
    budget: budgetField,
  })
  .strict();
export type ReplayCurvePayload = z.infer<typeof replayCurvePayloadSchema>;

export const replayCurveResultSchema = computedCurveChunkSchema;
export type ReplayCurveResult = ComputedCurveChunk;

export const replayCurveJob = defineJobType({
  type: 'replay-curve',
  payload: replayCurvePayloadSchema,
  result: replayCurveResultSchema,
  lane: 'batch',
  run(payload, context): ReplayCurveResult {
    const rules = rulesFor(payload.kind, payload.config);
    if (payload.to < payload.from || payload.to > payload.journal.length) throw new JobInputError(`Steps ${payload.from}..${payload.to} are not in a journal of ${payload.journal.length} entries.`);
    const opened = openRecordedTimeline(rules, { content: payload.level, journal: payload.journal, commands: [], times: null });
    if ('error' in opened) throw new JobInputError(opened.error);
    const hooks = searchHooks(context, payload.budget);
    const total = payload.to - payload.from + 1;
    const oracle = new DistanceOracle(rules, { budget: hooks.budget, shouldStop: hooks.shouldStop, tables: hooks.tables, memoryBytes: hooks.memoryBytes });
    const steps: StepDistance[] = distanceCurve(opened.timeline, oracle, {
      from: payload.from,
      to: payload.to,
      shouldStop: hooks.shouldStop,
      onStep: (step) => context.onProgress?.({ progress: Math.min(0.99, (step - payload.from + 1) / total), nodes: oracle.solves, stored: oracle.answered }),
    }).map((a) => ({ distance: a.distance, ...(a.lowerBound !== undefined ? { lowerBound: a.lowerBound } : {}), dead: a.dead }));
    return { recordingId: payload.recordingId, rulesFingerprint: payload.rulesFingerprint, from: payload.from, to: payload.from + steps.length - 1, steps, solves: oracle.solves };
  },
  store(result, _job, services) {
    services.storeReplayCurveChunk(result);
  },
});
