/**
 * generate: a kind's seeded level generator (the same version, seed and params give the same
 * levels). Main stores the levels as a new campaign that keeps their provenance.
 */
import { z } from 'zod';
import { diagnosticSchema } from '../../../src-shared/verify/record.ts';
import { generatorWithParams } from '../../../src-shared/rulesets/generators.ts';
import { JobInputError } from './runtime.ts';
import { defineJobType } from './define.ts';
import { kindField } from './fields.ts';

export const generatePayloadSchema = z
  .object({
    type: z.literal('generate'),
    kind: kindField,
    generator: z.string().min(1).max(64),
    params: z.unknown(),
    seed: z.string().min(1).max(200),
    /** Where the main side puts the levels (the worker ignores it). */
    campaign: z.string().min(1).max(200),
  })
  .strict();

export const generateResultSchema = z.object({
  /** The generator's version at the time (stored as the levels' provenance). */
  version: z.int(),
  levels: z.array(z.unknown()),
  diagnostics: z.array(diagnosticSchema),
  /** The run's figures where the generator gives them: candidates tried and rejected per sieve. */
  statistics: z
    .object({
      candidates: z.int(),
      accepted: z.int(),
      kept: z.int(),
      sieves: z.array(z.object({ id: z.string(), label: z.string(), rejected: z.int(), ms: z.number() })),
      makeMs: z.number(),
      ms: z.number(),
    })
    .optional(),
});
export type GenerateResult = z.infer<typeof generateResultSchema>;

export const generateJob = defineJobType({
  type: 'generate',
  payload: generatePayloadSchema,
  result: generateResultSchema,
  lane: 'batch',
  run(payload, context): GenerateResult {
    const found = generatorWithParams(payload.kind, payload.generator, payload.params);
    if (!found.ok) throw new JobInputError(found.message);
    const { generator } = found;
    const report = context.onProgress;
    const result = generator.generate(found.params, payload.seed, {
      shouldStop: context.shouldStop,
      tables: context.tables,
      clock: context.clock,
      progress: report ? (done, total) => report({ progress: total > 0 ? Math.min(0.99, done / total) : 0, nodes: done, stored: total }) : undefined,
    });
    // No level is a failure with the generator's reason, never a finished job and an empty campaign.
    if (result.levels.length === 0) {
      const why = result.diagnostics.map((d) => d.message).join(' ') || 'no candidate met its parameters';
      throw new JobInputError(`${generator.label} made no level: ${why}`);
    }
    return { version: generator.version, levels: [...result.levels], diagnostics: [...result.diagnostics], ...(result.statistics ? { statistics: { ...result.statistics, sieves: [...result.statistics.sieves] } } : {}) };
  },
  outcome: (generated) => ({ status: 'generated', value: generated.levels.length }),
  store(generated, job, services) {
    const { kind, generator, seed, params, campaign } = job.payload;
    const campaignId = services.storeGeneratedCampaign({ name: campaign, kind, generator, version: generated.version, seed, params, levels: generated.levels });
    services.libraryChanged(campaignId);
  },
});
