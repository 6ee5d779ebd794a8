/**
 * A baked campaign as a sample file (resources/samples): the campaign's name, kind, generator,
 * seed, rules config and chapters with their level documents, as `cli maze bake --out` writes it.
 * A new library stores it as a chaptered campaign (`storeChapteredCampaign`); the file is read
 * whatever its kind, so any kind's baked campaign ships the same way.
 */
import { z } from 'zod';

export const BAKED_SAMPLE_FORMAT = 'gridwright.baked-campaign/1';

export const bakedSampleSchema = z.object({
  format: z.literal(BAKED_SAMPLE_FORMAT),
  name: z.string().min(1).max(200),
  kind: z.string().min(1).max(40),
  generator: z.string().max(100),
  version: z.int().min(0),
  seed: z.string().max(200),
  config: z.unknown(),
  chapters: z.array(z.object({ name: z.string().min(1).max(200), levels: z.array(z.unknown()) })).max(100),
});
export type BakedSample = z.infer<typeof bakedSampleSchema>;
