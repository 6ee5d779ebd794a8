/**
 * The job types, one line each. Adding a type: write its module in types/ (`defineJobType`:
 * payload and result schemas, lane, `run` in the worker, `store` in main) and list it here;
 * the protocol, the worker, the pool and the queue read everything else from this list.
 */
import { z } from 'zod';
import type { JobTypeDefinition, Lane } from './types/define.ts';
import { blocksSimulateJob } from './types/blocks-simulate.ts';
import { bakeJob } from './types/bake.ts';
import { generateJob } from './types/generate.ts';
import { generateShardJob } from './types/generate-shard.ts';
import { hintJob } from './types/hint.ts';
import { noopJob } from './types/noop.ts';
import { replayCurveJob } from './types/replay-curve.ts';
import { reverifyJob } from './types/reverify.ts';
import { selftestJob } from './types/selftest.ts';
import { verifyJob } from './types/verify.ts';

export const JOB_TYPES = [verifyJob, reverifyJob, hintJob, generateJob, generateShardJob, noopJob, selftestJob, replayCurveJob, bakeJob, blocksSimulateJob] as const;

type Registered = (typeof JOB_TYPES)[number];
export type JobType = Registered['type'];
type DefinitionOf<T extends JobType> = Extract<Registered, { type: T }>;
export type PayloadOf<T extends JobType> = z.infer<DefinitionOf<T>['payload']>;
export type ResultOf<T extends JobType> = z.infer<DefinitionOf<T>['result']>;
export type JobPayload = { [T in JobType]: PayloadOf<T> }[JobType];
export type JobResult = ResultOf<JobType>;

const payloads = JOB_TYPES.map((definition) => definition.payload) as unknown as [z.ZodObject, ...z.ZodObject[]];
/** Any registered payload (discriminated by `type`). */
export const jobPayloadSchema = z.discriminatedUnion('type', payloads) as unknown as z.ZodType<JobPayload>;

const byType = new Map<string, JobTypeDefinition>(JOB_TYPES.map((definition) => [definition.type, definition as unknown as JobTypeDefinition]));

/** The definition of a registered type (payloads are validated first, so the type is known). */
export function jobType(type: string): JobTypeDefinition {
  const definition = byType.get(type);
  if (!definition) throw new Error(`Unknown job type '${type}'.`);
  return definition;
}

/** The lane a job runs in: the one asked for if its type allows it, else the type's own. */
export function laneOf(payload: JobPayload, asked?: Lane): Lane {
  const definition = jobType(payload.type);
  if (asked === undefined || asked === definition.lane) return definition.lane;
  if (!(definition.lanes ?? [definition.lane]).includes(asked)) throw new Error(`A ${payload.type} job cannot run in the ${asked} lane.`);
  return asked;
}
