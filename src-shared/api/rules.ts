/**
 * The rule inspector's channels of the Studio API (spread into `API` in studio-api.ts): the open
 * campaign's ruleset config, its versions, saving a config the designer typed, and reverting to an
 * earlier version. A ruleset may be shared by several campaigns: every answer names them, as a
 * change reaches each one.
 */
import { z } from 'zod';
import { MAX_RULES_CONFIG_CHARS } from '../engine/text/config-text.ts';
import { diagnosticSchema } from '../verify/record.ts';

import { id, note } from './fields.ts';

export const rulesVersionSchema = z.object({
  id,
  /** 1 for the ruleset's first config, counting up. */
  number: z.int(),
  createdAt: z.string(),
  note: z.string().nullable(),
  /** The rules fingerprint when this version was saved. */
  fingerprint: z.string(),
  /** The config with the kind's defaults filled in. */
  config: z.unknown(),
  current: z.boolean(),
});
export type RulesVersion = z.infer<typeof rulesVersionSchema>;

/** A campaign played under the ruleset: a change reaches it (its levels go stale). */
export const rulesReachSchema = z.object({ id, name: z.string(), levelCount: z.int() });
export type RulesReach = z.infer<typeof rulesReachSchema>;

const savedSchema = z.object({
  /** False when the config equals the current one: nothing was added. */
  changed: z.boolean(),
  version: rulesVersionSchema,
  campaigns: z.array(rulesReachSchema),
});

export const RULES_CHANNELS = {
  /** The campaign's ruleset and its current config (under this build's engine). */
  'rules.get': {
    request: z.object({ campaignId: id }).strict(),
    response: z.object({
      campaignId: id,
      kind: z.string(),
      ruleset: z.object({ id, name: z.string() }),
      version: rulesVersionSchema,
      /** Under this build's engine: what the levels' verifications are compared with. */
      fingerprint: z.string(),
      /** Every campaign on this ruleset, this one included. */
      campaigns: z.array(rulesReachSchema),
      /** The current config's problems under this build (a config an older build wrote). */
      diagnostics: z.array(diagnosticSchema),
    }),
  },
  /** Every saved config of the campaign's ruleset, newest (current) first. */
  'rules.versions': {
    request: z.object({ campaignId: id }).strict(),
    response: z.object({ versions: z.array(rulesVersionSchema) }),
  },
  /**
   * Save the config text as the new current version. Refused (`invalid-request`, naming the line
   * and field; nothing written) when it is not JSON, fails the schema, sets an unknown setting, or
   * `baseVersionId` is no longer current.
   */
  'rules.save': {
    request: z.object({ campaignId: id, text: z.string().max(MAX_RULES_CONFIG_CHARS), note: note.optional(), baseVersionId: id.optional() }).strict(),
    response: savedSchema,
  },
  /** Make an earlier version's config current again, as a new version. */
  'rules.revert': {
    request: z.object({ campaignId: id, versionId: id, note: note.optional() }).strict(),
    response: savedSchema,
  },
} as const;
