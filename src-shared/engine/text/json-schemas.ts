/**
 * The JSON Schemas of a kind's documents, made from its zod schemas: what the rule inspector's
 * editor validates and completes against, and what a game project can check its files with.
 * Both describe input documents: fields with defaults may be left out.
 */
import { z } from 'zod';
import type { AnyRulesetKind } from '../ruleset.ts';

export interface KindJsonSchemas {
  readonly config: Record<string, unknown>;
  readonly level: Record<string, unknown>;
}

export function kindJsonSchemas(kind: Pick<AnyRulesetKind, 'configSchema' | 'levelSchema'>): KindJsonSchemas {
  const options = { io: 'input', unrepresentable: 'any' } as const;
  return {
    config: z.toJSONSchema(kind.configSchema, options) as Record<string, unknown>,
    level: z.toJSONSchema(kind.levelSchema, options) as Record<string, unknown>,
  };
}
