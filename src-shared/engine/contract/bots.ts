/**
 * The verification facet's bots: weak players a kind offers so that verification can say how a
 * level treats someone who does not plan (seed 001: the weak bot is weak in information and
 * planning, never in abilities). A bot is a policy: at each state it chooses a command from what
 * it perceives, keeping its own memory between calls. Every command goes through the kind's real
 * `step` (the runner, `engine/play/bots.ts`, is the same for every kind), and a run passes when
 * the game is won before it ends. A bot with chance breaks its ties from the run's seeded random
 * numbers and is run several times: its result is the pass rate over those runs.
 *
 * Verification carries each bot's pass rate as the metric `bot.<id>` (0 to 1), and a generator
 * may use the same bots as sieves (a level the greedy bot wins is too easy).
 */

/** One run's policy: the next command at `state` (undefined: it gives up; the run fails). */
export type BotPolicy<S, C> = (state: S) => C | undefined;

export interface Bot<S, C> {
  /** Also the metric's name (`bot.<id>`) and the kind's message key (`bot.<id>`). */
  readonly id: string;
  /** English name for hosts without the kind's messages. */
  readonly label: string;
  /**
   * Runs per level: 1 for a bot without chance (its ties broken in a fixed order), more for one
   * that breaks ties from its random numbers (the pass rate is over those runs).
   */
  readonly runs: number;
  /**
   * A fresh policy for one run from the level's start. `random` (uniform in [0, 1), seeded per
   * run) is its only source of chance. A bot meant to play blind reads the state only through
   * what the kind lets a player perceive.
   */
  start(state: S, random: () => number): BotPolicy<S, C>;
}

/** The verification facet: the kind's bots, weakest first. */
export interface BotsFacet<S, C> {
  readonly bots?: readonly Bot<S, C>[];
}

/** What one bot did on one level. */
export interface BotResult {
  readonly id: string;
  readonly label: string;
  readonly runs: number;
  /** Runs that won. */
  readonly passed: number;
  /** passed / runs. */
  readonly passRate: number;
  /** Steps (the primary counter) of the winning runs, on average; null when none won. */
  readonly meanWinSteps: number | null;
}

/** The metric a bot's pass rate is carried under in a verification record. */
export const botMetricId = (botId: string): string => `bot.${botId}`;

/** Pass rates as verification metrics (`bot.<id>`). */
export function botMetrics(results: readonly BotResult[]): Record<string, number> {
  return Object.fromEntries(results.map((r) => [botMetricId(r.id), r.passRate]));
}
