/**
 * The exact push search forwards and backwards in turns: forwards by pushes from the start,
 * backwards by pulls from the solved position, sharing one state budget; whichever finishes first
 * proves the par. Levels differ wildly in which way is easy (a goal area that must be filled in
 * order is hard forwards and easy backwards; a start that must be untangled is the reverse), so
 * the turns go to the side expected to raise its bound for the fewest states.
 */
import type { CompiledBoard } from './compiled.ts';
import { startPlain, type PlainSearchOptions, type PlainSearchResult, type PlainSearchRun } from './search.ts';

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
 * better of the two proven lower bounds (both bound the same optimum). It runs in slices like
 * each of its sides, so a solve can pause it for other searches and go on later.
 *
 * Who gets the turn: see `nextTurn`.
 */
export function startBothWays(board: CompiledBoard, reversed: CompiledBoard, options: PlainSearchOptions): PlainSearchRun {
  // Assigned below; the progress callback reads whichever exist when it is called.
  let forward: ReturnType<typeof startPlain> | undefined = undefined;
  let backward: ReturnType<typeof startPlain> | undefined = undefined;
  const progress = options.progress
    ? () => options.progress!({ nodes: (forward?.nodes ?? 0) + (backward?.nodes ?? 0), stored: (forward?.stored ?? 0) + (backward?.stored ?? 0) })
    : undefined;
  forward = startPlain(board, { ...options, direction: 'push', progress });
  backward = startPlain(reversed, { ...options, budget: Math.max(0, options.budget - forward.stored), direction: 'pull', progress });
  const sides = [forward, backward] as const;
  const growth = [new LayerGrowth(forward), new LayerGrowth(backward)] as const;
  let budget = options.budget;
  let upperBound = options.upperBound ?? Infinity;
  let ended: PlainSearchResult | undefined;
  /** The side whose turn it is, and the nodes left of its turn. */
  let side = 0;
  let sliceLeft = 0;
  const stored = (): number => forward.stored + backward.stored;
  const combined = (result: PlainSearchResult): PlainSearchResult => {
    const storedBoth = stored();
    const lowerBound =
      result.status === 'unsolvable' || result.status === 'solved' ? result.lowerBound : Math.max(forward.lowerBound, backward.lowerBound);
    const bytes = (forward.bytesPerState * forward.stored + backward.bytesPerState * backward.stored) / Math.max(1, storedBoth);
    return { ...result, lowerBound, nodes: forward.nodes + backward.nodes, stored: storedBoth, bytesPerState: bytes };
  };
  const end = (result: PlainSearchResult): PlainSearchResult => (ended = combined(result));
  return {
    run(maxNodes: number): PlainSearchResult | undefined {
      if (ended) return ended;
      const stopAt = forward.nodes + backward.nodes + maxNodes;
      while (forward.nodes + backward.nodes < stopAt) {
        // A turn is SLICE nodes whatever the caller's slices: a turn cut short goes on first.
        if (sliceLeft === 0) {
          side = nextTurn(growth, upperBound);
          sliceLeft = SLICE;
        }
        const search = sides[side];
        search.setBudget(budget - (stored() - search.stored));
        const before = search.nodes;
        const result = search.run(Math.min(sliceLeft, stopAt - forward.nodes - backward.nodes));
        sliceLeft = result ? 0 : Math.max(0, sliceLeft - (search.nodes - before));
        if (sliceLeft === 0) growth[side].observe();
        // Out of budget, the other side may still have room (and `setBudget` may grant more).
        if (result) return result.status === 'budget' ? combined(result) : end(result);
      }
      return undefined;
    },
    setBudget(states: number) {
      budget = states;
    },
    setUpperBound(cost: number) {
      upperBound = Math.min(upperBound, cost);
      forward.setUpperBound(cost);
      backward.setUpperBound(cost);
    },
    get nodes() {
      return forward.nodes + backward.nodes;
    },
    get stored() {
      return stored();
    },
    get lowerBound() {
      return Math.max(forward.lowerBound, backward.lowerBound);
    },
    get bytesPerState() {
      return (forward.bytesPerState * forward.stored + backward.bytesPerState * backward.stored) / Math.max(1, stored());
    },
  };
}

/** The same, run to its end. */
export function searchBothWays(board: CompiledBoard, reversed: CompiledBoard, options: PlainSearchOptions): PlainSearchResult {
  return startBothWays(board, reversed, options).run(Infinity)!;
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
