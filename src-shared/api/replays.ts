/**
 * The Studio API's replay channels (issue 24): a recording as the scrubber reads it (its whole
 * journal with time offsets, the level played, the rules to replay it under, the per-step hashes
 * kept when it was made), and its distance-to-goal curve, computed by `replay-curve` jobs in the
 * worker pool and filled in chunk by chunk as they finish.
 */
import { z } from 'zod';
import { channel, id } from './fields.ts';
import { recordingSummarySchema } from './recordings.ts';

/** A journal entry as stored: the command in the kind's text; `t` is absent on imported solutions. */
export const replayEntrySchema = z.object({
  type: z.enum(['command', 'undo', 'redo', 'restart', 'hint']),
  command: z.string().max(64).optional(),
  t: z.number().min(0).optional(),
});

/** A step's distance to goal: exact, at least a bound, or dead (`StateDistance` without its source). */
export const stepDistanceSchema = z.object({
  distance: z.int().min(0).nullable(),
  lowerBound: z.int().min(0).optional(),
  dead: z.boolean(),
});
export type StepDistance = z.infer<typeof stepDistanceSchema>;

/** The answers of steps `from`..`to` (inclusive), in order: one job's share of a curve. */
export const curveChunkSchema = z.object({ from: z.int().min(0), to: z.int().min(0), steps: z.array(stepDistanceSchema) });
export type CurveChunk = z.infer<typeof curveChunkSchema>;

/** A chunk as a `replay-curve` job computes it: for which recording and rules, and the searches it ran. */
export const computedCurveChunkSchema = curveChunkSchema.extend({
  recordingId: id,
  rulesFingerprint: z.string(),
  /** Searches run (the other steps were answered from work already done). */
  solves: z.int().min(0),
});
export type ComputedCurveChunk = z.infer<typeof computedCurveChunkSchema>;

/** A solution that is not a stored recording but opens as a timeline too. */
export const replaySolutionSchema = z.enum(['verification', 'intended']);
export type ReplaySolution = z.infer<typeof replaySolutionSchema>;

export const replayDetailSchema = recordingSummarySchema.extend({
  /** The recording; null for a solution that is not stored as one (a verification's, a candidate's: no curve is kept for it). */
  id: id.nullable(),
  /** Set when opened as a level's solution rather than by recording id. */
  solution: replaySolutionSchema.optional(),
  /** Set when opened as a generated candidate's solution (under the kind's default rules, as the bench proved it). */
  candidateId: id.optional(),
  /** The level played; null for a candidate not accepted into a campaign. */
  levelId: id.nullable(),
  campaignId: id.nullable(),
  kind: z.string(),
  /** The campaign's current rules config: the replay and its curve run under these. */
  config: z.unknown(),
  /** The fingerprint of the current rules, and of the rules the recording was made under. */
  rulesFingerprint: z.string(),
  recordedFingerprint: z.string(),
  /** The document played (null when neither the recording nor the level has it any more). */
  content: z.unknown(),
  journal: z.array(replayEntrySchema),
  /**
   * The config of the rules the recording was made under, when they differ from the current ones
   * and a version of the campaign's ruleset still has them ("then and now" side by side).
   */
  recordedConfig: z.unknown().optional(),
  /** One short hash per command of the recorded line (null for old recordings): where a replay under new rules diverges. */
  stepHashes: z.array(z.string()).nullable(),
  /** The level's par, when its verification under these rules proved one. */
  par: z.int().nullable(),
  /**
   * What to compare the play with, side by side: the level's intended solution (another
   * recording), else the optimal solution its verification under these rules found; commands in
   * the kind's text. Null when the level has neither.
   */
  reference: z.object({ source: z.enum(['intended', 'optimal']), commands: z.array(z.string()) }).nullable(),
});
export type ReplayDetail = z.infer<typeof replayDetailSchema>;

export const replayCurveSchema = z.object({
  recordingId: id,
  rulesFingerprint: z.string(),
  /** Steps of the timeline (the curve has steps + 1 values, the start included). */
  steps: z.int(),
  /** none: never asked; running: jobs still out; done: every chunk stored (or the jobs ended). */
  state: z.enum(['none', 'running', 'done']),
  chunks: z.array(curveChunkSchema),
});
export type ReplayCurve = z.infer<typeof replayCurveSchema>;

export const REPLAY_CHANNELS = {
  /** A recording by id, a level's solution (its latest verification's, or its intended one), or a candidate's solution. */
  'replays.get': channel(
    z.union([z.object({ recordingId: id }).strict(), z.object({ levelId: id, solution: replaySolutionSchema }).strict(), z.object({ candidateId: id }).strict()]),
    replayDetailSchema,
  ),
  /**
   * The curve known so far; `compute` queues the jobs for it (once per recording and rules);
   * `recompute` queues again the chunks still missing once its jobs have ended (cancelled or failed).
   */
  'replays.curve': channel(z.object({ recordingId: id, compute: z.boolean().optional(), recompute: z.boolean().optional() }).strict(), replayCurveSchema),
};
