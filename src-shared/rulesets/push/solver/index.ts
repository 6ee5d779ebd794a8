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
import { countGrouped as count } from '../../../engine/text/wording.ts';
import type { PushState } from '../board.ts';
import type { Direction } from '../schema.ts';
import { SOLVER_DIRS, compilePlainBoard, reverseBoard, type CompiledBoard } from './compiled.ts';
import { packingOrder, packingPlan, type PackingPlan } from './packing.ts';
import { startBothWays } from './both-ways.ts';
import { startFeatureSearch, type FeatureVariant } from './feature-search.ts';
import { DeadPatterns, patternsFit } from './dead-patterns.ts';
import { SearchRace, type Entrant, type RaceEntry } from './race.ts';
import { startPlain, type PlainSearchOptions, type PlainSearchResult, type PlainSearchRun, type PushObjective } from './search.ts';
import { DEFAULT_STATE_BUDGET, memoryText, stateBudget, statesWithin } from '../../../search/budget.ts';
import { STATE_TABLE_LIMIT } from '../../../search/state-table.ts';
import { SolveLedger } from './ledger.ts';
import { EXACT_SHARE, FULL_SIZE_EXACT_SHARE, FULL_SIZE_PARTS, QUICK, QUICK_FULL_SIZE, TIGHTEN, attemptName, fullSizeBy, inPart, isFullSize, raceShare, type Attempt } from './attempts.ts';

export { isFullSize } from './attempts.ts';
import { StopPoll, StopRequested } from '../../../search/stop-poll.ts';
import { UNREACHABLE, nearestGoalPushes, reachableIgnoringBoxes } from '../analysis.ts';

export const PUSH_SOLVER_NAME = 'push-astar/1';

export interface PushSolveOptions {
  readonly objective?: PushObjective;
  readonly budget?: number;
  readonly shouldStop?: () => boolean;
  readonly progress?: SolveOptions['progress'];
  /** This part of a solve run in several at once (SolveOptions.part): on a full-size level its race's share of the searches, the exact search in part 0 alone; elsewhere part 0 is the whole solve. */
  readonly part?: { readonly index: number; readonly of: number };
  /** Told each better solution's value (SolveOptions.found). */
  readonly found?: SolveOptions['found'];
  /** Skip the weighted fallback when the optimal search runs out (for cross-checks). */
  readonly noFallback?: boolean;
  /**
   * Race only this search of the full-size race (its index in QUICK_FULL_SIZE), alone, without the
   * exact search and whatever `part` says: what one search finds by itself (the set bench's
   * `--entrant`). A level that is not full-size has no such race: the solver throws.
   */
  readonly entrant?: number;
  readonly bound?: 'matching' | 'nearest';
  /** Merge positions that are turns or mirror images on a symmetric board (default on; see symmetry.ts). */
  readonly symmetry?: boolean;
  /** Cap on the bytes the searches' tables take (SolveOptions.memoryBytes; see plainStateBytes). */
  readonly memoryBytes?: number;
  /** The share of the host's time limit used so far (SolveOptions.timeSpent; see SolveLedger.total). */
  readonly timeSpent?: () => number;
  /**
   * Told, once the race for a first solution ends (a solution, the budget, the time or a stop),
   * how each of its searches ran (race.ts `RaceEntry`; the exact search first where this part runs
   * it): the set bench's `--race`.
   */
  readonly raceReport?: (entries: readonly RaceEntry[]) => void;
}

/**
 * Bytes one stored position takes at most, for the memory cap: its key (a byte a box and one for
 * the player, two each above 255 floor cells), 13 bytes of hash, parent, cost, flags and aux in
 * the state table, up to 16 bytes of lookup slots (the slot array doubles at half load),
 * 8 bytes of queue, and the feature-space search's 15 (a weight, the box last pushed, a flag for
 * a second expansion and a second queue entry). The searches of one solve share one budget, so
 * they share this cap too.
 */
export function plainStateBytes(boxes: number, floorCells: number): number {
  return (boxes + 1) * (floorCells > 255 ? 2 : 1) + 13 + 16 + 8 + 15;
}

export function solvePlainPush(state: PushState, options: PushSolveOptions = {}): SolveResult<Direction> {
  const objective = options.objective ?? 'moves';
  const part = options.entrant === undefined && options.part && options.part.of > 1 ? options.part : undefined;
  /** Whether this solve runs the exact search (every solve but a part other than the first, or a search alone). */
  const exactHere = (!part || part.index === 0) && options.entrant === undefined;
  const asked = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  // The states the memory cap holds, and never more than one state table can (a RangeError there
  // would end the worker).
  const perState = plainStateBytes(state.boxes.length, state.board.width * state.board.height);
  const within = statesWithin(Math.min(asked, STATE_TABLE_LIMIT), options.memoryBytes, perState);
  const budget = within.states;
  // Time-led with a cap tighter than the budget: the cap is on the live searches' states (ledger.ts).
  const liveCapped = options.timeSpent !== undefined && within.byMemory;
  const limitText = within.byMemory
    ? `The memory cap of ${memoryText(options.memoryBytes!)} (${count(budget, 'state', 'states')} at ${perState} bytes each, under the budget of ${count(asked, 'state', 'states')})`
    : `The budget of ${count(budget, 'state', 'states')}`;
  const [one, many] = objective === 'moves' ? ['move', 'moves'] : ['push', 'pushes'];
  // Before any table (they take goals x cells): a solution passes through at least its pushes
  // plus one positions, and every search stores all of them.
  const poll = new StopPoll(options.shouldStop);
  const least = leastPushes(state);
  // A pass over the board: counted (a stop seen here ends the solve at compilation's first check).
  poll.tick(8 * state.board.width * state.board.height);
  if (least !== undefined && least + 1 > budget) {
    const reason =
      `The board has ${count(state.boxes.length, 'box', 'boxes')} needing at least ${count(least, 'push', 'pushes')}: too many for a solution within ` +
      `${count(budget, 'state', 'states')}${within.byMemory ? ` (what the memory cap of ${memoryText(options.memoryBytes!)} holds)` : ''} (one passes through ${count(least + 1, 'position', 'positions')}, each stored).`;
    return { solver: PUSH_SOLVER_NAME, status: 'budget', optimal: false, nodes: 0, stored: 0, stoppedBy: within.byMemory ? 'memory' : 'budget', lowerBound: least, reason };
  }
  const ledger = liveCapped ? new SolveLedger(Math.min(asked, STATE_TABLE_LIMIT), poll, options.timeSpent, budget) : new SolveLedger(budget, poll, options.timeSpent);
  /** What ended the room when the solve ran out of it: the memory cap or the state budget. */
  const outOfRoom = (): 'memory' | 'budget' => (liveCapped ? ledger.fullBy : within.byMemory ? 'memory' : 'budget');
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
    } else if (fields.stoppedBy === 'budget' || fields.stoppedBy === 'memory') {
      reason = `${liveCapped && fields.stoppedBy === 'budget' ? `The budget of ${count(ledger.budget, 'state', 'states')}` : limitText} ran out`;
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
  // Asked once more at the end: a time-led run's total reaches what it spent as the time runs out,
  // a moment before the host's stop fires.
  const stoppedBy = (): 'stopped' | 'budget' | 'memory' => (ledger.stopped || ledger.outOfTime || poll.now() ? 'stopped' : outOfRoom());
  // Cost of a found solution in the objective's unit (a search by pushes may stand in for moves).
  const costOf = (result: PlainSearchResult): number => (objective === 'moves' ? pathToMoves(board!, result).length : result.path!.length - 1);
  /** The value of the best solution the host was told of (SolveOptions.found). */
  let told = Infinity;
  /** `result`, the host told of it when it is a solution better than any before. */
  const held = <T extends PlainSearchResult | undefined>(result: T): T => {
    if (result?.status === 'solved' && options.found) {
      const value = costOf(result);
      if (value < told) options.found((told = value));
    }
    return result;
  };
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
    // A full-size level: the exact search rarely finishes there, and the race for a first
    // solution is what counts; it gets the searches made for such levels, with more of the states.
    const full = isFullSize(board, least);
    // Only a full-size level's race is split into parts: elsewhere the first part is the whole
    // solve and the others end at once, so a par the exact search proves alone stays proven (in
    // two parts, with every race split, Microban I had 145 proven pars where one solve has 147:
    // the first part's bound came later, or looser, without the second part's searches).
    if (part && part.index > 0 && !full) return done({ status: 'budget', optimal: false, lowerBound: least ?? 0 });
    // Backwards needs one start: as many boxes as goals.
    const reversed = board.boxes.length === board.goals.length && !board.hopeless ? reverseBoard(board, poll) : undefined;
    // The goals' packing order (packing.ts), worked out the first time an attempt wants it.
    let order: { readonly goals?: number[] } | undefined;
    const packingGoals = (): number[] | undefined => (order ??= { goals: reversed ? packingOrder(board, poll) : undefined }).goals;
    /**
     * The order the feature-space searches follow, and their parks (below): picked keeping a start
     * box for every goal (packing.ts `PickOptions.matched`; attempts.ts QUICK_FULL_SIZE says what
     * it won). The `packing` attempt keeps the nearest picks (the Microban pars it found stay).
     */
    let featureOrder: { readonly goals?: number[] } | undefined;
    const featureGoals = (): number[] | undefined => (featureOrder ??= { goals: reversed ? packingOrder(board, poll, { matched: true }) : undefined }).goals;
    /** The order with its parks (packing.ts `PackingPlan.parked`), worked out the first time a variant that parks boxes wants it. */
    let parkedOrder: { readonly plan?: PackingPlan['parked'] } | undefined;
    const parkedPlan = (): PackingPlan['parked'] => (parkedOrder ??= { plan: reversed ? packingPlan(board, poll, { matched: true })?.parked : undefined }).plan;
    /**
     * Deadlock patterns the feature-space searches learn, shared by them all (dead-patterns.ts):
     * with as many boxes as goals (a spare box need not reach one), on a board whose cells fit
     * the patterns' keys.
     */
    let patterns: DeadPatterns | undefined;
    const deadPatterns = (): DeadPatterns | undefined => (board.boxes.length === board.goals.length && patternsFit(board) ? (patterns ??= new DeadPatterns(board)) : undefined);
    /** A search with `extra`'s settings, not run yet, that may store `budget` states for now. */
    const start = (extra: Extra, budget: number): PlainSearchRun => {
      const { packing, features, ...rest } = extra;
      const settings = { ...common, ...rest, budget, ...(packing ? { packing: packingGoals() } : {}) };
      if (features) {
        // A variant that parks boxes takes the order found with its parks, where there are any.
        const parked = features.parks ? parkedPlan() : undefined;
        return startFeatureSearch(board, { ...settings, objective: 'pushes', direction: 'push', order: parked?.order ?? featureGoals(), parks: parked?.parks, variant: features, patterns: deadPatterns() });
      }
      if (settings.direction === 'both' && reversed) return startBothWays(board, reversed, { ...settings, direction: 'push' });
      if (settings.direction === 'pull' && reversed) return startPlain(reversed, { ...settings, direction: 'pull' });
      return startPlain(board, { ...settings, direction: 'push' });
    };
    /** A search granted at most `extra.budget` states of what is left (none once stopped or spent), run to its end. */
    const run = (extra: Extra): PlainSearchResult => {
      const granted = ledger.grant(extra.budget ?? ledger.left);
      if (granted === 0) return { status: ledger.stopped ? 'stopped' : 'budget', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 };
      const result = start(extra, granted).run(Infinity)!;
      ledger.charge(result);
      return result;
    };
    const sameSearch = (a: Attempt, b: Attempt): boolean =>
      a.weight === b.weight &&
      (a.objective ?? objective) === (b.objective ?? objective) &&
      (a.direction ?? 'push') === (b.direction ?? 'push') &&
      !a.packing === !b.packing &&
      JSON.stringify(a.features) === JSON.stringify(b.features);
    /** The race's entrants for `list`, each searching by its objective (skipping those the level cannot run). */
    const entrantsOf = (list: readonly Attempt[], upperBound?: number): { entrant: Entrant; by: PushObjective }[] =>
      list
        .filter((a, i) => (a.direction !== 'pull' || reversed) && (!a.packing || packingGoals()) && list.findIndex((b) => sameSearch(a, b)) === i)
        .map((a) => {
          const by = a.objective ?? objective;
          const extra: Extra = {
            weight: a.weight,
            objective: by,
            direction: a.direction ?? 'push',
            packing: a.packing,
            features: a.features,
            partial: a.partial,
            ...(upperBound ? { upperBound } : {}),
          };
          return { entrant: { share: raceShare(a, ledger.timeLed), counted: true, steady: a.steady, name: attemptName(a), start: (budget: number) => start(extra, budget) }, by };
        });

    /**
     * A solution made cheaper by optimal searches in its vicinity (positions whose boxes differ from
     * one of its positions in at most one box; search.ts `vicinity`), each around the last one found,
     * until one finds nothing cheaper, within `allowance` states in all. Often a solution found by
     * pushes and walked out loses half its moves (Microban 139 at 400,000 states: 751 moves to 335,
     * the optimum).
     */
    let lastPolished: PlainSearchResult | undefined;
    /** A vicinity search cut short by its allowance: it goes on when the same solution is polished again. */
    let pending: { readonly around: PlainSearchResult; readonly search: PlainSearchRun } | undefined;
    const polish = (found: PlainSearchResult, allowance: number, floor = 0): PlainSearchResult => {
      // Polished already (nothing cheaper nearby), or it meets a proven bound: nothing to gain.
      if (options.noFallback || found === lastPolished || costOf(found) <= floor) return found;
      let polished = found;
      let cost = costOf(found);
      const until = ledger.spent + ledger.grant(allowance);
      for (let round = 0; round < POLISH_ROUNDS && ledger.spent < until && cost > floor; round++) {
        let search = pending?.around === polished ? pending.search : undefined;
        pending = undefined;
        const each = polishEach();
        const room = Math.min(each - (search?.stored ?? 0), until - ledger.spent);
        if (room <= 0) {
          // Kept for a later polish of the same solution (a time-led total can shrink meanwhile).
          if (search) pending = { around: polished, search };
          break;
        }
        if (search) search.setBudget(search.stored + room);
        else search = ledger.follow(start({ direction: 'push', upperBound: cost, vicinity: polished.path!.map((position) => position.boxes) }, room));
        const better = search.run(Infinity)!;
        if (better.status === 'budget' && search.stored < each) {
          pending = { around: polished, search };
          break;
        }
        ledger.settle(search);
        // Nothing cheaper in the vicinity: polished.
        if (better.status === 'unsolvable') lastPolished = polished;
        if (better.status !== 'solved') break;
        polished = better;
        cost = costOf(better);
      }
      return polished;
    };
    /** Each vicinity search's states (from the ledger's total: in a time-led run, a share of the time). */
    const polishEach = (): number => Math.min(POLISH_EACH_MOST, Math.max(QUICK_FLOOR, Math.floor(ledger.total * POLISH_EACH)));

    // 1. The exact A*, forwards and backwards in turns, races the quick searches for a first
    //    solution: on most levels it proves the par before they find anything, and its states are
    //    kept for later either way. A quick solution bounds the par: the exact search then only
    //    looks for cheaper ones, and exhausting them proves it optimal.
    ledger.begin();
    const exact = ledger.follow(start({ direction: 'both', budget: ledger.left }, ledger.left));
    /**
     * The exact search run on until `share` of the total is spent: its result when it ended. In a
     * time-led run the total moves with the rate (SolveLedger.total): the search goes on until it
     * reaches the share of the total as it stands then (about that share of the time).
     */
    const runExact = (share: number): PlainSearchResult | undefined => {
      for (;;) {
        const room = ledger.grant(Math.floor(ledger.total * share) - ledger.spent);
        if (room === 0) return undefined;
        const before = exact.stored;
        exact.setBudget(before + room);
        const result = exact.run(Infinity)!;
        if (result.status !== 'budget') return result;
        // Out of budget without storing anything more: it cannot go on.
        if (exact.stored === before) return undefined;
      }
    };
    const exactEntrant: Entrant = { share: full ? FULL_SIZE_EXACT_SHARE : EXACT_SHARE, counted: false, name: 'exact (both ways)', start: (room) => (exact.setBudget(room), exact) };
    const alone = options.entrant;
    if (alone !== undefined && (!full || !QUICK_FULL_SIZE[alone])) {
      throw new Error(`push solver: no search ${alone} in the full-size race${full ? ` (0 to ${QUICK_FULL_SIZE.length - 1})` : ': the level is not full-size'}`);
    }
    const quick = options.noFallback ? [] : entrantsOf(alone !== undefined ? [QUICK_FULL_SIZE[alone]] : full ? inPart(QUICK_FULL_SIZE, part) : QUICK);
    const race = new SearchRace([exactEntrant, ...quick.map((q) => q.entrant)], ledger);
    // A part other than the first leaves the exact search to the first; a search alone races without it.
    if (!exactHere) race.withdraw(0);
    // Without a solution the quick searches race on to the end of the budget: a par matters more
    // than the proof, which is unlikely where none of them finds one soon.
    const first = race.runUntil(Infinity);
    options.raceReport?.(race.report().filter((_, i) => i > 0 || exactHere));
    let exactResult = first?.index === 0 ? first.result : undefined;
    best = held(first && first.index > 0 ? first.result : undefined);
    // Whether the bound in hand is a solution by pushes walked out (by moves often far above the optimum).
    const walkedOut = first !== undefined && first.index > 0 && objective === 'moves' && quick[first.index - 1].by === 'pushes';
    if (!exactResult && best && objective === 'moves') {
      // 2. By moves, tighten the bound: the searches by moves in the race go on, cut at the bound,
      //    beside weighted backwards by moves, which often finds the optimum outright where forwards
      //    does not (on symmetric rings like Microban 145 and 146). A tighter bound stores fewer
      //    states, and is the par reported if the exact search runs out.
      const bound = costOf(best);
      const kept: Entrant[] = [];
      quick.forEach((q, i) => {
        const going = race.run(i + 1);
        if (q.by !== 'moves' || !race.alive(i + 1) || !going) return;
        race.withdraw(i + 1);
        going.setUpperBound(bound);
        kept.push({ share: 1, counted: true, start: () => going });
      });
      const tighten = new SearchRace([...kept, ...entrantsOf(TIGHTEN, bound).map((q) => q.entrant)], ledger);
      const limit = tighten.countedStored + tightenStates(ledger.total, walkedOut);
      for (let better = tighten.runUntil(limit); better; better = tighten.runUntil(limit)) {
        if (costOf(better.result) >= costOf(best)) continue;
        best = held(better.result);
        tighten.setUpperBound(costOf(best));
      }
      tighten.release();
    }
    // The quick searches are done with (their states stay spent); the exact search goes on.
    race.release(exact);
    // 3. The exact search goes on, judged at points of the budget (JUDGES) by how near its lower
    //    bound has come to the par bound. The layers of an A* grow, then thin out towards the
    //    optimum, so one that has come near a tight bound usually finishes in what is left: it
    //    goes on. Otherwise the bound is polished first (it may be loose), and judged again: still
    //    far, the search gives up, and what is left goes into the bound.
    if (exactHere && !exactResult && best) {
      exact.setUpperBound(costOf(best));
      const judges: readonly (readonly [number, number])[] = options.noFallback ? [] : JUDGES;
      let givenUp = false;
      for (const [at, nearBy] of judges) {
        exactResult = runExact(at);
        if (exactResult || ledger.stopped) break;
        const near = (): boolean => exact.lowerBound >= nearBy * costOf(best!);
        if (near()) continue;
        best = held(polish(best, Math.floor(ledger.total * POLISH_AT_JUDGE_SHARE), exact.lowerBound));
        exact.setUpperBound(costOf(best));
        if (!near()) {
          givenUp = true;
          break;
        }
      }
      if (!exactResult && !givenUp && !ledger.stopped) exactResult = runExact(1);
    }
    if (exactResult?.status === 'solved') return done({ status: 'solved', optimal: true, solution: pathToMoves(board, held(exactResult)) });
    if (exactResult?.status === 'unsolvable') {
      return best
        ? done({ status: 'solved', optimal: true, solution: pathToMoves(board, best) })
        : done({ status: 'unsolvable', optimal: true });
    }
    // The pushes any solution takes bound the moves too.
    lowerBound = Math.max(exact.lowerBound, least ?? 0);
    if (!best) {
      ledger.settle(exact);
      return done({ status: 'budget', optimal: false, stoppedBy: stoppedBy(), lowerBound: lowerBound });
    }
    // 4. Out of budget with a solution that is only a bound: polishing it, and short weighted
    //    searches on the objective, backwards where there is one (they find cheaper solutions far
    //    more often than forwards), each cut at the best so far, often bring the bound far down
    //    (at 400,000 states, Microban 146 by moves goes from 151 to 51, 144 from 225 to 170).
    if (!options.noFallback && !ledger.stopped) {
      best = held(polish(best, ledger.left, lowerBound));
      for (const weight of [8, 4]) {
        if (costOf(best) <= lowerBound) break;
        const better = run({ budget: Math.min(2 * polishEach(), Math.ceil(ledger.left / 2)), weight, direction: reversed ? 'pull' : 'push', upperBound: costOf(best) });
        if (better.status === 'stopped') break;
        if (better.status === 'solved' && costOf(better) < costOf(best)) best = held(polish(better, ledger.left, lowerBound));
      }
    }
    // 5. A time-led run with time left once the bound is polished: the exact search, given up on
    //    or not, goes on to the end, cut at the polished bound: a proof, or a higher lower bound.
    if (ledger.timeLed && exactHere && !options.noFallback && !ledger.stopped && costOf(best) > lowerBound) {
      exact.setUpperBound(costOf(best));
      const last = runExact(1);
      if (last?.status === 'solved') return done({ status: 'solved', optimal: true, solution: pathToMoves(board, held(last)) });
      if (last?.status === 'unsolvable') return done({ status: 'solved', optimal: true, solution: pathToMoves(board, best) });
      lowerBound = Math.max(lowerBound, exact.lowerBound);
    }
    ledger.settle(exact);
    const solution = pathToMoves(board, best);
    const cost = objective === 'moves' ? solution.length : best.path!.length - 1;
    // A solution found after the stop can meet the bound the exact search proved: then it is optimal.
    if (lowerBound >= cost) return done({ status: 'solved', optimal: true, solution });
    return done({ status: 'solved', optimal: false, stoppedBy: stoppedBy(), solution, lowerBound: lowerBound });
  }
}

/**
 * The feature-space variant `findPlainLine` runs: by box moves, the fewest states on Microban 153
 * of the variants tried (265,487; with the clearer as well 265,559, with the opener 452,133, with
 * the approach none within 20 s; by pushes with the approach, the clearer or the opener, none).
 */
export const PLAIN_LINE_VARIANT: FeatureVariant = { count: 'box-moves' };

/**
 * Some solution of a plain position, not an optimal one, from the feature-space search alone
 * (feature-search.ts, in PLAIN_LINE_VARIANT, with the goals' packing order) within `budget`
 * states: a line for a solver whose rules allow every plain line (mechanics/solve.ts, push
 * strength and heavy boxes only) where the plain race finds none soon. On Microban 153 it needs
 * 265,487 states where the race's first line needs millions; on 139, 86,748 against the race's
 * 150,000. With `memoryBytes`, no more states than the cap holds at the plain solver's bytes a
 * state (plainStateBytes), as the plain solver caps its own.
 */
export function findPlainLine(
  state: PushState,
  options: { readonly budget: number; readonly shouldStop?: () => boolean; readonly progress?: SolveOptions['progress']; readonly memoryBytes?: number },
): PlainLine {
  const poll = new StopPoll(options.shouldStop);
  const budget = statesWithin(options.budget, options.memoryBytes, plainStateBytes(state.boxes.length, state.board.width * state.board.height)).states;
  try {
    const board = compilePlainBoard(state, poll);
    if (board.hopeless) return { status: 'unsolvable', nodes: 0, stored: 0 };
    const order = board.boxes.length === board.goals.length ? packingOrder(board, poll) : undefined;
    const search = startFeatureSearch(board, { objective: 'pushes', budget, poll, order, variant: PLAIN_LINE_VARIANT, progress: options.progress });
    const result = search.run(Infinity)!;
    const spent = { nodes: result.nodes, stored: result.stored };
    return result.status === 'solved' ? { status: 'solved', solution: pathToMoves(board, result), ...spent } : { status: result.status, ...spent };
  } catch (error) {
    if (!(error instanceof StopRequested)) throw error;
    return { status: 'stopped', nodes: 0, stored: 0 };
  }
}

export interface PlainLine {
  readonly status: PlainSearchResult['status'];
  readonly solution?: Direction[];
  readonly nodes: number;
  readonly stored: number;
}

/**
 * How many parts at once a solve of `state` can use (SolveOptions.part, the kind's `parts`): a
 * full-size level's race splits into its lanes (FULL_SIZE_PARTS); any other solve is one (a part
 * after the first would end at once). Counted without compiling the board (no goal tables), so a
 * host can ask before it hands the solve out: the same answer as `isFullSize` on the compiled board.
 */
export function plainSolveParts(state: PushState): number {
  const { board } = state;
  if (!board.plain) return 1;
  const region = reachableIgnoringBoxes(board, state.player);
  let floor = 0;
  for (let c = 0; c < region.length; c++) if (region[c] && !board.wall[c]) floor++;
  const boxes = state.boxes.filter((b) => region[b]).length;
  return fullSizeBy(boxes, floor, leastPushes(state)) ? FULL_SIZE_PARTS : 1;
}

/**
 * The fewest pushes any solution takes, from one pass over the board (every box off a goal
 * needs its nearest goal's relaxed distance; with spare boxes, every empty goal a push), or
 * undefined when some box can reach no goal (the solver then says more).
 */
export function leastPushes(state: PushState): number | undefined {
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

type Extra = Partial<Pick<PlainSearchOptions, 'weight' | 'upperBound' | 'objective' | 'vicinity' | 'partial'>> & {
  readonly budget?: number;
  /** `both`: forwards and backwards in turns (see startBothWays), when the level has a backwards. */
  readonly direction?: 'push' | 'pull' | 'both';
  readonly packing?: boolean;
  readonly features?: FeatureVariant;
};

/** At most this many vicinity searches polish one solution (each usually gains less than the last). */
const POLISH_ROUNDS = 12;
/** Each vicinity search's share of the budget, at least QUICK_FLOOR and at most POLISH_EACH_MOST states. */
const POLISH_EACH = 1 / 8;
const POLISH_EACH_MOST = 2_000_000;
const QUICK_FLOOR = 1000;
/**
 * The searches that tighten a bound by moves, together, store at most this share of the budget
 * (more when the bound is a solution by pushes walked out, often far above the optimum).
 */
const TIGHTEN_SHARE = 1 / 32;
const TIGHTEN_WALKED_OUT_SHARE = 1 / 16;
/**
 * ...and never more than this many. With a large budget (the Microban bench's 90,000,000 at 60 s
 * a level) the share was millions of states: on 146 by moves, whose first bound (51) is already
 * the optimum, tightening stored 5.6 million and the exact search ran out of time at 49 of 51,
 * where it proves 51 alone in about 50 s (it did until the race came, 7628d38). Capped, 146 is
 * proven in 49 s and Microban I by moves is 153/155 proven at 60 s a level (152 before), every
 * other par the same; the default budget (400,000) never reaches the cap.
 */
export const TIGHTEN_MOST = 500_000;

/** The states the searches that tighten a bound by moves may store, of a solve's `total`. */
export function tightenStates(total: number, walkedOut: boolean): number {
  return Math.min(TIGHTEN_MOST, Math.floor(total * (walkedOut ? TIGHTEN_WALKED_OUT_SHARE : TIGHTEN_SHARE)));
}
/**
 * When the exact search is judged (the share of the budget spent), and how near its lower bound
 * must have come to the par bound for it to go on.
 */
const JUDGES: readonly (readonly [number, number])[] = [
  [1 / 2, 0.5],
  [3 / 4, 0.7],
];
/** Polishing a bound the exact search is still far from when judged. */
const POLISH_AT_JUDGE_SHARE = 1 / 16;

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
    while (dir < 4 && board.nbr[moved * 4 + dir] !== target) dir++;
    const pusher = dir < 4 ? board.nbr[moved * 4 + (dir ^ 1)] : -1;
    if (pusher < 0) throw new Error('push solver: a step of a solution is not one push (internal error)');
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
