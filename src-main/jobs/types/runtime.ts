/**
 * What a job type's `run` needs at run time, beside `define.ts`: binding rules once per (kind,
 * config), the error for input a job cannot run, progress as a fraction of the state budget and a
 * search's stop. Built from src-shared only. The worker (src-main/worker/) imports the job types
 * and this module, never the other way.
 */
import type { AnyRules } from '../../../src-shared/engine/ruleset.ts';
import { rulesFor as sharedRulesFor } from '../../../src-shared/rulesets/rules-cache.ts';
import { MAX_VERIFY_BUDGET } from '../../../src-shared/search/budget.ts';
import type { JobProgress, RunContext } from './define.ts';

/** A job that cannot run as asked (unknown kind, bad config, a level that does not load). */
export class JobInputError extends Error {
  override readonly name = 'JobInputError';
}

/**
 * Stored states against the budget (or, with a time limit, the share of it used when that is
 * more), never 1 before the job is done and never going backwards.
 */
export function progressReporter(budget: number, context: RunContext, timeSpent?: () => number): ((p: { nodes: number; stored: number }) => void) | undefined {
  const report = context.onProgress;
  if (!report) return undefined;
  let best = 0;
  return ({ nodes, stored }) => {
    best = Math.max(best, Math.min(0.99, Math.max(stored / budget, timeSpent?.() ?? 0)));
    report({ progress: best, nodes, stored } satisfies JobProgress);
  };
}

/** The bound rules of a job, from the one rules cache (src-shared/rulesets/rules-cache.ts), or why the job cannot run. */
export function rulesFor(kindName: string, config: unknown): AnyRules {
  const bound = sharedRulesFor(kindName, config);
  if (bound.unknownKind) throw new JobInputError(`Unknown puzzle kind '${kindName}'.`);
  if (!bound.rules) {
    const why = bound.diagnostics.map((d) => d.message).join('; ') || 'invalid config';
    throw new JobInputError(`The ${kindName} rules config is not valid: ${why}`);
  }
  return bound.rules;
}

export interface SearchHooks {
  readonly budget: number;
  readonly shouldStop: () => boolean;
  readonly progress?: (p: { nodes: number; stored: number }) => void;
  readonly clock?: () => number;
  readonly tables?: RunContext['tables'];
  /** In a time-led run, the share of the time limit used so far (SolveOptions.timeSpent). */
  readonly timeSpent?: () => number;
  /** The cap on the search's tables (RunContext.memoryBytes). */
  readonly memoryBytes?: number;
  /** True once the search was told to stop (cancelled or out of time), as opposed to out of budget. */
  readonly stopped: () => boolean;
  /** Why it was told to stop: the job's time limit or a cancel (VerifyOptions.stopCause). */
  readonly stopCause: () => 'time' | 'cancelled' | undefined;
}

/**
 * The options a search takes: the budget, and a stop for a cancel or the job's time limit (running
 * time: a pause does not count). A time limit with the most a verification may ask for as its
 * budget (the studio's Verify with no state budget, as the CLI's `--budget none`) makes the run
 * time-led: the solver is told the share of the time used (`timeSpent`) and shares its phases by
 * time. With a time limit, progress follows the time where it is ahead of the states.
 */
export function searchHooks(context: RunContext, budget: number, timeLimitMs?: number): SearchHooks {
  const clock = context.clock;
  const start = clock?.();
  const deadline = timeLimitMs !== undefined && start !== undefined ? start + timeLimitMs : undefined;
  const timeShare = deadline !== undefined ? () => (clock!() - start!) / timeLimitMs! : undefined;
  const timeSpent = budget >= MAX_VERIFY_BUDGET ? timeShare : undefined;
  let cause: 'time' | 'cancelled' | undefined;
  return {
    budget,
    ...(timeSpent ? { timeSpent } : {}),
    shouldStop: () => {
      if (!cause && context.shouldStop?.()) cause = 'cancelled';
      if (!cause && deadline !== undefined && clock!() >= deadline) cause = 'time';
      return cause !== undefined;
    },
    progress: progressReporter(budget, context, timeShare),
    clock,
    tables: context.tables,
    ...(context.memoryBytes ? { memoryBytes: context.memoryBytes } : {}),
    stopped: () => cause !== undefined,
    // A time-led solver may end at its time share before this stop is asked: then it is the time.
    stopCause: () => cause ?? (deadline !== undefined && clock!() >= deadline ? 'time' : undefined),
  };
}
