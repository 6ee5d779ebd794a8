/**
 * Distance to goal: the optimal cost still needed to win from a state (the kind's primary
 * objective, in its unit), or that it can never be won. The replay scrubber draws it under the
 * timeline, one value per step, so it must share work between consecutive states:
 * - answers are kept by the search key (equal keys have equal futures), so a position the player
 *   returns to (undo, restart, walking back) is never solved twice;
 * - one optimal solve answers every state along its solution: the rest of an optimal line is
 *   optimal from each state on it (a player following the best line costs one solve in all);
 * - a kind's cheap `deadEnd` (dead squares, frozen boxes, parity) answers "dead" before any
 *   search; the generic answer is an exhausted search (status `unsolvable`);
 * - every search gets the same `tables` (the search facet's `SolveOptions.tables`): the host's
 *   storage when it offers one (a worker's, the CLI's folder), else one the oracle keeps in
 *   memory, so what a kind's solve precomputes for the first state (a sliding board's pattern
 *   databases; whatever a kind keeps there) serves the following ones. No kind is named here.
 * When the budget runs out the answer is "at least L" with the solver's proven bound.
 *
 * A maximised objective (a score) reads the other way: `distance` is the most of it still to gain
 * from the state (the best line's gain over the value now), an ended game has nothing left to
 * gain (0, never dead: a score game simply ends), and a search out of budget gives the gain of
 * the best line it found as `lowerBound` (at least that much is still reachable). The states of a
 * proven best line are answered by it as a shortest line's are: its rest is best from each.
 */
import { costAlong } from '../engine/play/replay.ts';
import { senseOf, stepCost, type LevelMeta, type ObjectiveSense, type Rules } from '../engine/ruleset.ts';
import type { SolverTables } from '../engine/contract/search.ts';
import { solveState, type VerifyOptions } from './verify.ts';

export interface StateDistance {
  /** The optimal cost left (a maximised objective: the most still to gain); null when not known (dead, or the budget ran out). */
  readonly distance: number | null;
  /** A proven lower bound when the exact value is not known (and the state is not dead): at least this cost left, or this gain still reachable. */
  readonly lowerBound?: number;
  /** The state can never be won (an ended game that is not won counts). */
  readonly dead: boolean;
  /** How it was known: the game's end, the kind's cheap test, a search, an earlier solve's optimal line, or a bound only. */
  readonly source: 'end' | 'cheap' | 'search' | 'line' | 'bound';
}

export const WON: StateDistance = { distance: 0, dead: false, source: 'end' };
const DEAD_END: StateDistance = { distance: null, dead: true, source: 'end' };
const DEAD_CHEAP: StateDistance = { distance: null, dead: true, source: 'cheap' };
const DEAD_SEARCHED: StateDistance = { distance: null, dead: true, source: 'search' };

/** Solver tables in memory, for the life of their holder (an oracle offered no storage by its host). */
export function memorySolverTables(): SolverTables {
  const kept = new Map<string, Uint8Array>();
  return { get: (name) => kept.get(name), put: (name, data) => void kept.set(name, data) };
}

export interface OracleOptions extends VerifyOptions {
  /**
   * Give every search the same tables (default true): the host's `tables`, else the oracle's own
   * in memory. False: only what the host gave (the bench's "before").
   */
  readonly shareTables?: boolean;
}

/** Answers distances for the states of one level under one set of rules, sharing work between them. */
export class DistanceOracle<L extends LevelMeta, S, C> {
  private readonly known = new Map<string, StateDistance>();
  /** Searches run so far (the rest were answered from earlier work). */
  solves = 0;

  private readonly rules: Rules<L, S, C>;
  private readonly options: VerifyOptions;
  /** The objective the distance is in, and which way it is better. */
  private readonly objective: string;
  readonly sense: ObjectiveSense;

  constructor(rules: Rules<L, S, C>, { shareTables = true, ...options }: OracleOptions = {}) {
    this.rules = rules;
    this.objective = options.objective ?? rules.objectives[0].id;
    this.sense = senseOf(rules.objectives, this.objective);
    this.options = shareTables && !options.tables ? { ...options, tables: memorySolverTables() } : options;
  }

  /** The answer for `state`, solving it only when nothing known answers it. */
  distance(state: S): StateDistance {
    const { rules } = this;
    const status = rules.status(state);
    if (status === 'won' || (status === 'lost' && this.sense === 'maximise')) return WON;
    if (status === 'lost') return DEAD_END;
    const key = rules.key(state);
    const cached = this.known.get(key);
    if (cached) return cached;
    const answer = this.answer(state);
    this.known.set(key, answer);
    return answer;
  }

  /** States answered so far (by key). */
  get answered(): number {
    return this.known.size;
  }

  private answer(state: S): StateDistance {
    const { rules } = this;
    if (this.sense === 'maximise') return this.gainLeft(state);
    if (rules.deadEnd?.(state)) return DEAD_CHEAP;
    this.solves++;
    const result = solveState(rules, state, this.options);
    if (result.status === 'unsolvable') return DEAD_SEARCHED;
    if (result.status === 'solved' && result.solution && result.optimal) {
      const { cost } = costAlong(rules, state, result.solution);
      // Every state on an optimal line is answered by it: the rest of the line is optimal from there.
      let at = state;
      let spent = 0;
      for (const command of result.solution) {
        const step = rules.step(at, command);
        if (step.changed) spent += stepCost(step);
        at = step.state;
        const key = rules.key(at);
        if (!this.known.has(key)) this.known.set(key, { distance: cost - spent, dead: false, source: 'line' });
      }
      return { distance: cost, dead: false, source: 'search' };
    }
    const bound = Math.max(result.lowerBound ?? 0, rules.lowerBound?.(state) ?? 0);
    return { distance: null, lowerBound: Number.isFinite(bound) ? bound : 0, dead: false, source: 'bound' };
  }

  /** A maximised objective: the most still to gain, from the best line the search finds. */
  private gainLeft(state: S): StateDistance {
    const { rules } = this;
    const value = (s: S): number => rules.counters(s)[this.objective] ?? 0;
    this.solves++;
    const result = solveState(rules, state, this.options);
    if (!result.solution) return { distance: null, lowerBound: 0, dead: false, source: 'bound' };
    const { states } = costAlong(rules, state, result.solution);
    const best = value(states[states.length - 1]);
    if (!result.optimal) return { distance: null, lowerBound: Math.max(0, best - value(state)), dead: false, source: 'bound' };
    for (const at of states.slice(1)) {
      const key = rules.key(at);
      if (!this.known.has(key)) this.known.set(key, { distance: best - value(at), dead: false, source: 'line' });
    }
    return { distance: best - value(state), dead: false, source: 'search' };
  }
}

/** The generic "can this state still be won": the kind's cheap test, else an exhausted search. */
export function deadOrDistance<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, state: S, options: VerifyOptions = {}): StateDistance {
  return new DistanceOracle(rules, options).distance(state);
}
