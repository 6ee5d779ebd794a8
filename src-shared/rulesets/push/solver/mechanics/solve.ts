/**
 * The push solve for levels with mechanics (push strength and heavy boxes, ice, buttons and doors,
 * teleporters) on the compiled path (board.ts, step.ts, search.ts), anytime within one state
 * budget and one stop: first a weighted search within a small share of the budget for *a*
 * solution; then the exact A* with what is left, cut at that solution's cost, which finds a
 * cheaper one (optimal), or runs dry (the solution in hand is proven optimal), or runs out and
 * keeps the solution as a bound (`par <= N`) with the lower bound it proved (`at least L`). With
 * no solution after both, a greedier search takes what is left. A stop during any phase returns
 * the best solution found so far. The generic A* over the real `step` (search/generic.ts) stays
 * as the reference the tests hold this to.
 *
 * A time-led run (the host gives `timeSpent`, with no state budget to speak of) divides the time
 * as a budget-led one divides the states: each phase for a first solution may run until its
 * share of the time is used (a deadline on the host's clock, the same shares as of the budget,
 * within the same cap before the proof's reserve), and the proof has what is left. A phase that
 * ends sooner leaves its time to the next. Before, such a run gave its whole time to the first
 * phase: under strength 2, Microban 153 at 10 s of CPU with no state budget found no solution
 * (the plain race alone ran), where the default budget of 400,000 states solves it in 5 s.
 */
import type { SolveOptions, SolveResult } from '../../../../engine/ruleset.ts';
import { countGrouped as count } from '../../../../engine/text/wording.ts';
import { DEFAULT_STATE_BUDGET, memoryText, stateBudget, statesWithin } from '../../../../search/budget.ts';
import { StopPoll, StopRequested } from '../../../../search/stop-poll.ts';
import type { PushState } from '../../board.ts';
import type { Direction } from '../../schema.ts';
import { compileMechanics, type MechanicsBoard } from './board.ts';
import { findPlainLine, solvePlainPush } from '../index.ts';
import { stepPush, pushStatus } from '../../step.ts';
import { mechanicsStateBytes, searchMechanics, type MechanicsSearchResult } from './search.ts';

export const PUSH_MECHANICS_NAME = 'push-mechanics/2';
/**
 * The searches for a first solution, in turn until one finds it, each within its share of the
 * budget. With push strength and heavy boxes only, the plain solver first (`plain`): every plain
 * line is legal here too (it never pushes into a box), and compiled and tuned for plain levels it
 * usually proves its par in a few thousand states, a par that bounds this level's (each line is
 * replayed through the real rules before it counts). Where the plain race finds none within its
 * share, the plain feature-space search (`findPlainLine`, the full-size levels' finder), with the
 * largest share: under strength 2 Microban 153 (ten boxes through one door into a one-wide column,
 * some 340 pushes) takes it 265,487 states, where the plain race's first line needs millions, and
 * 139 takes it 86,748, where the race needs about 150,000. Then weighted searches on the
 * objective, by pushes (the player normalised to its region where it may be: far fewer positions;
 * walked out, its line still bounds the moves), greedier, and the plain race again with a larger
 * share. That one runs after a feature-space line too, which is far from short (it counts box
 * moves, and is walked out): on Microban 93 that line has 165 moves, the race's 93. Each takes at
 * most what is left of the budget less PROOF_RESERVE.
 */
export const FIRST: readonly { readonly plain?: 'race' | 'features'; readonly weight?: number; readonly by?: 'pushes'; readonly share: number }[] = [
  { plain: 'race', share: 1 / 8 },
  { plain: 'features', share: 11 / 16 },
  { weight: 3, share: 1 / 16 },
  { weight: 5, by: 'pushes', share: 1 / 8 },
  { weight: 20, by: 'pushes', share: 1 / 8 },
  { plain: 'race', share: 3 / 8 },
];

/** The share of the budget the first phase leaves the exact search at least (its lower bound, `at least L`). */
export const PROOF_RESERVE = 1 / 16;

type StopCause = NonNullable<SolveResult<Direction>['stoppedBy']>;

export function solveMechanics(state: PushState, objective: 'moves' | 'pushes', options: SolveOptions): SolveResult<Direction> {
  const asked = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  const perState = mechanicsStateBytes(state.boxes.length, state.board.width * state.board.height);
  const within = statesWithin(asked, options.memoryBytes, perState);
  const budget = within.states;
  const outOfRoom: StopCause = within.byMemory ? 'memory' : 'budget';
  const poll = new StopPoll(options.shouldStop);
  const timeSpent = options.timeSpent;
  /** Where the time (in shares of the host's limit) stood when the searches began, in a time-led run. */
  const began = timeSpent?.() ?? 0;
  /**
   * A phase's stop and clock in a time-led run: the host's stop, or `until` (a share of the time)
   * reached; its own time share runs from 0 at `from` to 1 at `until`. Otherwise the host's.
   */
  const phase = (until: number): { shouldStop?: () => boolean; timeSpent?: () => number } => {
    if (!timeSpent) return { shouldStop: options.shouldStop };
    const from = timeSpent();
    return {
      shouldStop: () => poll.now() || timeSpent() >= until,
      timeSpent: () => Math.min(1, (timeSpent() - from) / Math.max(until - from, Number.EPSILON)),
    };
  };
  const base = { solver: PUSH_MECHANICS_NAME };
  const unit = objective === 'moves' ? 'moves' : 'pushes';
  const single = objective === 'moves' ? 'move' : 'push';
  const spent = { nodes: 0, stored: 0 };
  /** Progress of the phase under way, counted with what the phases before it stored (a bar that moves in every phase). */
  const report = options.progress;
  const progress = report && ((p: { readonly nodes: number; readonly stored: number }) => report({ nodes: spent.nodes + p.nodes, stored: spent.stored + p.stored }));
  let best: MechanicsSearchResult | undefined;
  let lowerBound = 0;

  const finish = (stoppedBy: StopCause): SolveResult<Direction> => {
    const bound = lowerBound > 0 ? { lowerBound } : {};
    if (best && lowerBound >= best.cost!) return { ...base, status: 'solved', solution: best.solution, optimal: true, ...spent };
    const limit = within.byMemory
      ? `The memory cap of ${memoryText(options.memoryBytes!)} (${count(budget, 'state')} at ${perState} bytes each)`
      : `The budget of ${count(budget, 'state')}`;
    const reason =
      stoppedBy === 'stopped'
        ? `The time limit or a cancel stopped the solver after ${count(spent.stored, 'state')}${best ? `: ${count(best.cost!, single, unit)} is a bound on the par, not a proven one.` : ', before it found a solution.'}`
        : `${limit} ran out ${best ? `before the par was proven: ${count(best.cost!, single, unit)} is a bound` : 'before any solution was found'}${lowerBound > 0 ? `, and it takes at least ${count(lowerBound, single, unit)}` : ''}.`;
    return best
      ? { ...base, status: 'solved', solution: best.solution, optimal: false, stoppedBy, reason, ...bound, ...spent }
      : { ...base, status: 'budget', optimal: false, stoppedBy, reason, ...bound, ...spent };
  };
  /** A search by `by` (the objective unless told), its cost in the objective's unit (a line by pushes counts its moves). */
  const run = (board: MechanicsBoard, weight: number, states: number, by: 'moves' | 'pushes' = objective, until = 1): MechanicsSearchResult => {
    const result = searchMechanics(board, {
      objective: by,
      budget: Math.max(1, states),
      weight,
      poll: timeSpent && until < 1 ? new StopPoll(phase(until).shouldStop) : poll,
      progress,
      ...(best && by === objective ? { upperBound: best.cost } : {}),
    });
    spent.nodes += result.nodes;
    spent.stored += result.stored;
    const cost = by === objective ? result.cost! : result.solution?.length;
    if (result.status === 'solved' && (!best || cost! < best.cost!)) {
      best = { ...result, cost };
      options.found?.(cost!);
    }
    return result;
  };

  let board: MechanicsBoard;
  try {
    board = compileMechanics(state, poll);
  } catch (error) {
    if (!(error instanceof StopRequested)) throw error;
    return finish('stopped');
  }
  // 1. A solution first: the plain solver's line where it is legal, else weighted searches (one
  //    that runs dry has seen every live position: none wins).
  let featureLine = false;
  const firstCap = budget - Math.floor(budget * PROOF_RESERVE);
  // In a time-led run the same shares, of the time: the first phase ends by this share of it.
  const firstUntil = began + (1 - began) * (1 - PROOF_RESERVE);
  for (const attempt of FIRST) {
    // A line from the feature-space search is far from short (it counts box moves, and is walked
    // out): the plain race still runs with its larger share, and the cheaper line is kept.
    if (best && !(featureLine && attempt.plain === 'race')) continue;
    const states = Math.min(Math.floor(budget * attempt.share), firstCap - spent.stored);
    if (states <= 0) break;
    const now = timeSpent?.() ?? 0;
    const until = Math.min(now + (1 - began) * attempt.share, firstUntil);
    if (timeSpent && until <= now) break;
    if (attempt.plain) {
      if (!board.strengthOnly || board.hopeless) continue;
      const within = phase(until);
      // Within the memory cap at their own bytes a state (more than this path's).
      const { memoryBytes } = options;
      const race = attempt.plain === 'race' ? solvePlainPush(state, { objective, budget: states, progress, memoryBytes, ...within }) : undefined;
      const plain = race ?? findPlainLine(state, { budget: states, shouldStop: within.shouldStop, progress, memoryBytes });
      spent.nodes += plain.nodes;
      spent.stored += plain.stored;
      const cost = plain.solution ? replayedCost(state, plain.solution, objective) : undefined;
      if (cost !== undefined && (!best || cost < best.cost!)) {
        best = { status: 'solved', solution: [...plain.solution!], cost, lowerBound: 0, nodes: plain.nodes, stored: plain.stored, bytesPerState: 0 };
        featureLine = attempt.plain === 'features';
        options.found?.(cost);
      }
      // Stopped: by the host, or (time-led) at the end of its share of the time, which is no stop.
      if (((race ? race.stoppedBy === 'stopped' : plain.status === 'stopped') && !timeSpent) || poll.now()) return finish('stopped');
      continue;
    }
    const found = run(board, attempt.weight!, states, attempt.by, timeSpent ? until : 1);
    if (found.status === 'unsolvable') return { ...base, status: 'unsolvable', optimal: true, ...spent };
    if (found.status === 'stopped' && (!timeSpent || poll.now())) return finish('stopped');
  }
  // 2. The proof, cut at the solution in hand.
  const exact = run(board, 1, budget - spent.stored);
  if (exact.status === 'solved') return { ...base, status: 'solved', solution: exact.solution, optimal: true, ...spent };
  if (exact.status === 'unsolvable') {
    return best ? { ...base, status: 'solved', solution: best.solution, optimal: true, ...spent } : { ...base, status: 'unsolvable', optimal: true, ...spent };
  }
  lowerBound = exact.lowerBound;
  return finish(exact.status === 'stopped' ? 'stopped' : outOfRoom);
}

/** The line's cost in the objective's unit when it wins through the real rules, else undefined. */
function replayedCost(start: PushState, line: readonly Direction[], objective: 'moves' | 'pushes'): number | undefined {
  let state = start;
  for (const dir of line) {
    const next = stepPush(state, dir);
    if (!next.changed) return undefined;
    state = next.state;
  }
  if (pushStatus(state) !== 'won') return undefined;
  return objective === 'moves' ? state.moves : state.pushes;
}
