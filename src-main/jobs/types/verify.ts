/**
 * verify: lint -> solve -> metrics for one level under one rules config (`verifyLevel`). A batch
 * job by default (Verify all); the editor's live proof runs it in the interactive lane. Main
 * stores the record as the level's latest verification; a cancelled or failed job stores nothing.
 */
import { z } from 'zod';
import { objectiveIds, senseOf, type ObjectiveSense } from '../../../src-shared/engine/ruleset.ts';
import { rulesetKind } from '../../../src-shared/rulesets/registry.ts';
import { verificationSchema } from '../../../src-shared/verify/record.ts';
import { verifyLevel } from '../../../src-shared/verify/verify.ts';
import { MOST_PARTS, bestOfParts } from '../../../src-shared/verify/parts.ts';
import { hasErrors } from '../../../src-shared/engine/diagnostics.ts';
import { JobInputError, rulesFor, searchHooks } from './runtime.ts';
import { defineJobType } from './define.ts';
import { budgetField, kindField, timeLimitField } from './fields.ts';

/** One part of a solve run in several at once (`SolveOptions.part`). */
export const partField = z
  .object({ index: z.int().min(0).max(MOST_PARTS - 1), of: z.int().min(2).max(MOST_PARTS) })
  .strict()
  .refine((p) => p.index < p.of, 'A part beyond the parts.');

export const verifyPayloadSchema = z
  .object({
    type: z.literal('verify'),
    kind: kindField,
    /** The ruleset config (validated by the kind in the worker). */
    config: z.unknown(),
    /** The level document in the kind's JSON format (validated and linted in the worker). */
    level: z.unknown(),
    budget: budgetField,
    objective: z.string().min(1).max(32).optional(),
    timeLimitMs: timeLimitField.optional(),
    /** One part of a verification run in several at once (set by main's `split`; a job created with one runs that part alone). */
    part: partField.optional(),
  })
  .strict();

export type VerifyPayload = z.infer<typeof verifyPayloadSchema>;

/** The sense of the objective a verify job solves for. */
function senseOfPayload(payload: VerifyPayload): ObjectiveSense {
  return senseOf(rulesetKind(payload.kind)?.objectives ?? [], payload.objective);
}

export const verifyJob = defineJobType({
  type: 'verify',
  payload: verifyPayloadSchema,
  result: verificationSchema,
  lane: 'batch',
  lanes: ['batch', 'interactive'],
  run(payload, context) {
    const rules = rulesFor(payload.kind, payload.config);
    const objectives = objectiveIds(rulesetKind(payload.kind)!);
    if (payload.objective !== undefined && !objectives.includes(payload.objective)) {
      throw new JobInputError(`A ${payload.kind} level cannot be solved for '${payload.objective}' (objectives: ${objectives.join(', ')}).`);
    }
    return verifyLevel(rules, payload.level, { ...searchHooks(context, payload.budget, payload.timeLimitMs), objective: payload.objective, ...(payload.part ? { part: payload.part } : {}) });
  },
  // A level the kind's solver splits (its `parts`: push, a full-size level's race) runs in as many
  // parts as it can use, at most one a core; the record is the best of the parts' (parts.ts).
  split(payload, most) {
    if (most < 2 || payload.part) return undefined;
    let of = 1;
    try {
      const rules = rulesFor(payload.kind, payload.config);
      if (!rules.parts) return undefined; // a kind whose solver does not split: nothing to load
      const loaded = rules.load(payload.level);
      if (loaded.state && !hasErrors(loaded.diagnostics)) of = Math.min(most, MOST_PARTS, rules.parts(loaded.state));
    } catch {
      return undefined; // the worker says what is wrong with it
    }
    return of < 2 ? undefined : Array.from({ length: of }, (_, index) => ({ ...payload, part: { index, of } }));
  },
  join: (records, payload) => bestOfParts(records, senseOfPayload(payload)),
  // A proof (an optimal par, or none at all) is the whole's: the other parts stop.
  settles: (record) => record.status === 'invalid' || record.status === 'unsolvable' || (record.status === 'solved' && record.optimal),
  outcome: (verification) => ({
    status: verification.status,
    value: verification.par ?? null,
    bound: verification.status === 'solved' && !verification.optimal,
    ...(senseOf(rulesetKind(verification.kind)?.objectives ?? []) === 'maximise' ? { sense: 'maximise' as const } : {}),
  }),
  store(verification, job, services) {
    if (job.levelId === null) return;
    services.storeVerification(job.levelId, verification, job.id);
    services.libraryChanged(job.batchId === null ? null : services.campaignOfBatch(job.batchId), job.levelId);
  },
});
