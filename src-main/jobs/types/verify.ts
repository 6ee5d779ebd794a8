/**
 * verify: lint -> solve -> metrics for one level under one rules config (`verifyLevel`). A batch
 * job by default (Verify all); the editor's live proof runs it in the interactive lane. Main
 * stores the record as the level's latest verification; a cancelled or failed job stores nothing.
 */
import { z } from 'zod';
import { objectiveIds, senseOf } from '../../../src-shared/engine/ruleset.ts';
import { rulesetKind } from '../../../src-shared/rulesets/registry.ts';
import { verificationSchema } from '../../../src-shared/verify/record.ts';
import { verifyLevel } from '../../../src-shared/verify/verify.ts';
import { JobInputError, rulesFor, searchHooks } from './runtime.ts';
import { defineJobType } from './define.ts';
import { budgetField, kindField, timeLimitField } from './fields.ts';

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
  })
  .strict();

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
    return verifyLevel(rules, payload.level, { ...searchHooks(context, payload.budget, payload.timeLimitMs), objective: payload.objective });
  },
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
