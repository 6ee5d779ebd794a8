/**
 * Command-line flags through `node:util` `parseArgs`: known `--flags` only, with clear messages
 * for anything else (an unknown flag, a missing value, a value given to a switch). Like the
 * parser this replaced, an argument that does not start with `--` is positional (`-` and
 * `-name` included: the CLI has no short flags) and `--` ends the flags.
 */
import { parseArgs as parseNodeArgs } from 'node:util';
import type { z } from 'zod';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface FlagSpec {
  /** `string` takes a value; `boolean` does not. */
  readonly [name: string]: 'string' | 'boolean';
}

export interface ParsedArgs {
  readonly positional: string[];
  readonly flags: Record<string, string | boolean>;
}

export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const options = Object.fromEntries(Object.entries(spec).map(([name, type]) => [name, { type }]));
  // Not strict: node's own messages name no usage and refuse `--budget -5` as "ambiguous"; the
  // tokens let every case be judged here instead.
  const { tokens } = parseNodeArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const positional: string[] = [];
  const flags: Record<string, string | boolean> = {};
  let lastShortIndex = -1;
  for (const token of tokens) {
    if (token.kind === 'positional') positional.push(token.value);
    else if (token.kind === 'option-terminator') continue;
    else if (!token.rawName.startsWith('--')) {
      // `-abc` comes as one token per letter: keep the argument once, as it was written.
      if (token.index !== lastShortIndex) positional.push(argv[token.index]);
      lastShortIndex = token.index;
    } else {
      const type = Object.hasOwn(spec, token.name) ? spec[token.name] : undefined;
      if (!type) throw new UsageError(`Unknown option --${token.name}.`);
      if (type === 'boolean') {
        if (token.value !== undefined) throw new UsageError(`--${token.name} takes no value.`);
        flags[token.name] = true;
      } else {
        // `--level --json`: the next flag is no value.
        if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) throw new UsageError(`--${token.name} needs a value.`);
        flags[token.name] = token.value;
      }
    }
  }
  return { positional, flags };
}

export function positiveInt(flags: ParsedArgs['flags'], name: string, fallback: number): number {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(`--${name} must be a whole number of at least 1 (got ${String(raw)}).`);
  }
  return value;
}

/**
 * A text flag through the Studio API's schema for the same field (a name, a seed, a note), so
 * the CLI refuses what the API refuses; undefined when the flag is absent.
 */
export function schemaFlag<T>(flags: ParsedArgs['flags'], flag: string, schema: z.ZodType<T>): T | undefined {
  const raw = flags[flag];
  if (raw === undefined) return undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new UsageError(`--${flag} ${refusalOf(parsed.error.issues[0])}.`);
  return parsed.data;
}

function refusalOf(issue: z.core.$ZodIssue | undefined): string {
  if (issue?.code === 'too_small') return 'must not be empty';
  if (issue?.code === 'too_big') return `must be at most ${String(issue.maximum)} characters`;
  return issue?.message ?? 'is refused';
}
