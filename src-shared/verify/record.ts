/**
 * The verification record: what the studio stores for a level under one rules fingerprint
 * (DESIGN.md: lint -> solve -> metrics). The zod schema and the TypeScript type are one source;
 * the library stores it and the Studio API sends it.
 */
import { z } from 'zod';
import { STOP_CAUSES } from '../engine/contract/search.ts';

export const diagnosticSchema = z.object({
  severity: z.enum(['error', 'warning', 'info']),
  code: z.string(),
  message: z.string(),
  line: z.number().optional(),
  column: z.number().optional(),
  level: z.number().optional(),
  cell: z.object({ x: z.number(), y: z.number() }).optional(),
  path: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * solved: a solution exists (par proven best when `optimal`, else a bound the best may improve
 * on); for a maximised objective a line always exists (its value is the score it reaches, won or
 * not), so such a search is solved, proven or not;
 * unsolvable: the search space was exhausted; budget: the budget ran out with no solution;
 * invalid: the level failed its schema or lint.
 */
export const verificationStatusSchema = z.enum(['solved', 'unsolvable', 'budget', 'invalid']);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const verificationSchema = z.object({
  kind: z.string(),
  status: verificationStatusSchema,
  /** True when `value` is proven best for `objective`. */
  optimal: z.boolean(),
  /** The objective solved for: one of the kind's objectives (`RulesetKind.objectives`). */
  objective: z.string(),
  /** The solution's value for `objective`, in its unit (moves, pushes, steps, points). */
  value: z.number().int().nullable(),
  /**
   * The solution's value for the kind's primary objective (moves for push and sliding, points for
   * a score), in that objective's sense: the level's par (its best value: the fewest moves, the
   * highest score) when `objective` is the primary one and `optimal`; otherwise only a bound the
   * true best may still improve on (`engine/contract/objective.ts`).
   */
  par: z.number().int().nullable(),
  /**
   * When the search stopped before a proof: the proven bound on the best `value`, on the side the
   * search proves: at least this for a minimised objective (the moves any solution needs), at most
   * this for a maximised one (the most points any line can score). Null when `optimal` or when
   * nothing was proven. (Stored as `proven_bound`; `lower_bound` before migration 13.)
   */
  provenBound: z.number().int().nullable().optional(),
  /** The solution in the kind's text form (LURD for push). */
  solution: z.string().nullable(),
  nodes: z.number().int(),
  stored: z.number().int(),
  ms: z.number(),
  budget: z.number().int(),
  /** Why the search stopped early, when it did. */
  stoppedBy: z.enum(STOP_CAUSES).nullable(),
  solver: z.string(),
  /** Size and structure figures, and the solution's value for each secondary objective (`pushes`). */
  metrics: z.record(z.string(), z.number()),
  diagnostics: z.array(diagnosticSchema),
  rulesFingerprint: z.string(),
  contentHash: z.string(),
});
export type Verification = z.infer<typeof verificationSchema>;
