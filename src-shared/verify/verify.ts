/**
 * Verification: lint -> solve within a state budget -> replay check -> metrics. The solution a
 * solver returns is replayed through the real `step` before it is believed (the engine is the one
 * source of truth; a solver is only a proposal).
 */
import { hasErrors } from '../engine/diagnostics.ts';
import { levelContentHash } from '../engine/fingerprint.ts';
import { statesAlong } from '../engine/replay.ts';
import type { LevelMeta, Rules, SolveOptions, SolveResult } from '../engine/ruleset.ts';
import { astar } from '../search/generic.ts';
import type { Verification } from './record.ts';
import { DEFAULT_STATE_BUDGET, stateBudget } from '../search/budget.ts';

export interface VerifyOptions {
  readonly budget?: number;
  readonly objective?: string;
  readonly shouldStop?: () => boolean;
  /** Search progress, reported where `shouldStop` is polled (see `SolveOptions.progress`). */
  readonly progress?: SolveOptions['progress'];
  /** Milliseconds clock supplied by the host (src-shared reads no clock of its own). */
  readonly clock?: () => number;
  /** Storage for precomputed solver tables, where the host has some. */
  readonly tables?: SolveOptions['tables'];
}

/** Solve a state with the kind's solver, or the generic A* where the kind has none. */
export function solveState<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, state: S, options: VerifyOptions = {}): SolveResult<C> {
  const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  const { shouldStop, progress, tables } = options;
  if (rules.solve) return rules.solve(state, { budget, objective: options.objective, shouldStop, progress, tables });
  return astar(rules, state, { budget, shouldStop, progress });
}

export function verifyLevel<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, input: unknown, options: VerifyOptions = {}): Verification {
  const clock = options.clock ?? (() => 0);
  const started = clock();
  const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  const objective = options.objective ?? 'moves';
  const loaded = rules.load(input);
  const contentHash = loaded.level ? levelContentHash(rules.kind, loaded.level) : '';
  const blank = {
    kind: rules.kind,
    objective,
    par: null,
    pushes: null,
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
  const base = {
    ...blank,
    nodes: result.nodes,
    stored: result.stored,
    stoppedBy: result.stoppedBy ?? null,
    lowerBound: !result.optimal && result.lowerBound ? result.lowerBound : null,
    solver: result.solver,
    diagnostics: [...diagnostics],
  };
  if (result.status !== 'solved' || !result.solution) {
    const metrics = rules.metrics?.(start) ?? {};
    return { ...base, status: result.status, optimal: result.optimal, metrics, ms: clock() - started };
  }
  const states = statesAlong(rules, start, result.solution);
  if (rules.status(states[states.length - 1]) !== 'won') {
    throw new Error(`${result.solver} returned a solution that does not win under the rules (${rules.kind})`);
  }
  // A game ends at its first won or lost state: a solution may not pass through one (a kind whose
  // step goes on after a loss must not verify a path through it).
  const ended = states.slice(0, -1).findIndex((s) => rules.status(s) !== 'playing');
  if (ended >= 0) {
    throw new Error(`${result.solver} returned a solution that passes through an ended game (${rules.status(states[ended])} after ${ended} commands; ${rules.kind})`);
  }
  const metrics = rules.metrics?.(start, result.solution) ?? {};
  return {
    ...base,
    status: 'solved',
    optimal: result.optimal,
    par: result.solution.length,
    pushes: typeof metrics.pushes === 'number' ? metrics.pushes : null,
    solution: rules.encodeSolution(start, result.solution),
    metrics,
    ms: clock() - started,
  };
}

export interface Hint<C> {
  readonly status: SolveResult<C>['status'];
  /** The first command of an optimal solution from the given state. */
  readonly command?: C;
  /** Commands still needed from the given state (when solved). */
  readonly distance?: number;
  readonly optimal: boolean;
}

/** A hint from the current state, not the level's start (seed 000: a player off the best path). */
export function hintFrom<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, state: S, options: VerifyOptions = {}): Hint<C> {
  if (rules.status(state) === 'won') return { status: 'solved', distance: 0, optimal: true };
  const result = solveState(rules, state, options);
  if (result.status !== 'solved' || !result.solution) return { status: result.status, optimal: result.optimal };
  return { status: 'solved', command: result.solution[0], distance: result.solution.length, optimal: result.optimal };
}
