/**
 * The search facet: what solvers need beyond the game itself: a canonical key (equal keys mean
 * equal futures), an exact canonical text for replay hashes, an optional admissible bound and an
 * optional kind-specific solver. Objectives say what a solver may optimise and in which unit.
 */
import type { Diagnostic } from '../diagnostics.ts';

/**
 * Something a solver may optimise: moves, pushes, steps, a score. `contract/objective.ts` says
 * what "better" means for each sense; compare values through it, never with a bare `<`.
 */
export interface Objective {
  /** Also the key of its counter (`GameFacet.counters`). */
  readonly id: string;
  readonly sense: 'minimise' | 'maximise';
  /** The unit a value is counted in, singular: `move`, `push`, `step`, `point`. */
  readonly unit: string;
  /** English name for hosts without the kind's messages (`KindMessages` translate `objective.<id>`). */
  readonly label: string;
}

export type SolveStatus = 'solved' | 'unsolvable' | 'budget';

/**
 * Why a search stopped early: its state `budget` ran out, the host's `time` limit came, the
 * `memory` cap on its tables (`SolveOptions.memoryBytes`) was reached, or it was `cancelled`.
 * `stopped` is the host's stop with its cause not known: a solver only sees `shouldStop` fire, and
 * the host that owns the stop names it (`VerifyOptions.stopCause`); records made before causes
 * were told apart say `stopped` too.
 */
export const STOP_CAUSES = ['budget', 'time', 'memory', 'cancelled', 'stopped'] as const;
export type StopCause = (typeof STOP_CAUSES)[number];

/**
 * Storage a host offers a solver for large precomputed tables (pattern databases): built once,
 * kept on disk beside the library, handed back on later solves. Names are the solver's own.
 */
export interface SolverTables {
  get(name: string): Uint8Array | undefined;
  put(name: string, data: Uint8Array): void;
  /**
   * Before a long build: true when this process should build the table now, false when another
   * one is already building it (the solver then uses a weaker method for this solve). Absent:
   * always build.
   */
  claim?(name: string): boolean;
  /** Give up a claim without a table (the build was stopped). */
  release?(name: string): void;
}

export interface SolveOptions {
  /**
   * Most distinct states the whole solve may store. Seed 002: 400,000; exceeding it is its own
   * status, never "probably solvable".
   */
  readonly budget?: number;
  /** What to optimise: the id of one of the kind's objectives (the first is the default). */
  readonly objective?: string;
  /** Polled during the search; a host uses it for deadlines and cancellation. */
  readonly shouldStop?: () => boolean;
  /** Called now and then (every 1,024 expansions or so): states expanded and stored so far (for progress bars). */
  readonly progress?: (p: { readonly nodes: number; readonly stored: number }) => void;
  /**
   * Called each time an anytime solver holds a solution better than any before it (the first,
   * then each shorter one), with its value in the objective's unit: a host can show "par <= value"
   * while the search goes on, and a bench can time the first solution. A solver whose one answer
   * comes at its end need not call it.
   */
  readonly found?: (value: number) => void;
  /**
   * One part of a solve that a host runs in several processes at once, each on a core of its own
   * (`index` of `of`): the solver gives each part its share of its searches, and the host keeps
   * the best of the parts' results. A kind whose solver does not split ignores it.
   */
  readonly part?: { readonly index: number; readonly of: number };
  /** Precomputed tables the host keeps between solves, where it has storage. */
  readonly tables?: SolverTables;
  /**
   * Most bytes the search's own tables (stored states, queues) may take. A host sets it under its
   * worker's heap cap; a search that would need more ends as `budget` with stoppedBy `memory`
   * and says so, instead of taking the process down. Absent: only the state budget bounds it.
   */
  readonly memoryBytes?: number;
  /**
   * The share of the host's time limit used so far (0 at the start, 1 when `shouldStop` will
   * fire for time), where the host has a time limit. A solver that divides its run into phases
   * (a first solution, a shorter one, the proof) may divide the time too: the push solver reads
   * its states-per-second so far as the budget it will reach, so a time-led run (a large budget
   * and a time limit) still tightens and polishes before the time is up. A host passes it only
   * for a run it means to be time-led (the CLI's and the bench's `--budget none`). Absent: the
   * state budget alone leads, and every result stays a function of the level and the budget.
   */
  readonly timeSpent?: () => number;
}

export interface SolveResult<C> {
  readonly status: SolveStatus;
  /**
   * When solved: for a minimised objective, commands from the start to a won state; for a
   * maximised one, commands from the start to the best-scoring state found (a line may end in any
   * state: won, lost or still playing; the score reached there is its value).
   */
  readonly solution?: readonly C[];
  /** True when the solution is proven best for the objective. */
  readonly optimal: boolean;
  /** States expanded. */
  readonly nodes: number;
  /** Distinct states stored when the search ended. */
  readonly stored: number;
  /** Why the search stopped early (see StopCause), when it did. */
  readonly stoppedBy?: StopCause;
  /** Solver name and version, e.g. `push-astar/1`. */
  readonly solver: string;
  /**
   * A minimised objective, when the search stopped before a proof: the best value is at least
   * this (the moves any solution needs), if known.
   */
  readonly lowerBound?: number;
  /**
   * A maximised objective, when the search stopped before a proof: the best value is at most this
   * (the most points any line can score), if known.
   */
  readonly upperBound?: number;
  /** Bytes of search memory per stored state, where the solver knows it. */
  readonly bytesPerState?: number;
  /** A sentence for the designer when the search stopped early for a reason worth telling. */
  readonly reason?: string;
}

export interface SearchFacet<S, C> {
  /** Canonical key: equal keys mean equal futures for search. */
  key(state: S): string;
  /** Exact canonical text of the state, for replay hashes (keeps what `key` may normalise). */
  canonical(state: S): string;
  /**
   * For a minimised primary objective: an admissible lower bound on the cost (sum of step costs)
   * still needed to win.
   */
  lowerBound?(state: S): number;
  /**
   * For a maximised primary objective: an admissible upper bound on what its counter can still
   * gain from this state (never less than the truth; Infinity when unknown). With it the generic
   * search proves a best score without exhausting the game.
   */
  upperBound?(state: S): number;
  /**
   * A cheap, sound "this can never be won" before any search (push: a box on a dead square or
   * frozen off its goal; sliding: the wrong parity). True only when it is certain; false says
   * nothing. Where absent, or false, the generic answer is an exhausted search (`deadOrDistance`
   * in verify/distance.ts): status `unsolvable`.
   */
  deadEnd?(state: S): boolean;
  /** A solver specialised for this kind; the generic search is used where absent. */
  solve?(state: S, options?: SolveOptions): SolveResult<C>;
  /**
   * How many parts at once (`SolveOptions.part`) `solve` can use on this state, each on a core of
   * its own; cheap, asked by a host before it hands the solve out (the studio's queue splits a
   * verify job in as many, at most one per core). Absent or 1: one solve (a kind whose solver does
   * not split, or a state it would not split).
   */
  parts?(state: S): number;
  /** Size and structure figures for a verification record (a solution's secondary figures too). */
  metrics?(state: S, solution?: readonly C[]): Readonly<Record<string, number>>;
}

export type { Diagnostic };
