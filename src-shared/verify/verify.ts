/**
 * Verification: lint -> solve within a state budget -> replay check -> metrics. The solution a
 * solver returns is replayed through the real `step` before it is believed (the engine is the one
 * source of truth; a solver is only a proposal), and measured by the rules' own counters.
 */
import { hasErrors, type Diagnostic } from '../engine/diagnostics.ts';
import { levelContentHash } from '../engine/fingerprint.ts';
import { costAlong } from '../engine/play/replay.ts';
import { botMetrics, senseOf, type LevelMeta, type Rules, type SolveOptions, type SolveResult, type StopCause } from '../engine/ruleset.ts';
import { runBots } from '../engine/play/bots.ts';
import { astar } from '../search/generic.ts';
import { bestScore } from '../search/best-score.ts';
import type { Verification } from './record.ts';
import { DEFAULT_STATE_BUDGET, stateBudget } from '../search/budget.ts';

export interface VerifyOptions {
  readonly budget?: number;
  /** The id of one of the kind's objectives; the first (primary) one by default. */
  readonly objective?: string;
  readonly shouldStop?: () => boolean;
  /** Search progress, reported where `shouldStop` is polled (see `SolveOptions.progress`). */
  readonly progress?: SolveOptions['progress'];
  /** Milliseconds clock supplied by the host (src-shared reads no clock of its own). */
  readonly clock?: () => number;
  /** Storage for precomputed solver tables, where the host has some. */
  readonly tables?: SolveOptions['tables'];
  /** Run the kind's bots (the verification facet) and record their pass rates; true by default. */
  readonly bots?: boolean;
  /** The cap on the search's own tables, in bytes (`SolveOptions.memoryBytes`). */
  readonly memoryBytes?: number;
  /**
   * Why `shouldStop` fired, asked when a solver answers that the host stopped it: the host owns
   * the stop and knows whether its time limit came or a cancel did.
   */
  readonly stopCause?: () => 'time' | 'cancelled' | undefined;
  /** The share of the host's time limit used so far (`SolveOptions.timeSpent`). */
  readonly timeSpent?: () => number;
  /** This verification is one part of several run at once (`SolveOptions.part`; parts.ts keeps their best). */
  readonly part?: SolveOptions['part'];
}

/**
 * Each of the kind's bots run through the real `step` from the start: their pass rates as metrics
 * (`bot.<id>`), none when the host said stop or the kind offers no bots.
 */
function botFigures<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, options: VerifyOptions): Record<string, number> {
  if (options.bots === false || !rules.bots?.length || options.shouldStop?.()) return {};
  return botMetrics(runBots(rules, start));
}

/**
 * Solve a state with the kind's solver, or where the kind has none the generic search for the
 * objective's sense: A* (fewest cost) for a minimised one, best-first branch and bound (highest
 * score) for a maximised one.
 */
export function solveState<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, state: S, options: VerifyOptions = {}): SolveResult<C> {
  const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  const { shouldStop, progress, tables, memoryBytes, timeSpent, part } = options;
  const objective = options.objective ?? rules.objectives[0].id;
  const result = rules.solve
    ? rules.solve(state, { budget, objective: options.objective, shouldStop, progress, tables, memoryBytes, ...(timeSpent ? { timeSpent } : {}), ...(part ? { part } : {}) })
    : senseOf(rules.objectives, objective) === 'maximise'
      ? bestScore(rules, state, objective, { budget, shouldStop, progress, memoryBytes })
      : astar(rules, state, { budget, shouldStop, progress, memoryBytes });
  if (result.stoppedBy !== 'stopped') return result;
  const cause = options.stopCause?.();
  return cause ? { ...result, stoppedBy: cause } : result;
}

/** The proven bound a stopped search gives on the best value, on the side its sense proves (see record.ts `provenBound`). */
function provenBoundOf(result: SolveResult<unknown>, sense: 'minimise' | 'maximise'): number | null {
  if (result.optimal) return null;
  // A lower bound of 0 moves says nothing; an upper bound of 0 points is a real bound.
  if (sense === 'maximise') return result.upperBound ?? null;
  return result.lowerBound ? result.lowerBound : null;
}

/** A counter's change from `start` to `end` (0 where the rules keep no such counter). */
function counted<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, end: S, id: string): number {
  return (rules.counters(end)[id] ?? 0) - (rules.counters(start)[id] ?? 0);
}

export function verifyLevel<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, input: unknown, options: VerifyOptions = {}): Verification {
  const clock = options.clock ?? (() => 0);
  const started = clock();
  const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  const objective = options.objective ?? rules.objectives[0].id;
  const loaded = rules.load(input);
  const contentHash = loaded.level ? levelContentHash(rules.kind, loaded.level) : '';
  const blank = {
    kind: rules.kind,
    objective,
    value: null,
    par: null,
    solution: null,
    nodes: 0,
    stored: 0,
    budget,
    stoppedBy: null,
    solver: '',
    metrics: {},
    rulesFingerprint: rules.fingerprint,
    contentHash,
  };
  const diagnostics = loaded.level ? rules.lint(loaded.level) : loaded.diagnostics;
  if (!loaded.state || hasErrors(diagnostics)) {
    return { ...blank, status: 'invalid', optimal: false, ms: clock() - started, diagnostics: [...diagnostics] };
  }
  const start = loaded.state;
  const result = solveState(rules, start, { ...options, budget, objective });
  // Why the search stopped early, where the solver says: shown with the proof.
  const reason: Diagnostic[] = result.reason ? [{ severity: 'info', code: 'solve.stopped', message: result.reason }] : [];
  const base = {
    ...blank,
    nodes: result.nodes,
    stored: result.stored,
    stoppedBy: result.stoppedBy ?? null,
    provenBound: provenBoundOf(result, senseOf(rules.objectives, objective)),
    solver: result.solver,
    diagnostics: [...diagnostics, ...reason],
  };
  if (result.status !== 'solved' || !result.solution) {
    const metrics = { ...(rules.metrics?.(start) ?? {}), ...botFigures(rules, start, options) };
    return { ...base, status: result.status, optimal: result.optimal, metrics, ms: clock() - started };
  }
  const figures = solvedFigures(rules, start, result.solution, objective, result.solver);
  return { ...base, ...figures, metrics: { ...figures.metrics, ...botFigures(rules, start, options) }, optimal: result.optimal, ms: clock() - started };
}

/**
 * A solution replayed through the real `step` and measured by the rules' counters: it must pass
 * through no ended game; for a minimised objective it must end won and the primary counter must
 * equal its cost; for a maximised one it may end anywhere (the score reached is its value). Throws
 * when the solution breaks one of those (`source` names who proposed it).
 */
function solvedFigures<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, solution: readonly C[], objective: string, source: string) {
  const primary = rules.objectives[0];
  const { states, cost } = costAlong(rules, start, solution);
  const end = states[states.length - 1];
  if (senseOf(rules.objectives, objective) === 'minimise' && rules.status(end) !== 'won') {
    throw new Error(`${source} returned a solution that does not win under the rules (${rules.kind})`);
  }
  // A game ends at its first won or lost state: a solution may not pass through one (a kind whose
  // step goes on after a loss must not verify a path through it).
  const ended = states.slice(0, -1).findIndex((s) => rules.status(s) !== 'playing');
  if (ended >= 0) {
    throw new Error(`${source} returned a solution that passes through an ended game (${rules.status(states[ended])} after ${ended} commands; ${rules.kind})`);
  }
  // The searches minimise the steps' cost; a kind's primary counter must count the same thing,
  // or a par "proven optimal" would be optimal in something else.
  const par = counted(rules, start, end, primary.id);
  if (primary.sense === 'minimise' && par !== cost) {
    throw new Error(`${rules.kind}: the '${primary.id}' counter says ${par} but the steps cost ${cost}: the primary objective must be the sum of step costs`);
  }
  const metrics: Record<string, number> = { ...(rules.metrics?.(start, solution) ?? {}) };
  for (const secondary of rules.objectives.slice(1)) metrics[secondary.id] = counted(rules, start, end, secondary.id);
  const value = objective === primary.id ? par : counted(rules, start, end, objective);
  return { status: 'solved' as const, value, par, solution: rules.encodeSolution(start, solution), metrics };
}

/** A proof made elsewhere under the same rules (the candidates bench): its solution and what it cost. */
export interface ProvenSolution {
  /** The solution in the kind's text form. */
  readonly solution: string;
  /** The par the prover claims, checked against the replay. */
  readonly par: number;
  readonly optimal: boolean;
  /** Who proved it, shown as the verification's solver. */
  readonly solver: string;
  readonly budget: number;
}

/**
 * The verification record of a proof made elsewhere under these rules (the candidates bench proves
 * each candidate's par with the real solver before it is kept): the solution is replayed and measured
 * exactly as `verifyLevel` does with a solver's, and refused (undefined) when the level does not load,
 * the text does not decode, or the replay does not win in the claimed par.
 */
export function verifyProvenSolution<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, input: unknown, proof: ProvenSolution): Verification | undefined {
  const loaded = rules.load(input);
  if (!loaded.level || !loaded.state || hasErrors(rules.lint(loaded.level))) return undefined;
  const decoded = rules.decodeSolution(proof.solution);
  if (!decoded.commands) return undefined;
  const primary = rules.objectives[0].id;
  let figures: ReturnType<typeof solvedFigures>;
  try {
    figures = solvedFigures(rules, loaded.state, decoded.commands, primary, proof.solver);
  } catch {
    return undefined;
  }
  if (figures.par !== proof.par) return undefined;
  return {
    kind: rules.kind,
    objective: primary,
    provenBound: null,
    nodes: 0,
    stored: 0,
    ms: 0,
    budget: proof.budget,
    stoppedBy: null,
    solver: proof.solver,
    diagnostics: [],
    rulesFingerprint: rules.fingerprint,
    contentHash: levelContentHash(rules.kind, loaded.level),
    ...figures,
    metrics: { ...figures.metrics, ...botFigures(rules, loaded.state, {}) },
    optimal: proof.optimal,
  };
}

export interface Hint<C> {
  readonly status: SolveResult<C>['status'];
  /** The first command of an optimal solution from the given state. */
  readonly command?: C;
  /**
   * What the rest of the solution is worth from the given state (when solved): for a minimised
   * primary objective what it costs (a step of it lowers this by its own cost); for a maximised
   * one, the points still to score along it.
   */
  readonly distance?: number;
  readonly optimal: boolean;
  /** Why the search stopped before it finished (as `SolveResult.stoppedBy`), when it did. */
  readonly stoppedBy?: StopCause;
  /** Why the search stopped early, where the solver says. */
  readonly reason?: string;
}

/** A hint from the current state, not the level's start (seed 000: a player off the best path). */
export function hintFrom<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, state: S, options: VerifyOptions = {}): Hint<C> {
  const objective = options.objective ?? rules.objectives[0].id;
  const maximise = senseOf(rules.objectives, objective) === 'maximise';
  if (rules.status(state) === 'won' || (maximise && rules.status(state) !== 'playing')) return { status: 'solved', distance: 0, optimal: true };
  const result = solveState(rules, state, options);
  const stopped = result.stoppedBy ? { stoppedBy: result.stoppedBy } : {};
  if (result.status !== 'solved' || !result.solution) return { status: result.status, optimal: result.optimal, ...stopped, ...(result.reason ? { reason: result.reason } : {}) };
  const { states, cost } = costAlong(rules, state, result.solution);
  const distance = maximise ? counted(rules, state, states[states.length - 1], objective) : cost;
  return { status: 'solved', ...(result.solution.length > 0 ? { command: result.solution[0] } : {}), distance, optimal: result.optimal, ...stopped };
}
