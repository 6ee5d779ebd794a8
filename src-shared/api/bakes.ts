/**
 * The Studio API's bake channels (seed 001's bake, issue 25): a chaptered campaign made again from
 * its seeds by a kind's generator, queued as one batch whose jobs are ranges of one chapter's
 * candidates spread over the batch workers (progress and cancel as for any batch), and written as
 * a new campaign once every chapter has its levels; then the plan's chapter table.
 */
import { z } from 'zod';
import { channel, id } from './fields.ts';

const planId = z.string().min(1).max(64);

export const bakePlanSummarySchema = z.object({
  id: planId,
  kind: z.string(),
  campaign: z.string(),
  chapters: z.array(z.string()),
  columns: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type BakePlanSummary = z.infer<typeof bakePlanSummarySchema>;

export const bakeChapterStatusSchema = z.object({
  name: z.string(),
  /** Levels the chapter wants, and found so far in the candidates searched in order from the first. */
  wanted: z.int(),
  found: z.int(),
  /** It has its levels, or searched every candidate it may. */
  complete: z.boolean(),
  candidates: z.int(),
  /** The plan's figures of the chapter's levels (column id -> text), once complete. */
  figures: z.record(z.string(), z.string()).nullable(),
});

export const bakeStatusSchema = z.object({
  batchId: id,
  plan: planId,
  /** running; done: written (campaignId) or fell short; cancelled; failed: a job failed. */
  state: z.enum(['running', 'done', 'cancelled', 'failed']),
  /** Levels found over levels wanted, all chapters (0..1). */
  progress: z.number(),
  chapters: z.array(bakeChapterStatusSchema),
  /** The campaign written, once every chapter had its levels. */
  campaignId: id.nullable(),
});
export type BakeStatus = z.infer<typeof bakeStatusSchema>;

export const BAKE_CHANNELS = {
  /** The bake plans the kinds offer (a maze library: Echo Halls). */
  'bakes.plans': channel(z.object({}).strict(), z.object({ plans: z.array(bakePlanSummarySchema) })),
  /** Queue a bake of the plan (or of some of its chapters, 1-based): a batch of candidate ranges over the batch workers. */
  'bakes.start': channel(z.object({ plan: planId, chapters: z.array(z.int().min(1).max(64)).min(1).max(64).optional() }).strict(), z.object({ batchId: id })),
  /** Where a bake stands, per chapter; once written, the campaign and the chapter table. */
  'bakes.status': channel(z.object({ batchId: id }).strict(), bakeStatusSchema),
};
