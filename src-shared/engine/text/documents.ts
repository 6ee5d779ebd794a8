/**
 * Untrusted documents (a level file's JSON, a rules config) checked against their zod schemas,
 * with one diagnostic per problem placed by its path.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics.ts';

/** Whether an untrusted JSON value is an object with named fields (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A zod issue path as `levels[3].board[2]`. */
export function zodPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? String(part) : `.${String(part)}`;
  return out;
}

/** Validate an untrusted document against a schema: the value, or one diagnostic per problem. */
export function validateDocument<T>(schema: z.ZodType<T>, input: unknown, code: string, what: string): { value?: T; diagnostics: Diagnostic[] } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { value: parsed.data, diagnostics: [] };
  const diagnostics = parsed.error.issues.slice(0, 50).map(
    (issue): Diagnostic => ({
      severity: 'error',
      code,
      message: `Not a valid ${what}: ${zodPath(issue.path) || 'document'}: ${issue.message}.`,
      path: zodPath(issue.path),
    }),
  );
  return { diagnostics };
}

/**
 * Binding an untrusted rules config (from the rule inspector or a file) for any kind: validated
 * against the kind's schema with one diagnostic per problem, or the bound rules.
 */
export function bindConfig<Config, R>(kind: string, schema: z.ZodType<Config>, input: unknown, create: (config: Config) => R): { readonly rules?: R; readonly diagnostics: readonly Diagnostic[] } {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return { rules: create(parsed.data), diagnostics: unknownSettings(kind, input, parsed.data, '') };
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

/**
 * Settings the schema does not know, which it drops: a warning for each (a typo such as
 * `pushstrength` would otherwise leave the default in force without a word), naming the setting
 * it probably meant when one differs only in case.
 */
function unknownSettings(kind: string, input: unknown, parsed: unknown, at: string): Diagnostic[] {
  if (!isRecord(input) || !isRecord(parsed)) return [];
  const out: Diagnostic[] = [];
  for (const key of Object.keys(input)) {
    const path = at === '' ? key : `${at}.${key}`;
    if (Object.hasOwn(parsed, key)) {
      out.push(...unknownSettings(kind, input[key], parsed[key], path));
      continue;
    }
    const near = Object.keys(parsed).find((k) => k.toLowerCase() === key.toLowerCase());
    out.push({
      severity: 'warning',
      code: `${kind}.config.unknown`,
      message: `The ${kind} rules have no setting '${path.slice(0, 80)}'; it was ignored${near ? `: did you mean '${at === '' ? near : `${at}.${near}`}'?` : '.'}`,
      path,
    });
  }
  return out;
}
