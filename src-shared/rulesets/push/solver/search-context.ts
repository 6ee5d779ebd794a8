/**
 * What one plain search works with (search.ts): its options resolved into the few switches the
 * expand loop reads (direction, objective, weighting, pruning), the stored positions and their
 * queue, the scratch arrays, and the helpers it asks (reach, moves, deadlocks, corrals,
 * symmetries, the bounds). Made once when a search starts; the loop only reads it.
 */
import { BucketQueue } from '../../../search/bucket-queue.ts';
import { StateTable } from '../../../search/state-table.ts';
import { StopPoll } from '../../../search/stop-poll.ts';
import { INFEASIBLE } from '../../../search/assignment.ts';
import { MatchingBound, nearestBound } from './bound.ts';
import { CanonicalPositions } from './canonical.ts';
import type { CompiledBoard } from './compiled.ts';
import { CorralPruner } from './corral.ts';
import { FreezeDetector, FrozenGoalDeadlock } from './deadlock.ts';
import { PositionCodec } from './key-codec.ts';
import { BoxMoves } from './moves.ts';
import { PackingPriority } from './packing.ts';
import { moveParity } from './parity.ts';
import { PlayerReach } from './reach.ts';
import type { PlainSearchOptions } from './search-types.ts';
import { boardSymmetries } from './symmetry.ts';
import { Vicinity } from './vicinity.ts';

/** Flag bit: the node was expanded. */
export const CLOSED = 1;
/** The node's bound already includes the walk to its first push (objective `moves`). */
export const WALKED = 2;
/**
 * Flag bits 2-4: which symmetry (0 = none, k = symmetries[k - 1]) maps the position reached from
 * the parent onto the stored one (the least key of its images).
 */
export const TURN_SHIFT = 2;
export const TURN_MASK = 7 << TURN_SHIFT;

export interface SearchContext {
  readonly board: CompiledBoard;
  readonly options: PlainSearchOptions;
  /** Boxes, goals and floor cells. */
  readonly n: number;
  readonly G: number;
  readonly size: number;
  /** Backwards by pulls from the solved position. */
  readonly pulls: boolean;
  readonly byMoves: boolean;
  readonly weight: number;
  /** Dead squares and freezes prove deadlocks (every box must end on a goal). */
  readonly prune: boolean;
  readonly packing: PackingPriority | undefined;
  /** Nodes come out in order of g + h: an optimal search. */
  readonly ordered: boolean;
  /** g + weight * h with an admissible h. */
  readonly weighted: boolean;
  /** Partial expansion (search-types.ts `partial`): only in a weighted search. */
  readonly partial: boolean;
  readonly codec: PositionCodec;
  readonly key: Uint8Array;
  readonly table: StateTable;
  readonly open: BucketQueue;
  /** Scratch: the node's boxes, a child's, an image's, and which box stands on each cell (-1). */
  readonly boxes: Int32Array;
  readonly next: Int32Array;
  readonly framed: Int32Array;
  readonly boxAt: Int32Array;
  readonly reach: PlayerReach;
  readonly seen: Uint32Array;
  readonly walk: Uint16Array;
  readonly moves: BoxMoves;
  readonly poll: StopPoll;
  readonly freeze: FreezeDetector;
  readonly frozenGoals: FrozenGoalDeadlock | undefined;
  readonly corrals: CorralPruner | undefined;
  /** allowed[box * 4 + dir] === the node's stamp: a push the corral allows. */
  readonly allowed: Uint32Array;
  readonly canon: CanonicalPositions;
  /** The bound `h` of a node whose player stands on `player`, with the parity of the moves left. */
  readonly withParity: (h: number, player: number) => number;
  readonly near: Vicinity | undefined;
  readonly matching: MatchingBound | undefined;
  /** Whether the child's matching gives every box frozen on a goal its own goal (for FrozenGoalDeadlock). */
  readonly pinned: (() => boolean) | undefined;
  /** The bound where matching is off: the packing priority, or nearest-goal distances. */
  readonly simpleBound: (cells: Int32Array, player: number) => number;
  /** Boxes on goals. */
  readonly wonCount: (cells: Int32Array) => number;
  /**
   * The host's stop is asked by work done (stop.ts), not by nodes: an expansion on a big board
   * floods thousands of cells for each of its children, and with a thousand boxes each child's
   * matching copies a million costs. The rough cost of a child, besides the cells it floods.
   */
  readonly childWork: number;
}

export function searchContext(board: CompiledBoard, options: PlainSearchOptions): SearchContext {
  const n = board.boxes.length;
  const G = board.goals.length;
  const size = board.size;
  const pulls = options.direction === 'pull';
  const byMoves = options.objective === 'moves';
  const weight = options.weight ?? 1;
  const exactCounts = n === G;
  // Dead squares and freezes only prove a deadlock when every box must end on a goal.
  const prune = exactCounts;
  const packing = options.packing && exactCounts && !pulls && !byMoves ? new PackingPriority(board, options.packing) : undefined;
  // Nodes come out in order of g + h (an optimal search), or of g + weight * h with an admissible
  // h (weighted); a packing search's priority is neither.
  const ordered = weight === 1 && !packing;
  const weighted = weight !== 1 && !packing;
  const codec = new PositionCodec(n, size);
  const table = new StateTable(codec.keyBytes, Math.min(options.budget, 1 << 12));
  const open = new BucketQueue();
  const boxes = new Int32Array(n);
  const next = new Int32Array(n);
  const framed = new Int32Array(n);
  const boxAt = new Int32Array(size).fill(-1);
  const reach = new PlayerReach(board);
  const moves = new BoxMoves(board, n);
  const poll = options.poll ?? new StopPoll(options.shouldStop);
  const freeze = new FreezeDetector(board);
  const frozenGoals = prune && !pulls ? new FrozenGoalDeadlock(board, n, poll) : undefined;
  // Corral pruning keeps a solution with the fewest pushes overall, not within a vicinity.
  const useCorrals = !pulls && !options.vicinity && (options.corrals ?? !byMoves);
  const corrals = useCorrals ? new CorralPruner(board, n, prune) : undefined;
  const allowed = new Uint32Array(n * 4);
  const symmetries = options.symmetry === false || packing || options.vicinity ? [] : boardSymmetries(board, { boxes: pulls, player: pulls ? (byMoves ? 'cell' : 'region') : undefined });
  const canon = new CanonicalPositions(size, n, symmetries, byMoves, reach);
  // By moves, a bound is rounded up to the parity of the moves left (parity.ts). Only for exact
  // searches: a weighted one's course is better left as it was tuned. Forwards the bound is 0
  // only on a solved position, where no move is left whatever the player's cell.
  const parityOf = byMoves && weight === 1 && options.parity !== false ? moveParity(board, pulls ? 'pull' : 'push') : undefined;
  const withParity: (h: number, player: number) => number = !parityOf
    ? (h) => h
    : (h, player) => (h >= INFEASIBLE || (h === 0 && !pulls) ? h : h + ((h ^ parityOf[player]) & 1));
  const near = options.vicinity ? new Vicinity(size, options.vicinity) : undefined;
  const matching = exactCounts && !packing && (options.bound ?? 'matching') === 'matching' ? new MatchingBound(board, n, poll) : undefined;
  const { goal } = board;
  return {
    board,
    options,
    n,
    G,
    size,
    pulls,
    byMoves,
    weight,
    prune,
    packing,
    ordered,
    weighted,
    partial: weighted && options.partial === true,
    codec,
    key: codec.key,
    table,
    open,
    boxes,
    next,
    framed,
    boxAt,
    reach,
    seen: reach.seen,
    walk: reach.walk,
    moves,
    poll,
    freeze,
    frozenGoals,
    corrals,
    allowed,
    canon,
    withParity,
    near,
    matching,
    pinned: matching ? (): boolean => matching.pinsFrozen(freeze, boxAt) : undefined,
    simpleBound: (cells, player) => (packing ? packing.of(cells, boxAt, player) : nearestBound(board, cells)),
    wonCount: (cells) => {
      let on = 0;
      for (let i = 0; i < n; i++) on += goal[cells[i]];
      return on;
    },
    childWork: matching ? ((n * G) >>> 4) + 4 * G : 2 * n,
  };
}
