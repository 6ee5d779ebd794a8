/**
 * bake: one range of one chapter's candidates of a chaptered campaign made by a kind's generator
 * (seed 001's bake: scan seeds per chapter until each has its levels). A bake is a batch of these
 * spread over the batch workers; each payload carries the whole plan (every chapter's name,
 * generator params and seed, the rules config, the campaign's name) and which range it searches.
 * Main merges the ranges done of each chapter in candidate order, queues the next range, and once
 * every chapter has its levels writes the campaign (studio/bakes.ts): the same levels however
 * many workers ran it. Nothing here knows a kind: `cli maze bake` and the studio's `bakes.start`
 * fill the payload from a plan (rulesets/bake-plans.ts).
 */
import { z } from 'zod';
import { generatorWithParams } from '../../../src-shared/rulesets/generators.ts';
import { JobInputError } from './runtime.ts';
import { defineJobType } from './define.ts';
import { kindField } from './fields.ts';
import { bakeShardResultSchema, type BakeShardResult } from './bake-result.ts';

const candidateNumber = z.int().min(1).max(10_000_000);

export const bakePayloadSchema = z
  .object({
    type: z.literal('bake'),
    kind: kindField,
    generator: z.string().min(1).max(64),
    /** The plan it was made from (its chapter table), if a registered one. */
    plan: z.string().min(1).max(64).optional(),
    /** Each chapter's name, generator params and seed, in campaign order. */
    chapters: z.array(z.object({ name: z.string().min(1).max(200), params: z.unknown(), seed: z.string().min(1).max(200) }).strict()).min(1).max(64),
    /** The rules config the campaign's new ruleset holds (main side only). */
    config: z.unknown(),
    /** The campaign's name (main side only). */
    campaign: z.string().min(1).max(200),
    /** The chapter (index into `chapters`) and the range of its candidates this job searches. */
    chapter: z.int().min(0).max(63),
    from: candidateNumber,
    to: candidateNumber,
  })
  .strict();
export type BakePayload = z.infer<typeof bakePayloadSchema>;

export const bakeJob = defineJobType({
  type: 'bake',
  payload: bakePayloadSchema,
  result: bakeShardResultSchema,
  lane: 'batch',
  run(payload, context): BakeShardResult {
    const chapter = payload.chapters[payload.chapter];
    if (!chapter) throw new JobInputError(`The plan has no chapter ${payload.chapter + 1}.`);
    if (payload.from > payload.to) throw new JobInputError(`An empty range: candidates ${payload.from} to ${payload.to}.`);
    const found = generatorWithParams(payload.kind, payload.generator, chapter.params);
    if (!found.ok) throw new JobInputError(found.message);
    const { candidates } = found.generator;
    if (!candidates) throw new JobInputError(`${found.generator.label} cannot be split across workers.`);
    const report = context.onProgress;
    const run = candidates.search(found.params, chapter.seed, { from: payload.from, to: payload.to }, {
      shouldStop: context.shouldStop,
      clock: context.clock,
      progress: report ? (done, total) => report({ progress: total > 0 ? Math.min(0.99, done / total) : 0, nodes: done, stored: total }) : undefined,
    });
    return {
      version: found.generator.version,
      found: run.found.map((f) => ({ index: f.index, key: f.key, level: f.level, par: f.par })),
      candidates: run.statistics.candidates,
      sieves: [...run.statistics.sieves],
      ms: run.statistics.ms,
      stopped: run.stopped,
    };
  },
  outcome: (shard) => ({ status: 'found', value: shard.found.length }),
  store(shard, job, services) {
    if (job.batchId === null) throw new Error('A bake range runs in its batch: it has none.');
    services.storeBakeShard(job.batchId, shard);
  },
});
