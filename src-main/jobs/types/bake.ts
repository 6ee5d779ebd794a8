/**
 * bake: a chaptered campaign made by a kind's generator (seed 001's bake: scan seeds per chapter
 * until each has its levels). The payload names each chapter's params and seed; the worker runs
 * the generator chapter by chapter with progress, and main stores the levels as one campaign with
 * a section per chapter under the rules config the payload gives (the maze's Echo Halls: every
 * chapter's rules). Nothing here knows a kind: `cli maze bake` and a studio host fill the payload
 * from the kind's own plan (rulesets/maze/generator/bake.ts).
 */
import { z } from 'zod';
import { generatorWithParams } from '../../../src-shared/rulesets/generators.ts';
import { JobInputError } from './runtime.ts';
import { defineJobType } from './define.ts';
import { kindField } from './fields.ts';

const sieveSchema = z.object({ id: z.string(), label: z.string(), rejected: z.int(), ms: z.number() });

export const bakePayloadSchema = z
  .object({
    type: z.literal('bake'),
    kind: kindField,
    generator: z.string().min(1).max(64),
    /** Each chapter's name, generator params and seed, in campaign order. */
    chapters: z.array(z.object({ name: z.string().min(1).max(200), params: z.unknown(), seed: z.string().min(1).max(200) }).strict()).min(1).max(64),
    /** The rules config the campaign's new ruleset holds (main side only). */
    config: z.unknown(),
    /** The campaign's name (main side only). */
    campaign: z.string().min(1).max(200),
  })
  .strict();

export const bakeResultSchema = z.object({
  version: z.int(),
  chapters: z.array(z.object({ name: z.string(), levels: z.array(z.unknown()), candidates: z.int(), sieves: z.array(sieveSchema), ms: z.number() })),
});
export type BakeResult = z.infer<typeof bakeResultSchema>;

export const bakeJob = defineJobType({
  type: 'bake',
  payload: bakePayloadSchema,
  result: bakeResultSchema,
  lane: 'batch',
  run(payload, context): BakeResult {
    const chapters: BakeResult['chapters'] = [];
    let version = 0;
    for (const [i, chapter] of payload.chapters.entries()) {
      const found = generatorWithParams(payload.kind, payload.generator, chapter.params);
      if (!found.ok) throw new JobInputError(found.message);
      version = found.generator.version;
      const report = context.onProgress;
      const result = found.generator.generate(found.params, chapter.seed, {
        shouldStop: context.shouldStop,
        clock: context.clock,
        // Progress over the whole bake: chapters done, plus this chapter's share.
        progress: report ? (done, total) => report({ progress: Math.min(0.99, (i + (total > 0 ? done / total : 0)) / payload.chapters.length), nodes: i + 1, stored: payload.chapters.length }) : undefined,
      });
      if (result.levels.length === 0) throw new JobInputError(`${chapter.name}: ${result.diagnostics.map((d) => d.message).join(' ') || 'no level met its chapter'}`);
      const stats = result.statistics;
      chapters.push({ name: chapter.name, levels: [...result.levels], candidates: stats?.candidates ?? 0, sieves: stats ? [...stats.sieves] : [], ms: stats?.ms ?? 0 });
    }
    return { version, chapters };
  },
  outcome: (baked) => ({ status: 'baked', value: baked.chapters.reduce((n, c) => n + c.levels.length, 0) }),
  store(baked, job, services) {
    const { kind, generator, chapters, config, campaign } = job.payload;
    const campaignId = services.storeChapteredCampaign({
      name: campaign,
      kind,
      generator,
      version: baked.version,
      seed: chapters.map((c) => c.seed).join(', '),
      config,
      chapters: baked.chapters.map((c) => ({ name: c.name, levels: c.levels })),
    });
    services.libraryChanged(campaignId);
  },
});
