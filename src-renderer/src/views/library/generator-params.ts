/**
 * A generator's parameters as form fields (from the JSON Schema the host sends) and why the
 * values typed cannot be used (from the generator's own zod schema, where this studio has it;
 * else the JSON Schema's bounds), by field, in the studio's words.
 */
import type { z } from 'zod';
import { quotedPath } from '../../i18n/kinds.ts';

export interface FieldSchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly description?: string;
  readonly default?: unknown;
}

export interface ParamField {
  readonly name: string;
  readonly schema: FieldSchema;
  readonly control: 'choice' | 'number' | 'switch' | 'text';
  /** Not required and without a default: may be left empty. */
  readonly optional: boolean;
}

export function fieldsOf(paramsSchema: unknown): ParamField[] {
  const schema = paramsSchema as { properties?: Record<string, FieldSchema>; required?: readonly string[] } | undefined;
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, field]) => ({
    name,
    schema: field,
    control: field.enum ? 'choice' : field.type === 'integer' || field.type === 'number' ? 'number' : field.type === 'boolean' ? 'switch' : 'text',
    optional: !required.has(name) && field.default === undefined,
  }));
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The values without the fields left empty (what is sent, and what is checked). */
export function presentValues(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && !(typeof v === 'number' && Number.isNaN(v))));
}

function issueText(issue: z.core.$ZodIssue, t: Translate, te: (key: string) => boolean): string {
  switch (issue.code) {
    case 'too_small':
      return t('generate.errors.min', { n: Number(issue.minimum) });
    case 'too_big':
      return t('generate.errors.max', { n: Number(issue.maximum) });
    case 'invalid_type':
      return t(issue.expected === 'int' || issue.expected === 'number' ? 'generate.errors.number' : 'generate.errors.invalid');
    case 'invalid_value':
      return t('generate.errors.choice');
    case 'custom': {
      const code = (issue.params as { code?: unknown } | undefined)?.code;
      return typeof code === 'string' && te(quotedPath('codes', code)) ? t(quotedPath('codes', code)) : issue.message;
    }
    default:
      return issue.message;
  }
}

export function paramIssues(schema: z.ZodType | undefined, values: Readonly<Record<string, unknown>>, fields: readonly ParamField[], t: Translate, te: (key: string) => boolean): Record<string, string> {
  const present = presentValues(values);
  const out: Record<string, string> = {};
  // A value typed that is not a number at all (the number field gives NaN).
  for (const field of fields) if (field.control === 'number' && typeof values[field.name] === 'number' && Number.isNaN(values[field.name])) out[field.name] = t('generate.errors.number');
  if (schema) {
    const parsed = schema.safeParse(present);
    if (!parsed.success) for (const issue of parsed.error.issues) out[String(issue.path[0] ?? fields[0]?.name ?? '')] ??= issueText(issue, t, te);
    return out;
  }
  for (const field of fields) {
    const value = present[field.name];
    if (typeof value !== 'number') continue;
    if (field.schema.type === 'integer' && !Number.isInteger(value)) out[field.name] ??= t('generate.errors.number');
    if (field.schema.minimum !== undefined && value < field.schema.minimum) out[field.name] ??= t('generate.errors.min', { n: field.schema.minimum });
    if (field.schema.maximum !== undefined && value > field.schema.maximum) out[field.name] ??= t('generate.errors.max', { n: field.schema.maximum });
  }
  return out;
}
