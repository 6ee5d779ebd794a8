/**
 * Untrusted documents (a level file's JSON, a rules config) checked against their zod schemas,
 * with one diagnostic per problem placed by its path.
 */
import { z } from 'zod';
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
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
  const diagnostics = parsed.error.issues.map(
    (issue): Diagnostic => ({
      severity: 'error',
      code: `${kind}.config.schema`,
      message: `Not a valid ${kind} rules config: ${issue.path.join('.') || 'config'}: ${schemaIssueText(issue, json)}`,
      path: issue.path.join('.'),
    }),
  );
  return { diagnostics };
}

interface JsonSchemaNode {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchemaNode>>;
  readonly items?: JsonSchemaNode;
}

/** The JSON Schema type of the value at `path`, as the rule inspector's schema states it. */
function jsonTypeAt(schema: JsonSchemaNode, path: readonly PropertyKey[]): string | undefined {
  let node: JsonSchemaNode | undefined = schema;
  for (const part of path) node = typeof part === 'number' ? node?.items : node?.properties?.[String(part)];
  return typeof node?.type === 'string' ? node.type : undefined;
}

/**
 * A config problem in the words the rule inspector's schema markers use (Monaco's JSON service),
 * so the save refusal and the marker under the editor say one error one way.
 */
function schemaIssueText(issue: z.core.$ZodIssue, schema: JsonSchemaNode): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Incorrect type. Expected "${jsonTypeAt(schema, issue.path) ?? (issue.expected === 'int' ? 'integer' : issue.expected)}".`;
    case 'invalid_value':
      return `Value is not accepted. Valid values: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'too_small':
      return typeof issue.minimum === 'number' ? `Value is below the minimum of ${issue.minimum}.` : `${issue.message}.`;
    case 'too_big':
      return typeof issue.maximum === 'number' ? `Value is above the maximum of ${issue.maximum}.` : `${issue.message}.`;
    default:
      return `${issue.message}.`;
  }
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
    const suggestion = near ? `did you mean '${at === '' ? near : `${at}.${near}`}'?` : undefined;
    out.push({
      severity: 'warning',
      code: `${kind}.config.unknown`,
      message: `The ${kind} rules have no setting '${path.slice(0, 80)}'; it was ignored${suggestion ? `: ${suggestion}` : '.'}`,
      path,
      // A config being saved refuses it instead of ignoring it (config-text.ts words it so).
      params: { setting: path.slice(0, 80), ...(suggestion ? { suggestion } : {}) },
    });
  }
  return out;
}
