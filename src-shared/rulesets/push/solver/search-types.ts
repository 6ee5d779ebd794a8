/**
 * What the plain push search (search.ts) is asked and what it answers.
 */
import type { SolveOptions } from '../../../engine/ruleset.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';

export type PushObjective = 'moves' | 'pushes';

export interface PlainSearchOptions {
  readonly objective: PushObjective;
  /** Most states stored before giving up. */
  readonly budget: number;
  /** f = g + weight * h; 1 is optimal A*, more finds a (non-optimal) solution sooner. */
  readonly weight?: number;
  /** Lower bound: `matching` (stronger) or `nearest` (cheaper). */
  readonly bound?: 'matching' | 'nearest';
  /**
   * PI-corral pruning (see corral.ts). It keeps a solution with the fewest pushes but not one with
   * the fewest moves, so by default it is on by pushes only (a weighted search by moves finds
   * worse move counts with it).
   */
  readonly corrals?: boolean;
  /**
   * `pull`: search backwards from the solved position on `reverseBoard(board)`, by pulls (each
   * costs 1, or by moves the walk to it plus 1, and a last walk back to the real start). Goal-room
   * levels, where the order boxes go in is everything, are often far easier backwards. The path
   * is still returned from the start forwards.
   */
  readonly direction?: 'push' | 'pull';
  /**
   * Cost of a solution already known: only strictly cheaper ones are searched for, so nodes with
   * g + h >= upperBound are never stored, and an exhausted search proves that solution optimal.
   */
  readonly upperBound?: number;
  /**
   * Keep one of each set of positions that are turns or mirror images of each other on a
   * symmetric board (see symmetry.ts). On by default; in an optimal search (weight 1) it changes
   * which of several equally good solutions is found, never the cost.
   */
  readonly symmetry?: boolean;
  /**
   * Partial expansion, for a weighted search (weight above 1): a node's children whose priority
   * is more than `weight` above its own are not stored when it is expanded; the node goes back in
   * the queue at the least of their priorities and, taken again, stores those up to it. A greedy
   * search rarely comes back for them, so it stores far fewer states for the nodes it expands
   * (after PEA*, Yoshizumi, Miura and Ishida 2000); each return costs a second expansion.
   */
  readonly partial?: boolean;
  /** By moves, in an exact search: round bounds up to the parity of the moves left (parity.ts; default on). */
  readonly parity?: boolean;
  /**
   * Goals in the order to fill them (see packing.ts): a search by pushes for some solution, not
   * an optimal one, that expands the positions with the longest filled prefix of the order first
   * (while a path has fewer pushes than the bound's step per goal, 1,024 for up to 58 goals), and
   * among those goes for the next goal. A stage that leads nowhere falls back
   * to other ways of doing the one before, as every position stays in the queue.
   */
  readonly packing?: readonly number[];
  /**
   * Box cells of the positions of a known solution: only positions whose boxes differ from one of
   * them in at most one box are searched. A "vicinity" search, to improve on that solution: it is
   * optimal within the vicinity, not overall, so its bounds prove nothing. Turns symmetry off.
   */
  readonly vicinity?: readonly ArrayLike<number>[];
  readonly shouldStop?: () => boolean;
  /** The solve's shared stop (stop.ts), in place of `shouldStop`: several searches then ask it in turn. */
  readonly poll?: StopPoll;
  readonly progress?: SolveOptions['progress'];
}

export interface PlainSearchResult {
  readonly status: 'solved' | 'unsolvable' | 'budget' | 'stopped';
  /** Push positions from start to goal: box cells (floor indices) and player cell per step. */
  readonly path?: readonly { readonly boxes: Int32Array; readonly player: number }[];
  readonly cost?: number;
  /** Proven lower bound on the optimal cost (the f layer reached), for an optimal (weight 1) search. */
  readonly lowerBound: number;
  readonly nodes: number;
  readonly stored: number;
  readonly bytesPerState: number;
}

/** A search that can run in slices, so two (forwards and backwards) can take turns. */
export interface PlainSearchRun {
  /** Expand up to `maxNodes` more nodes: the result when the search ended, else undefined. */
  run(maxNodes: number): PlainSearchResult | undefined;
  /** Change the most states it may store (two searches sharing one budget). */
  setBudget(states: number): void;
  /**
   * A solution of this cost was found elsewhere: from now on only cheaper ones are searched for
   * (as `upperBound`; it only ever comes down). An optimal search then ends 'unsolvable' once
   * its f layer reaches it, which proves that solution optimal.
   */
  setUpperBound(cost: number): void;
  readonly nodes: number;
  readonly stored: number;
  /** The f layer reached so far: a proven lower bound for an optimal search. */
  readonly lowerBound: number;
  readonly bytesPerState: number;
  /**
   * The states it had stored when its progress last rose, for a search that measures some (the
   * feature-space search: its packing): a race gives less to one that has stalled (race.ts).
   */
  readonly progressAt?: number;
  /** The most progress it has made (the feature-space search: the packing's), for a race's report (race.ts `report`). */
  readonly bestProgress?: number;
}
