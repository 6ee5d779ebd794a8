/**
 * generate-shard: one range of candidate numbers of a generation run on the candidates bench
 * (the generator's `CandidateSearch`). Several run at once, one per batch worker; main stores
 * each shard's finds and, until the merge of the shards done says the run is complete, asks for
 * the next shard (studio/candidates.ts). The same seed and params give the same candidates
 * whatever the number of workers (src-main/library/candidate-shards.ts).
 */
import { z } from 'zod';
import { rulesetKind } from '../../../src-shared/rulesets/registry.ts';
import { generationStatisticsSchema } from '../../../src-shared/api/candidates.ts';
import { JobInputError } from '../../worker/run-job.ts';
import { defineJobType } from './define.ts';
import { kindField } from './fields.ts';

const candidateNumber = z.int().min(1).max(10_000_000);

export const generateShardPayloadSchema = z
  .object({
    type: z.literal('generate-shard'),
    kind: kindField,
    generator: z.string().min(1).max(64),
    params: z.unknown(),
    seed: z.string().min(1).max(200),
    /** The run on the bench and this shard's number in it (main's; the worker ignores them). */
    runId: z.int().min(1),
    shard: z.int().min(0),
    from: candidateNumber,
    to: candidateNumber,
  })
  .strict();

export const generateShardResultSchema = z.object({
  found: z.array(
    z.object({ index: z.int(), key: z.string(), level: z.unknown(), par: z.int(), figures: z.record(z.string(), z.int()), score: z.number(), solution: z.string() }),
  ),
  statistics: generationStatisticsSchema,
  stopped: z.boolean(),
});
export type GenerateShardResult = z.infer<typeof generateShardResultSchema>;

export const generateShardJob = defineJobType({
  type: 'generate-shard',
  payload: generateShardPayloadSchema,
  result: generateShardResultSchema,
  lane: 'batch',
  run(payload, context): GenerateShardResult {
    const generator = rulesetKind(payload.kind)?.generators.find((g) => g.id === payload.generator);
    if (!generator?.candidates) throw new JobInputError(`The ${payload.kind} kind has no generator '${payload.generator}' that can be split across workers.`);
    if (payload.from > payload.to) throw new JobInputError(`An empty shard: candidates ${payload.from} to ${payload.to}.`);
    const params = generator.paramsSchema.safeParse(payload.params ?? {});
    if (!params.success) throw new JobInputError(`Generator parameters refused: ${params.error.issues[0]?.path.join('.') || 'params'}: ${params.error.issues[0]?.message}`);
    const report = context.onProgress;
    const shard = generator.candidates.search(params.data, payload.seed, { from: payload.from, to: payload.to }, {
      shouldStop: context.shouldStop,
      clock: context.clock,
      progress: report ? (done, total) => report({ progress: total > 0 ? Math.min(0.99, done / total) : 0, nodes: done, stored: total }) : undefined,
    });
    return { found: shard.found.map((f) => ({ ...f, figures: { ...f.figures } })), statistics: { ...shard.statistics, sieves: [...shard.statistics.sieves] }, stopped: shard.stopped };
  },
  store(result, job, services) {
    services.storeCandidateShard(job.payload.runId, job.payload.shard, result, job.batchId);
  },
});
