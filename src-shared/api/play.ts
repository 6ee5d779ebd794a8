/**
 * The Studio API's play channel: a hint from a position reached in a play-test.
 */
import { z } from 'zod';
import { MAX_INTERACTIVE_BUDGET } from '../search/budget.ts';
import { MAX_RECORDING_STEPS } from '../engine/limits.ts';
import { channel, id } from './fields.ts';
import { STOP_CAUSES } from '../engine/ruleset.ts';

export const PLAY_CHANNELS = {
  /** A hint from the position reached by `commands` (the kind's encoded commands) on a level. */
  'play.hint': channel(
    z
      .object({
        levelId: id,
        /** The campaign whose rules the hint plays by; needed when more than one campaign holds the level. */
        campaignId: id.optional(),
        commands: z.array(z.string().max(64)).max(MAX_RECORDING_STEPS),
        budget: z.int().min(1).max(MAX_INTERACTIVE_BUDGET).optional(),
        /** The document played, when it is not the saved level (the editor's draft). */
        content: z.unknown().optional(),
      })
      .strict(),
    z.object({
      status: z.enum(['solved', 'unsolvable', 'budget']),
      command: z.string().nullable(),
      distance: z.int().nullable(),
      optimal: z.boolean(),
      /** The hint job was cancelled before it answered (status is then `budget`). */
      cancelled: z.boolean().optional(),
      /** Why the search stopped before it finished (as a verification's `stoppedBy`): budget, time, memory, cancelled. */
      stoppedBy: z.enum(STOP_CAUSES).optional(),
      /** Why the search stopped early, where the solver says. */
      reason: z.string().optional(),
    }),
  ),
} as const;
