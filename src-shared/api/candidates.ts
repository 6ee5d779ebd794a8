/**
 * The Studio API's candidates bench: a generation split across the worker pool, whose proven
 * candidates wait in the library for the designer to accept (into a new or existing campaign,
 * with their provenance) or dismiss. Schemas and types, joined into the API by studio-api.ts.
 */
import { z } from 'zod';

import { id, seed } from './fields.ts';

export const sieveCountSchema = z.object({ id: z.string(), label: z.string(), rejected: z.int(), ms: z.number() });

export const generationStatisticsSchema = z.object({
  candidates: z.int(),
  accepted: z.int(),
  kept: z.int(),
  sieves: z.array(sieveCountSchema),
  makeMs: z.number(),
  ms: z.number(),
});

export const generationRunSchema = z.object({
  id,
  batchId: id.nullable(),
  kind: z.string(),
  generator: z.string(),
  version: z.int(),
  seed: z.string(),
  params: z.unknown(),
  /** Levels asked for; `wanted`: proven candidates the run gathers (count x pool); `cap`: most candidates it tries. */
  count: z.int(),
  wanted: z.int(),
  cap: z.int(),
  /** running; done (all it can get); cancelled (what was found so far is kept). */
  state: z.enum(['running', 'done', 'cancelled']),
  /** The shards done so far, added up (candidates tried, rejected per sieve). */
  statistics: generationStatisticsSchema,
  shardsDone: z.int(),
  shards: z.int(),
  /** Candidates waiting, accepted. */
  waiting: z.int(),
  accepted: z.int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type GenerationRun = z.infer<typeof generationRunSchema>;

export const candidateSchema = z.object({
  id,
  runId: id,
  index: z.int(),
  kind: z.string(),
  /** The level document (its notes hold the provenance). */
  content: z.unknown(),
  contentHash: z.string(),
  par: z.int(),
  figures: z.record(z.string(), z.int()),
  score: z.number(),
  solution: z.string(),
  state: z.enum(['new', 'accepted', 'dismissed']),
  /** Among the run's best `count` by score (what `generate` alone would return). */
  recommended: z.boolean(),
  levelId: id.nullable(),
});
export type Candidate = z.infer<typeof candidateSchema>;

/** Most candidates one accept or dismiss request names. */
export const MAX_CANDIDATES_PER_REQUEST = 1000;

export const candidateChannels = {
  /** Start a generation on the bench: its shards run across the batch workers. */
  start: {
    request: z.object({ kind: z.string().min(1).max(64), generator: z.string().min(1).max(64), params: z.unknown(), seed }).strict(),
    response: z.object({ runId: id, batchId: id }),
  },
  runs: { request: z.object({}).strict(), response: z.object({ runs: z.array(generationRunSchema) }) },
  /** A run's candidates, best score first (dismissed ones left out). */
  list: { request: z.object({ runId: id }).strict(), response: z.object({ run: generationRunSchema, candidates: z.array(candidateSchema) }) },
  /** Accept candidates into an existing campaign or a new one: each becomes a level with its provenance. */
  accept: {
    request: z.union([
      z.object({ candidateIds: z.array(id).min(1).max(MAX_CANDIDATES_PER_REQUEST), campaignId: id }).strict(),
      z.object({ candidateIds: z.array(id).min(1).max(MAX_CANDIDATES_PER_REQUEST), campaignName: z.string().trim().min(1).max(200) }).strict(),
    ]),
    response: z.object({ campaignId: id, campaignName: z.string(), levelIds: z.array(id) }),
  },
  dismiss: {
    request: z.object({ candidateIds: z.array(id).min(1).max(MAX_CANDIDATES_PER_REQUEST) }).strict(),
    response: z.object({ dismissed: z.int() }),
  },
} as const;
