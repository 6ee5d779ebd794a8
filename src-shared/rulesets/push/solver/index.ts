/**
 * The push solver for plain Sokoban positions: optimal A* by moves or pushes within a state
 * budget; when the budget runs out, a weighted search supplies a solution that is labelled not
 * proven optimal (a par upper bound, never a wrong par).
 *
 * The exact search runs forwards (pushes from the start) and backwards (pulls from the solved
 * position) in turns, by moves or by pushes: whichever finishes first proves the par. Levels differ wildly in
 * which way is easy: a goal area that must be filled in order is hard forwards and easy
 * backwards; a start that must be untangled is the reverse. Taking turns costs at most twice the
 * easier direction.
 */
import type { SolveOptions, SolveResult } from '../../../engine/ruleset.ts';
import type { PushState } from '../board.ts';
import type { Direction } from '../schema.ts';
import { SOLVER_DIRS, compilePlainBoard, reverseBoard, type CompiledBoard } from './compiled.ts';
import { packingOrder } from './packing.ts';
import { searchBothWays } from './both-ways.ts';
import { searchPlain, type PlainSearchOptions, type PlainSearchResult, type PushObjective } from './search.ts';
import { DEFAULT_STATE_BUDGET, stateBudget } from '../../../search/budget.ts';

export const PUSH_SOLVER_NAME = 'push-astar/1';

export interface PushSolveOptions {
  readonly objective?: PushObjective;
  readonly budget?: number;
  readonly shouldStop?: () => boolean;
  readonly progress?: SolveOptions['progress'];
  /** Skip the weighted fallback when the optimal search runs out (for cross-checks). */
  readonly noFallback?: boolean;
  readonly bound?: 'matching' | 'nearest';
  /** Merge positions that are turns or mirror images on a symmetric board (default on; see symmetry.ts). */
  readonly symmetry?: boolean;
}

export function solvePlainPush(state: PushState, options: PushSolveOptions = {}): SolveResult<Direction> {
  const objective = options.objective ?? 'moves';
  const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  const board = compilePlainBoard(state);
  // Backwards needs one start: as many boxes as goals.
  const reversed = board.boxes.length === board.goals.length && !board.hopeless ? reverseBoard(board) : undefined;
  const common = { objective, shouldStop: options.shouldStop, progress: options.progress, bound: options.bound, symmetry: options.symmetry };
  let nodes = 0;
  let stored = 0;
  let bytesPerState: number | undefined;
  // The goals' packing order (packing.ts), worked out the first time an attempt wants it.
  let order: { readonly goals?: number[] } | undefined;
  const packingGoals = (): number[] | undefined => (order ??= { goals: reversed ? packingOrder(board) : undefined }).goals;
  // Whether the host's stop ended any search (it may land after the exact search, in the
  // fallbacks or the polishing): then the result says it stopped, not that the budget ran out.
  let stopped = false;
  const run = (extra: Extra): PlainSearchResult => {
    const { packing, ...rest } = extra;
    const settings = { ...common, ...rest, ...(packing ? { packing: packingGoals() } : {}) };
    const result =
      settings.direction === 'both' && reversed
        ? searchBothWays(board, reversed, { ...settings, direction: 'push' })
        : settings.direction === 'pull' && reversed
          ? searchPlain(reversed, { ...settings, direction: 'pull' })
          : searchPlain(board, { ...settings, direction: 'push' });
    nodes += result.nodes;
    if (result.status === 'stopped') stopped = true;
    if (result.stored >= stored && result.bytesPerState) bytesPerState = result.bytesPerState;
    stored = Math.max(stored, result.stored);
    return result;
  };
  const done = (fields: Omit<SolveResult<Direction>, 'solver' | 'nodes' | 'stored'>): SolveResult<Direction> => ({
    solver: PUSH_SOLVER_NAME,
    nodes,
    stored,
    ...(bytesPerState ? { bytesPerState } : {}),
    ...fields,
  });

  // Cost of a found solution in the objective's unit (a search by pushes may stand in for moves).
  const costOf = (result: PlainSearchResult): number => (objective === 'moves' ? pathToMoves(board, result).length : result.path!.length - 1);
  /** The first of `list` to find a solution, and by which objective it searched. */
  const attempt = (list: readonly Attempt[], attemptBudget: number): { result: PlainSearchResult; by: PushObjective } | undefined => {
    const tried = new Set<string>([`1 ${objective}`]); // weight 1 on the objective is the exact search
    for (const a of list) {
      const by = a.objective ?? objective;
      const direction = a.direction ?? 'push';
      if (direction === 'pull' && !reversed) continue;
      if (a.packing && !packingGoals()) continue;
      const key = a.packing ? 'packing' : a.weight === 1 ? `1 ${by}` : `${a.weight} ${by} ${direction}`;
      if (tried.has(key)) continue;
      tried.add(key);
      const exact = a.weight === 1 && !a.packing;
      const result = run({ budget: attemptBudget, weight: a.weight, objective: by, direction: exact ? 'both' : direction, packing: a.packing });
      if (result.status === 'solved') return { result, by };
      if (result.status === 'stopped') return undefined;
    }
    return undefined;
  };

  /**
   * A solution made cheaper by optimal searches in its vicinity (positions whose boxes differ from
   * one of its positions in at most one box; search.ts `vicinity`), each around the last one found,
   * until one finds nothing cheaper. Often a solution found by pushes and walked out loses half its
   * moves (Microban 139 at 400,000 states: 751 moves to 335, the optimum).
   */
  let lastPolished: PlainSearchResult | undefined;
  const polish = (found: PlainSearchResult, floor = 0): PlainSearchResult => {
    // Polished already (nothing cheaper nearby), or it meets a proven bound: nothing to gain.
    if (options.noFallback || found === lastPolished || costOf(found) <= floor) return found;
    let polished = found;
    let cost = costOf(found);
    // All rounds together store at most the budget's worth of states.
    let spent = 0;
    for (let round = 0; round < POLISH_ROUNDS && spent < budget && cost > floor; round++) {
      const vicinity = polished.path!.map((position) => position.boxes);
      const better = run({ budget: Math.min(longer, budget - spent), direction: 'push', upperBound: cost, vicinity });
      spent += better.stored;
      if (better.status !== 'solved') break;
      const betterCost = costOf(better);
      if (betterCost >= cost) break;
      polished = better;
      cost = betterCost;
    }
    lastPolished = polished;
    return polished;
  };

  // 1. Quick weighted searches for an upper bound: the exact search then only looks for cheaper
  //    solutions, and exhausting that space proves the bound optimal.
  // No search stores more than the budget, however small it is (a floor of 1,000 states for the
  // quick searches once let a budget of 10 store 686).
  const quickBudget = Math.min(QUICK_BUDGET, budget, Math.max(1000, Math.floor(budget / 8)));
  const longer = Math.min(budget, quickBudget * 2);
  const quick = options.noFallback ? undefined : attempt(QUICK, quickBudget);
  let best = quick?.result;
  if (quick && objective === 'moves' && quick.by === 'pushes') {
    // The bound came from a search by pushes; walked out it can be far from the best by moves.
    // A longer weighted search by moves, cut at that bound, often halves it.
    const better = run({ budget: longer, weight: QUICK[0].weight, upperBound: costOf(quick.result) });
    if (better.status === 'solved') best = better;
  }
  if (best && objective === 'moves' && reversed) {
    // Weighted backwards by moves often finds the optimum outright where forwards does not (on
    // symmetric rings like Microban 145 and 146): a tighter bound stores fewer states, and is the
    // par reported if the exact search runs out.
    for (const weight of [8, 4]) {
      const pulled = run({ budget: Math.min(budget, Math.max(1000, Math.floor(quickBudget / 4))), weight, direction: 'pull', upperBound: costOf(best) });
      if (pulled.status === 'solved' && costOf(pulled) < costOf(best)) best = pulled;
    }
  }
  // Before a long exact search, polish the bound: it is the par reported if a stop cuts the
  // search short (no polishing happens after a stop). Within a short budget the polishing after a
  // budget stop (step 4) gives the same pars for less time.
  if (best && budget >= POLISH_FIRST_BUDGET) best = polish(best);
  // 2. Exact A*, forwards and backwards in turns.
  const exact = run({ budget, direction: 'both', ...(best ? { upperBound: costOf(best) } : {}) });
  if (exact.status === 'solved') return done({ status: 'solved', optimal: true, solution: pathToMoves(board, exact) });
  if (exact.status === 'unsolvable') {
    return best
      ? done({ status: 'solved', optimal: true, solution: pathToMoves(board, best) })
      : done({ status: 'unsolvable', optimal: true });
  }
  // 3. Out of budget with no solution in hand: the same searches with the whole budget.
  if (!best && !options.noFallback && exact.status === 'budget') {
    best = attempt(FALLBACKS, budget)?.result;
    if (best) best = polish(best, exact.lowerBound);
  }
  if (!best) return done({ status: 'budget', optimal: false, stoppedBy: stopped ? 'stopped' : 'budget', lowerBound: exact.lowerBound });
  // 4. Out of budget with a solution that is only a bound: short weighted searches on the
  //    objective, backwards where there is one (they find cheaper solutions far more often than
  //    forwards), each cut at the best so far, often bring the bound far down (at 400,000 states,
  //    Microban 146 by moves goes from 151 to 51, 144 from 225 to 170).
  if (exact.status === 'budget' && !options.noFallback && !stopped) {
    for (const weight of [8, 4]) {
      if (costOf(best) <= exact.lowerBound) break;
      const better = run({ budget: longer, weight, direction: reversed ? 'pull' : 'push', upperBound: costOf(best) });
      if (better.status === 'stopped') break;
      if (better.status === 'solved' && costOf(better) < costOf(best)) best = better;
    }
    best = polish(best, exact.lowerBound);
  }
  const solution = pathToMoves(board, best);
  const cost = objective === 'moves' ? solution.length : best.path!.length - 1;
  // A solution found after the stop can meet the bound the exact search proved: then it is optimal.
  if (exact.lowerBound >= cost) return done({ status: 'solved', optimal: true, solution });
  return done({ status: 'solved', optimal: false, stoppedBy: stopped ? 'stopped' : 'budget', solution, lowerBound: exact.lowerBound });
}

interface Attempt {
  readonly weight: number;
  readonly objective?: PushObjective;
  /** Weighted searches go one way; exact ones go both ways in turns. */
  readonly direction?: 'push' | 'pull';
  /** Fill the goals in a packing order (search.ts `packing`; by pushes, forwards). */
  readonly packing?: boolean;
}

type Extra = Partial<Pick<PlainSearchOptions, 'weight' | 'upperBound' | 'objective' | 'vicinity'>> & {
  readonly budget: number;
  /** `both`: forwards and backwards in turns (see searchBothWays), when the level has a backwards. */
  readonly direction?: 'push' | 'pull' | 'both';
  readonly packing?: boolean;
};

/** At most this many vicinity searches polish one solution (each usually gains less than the last). */
const POLISH_ROUNDS = 12;
/** Budgets from which a solution is polished before the exact search, not only after it. */
const POLISH_FIRST_BUDGET = 2_000_000;
/** The quick searches get at most this many states each: a shortcut, not the main effort. */
const QUICK_BUDGET = 1_000_000;
/**
 * Searches for a first solution, cheapest first: weighted A* on the objective, then by pushes
 * (far fewer positions, as the player is normalised to its region; walked out, its solution still
 * bounds the moves), filling the goals in a packing order (goal rooms), weighted backwards, and
 * exact, then greedier still.
 */
const QUICK: readonly Attempt[] = [
  { weight: 4 },
  { weight: 4, objective: 'pushes' },
  { weight: 1, objective: 'pushes', packing: true },
  { weight: 4, objective: 'pushes', direction: 'pull' },
  { weight: 1, objective: 'pushes' },
  { weight: 10 },
];
/** After the exact search ran out of budget with no solution: the same with the whole budget. */
const FALLBACKS: readonly Attempt[] = [
  { weight: 10 },
  { weight: 4, objective: 'pushes' },
  { weight: 1, objective: 'pushes', packing: true },
  { weight: 4, objective: 'pushes', direction: 'pull' },
  { weight: 1, objective: 'pushes' },
  { weight: 3 },
];

/** Expand push positions into player moves: the shortest walk to each push, then the push. */
export function pathToMoves(board: CompiledBoard, result: PlainSearchResult): Direction[] {
  const path = result.path!;
  const moves: Direction[] = [];
  let player = board.player;
  const occupied = new Uint8Array(board.size);
  const from = new Int32Array(board.size);
  const via = new Int8Array(board.size);
  for (let s = 1; s < path.length; s++) {
    const before = path[s - 1].boxes;
    const after = path[s].boxes;
    const moved = before.find((c) => !after.includes(c))!;
    const target = after.find((c) => !before.includes(c))!;
    let dir = 0;
    while (board.nbr[moved * 4 + dir] !== target) dir++;
    const pusher = board.nbr[moved * 4 + (dir ^ 1)];
    occupied.fill(0);
    for (const b of before) occupied[b] = 1;
    moves.push(...walk(board, occupied, player, pusher, from, via));
    moves.push(SOLVER_DIRS[dir]);
    player = moved;
  }
  return moves;
}

function walk(board: CompiledBoard, occupied: Uint8Array, start: number, goal: number, from: Int32Array, via: Int8Array): Direction[] {
  if (start === goal) return [];
  from.fill(-1);
  from[start] = start;
  const queue = [start];
  for (let head = 0; head < queue.length && from[goal] < 0; head++) {
    const c = queue[head];
    for (let d = 0; d < 4; d++) {
      const m = board.nbr[c * 4 + d];
      if (m >= 0 && from[m] < 0 && !occupied[m]) {
        from[m] = c;
        via[m] = d;
        queue.push(m);
      }
    }
  }
  if (from[goal] < 0) throw new Error('push solver: no walk to the pushing cell (internal error)');
  const out: Direction[] = [];
  for (let c = goal; c !== start; c = from[c]) out.push(SOLVER_DIRS[via[c]]);
  return out.reverse();
}
