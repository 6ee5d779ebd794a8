/**
 * What a bake job returns: the levels its range of candidates gave (in candidate order), its sieve
 * counts and whether it was stopped. Apart from the job type because main's `JobServices` stores
 * it, and the services module must not import a job type (as shard-result.ts).
 */
import { z } from 'zod';
import { sieveCountSchema } from '../../../src-shared/api/candidates.ts';

export const bakeShardResultSchema = z.object({
  version: z.int(),
  found: z.array(z.object({ index: z.int(), key: z.string(), level: z.unknown(), par: z.int() })),
  candidates: z.int(),
  sieves: z.array(sieveCountSchema),
  ms: z.number(),
  stopped: z.boolean(),
});
export type BakeShardResult = z.infer<typeof bakeShardResultSchema>;
