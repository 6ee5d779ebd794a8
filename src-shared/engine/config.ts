/**
 * Binding an untrusted rules config (from the rule inspector or a file) for any kind: validated
 * against the kind's schema with one diagnostic per problem, or the bound rules.
 */
import type { z } from 'zod';
import type { Diagnostic } from './diagnostics.ts';

export function bindConfig<Config, R>(kind: string, schema: z.ZodType<Config>, input: unknown, create: (config: Config) => R): { readonly rules?: R; readonly diagnostics: readonly Diagnostic[] } {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return { rules: create(parsed.data), diagnostics: [] };
  const diagnostics = parsed.error.issues.map(
    (issue): Diagnostic => ({
      severity: 'error',
      code: `${kind}.config.schema`,
      message: `Not a valid ${kind} rules config: ${issue.path.join('.') || 'config'}: ${issue.message}.`,
      path: issue.path.join('.'),
    }),
  );
  return { diagnostics };
}
