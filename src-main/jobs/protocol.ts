/**
 * The job protocol: what a job asks a worker to do (payloads), what it answers (results), and the
 * messages between the main process and a worker. One zod source for the runtime checks and the
 * TypeScript types; the worker validates everything it receives, the pool everything it gets back
 * (a worker is a separate process: its messages are input like any other).
 */
import { z } from 'zod';
import { diagnosticSchema, verificationSchema } from '../../src-shared/verify/record.ts';
import { MAX_VERIFY_BUDGET } from '../../src-shared/search/budget.ts';

const budget = z.int().min(1).max(MAX_VERIFY_BUDGET);
const kind = z.string().min(1).max(64);

export const verifyPayloadSchema = z
  .object({
    type: z.literal('verify'),
    kind,
    /** The ruleset config (validated by the kind in the worker). */
    config: z.unknown(),
    /** The level document in the kind's JSON format (validated and linted in the worker). */
    level: z.unknown(),
    budget,
    objective: z.string().min(1).max(32).optional(),
  })
  .strict();

export const hintPayloadSchema = z
  .object({
    type: z.literal('hint'),
    kind,
    config: z.unknown(),
    level: z.unknown(),
    /** The commands played so far, in the kind's encoded form (`rules.encodeCommand`). */
    commands: z.array(z.string().max(64)).max(100_000),
    budget,
  })
  .strict();

/** Seeded level generation: the same generator version, seed and params give the same levels. */
export const generatePayloadSchema = z
  .object({
    type: z.literal('generate'),
    kind,
    generator: z.string().min(1).max(64),
    params: z.unknown(),
    seed: z.string().min(1).max(200),
    /** Where the main side puts the levels (the worker ignores it). */
    campaign: z.string().min(1).max(200),
  })
  .strict();

/** A round trip that does no work: measures the per-job overhead of the pool. */
export const noopPayloadSchema = z.object({ type: z.literal('noop'), echo: z.json().optional() }).strict();

/** Faults on demand for the tests; a worker refuses them unless it runs with GRIDWRIGHT_TEST_JOBS=1. */
export const selftestPayloadSchema = z.object({ type: z.literal('selftest'), action: z.enum(['exit', 'throw', 'hang', 'oom']) }).strict();

export const jobPayloadSchema = z.discriminatedUnion('type', [verifyPayloadSchema, hintPayloadSchema, generatePayloadSchema, noopPayloadSchema, selftestPayloadSchema]);
export type JobPayload = z.infer<typeof jobPayloadSchema>;
export type JobType = JobPayload['type'];
export type PayloadOf<T extends JobType> = Extract<JobPayload, { type: T }>;

export const hintResultSchema = z.object({
  status: z.enum(['solved', 'unsolvable', 'budget']),
  /** The first command of an optimal solution from the position, encoded; null when none. */
  command: z.string().nullable(),
  /** Commands still needed from the position, when solved. */
  distance: z.int().nullable(),
  optimal: z.boolean(),
});
export type HintResult = z.infer<typeof hintResultSchema>;

/** The result schema of each job type (a selftest never returns normally). */
export const generateResultSchema = z.object({
  /** The generator's version at the time (stored as the levels' provenance). */
  version: z.int(),
  levels: z.array(z.unknown()),
  diagnostics: z.array(diagnosticSchema),
});
export type GenerateResult = z.infer<typeof generateResultSchema>;

export const JOB_RESULT_SCHEMAS = {
  verify: verificationSchema,
  hint: hintResultSchema,
  generate: generateResultSchema,
  noop: z.json().optional(),
  selftest: z.never(),
} as const satisfies Record<JobType, z.ZodType>;
export type ResultOf<T extends JobType> = z.infer<(typeof JOB_RESULT_SCHEMAS)[T]>;
export type JobResult = ResultOf<JobType>;

/** Search progress: `progress` is stored states / budget, capped at 0.99 until the job is done. */
export const jobProgressSchema = z.object({
  progress: z.number().min(0).max(1),
  nodes: z.int().min(0),
  stored: z.int().min(0),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** Per-run id chosen by the pool (not the database job id): stale messages are recognised by it. */
const runId = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

export const mainToWorkerSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('run'), jobId: runId, payload: z.unknown() })]);
export type MainToWorker = { readonly type: 'run'; readonly jobId: number; readonly payload: JobPayload };

export const workerToMainSchema = z.discriminatedUnion('type', [
  /** Sent once, when the worker listens: the pool sends nothing before it. */
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('progress'), jobId: runId, ...jobProgressSchema.shape }),
  z.object({ type: z.literal('result'), jobId: runId, result: z.unknown() }),
  z.object({ type: z.literal('error'), jobId: runId, message: z.string() }),
]);
export type WorkerToMain = z.infer<typeof workerToMainSchema>;

/** At most this many progress messages per second per job, from the worker and from the queue. */
export const PROGRESS_PER_SECOND = 10;
export const PROGRESS_INTERVAL_MS = 1000 / PROGRESS_PER_SECOND;

/** Environment variable that lets a worker accept selftest payloads. */
export const TEST_JOBS_ENV = 'GRIDWRIGHT_TEST_JOBS';
