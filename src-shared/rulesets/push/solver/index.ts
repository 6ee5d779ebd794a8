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
import { SolveLedger } from './ledger.ts';
import { StopPoll, StopRequested } from './stop.ts';
import { UNREACHABLE, nearestGoalPushes } from '../analysis.ts';

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
  const [one, many] = objective === 'moves' ? ['move', 'moves'] : ['push', 'pushes'];
  // Before any table (they take goals x cells): a solution passes through at least its pushes
  // plus one positions, and every search stores all of them.
  const least = leastPushes(state);
  if (least !== undefined && least + 1 > budget) {
    const reason =
      `The board has ${count(state.boxes.length, 'box', 'boxes')} needing at least ${count(least, 'push', 'pushes')}: too many for a solution within ` +
      `${count(budget, 'state', 'states')} (one passes through ${count(least + 1, 'position', 'positions')}, each stored).`;
    return { solver: PUSH_SOLVER_NAME, status: 'budget', optimal: false, nodes: 0, stored: 0, stoppedBy: 'budget', lowerBound: least, reason };
  }
  const poll = new StopPoll(options.shouldStop);
  const ledger = new SolveLedger(budget, poll);
  const common = { objective, poll, progress: options.progress, bound: options.bound, symmetry: options.symmetry };
  // Hoisted for a stop in a precomputation (StopRequested, below): the best solution so far.
  let board: CompiledBoard | undefined;
  let best: PlainSearchResult | undefined;
  let lowerBound = least ?? 0;
  const done = (fields: Omit<SolveResult<Direction>, 'solver' | 'nodes' | 'stored'>): SolveResult<Direction> => {
    const stored = ledger.spent;
    let reason: string | undefined;
    if (fields.stoppedBy === 'stopped') {
      reason = `The time limit or a cancel stopped the solver after ${count(stored, 'state', 'states')}`;
      reason += fields.solution ? `: ${count(costOf(best!), one, many)} is a bound on the par, not a proven one.` : ', before it found a solution.';
    } else if (fields.stoppedBy === 'budget') {
      reason = `The budget of ${count(budget, 'state', 'states')} ran out`;
      reason += fields.solution
        ? ` before the par was proven: ${count(costOf(best!), one, many)} is a bound, and it takes at least ${count(lowerBound, one, many)}.`
        : ` before any solution was found (it takes at least ${count(lowerBound, one, many)}).`;
    }
    return {
      solver: PUSH_SOLVER_NAME,
      nodes: ledger.nodes,
      stored,
      ...(ledger.bytesPerState ? { bytesPerState: ledger.bytesPerState } : {}),
      ...fields,
      ...(reason ? { reason } : {}),
    };
  };
  const stoppedBy = (): 'stopped' | 'budget' => (ledger.stopped ? 'stopped' : 'budget');
  // Cost of a found solution in the objective's unit (a search by pushes may stand in for moves).
  const costOf = (result: PlainSearchResult): number => (objective === 'moves' ? pathToMoves(board!, result).length : result.path!.length - 1);
  try {
    board = compilePlainBoard(state, poll);
    return solveCompiled(board);
  } catch (error) {
    if (!(error instanceof StopRequested)) throw error;
    // The stop came in a precomputation (tables, the packing order, a large matching).
    if (board && best) return done({ status: 'solved', optimal: false, stoppedBy: 'stopped', solution: pathToMoves(board, best), lowerBound });
    return done({ status: 'budget', optimal: false, stoppedBy: 'stopped', lowerBound });
  }

  function solveCompiled(board: CompiledBoard): SolveResult<Direction> {
    // Backwards needs one start: as many boxes as goals.
    const reversed = board.boxes.length === board.goals.length && !board.hopeless ? reverseBoard(board, poll) : undefined;
    // The goals' packing order (packing.ts), worked out the first time an attempt wants it.
    let order: { readonly goals?: number[] } | undefined;
    const packingGoals = (): number[] | undefined => (order ??= { goals: reversed ? packingOrder(board, poll) : undefined }).goals;
    /** A search granted at most `extra.budget` states of what is left (none once stopped or spent). */
    const run = (extra: Extra): PlainSearchResult => {
      const { packing, softBudget, ...rest } = extra;
      const granted = ledger.grant(extra.budget);
      if (granted === 0) return { status: ledger.stopped ? 'stopped' : 'budget', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 };
      const settings = { ...common, ...rest, budget: granted, ...(packing ? { packing: packingGoals() } : {}) };
      const result =
        settings.direction === 'both' && reversed
          ? searchBothWays(board, reversed, { ...settings, direction: 'push', softBudget: softBudget === undefined ? undefined : Math.min(granted, softBudget) })
          : settings.direction === 'pull' && reversed
            ? searchPlain(reversed, { ...settings, direction: 'pull' })
            : searchPlain(board, { ...settings, direction: 'push' });
      ledger.charge(result);
      return result;
    };

    const failedWith = new Map<string, number>();
    /**
     * The first of `list` to find a solution, and by which objective it searched; each attempt
     * gets at most `each` states and, of what `pool()` says is left to the phase, its share.
     */
    const attempt = (list: readonly Attempt[], each: number, pool: () => number): { result: PlainSearchResult; by: PushObjective } | undefined => {
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
        const allowance = Math.min(each, pool());
        // Searches are deterministic: one that ran out with as many states fails again.
        if ((failedWith.get(key) ?? 0) >= allowance) continue;
        const result = run({ budget: allowance, weight: a.weight, objective: by, direction: exact ? 'both' : direction, packing: a.packing });
        if (result.status === 'solved') return { result, by };
        if (result.status === 'budget') failedWith.set(key, Math.max(failedWith.get(key) ?? 0, result.stored));
        if (ledger.stopped) return undefined;
      }
      return undefined;
    };

    /**
     * A solution made cheaper by optimal searches in its vicinity (positions whose boxes differ from
     * one of its positions in at most one box; search.ts `vicinity`), each around the last one found,
     * until one finds nothing cheaper, within `allowance` states in all. Often a solution found by
     * pushes and walked out loses half its moves (Microban 139 at 400,000 states: 751 moves to 335,
     * the optimum).
     */
    let lastPolished: PlainSearchResult | undefined;
    const polish = (found: PlainSearchResult, allowance: number, floor = 0): PlainSearchResult => {
      // Polished already (nothing cheaper nearby), or it meets a proven bound: nothing to gain.
      if (options.noFallback || found === lastPolished || costOf(found) <= floor) return found;
      let polished = found;
      let cost = costOf(found);
      const until = ledger.spent + ledger.grant(allowance);
      for (let round = 0; round < POLISH_ROUNDS && ledger.spent < until && cost > floor; round++) {
        const vicinity = polished.path!.map((position) => position.boxes);
        const better = run({ budget: Math.min(longer, until - ledger.spent), direction: 'push', upperBound: cost, vicinity });
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
    //    solutions, and exhausting that space proves the bound optimal. They, and the searches that
    //    tighten their bound, share a small part of the budget; a failed one costs its whole share.
    const quickEnd = Math.max(Math.floor(budget * QUICK_SHARE), Math.min(Math.floor(budget / 2), 2 * QUICK_FLOOR));
    const quickLeft = (): number => quickEnd - ledger.spent;
    const quickBudget = Math.min(QUICK_BUDGET, Math.max(QUICK_FLOOR, Math.floor(budget * QUICK_EACH)));
    const longer = quickBudget * 2;
    const quick = options.noFallback ? undefined : attempt(QUICK, quickBudget, quickLeft);
    best = quick?.result;
    // Whether the bound in hand is a solution by pushes walked out (by moves often far above the optimum).
    let walkedOut = quick !== undefined && objective === 'moves' && quick.by === 'pushes';
    if (best && objective === 'moves' && reversed) {
      // Weighted backwards by moves often finds the optimum outright where forwards does not (on
      // symmetric rings like Microban 145 and 146): a tighter bound stores fewer states, and is the
      // par reported if the exact search runs out.
      for (const weight of [8, 4]) {
        const pulled = run({ budget: Math.min(Math.max(1000, Math.floor(quickBudget / 4)), quickLeft()), weight, direction: 'pull', upperBound: costOf(best) });
        if (pulled.status === 'solved' && costOf(pulled) < costOf(best)) {
          best = pulled;
          walkedOut = false;
        }
      }
    }
    if (best && walkedOut) {
      // The bound came from a search by pushes; walked out it can be far from the best by moves.
      // A longer weighted search by moves, cut at that bound, often halves it.
      const better = run({ budget: Math.min(longer, quickLeft()), weight: QUICK[0].weight, upperBound: costOf(best) });
      if (better.status === 'solved') best = better;
    }
    // Before a long exact search, polish the bound: it is the par reported if a stop cuts the
    // search short (no polishing happens after a stop). Within a short budget the polishing after a
    // budget stop (step 4) gives the same pars for less time.
    if (best && budget >= POLISH_FIRST_FROM) best = polish(best, Math.floor(budget * POLISH_FIRST_SHARE));
    // 2. Exact A*, forwards and backwards in turns, with what is left less a reserve for finding
    //    or tightening a par bound should it run out.
    // With a bound in hand, the exact search gives up early when it cannot be expected to prove
    // it within its budget (both-ways.ts `softBudget`), leaving a larger reserve.
    const reserve = options.noFallback ? 0 : Math.floor(ledger.left * (best ? RESERVE_WITH_BOUND : RESERVE_WITHOUT_BOUND));
    const softBudget = options.noFallback ? undefined : ledger.left - Math.floor(budget * RESERVE_GIVING_UP);
    const exact = run({ budget: ledger.left - reserve, softBudget, direction: 'both', ...(best ? { upperBound: costOf(best) } : {}) });
    if (exact.status === 'solved') return done({ status: 'solved', optimal: true, solution: pathToMoves(board, exact) });
    if (exact.status === 'unsolvable') {
      return best
        ? done({ status: 'solved', optimal: true, solution: pathToMoves(board, best) })
        : done({ status: 'unsolvable', optimal: true });
    }
    // The pushes any solution takes bound the moves too.
    lowerBound = Math.max(exact.lowerBound, least ?? 0);
    // 3. Out of budget with no solution in hand: the same searches with what is left, each two
    //    thirds of it (the first usually finds one).
    if (!best && !options.noFallback && exact.status === 'budget') {
      best = attempt(FALLBACKS, Infinity, () => Math.max(1, Math.ceil((ledger.left * 2) / 3)))?.result;
      if (best) best = polish(best, ledger.left, lowerBound);
    }
    if (!best) return done({ status: 'budget', optimal: false, stoppedBy: stoppedBy(), lowerBound: lowerBound });
    // 4. Out of budget with a solution that is only a bound: short weighted searches on the
    //    objective, backwards where there is one (they find cheaper solutions far more often than
    //    forwards), each cut at the best so far, often bring the bound far down (at 400,000 states,
    //    Microban 146 by moves goes from 151 to 51, 144 from 225 to 170).
    if (exact.status === 'budget' && !options.noFallback && !ledger.stopped) {
      best = polish(best, ledger.left, lowerBound);
      for (const weight of [8, 4]) {
        if (costOf(best) <= lowerBound) break;
        const better = run({ budget: Math.min(longer, Math.ceil(ledger.left / 2)), weight, direction: reversed ? 'pull' : 'push', upperBound: costOf(best) });
        if (better.status === 'stopped') break;
        if (better.status === 'solved' && costOf(better) < costOf(best)) best = polish(better, ledger.left, lowerBound);
      }
    }
    const solution = pathToMoves(board, best);
    const cost = objective === 'moves' ? solution.length : best.path!.length - 1;
    // A solution found after the stop can meet the bound the exact search proved: then it is optimal.
    if (lowerBound >= cost) return done({ status: 'solved', optimal: true, solution });
    return done({ status: 'solved', optimal: false, stoppedBy: stoppedBy(), solution, lowerBound: lowerBound });
  }
}

/**
 * The fewest pushes any solution takes, from one pass over the board (every box off a goal
 * needs its nearest goal's relaxed distance; with spare boxes, every empty goal a push), or
 * undefined when some box can reach no goal (the solver then says more).
 */
function leastPushes(state: PushState): number | undefined {
  const { board, boxes } = state;
  if (boxes.length === board.goals.length) {
    const nearest = nearestGoalPushes(board);
    let sum = 0;
    for (const b of boxes) {
      if (nearest[b] === UNREACHABLE) return undefined;
      sum += nearest[b];
    }
    return sum;
  }
  const onGoal = new Set(boxes.filter((b) => board.goal[b]));
  return board.goals.filter((g) => !onGoal.has(g)).length;
}

/** "1 box", "1,234 boxes": a count for a sentence (digits grouped by hand: no locale in src-shared). */
function count(n: number, one: string, many: string): string {
  const digits = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${digits} ${n === 1 ? one : many}`;
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
  /** For `both`: see BothWaysOptions. */
  readonly softBudget?: number;
};

/** At most this many vicinity searches polish one solution (each usually gains less than the last). */
const POLISH_ROUNDS = 12;
/** Budgets from which a solution is polished before the exact search, not only after it. */
const POLISH_FIRST_FROM = 2_000_000;
/** The quick searches get at most this many states each: a shortcut, not the main effort. */
const QUICK_BUDGET = 1_000_000;
/** Each quick search's share of the budget (at least QUICK_FLOOR, at most QUICK_BUDGET). */
const QUICK_EACH = 1 / 16;
const QUICK_FLOOR = 1000;
/** The quick searches and the searches that tighten their bound, together. */
const QUICK_SHARE = 1 / 4;
/** Polishing before the exact search, where the budget allows it (POLISH_FIRST_BUDGET). */
const POLISH_FIRST_SHARE = 1 / 8;
/**
 * Kept back from the exact search for the searches after it: with a par bound in hand, or with
 * none (then a solution is what matters: a proof is unlikely where the quick searches found none).
 */
const RESERVE_WITH_BOUND = 1 / 16;
const RESERVE_WITHOUT_BOUND = 1 / 2;
/** What an exact search with a bound in hand leaves when it gives up early (both-ways.ts `softBudget`). */
const RESERVE_GIVING_UP = 1 / 4;
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
/** After the exact search ran out of budget with no solution: the same with what is left. */
const FALLBACKS: readonly Attempt[] = [
  { weight: 4, objective: 'pushes' },
  { weight: 10 },
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
