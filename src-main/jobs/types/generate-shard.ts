/**
 * generate-shard: one range of candidate numbers of a generation run on the candidates bench
 * (the generator's `CandidateSearch`). Several run at once, one per batch worker; main stores
 * each shard's finds and, until the merge of the shards done says the run is complete, asks for
 * the next shard (studio/candidates.ts). The same seed and params give the same candidates
 * whatever the number of workers (src-main/library/candidate-shards.ts).
 */
import { z } from 'zod';
import { generatorWithParams } from '../../../src-shared/rulesets/generators.ts';
import { JobInputError } from './runtime.ts';
import { defineJobType } from './define.ts';
import { kindField } from './fields.ts';
import { generateShardResultSchema, type GenerateShardResult } from './shard-result.ts';

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

export const generateShardJob = defineJobType({
  type: 'generate-shard',
  payload: generateShardPayloadSchema,
  result: generateShardResultSchema,
  lane: 'batch',
  run(payload, context): GenerateShardResult {
    const found = generatorWithParams(payload.kind, payload.generator, payload.params);
    if (!found.ok) throw new JobInputError(found.message);
    const { candidates } = found.generator;
    if (!candidates) throw new JobInputError(`${found.generator.label} cannot be split across workers.`);
    if (payload.from > payload.to) throw new JobInputError(`An empty shard: candidates ${payload.from} to ${payload.to}.`);
    const report = context.onProgress;
    const shard = candidates.search(found.params, payload.seed, { from: payload.from, to: payload.to }, {
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
