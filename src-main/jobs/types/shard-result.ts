/**
 * What a generate-shard job returns: a shard's finds, its sieve statistics and whether it was
 * stopped. Apart from the job type because main's `JobServices` stores it, and the services
 * module must not import a job type (define.ts imports the services: that was a cycle).
 */
import { z } from 'zod';
import { generationStatisticsSchema } from '../../../src-shared/api/candidates.ts';

export const generateShardResultSchema = z.object({
  found: z.array(
    z.object({ index: z.int(), key: z.string(), level: z.unknown(), par: z.int(), figures: z.record(z.string(), z.int()), score: z.number(), solution: z.string() }),
  ),
  statistics: generationStatisticsSchema,
  stopped: z.boolean(),
});
export type GenerateShardResult = z.infer<typeof generateShardResultSchema>;
