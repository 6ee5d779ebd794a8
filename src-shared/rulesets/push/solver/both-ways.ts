/**
 * The exact push search forwards and backwards in turns: forwards by pushes from the start,
 * backwards by pulls from the solved position, sharing one state budget; whichever finishes first
 * proves the par. Levels differ wildly in which way is easy (a goal area that must be filled in
 * order is hard forwards and easy backwards; a start that must be untangled is the reverse), so
 * the turns go to the side expected to raise its bound for the fewest states.
 */
import type { CompiledBoard } from './compiled.ts';
import { startPlain, type PlainSearchOptions, type PlainSearchResult } from './search.ts';

/** Nodes each direction expands before handing over to the other. */
const SLICE = 4096;
/**
 * How many f layers ahead the two sides' costs are compared: one alone would never let a side
 * that starts behind catch up, however cheap its layers.
 */
const HORIZON = 4;
/**
 * Guesses can be wrong: each side keeps at least this share of the stored states (Pohl's rule
 * takes over below it), so a search never costs more than 1 / MIN_SHARE times its better side.
 */
const MIN_SHARE = 1 / 16;

/**
 * An optimal search (by moves or pushes), forwards on `board` and backwards on `reversed`, in
 * turns of SLICE nodes, sharing one state budget. The first to finish decides; a stop reports the
 * better of the two proven lower bounds (both bound the same optimum).
 *
 * Who gets the turn: see `nextTurn`.
 */
export interface BothWaysOptions extends PlainSearchOptions {
  /**
   * Past this many stored states, go on (up to `budget`) only while one side is expected to
   * bring its bound to `upperBound`, which proves that solution optimal, within what is left:
   * a search that cannot finish leaves the rest of the budget to the searches that tighten the
   * par bound. (The estimate is an upper one: the optimum may lie below the bound.)
   */
  readonly softBudget?: number;
}

export function searchBothWays(board: CompiledBoard, reversed: CompiledBoard, options: BothWaysOptions): PlainSearchResult {
  // Assigned below; the progress callback reads whichever exist when it is called.
  let forward: ReturnType<typeof startPlain> | undefined = undefined;
  let backward: ReturnType<typeof startPlain> | undefined = undefined;
  const progress = options.progress
    ? () => options.progress!({ nodes: (forward?.nodes ?? 0) + (backward?.nodes ?? 0), stored: (forward?.stored ?? 0) + (backward?.stored ?? 0) })
    : undefined;
  forward = startPlain(board, { ...options, direction: 'push', progress });
  backward = startPlain(reversed, { ...options, budget: Math.max(0, options.budget - forward.stored), direction: 'pull', progress });
  const growth = [new LayerGrowth(forward), new LayerGrowth(backward)] as const;
  const upperBound = options.upperBound ?? Infinity;
  let soft = options.softBudget !== undefined && options.softBudget < options.budget && upperBound < Infinity;
  const ended = (result: PlainSearchResult): PlainSearchResult => {
    const storedBoth = forward.stored + backward.stored;
    const lowerBound =
      result.status === 'unsolvable' || result.status === 'solved' ? result.lowerBound : Math.max(forward.lowerBound, backward.lowerBound);
    const bytes = (forward.bytesPerState * forward.stored + backward.bytesPerState * backward.stored) / Math.max(1, storedBoth);
    return { ...result, lowerBound, nodes: forward.nodes + backward.nodes, stored: storedBoth, bytesPerState: bytes };
  };
  for (;;) {
    const side = nextTurn(growth, upperBound);
    const search = side === 1 ? backward : forward;
    search.setBudget(options.budget - (forward.stored + backward.stored - search.stored));
    const result = search.run(SLICE);
    growth[side].observe();
    if (result) return ended(result);
    if (soft && forward.stored + backward.stored >= options.softBudget!) {
      soft = false;
      const left = options.budget - forward.stored - backward.stored;
      const ready = growth.filter((g) => g.ready);
      if (ready.length > 0 && Math.min(...ready.map((g) => g.statesTo(upperBound))) > left) {
        return ended({ status: 'budget', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 });
      }
    }
  }
}

/**
 * Which of two searches for the same optimum (0 forwards, 1 backwards) expands next. Either
 * proves the par once its f layer reaches it, so the turn goes to the side expected to bring its
 * bound to a few layers past the better of the two (but short of a known solution's cost,
 * `upperBound`) for the fewest new states, judged from how its last f layers grew (LayerGrowth).
 * - A side below MIN_SHARE of the stored states goes first (Pohl's cardinality rule: the side
 *   with fewer states), so neither starves.
 * - Until both have grown a few layers, estimates are guesses: the side with fewer states goes,
 *   unless one side has grown a few layers while the other is stuck in a layer that already
 *   holds more states than the first is expected to need, with more layers to go after it (on
 *   Microban 153 by pushes, the backward search never finishes its first layer).
 */
export function nextTurn(growth: readonly [LayerGrowth, LayerGrowth], upperBound: number): number {
  const [forward, backward] = growth;
  const fewer = backward.stored < forward.stored ? 1 : 0;
  if (Math.min(forward.stored, backward.stored) < MIN_SHARE * (forward.stored + backward.stored)) return fewer;
  const ahead = Math.max(forward.lowerBound, backward.lowerBound);
  const target = Math.max(ahead + 1, Math.min(ahead + HORIZON, upperBound - 1));
  if (forward.ready && backward.ready) return backward.statesTo(target) < forward.statesTo(target) ? 1 : 0;
  if (forward.ready !== backward.ready) {
    const ready = forward.ready ? 0 : 1;
    const stuck = growth[1 - ready];
    if (target - stuck.lowerBound >= 2 && growth[ready].statesTo(target) < stuck.pending) return ready;
  }
  return fewer;
}

/**
 * How an A* search's f layers grow, to guess the states it must still store to bring its lower
 * bound to a target: the next layer is the last one times the growth ratio of the last two (or
 * more, if the current layer already holds more), and so on geometrically.
 */
export class LayerGrowth {
  private readonly search: { readonly stored: number; readonly lowerBound: number };
  private bound: number;
  /** Stored states when the bound last rose. */
  private storedAtRise: number;
  /** States per unit of bound in the last completed layer, and its ratio to the one before. */
  private lastLayer = 0;
  private ratio = 0;
  private layers = 0;

  constructor(search: { readonly stored: number; readonly lowerBound: number }) {
    this.search = search;
    this.bound = search.lowerBound;
    this.storedAtRise = search.stored;
  }

  get stored(): number {
    return this.search.stored;
  }

  get lowerBound(): number {
    return this.search.lowerBound;
  }

  /** Enough layers seen to extrapolate. */
  get ready(): boolean {
    return this.layers >= 3;
  }

  observe(): void {
    const { lowerBound, stored } = this.search;
    if (lowerBound <= this.bound) return;
    const layer = (stored - this.storedAtRise) / (lowerBound - this.bound);
    if (this.lastLayer > 0) this.ratio = Math.min(4, Math.max(1.05, layer / this.lastLayer));
    if (layer > 0) this.lastLayer = layer;
    this.layers++;
    this.bound = lowerBound;
    this.storedAtRise = stored;
  }

  /** States stored since the bound last rose (in the layer not finished yet). */
  get pending(): number {
    return this.search.stored - this.storedAtRise;
  }

  /** Estimated new states to store before the lower bound reaches `target`. */
  statesTo(target: number): number {
    const layers = target - this.search.lowerBound;
    if (layers <= 0) return 0;
    const done = this.search.stored - this.storedAtRise;
    const ratio = this.ratio || 2;
    const current = Math.max(this.lastLayer * ratio, done * 1.5);
    let total = current - done;
    let next = current;
    for (let k = 1; k < layers; k++) {
      next *= ratio;
      total += next;
    }
    return total;
  }
}
