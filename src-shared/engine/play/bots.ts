/**
 * Running a kind's bots (the verification facet, `contract/bots.ts`) through the real `step`: the
 * same runner for every kind, used by verification and by generators' bot sieves. A run ends when
 * the game ends (won: passed), when the policy gives up, when it keeps proposing refused commands,
 * or at a cap on commands (a level without a step limit must still end).
 */
import { stepCost, type Bot, type BotResult, type GameFacet, type LevelMeta } from '../ruleset.ts';
import { Rng } from '../rng.ts';

/** What the runner needs of the rules: the game facet's step and status. */
export type BotRules<S, C> = Pick<GameFacet<LevelMeta, S, C>, 'step' | 'status'>;

export interface BotRunOptions {
  /** Mixed into every run's random numbers (a level's runs are the same for the same seed). */
  readonly seed?: string;
  /** Most commands in one run (default 20,000). */
  readonly maxCommands?: number;
  /** Refused commands in a row that end a run as stuck (default 8). */
  readonly maxRefusedInARow?: number;
  /** Runs instead of the bot's own count (a quick estimate); the bot's when absent. */
  readonly runs?: number;
}

export interface BotRun {
  readonly won: boolean;
  /** Commands the policy chose, refused ones included. */
  readonly commands: number;
  /** The primary objective's cost of the accepted steps (steps for a maze). */
  readonly cost: number;
  readonly ended: 'won' | 'lost' | 'gave-up' | 'stuck' | 'cap';
}

/** The random numbers of run `run` of `bot` under `seed`: the same on every host. */
export function botRandom(seed: string, botId: string, run: number): () => number {
  const rng = new Rng(`${seed}|${botId}|${run}`);
  return () => rng.float();
}

/** One run of one bot from `start`. */
export function runBotOnce<S, C>(rules: BotRules<S, C>, bot: Bot<S, C>, start: S, run: number, options: BotRunOptions = {}): BotRun {
  const maxCommands = options.maxCommands ?? 20_000;
  const maxRefused = options.maxRefusedInARow ?? 8;
  const policy = bot.start(start, botRandom(options.seed ?? '', bot.id, run));
  let state = start;
  let commands = 0;
  let cost = 0;
  let refusedInARow = 0;
  for (;;) {
    const status = rules.status(state);
    if (status !== 'playing') return { won: status === 'won', commands, cost, ended: status };
    if (commands >= maxCommands) return { won: false, commands, cost, ended: 'cap' };
    const command = policy(state);
    if (command === undefined) return { won: false, commands, cost, ended: 'gave-up' };
    commands++;
    const result = rules.step(state, command);
    if (!result.changed) {
      if (++refusedInARow >= maxRefused) return { won: false, commands, cost, ended: 'stuck' };
      continue;
    }
    refusedInARow = 0;
    cost += stepCost(result);
    state = result.state;
  }
}

/** Every run of one bot: its pass rate. */
export function runBot<S, C>(rules: BotRules<S, C>, bot: Bot<S, C>, start: S, options: BotRunOptions = {}): BotResult {
  const runs = Math.max(1, options.runs ?? bot.runs);
  let passed = 0;
  let winSteps = 0;
  for (let run = 0; run < runs; run++) {
    const result = runBotOnce(rules, bot, start, run, options);
    if (!result.won) continue;
    passed++;
    winSteps += result.cost;
  }
  return { id: bot.id, label: bot.label, runs, passed, passRate: passed / runs, meanWinSteps: passed > 0 ? winSteps / passed : null };
}

/** Every bot the rules offer (none: an empty list). */
export function runBots<S, C>(rules: BotRules<S, C> & { readonly bots?: readonly Bot<S, C>[] }, start: S, options: BotRunOptions = {}): BotResult[] {
  return (rules.bots ?? []).map((bot) => runBot(rules, bot, start, options));
}
