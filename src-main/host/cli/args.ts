/** A small, strict command-line parser: known flags only, clear messages for anything else. */
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
  const positional: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    const type = spec[name];
    if (!type) throw new UsageError(`Unknown option --${name}.`);
    if (type === 'boolean') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value.`);
      flags[name] = true;
    } else {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`--${name} needs a value.`);
      flags[name] = value;
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
