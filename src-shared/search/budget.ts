/**
 * State budgets: the one default and the one set of caps every host and solver uses.
 *
 * Seed 002: generation and CI verification use a budget of 400,000 distinct states; running out
 * is its own status ("budget exceeded"), never "probably solvable".
 */
export const DEFAULT_STATE_BUDGET = 400_000;
/** The most a verification (a batch job, `cli verify`, `cli solve`) may ask for. */
export const MAX_VERIFY_BUDGET = 200_000_000;
/** The longest time limit a verification may ask for, in ms of running time: a day. */
export const MAX_VERIFY_TIME_LIMIT_MS = 24 * 3600 * 1000;
/** The most an interactive request (a hint, the editor's live proof) may ask for. */
export const MAX_INTERACTIVE_BUDGET = 50_000_000;

/**
 * The budget one run of a level gets: the one asked for in this run (Verify with a budget, the
 * CLI's `--budget`, re-verification's) wins; the level's own budget replaces only the default.
 * Verify all, re-verification, the CLI and the Level view all go through here.
 */
export function budgetForRun(asked: number | undefined, levelOwn: number | null | undefined): number {
  return asked ?? levelOwn ?? DEFAULT_STATE_BUDGET;
}

/**
 * A state budget as the searches use it: a whole number of states, at least one. Missing or not
 * a number (NaN) means the default; fractions round down; no end (Infinity) is the largest safe
 * integer, which the records' integer fields still hold.
 */
export function stateBudget(budget: number | undefined, fallback: number = DEFAULT_STATE_BUDGET): number {
  if (budget === undefined || Number.isNaN(budget)) return fallback;
  if (budget === Infinity) return Number.MAX_SAFE_INTEGER;
  return Math.max(1, Math.floor(Math.min(budget, Number.MAX_SAFE_INTEGER)));
}

/** What a search may store under its state budget and the host's memory cap on its tables. */
export interface StateAllowance {
  readonly states: number;
  /** The memory cap is the tighter limit: running out is then `memory`, not `budget`. */
  readonly byMemory: boolean;
}

/**
 * The states a search may store: its budget, or fewer when `memoryBytes` (SolveOptions) cannot
 * hold that many at `bytesPerState` (the search's own estimate of one stored state with its share
 * of the lookup and the queue). At least one state either way.
 */
export function statesWithin(budget: number, memoryBytes: number | undefined, bytesPerState: number): StateAllowance {
  if (memoryBytes === undefined || !Number.isFinite(memoryBytes)) return { states: budget, byMemory: false };
  const fit = Math.max(1, Math.floor(memoryBytes / Math.max(1, bytesPerState)));
  return fit < budget ? { states: fit, byMemory: true } : { states: budget, byMemory: false };
}

/** "1.5 GB", "640 MB": a memory size for a sentence (no locale in src-shared). */
export function memoryText(bytes: number): string {
  const mb = bytes / 2 ** 20;
  return mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10} GB` : `${Math.max(1, Math.round(mb))} MB`;
}
