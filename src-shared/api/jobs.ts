/**
 * The Studio API's job channels: the worker pool's jobs and batches, verifying a campaign in it,
 * cancelling; and the event that reports their progress.
 */
import { z } from 'zod';
import { MAX_VERIFY_BUDGET, MAX_VERIFY_TIME_LIMIT_MS } from '../search/budget.ts';
import { channel, id, timestamp } from './fields.ts';

export const jobStateSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobSchema = z.object({
  id,
  batchId: id.nullable(),
  type: z.string(),
  state: jobStateSchema,
  label: z.string(),
  /** 0..1 within the job (a search reports stored states against its budget). */
  progress: z.number().min(0).max(1),
  attempts: z.int(),
  error: z.string().nullable(),
  levelId: id.nullable(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  /**
   * A finished job's result in a word, where its type gives one: `status` (verify: solved,
   * unsolvable, budget, invalid; generate: generated), `value` (the par, the levels made) and
   * `bound` (the par is only a bound, not proven best) with `sense` when the par is maximised (a
   * score: "par ≥ N"; absent: minimised, "par ≤ N").
   */
  outcome: z
    .object({ status: z.string().max(32), value: z.number().nullable().optional(), bound: z.boolean().optional(), sense: z.enum(['minimise', 'maximise']).optional() })
    .optional(),
});
export type Job = z.infer<typeof jobSchema>;
export type JobOutcome = NonNullable<Job['outcome']>;

export const batchSchema = z.object({
  id,
  label: z.string(),
  campaignId: id.nullable(),
  total: z.int(),
  done: z.int(),
  failed: z.int(),
  cancelled: z.int(),
  state: z.enum(['running', 'done', 'cancelled']),
  createdAt: timestamp,
});
export type Batch = z.infer<typeof batchSchema>;

export const JOB_CHANNELS = {
  /** Verify every level of a campaign (or some of them) in the worker pool. */
  'jobs.verify': channel(
    z.object({
      campaignId: id,
      levelIds: z.array(id).max(100_000).optional(),
      budget: z.int().min(1).max(MAX_VERIFY_BUDGET).optional(),
      /** Running time each level may search (a day at most); the best solution found by then is kept. */
      timeLimitMs: z.int().min(1).max(MAX_VERIFY_TIME_LIMIT_MS).optional(),
    }).strict(),
    z.object({ batchId: id, jobs: z.int() }),
  ),
  'jobs.list': channel(z.object({}).strict(), z.object({ batches: z.array(batchSchema), jobs: z.array(jobSchema) })),
  /** Cancel one job or a whole batch: running work is stopped at once. */
  'jobs.cancel': channel(
    z.union([z.object({ jobId: id }).strict(), z.object({ batchId: id }).strict()]),
    z.object({ cancelled: z.int() }),
  ),
} as const;

export const JOB_EVENTS = {
  /** A job or batch changed state or progress (throttled to 10 per second per job). */
  'jobs.changed': z.object({ jobs: z.array(jobSchema), batches: z.array(batchSchema) }),
} as const;
