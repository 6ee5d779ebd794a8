/**
 * hint: the first command of an optimal solution from the position the played commands reach
 * (seed 000: from where the player is, not from the start). Interactive: somebody waits for it.
 */
import { MAX_RECORDING_STEPS } from '../../../src-shared/engine/limits.ts';
import { z } from 'zod';
import { statesAlong } from '../../../src-shared/engine/play/replay.ts';
import { hintFrom } from '../../../src-shared/verify/verify.ts';
import { STOP_CAUSES } from '../../../src-shared/engine/ruleset.ts';
import { JobInputError, rulesFor, searchHooks } from './runtime.ts';
import { defineJobType } from './define.ts';
import { budgetField, kindField, timeLimitField } from './fields.ts';

export const hintPayloadSchema = z
  .object({
    type: z.literal('hint'),
    kind: kindField,
    config: z.unknown(),
    level: z.unknown(),
    /** The commands played so far, in the kind's encoded form (`rules.encodeCommand`). */
    commands: z.array(z.string().max(64)).max(MAX_RECORDING_STEPS),
    budget: budgetField,
    timeLimitMs: timeLimitField.optional(),
  })
  .strict();

export const hintResultSchema = z.object({
  status: z.enum(['solved', 'unsolvable', 'budget']),
  /** The first command of an optimal solution from the position, encoded; null when none. */
  command: z.string().nullable(),
  /** What the rest of an optimal solution costs from the position (the primary objective), when solved. */
  distance: z.int().nullable(),
  optimal: z.boolean(),
  /** Why the search stopped before it finished (as a verification's `stoppedBy`): budget, time, memory, cancelled. */
  stoppedBy: z.enum(STOP_CAUSES).optional(),
  /** Why the search stopped early, where the solver says (a sentence for the designer). */
  reason: z.string().max(2000).optional(),
});
export type HintResult = z.infer<typeof hintResultSchema>;

export const hintJob = defineJobType({
  type: 'hint',
  payload: hintPayloadSchema,
  result: hintResultSchema,
  lane: 'interactive',
  run(payload, context): HintResult {
    const rules = rulesFor(payload.kind, payload.config);
    const loaded = rules.load(payload.level);
    if (!loaded.state) {
      const why = loaded.diagnostics.find((d) => d.severity === 'error')?.message ?? 'it is not a level of this kind';
      throw new JobInputError(`The level does not load: ${why}`);
    }
    const commands = payload.commands.map((text, i) => {
      const command = rules.decodeCommand(text);
      if (command === undefined) throw new JobInputError(`Played command ${i + 1} ('${text}') is not a ${payload.kind} command.`);
      return command;
    });
    const states = statesAlong(rules, loaded.state, commands);
    const hooks = searchHooks(context, payload.budget, payload.timeLimitMs);
    const hint = hintFrom(rules, states[states.length - 1], hooks);
    return {
      status: hint.status,
      command: hint.command === undefined ? null : rules.encodeCommand(hint.command),
      distance: hint.distance ?? null,
      optimal: hint.optimal,
      ...(hint.stoppedBy ? { stoppedBy: hint.stoppedBy } : {}),
      ...(hint.reason ? { reason: hint.reason } : {}),
    };
  },
});
