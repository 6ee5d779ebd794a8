/**
 * Finding a kind's generator and checking params against its schema: the one way, for every host
 * that starts a generation (the generate and generate-shard jobs, the Studio API's Generate and
 * candidates bench, the CLI). Each turns a refusal into its own error (a job's bad input, an API
 * error code, a usage error); the words are the same everywhere.
 */
import type { AnyRulesetKind, LevelGenerator } from '../engine/ruleset.ts';
import { rulesetKind } from './registry.ts';

/** The generator, and its params parsed (defaults filled in), or why not. */
export type GeneratorWithParams =
  | { readonly ok: true; readonly kind: AnyRulesetKind; readonly generator: LevelGenerator<unknown>; readonly params: unknown }
  | { readonly ok: false; readonly refused: 'unknown-kind' | 'unknown-generator'; readonly message: string }
  /** The generator exists; the params do not fit it. */
  | { readonly ok: false; readonly refused: 'invalid-params'; readonly message: string; readonly kind: AnyRulesetKind; readonly generator: LevelGenerator<unknown> };

/** `generatorId` undefined: the kind's first generator. `params` undefined: the defaults. */
export function generatorWithParams(kindName: string, generatorId: string | undefined, params: unknown): GeneratorWithParams {
  const kind = rulesetKind(kindName);
  if (!kind) return { ok: false, refused: 'unknown-kind', message: `Unknown puzzle kind '${String(kindName).slice(0, 40)}'.` };
  const generators: readonly LevelGenerator<unknown>[] = kind.generators;
  const generator = generatorId === undefined ? generators[0] : generators.find((g) => g.id === generatorId);
  if (!generator) {
    const which = generatorId === undefined ? 'no generator' : `no generator '${generatorId.slice(0, 64)}'`;
    return { ok: false, refused: 'unknown-generator', message: `The ${kind.kind} kind has ${which}.` };
  }
  const checked = generator.paramsSchema.safeParse(params ?? {});
  if (!checked.success) {
    const why = checked.error.issues.map((issue) => `${issue.path.join('.') || 'params'}: ${issue.message}`).join('; ');
    return { ok: false, refused: 'invalid-params', message: `Generator parameters refused: ${why}.`, kind, generator };
  }
  return { ok: true, kind, generator, params: checked.data };
}
