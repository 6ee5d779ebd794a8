/**
 * What a worker does with a job: a pure function of the payload (level + rules + budget), built
 * from src-shared only. The process entry (`entry.ts`) adds the host-specific parts: messages,
 * throttling, the clock and the test faults.
 */
import { objectiveIds, type AnyRules, type SolverTables } from '../../src-shared/engine/ruleset.ts';
import { statesAlong } from '../../src-shared/engine/replay.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';
import { hintFrom, verifyLevel } from '../../src-shared/verify/verify.ts';
import type { HintResult, JobPayload, JobProgress, PayloadOf, ResultOf } from '../jobs/protocol.ts';

export interface RunJobHooks {
  /** Search progress; called often (every 1024 expansions): the caller throttles. */
  readonly onProgress?: (progress: JobProgress) => void;
  /** Polled by the search; true stops it (the result then says `stoppedBy: 'stopped'`). */
  readonly shouldStop?: () => boolean;
  /** Milliseconds clock for the verification's `ms`. */
  readonly clock?: () => number;
  /** Where precomputed solver tables are kept (pattern databases). */
  readonly tables?: SolverTables;
}

/** A job that cannot run as asked (unknown kind, bad config, a level that does not load). */
export class JobInputError extends Error {
  override readonly name = 'JobInputError';
}

export function runJob(payload: JobPayload, hooks: RunJobHooks = {}): ResultOf<JobPayload['type']> {
  switch (payload.type) {
    case 'verify':
      return runVerify(payload, hooks);
    case 'hint':
      return runHint(payload, hooks);
    case 'generate':
      return runGenerate(payload, hooks);
    case 'noop':
      return payload.echo;
    case 'selftest':
      throw new JobInputError('selftest jobs run only in a worker process started for tests');
  }
}

export function runVerify(payload: PayloadOf<'verify'>, hooks: RunJobHooks = {}): ResultOf<'verify'> {
  const rules = rulesFor(payload.kind, payload.config);
  const objectives = objectiveIds(rulesetKind(payload.kind)!);
  if (payload.objective !== undefined && !objectives.includes(payload.objective)) {
    throw new JobInputError(`A ${payload.kind} level cannot be solved for '${payload.objective}' (objectives: ${objectives.join(', ')}).`);
  }
  return verifyLevel(rules, payload.level, {
    budget: payload.budget,
    objective: payload.objective,
    shouldStop: hooks.shouldStop,
    progress: progressReporter(payload.budget, hooks),
    clock: hooks.clock,
    tables: hooks.tables,
  });
}

/** A kind's seeded generator: pure in its params and seed. */
export function runGenerate(payload: PayloadOf<'generate'>, hooks: RunJobHooks = {}): ResultOf<'generate'> {
  const kind = rulesetKind(payload.kind);
  if (!kind) throw new JobInputError(`Unknown puzzle kind '${payload.kind}'.`);
  const generator = kind.generators.find((g) => g.id === payload.generator);
  if (!generator) throw new JobInputError(`The ${payload.kind} kind has no generator '${payload.generator}'.`);
  const params = generator.paramsSchema.safeParse(payload.params ?? {});
  if (!params.success) throw new JobInputError(`Generator parameters refused: ${params.error.issues[0]?.path.join('.') || 'params'}: ${params.error.issues[0]?.message}`);
  const result = generator.generate(params.data, payload.seed, {
    shouldStop: hooks.shouldStop,
    tables: hooks.tables,
    progress: hooks.onProgress ? (done, total) => hooks.onProgress!({ progress: total > 0 ? Math.min(0.99, done / total) : 0, nodes: done, stored: total }) : undefined,
  });
  return { version: generator.version, levels: [...result.levels], diagnostics: [...result.diagnostics] };
}

/** The position reached by replaying the played commands, then `hintFrom` there. */
export function runHint(payload: PayloadOf<'hint'>, hooks: RunJobHooks = {}): HintResult {
  const rules = rulesFor(payload.kind, payload.config);
  const loaded = rules.load(payload.level);
  if (!loaded.state) {
    const why = loaded.diagnostics.find((d) => d.severity === 'error')?.message ?? 'it is not a level of this kind';
    throw new JobInputError(`The level does not load: ${why}`);
  }
  const commands = payload.commands.map((text, i) => {
    const command = rules.decodeCommand(text);
    if (command === undefined) throw new JobInputError(`Played command ${i + 1} ('${text}') is not a ${payload.kind} command.`);
    return command;
  });
  const states = statesAlong(rules, loaded.state, commands);
  const hint = hintFrom(rules, states[states.length - 1], {
    budget: payload.budget,
    shouldStop: hooks.shouldStop,
    progress: progressReporter(payload.budget, hooks),
    tables: hooks.tables,
  });
  return {
    status: hint.status,
    command: hint.command === undefined ? null : rules.encodeCommand(hint.command),
    distance: hint.distance ?? null,
    optimal: hint.optimal,
  };
}

/** Stored states against the budget, never 1 before the job is done and never going backwards. */
function progressReporter(budget: number, hooks: RunJobHooks): ((p: { nodes: number; stored: number }) => void) | undefined {
  const report = hooks.onProgress;
  if (!report) return undefined;
  let best = 0;
  return ({ nodes, stored }) => {
    best = Math.max(best, Math.min(0.99, stored / budget));
    report({ progress: best, nodes, stored });
  };
}

// Rules are bound once per (kind, config): a batch sends the same config for every level.
const RULES_CACHE_SIZE = 8;
const rulesCache = new Map<string, AnyRules>();

export function rulesFor(kindName: string, config: unknown): AnyRules {
  const key = `${kindName}\u0000${JSON.stringify(config ?? null)}`;
  const cached = rulesCache.get(key);
  if (cached) return cached;
  const kind = rulesetKind(kindName);
  if (!kind) throw new JobInputError(`Unknown puzzle kind '${kindName}'.`);
  const created = kind.create(config);
  if (!created.rules) {
    const why = created.diagnostics.map((d) => d.message).join('; ') || 'invalid config';
    throw new JobInputError(`The ${kindName} rules config is not valid: ${why}`);
  }
  if (rulesCache.size >= RULES_CACHE_SIZE) rulesCache.delete(rulesCache.keys().next().value!);
  rulesCache.set(key, created.rules);
  return created.rules;
}
