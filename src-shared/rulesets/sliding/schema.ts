/**
 * The sliding kind's documents: its config and its level (a tile arrangement). Types are inferred
 * from the zod schemas so the runtime check and the type are one source.
 */
import { z } from 'zod';

/** Board sides the kind accepts (2x2 up to 5x5, rectangles included). */
export const MIN_SIDE = 2;
export const MAX_SIDE = 5;
export const MAX_CELLS = MAX_SIDE * MAX_SIDE;

/** The sliding rules have no options yet; the empty object keeps the fingerprint well defined. */
export const slidingConfigSchema = z.object({}).describe('The sliding rules have no settings yet: a tile slides into the gap next to it.');
export type SlidingConfig = z.infer<typeof slidingConfigSchema>;

/** Where the blank sits when solved: after the last tile (the usual 15-puzzle) or before tile 1. */
export const goalSchema = z.enum(['blank-last', 'blank-first']);
export type SlidingGoal = z.infer<typeof goalSchema>;
export const DEFAULT_GOAL: SlidingGoal = 'blank-last';

/**
 * The schema checks shape and ranges only; whether the tiles are a permutation and whether the
 * board can be solved are lint (so the diagnostics can say which tile and why).
 */
export const slidingLevelSchema = z.object({
  title: z.string().max(1000).optional(),
  author: z.string().max(1000).optional(),
  comments: z.array(z.string().max(100_000)).max(10_000).optional(),
  notes: z.record(z.string().max(200), z.string().max(100_000)).optional(),
  width: z.int().min(MIN_SIDE).max(MAX_SIDE),
  height: z.int().min(MIN_SIDE).max(MAX_SIDE),
  /** Row-major, 0 = the blank. */
  tiles: z.array(z.int().min(0).max(MAX_CELLS - 1)).min(MIN_SIDE * MIN_SIDE).max(MAX_CELLS),
  goal: goalSchema.optional(),
});
export type SlidingLevel = z.infer<typeof slidingLevelSchema>;

/** The direction the BLANK moves (`u`: the tile above the blank slides down into it). */
export const directionSchema = z.enum(['u', 'd', 'l', 'r']);
export type SlideDirection = z.infer<typeof directionSchema>;
/** Also the order every solver tries moves in, so all optimal solvers return the same solution. */
export const DIRECTIONS: readonly SlideDirection[] = ['u', 'd', 'l', 'r'];
