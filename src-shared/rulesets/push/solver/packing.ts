/**
 * Packing order for goal rooms: the order to fill the goals in so that no goal is walled off by
 * filled ones before its turn. The push search's `packing` option (search.ts) uses it to find
 * some solution where the order boxes go in is everything (Microban 153: ten boxes fill a
 * one-wide dead-end column through one door), and a search over whole positions drowns in the
 * orders. That solution is not optimal: it supplies a par upper bound.
 *
 * The order is found backwards: the goal filled last must be reachable by a box (in the relaxed
 * model) with every other goal filled; the one before it with all the rest filled; and so on.
 * Where several could be last, the one nearest the boxes goes last: it is the way in. Where none
 * can be reached from the boxes' start cells, a box parked elsewhere first may do: any floor cell.
 * The relaxed model lets the player stand anywhere, so a pick is also tested with the player
 * walking (a box on it can be pulled out to a source with the filled goals in place, box-route.ts
 * `pullsTo`; a goal a box starts on passes): on XSokoban 10, 11, 22 and 26 the relaxed order left
 * a goal whose last push needs the player in a pocket the goals filled before it seal. The
 * nearest goals are tested, at most PLAYER_TRIES of them; one that passes from the start cells
 * is taken, else one that passes from any floor cell (a weak test: most goals pass it), else the
 * nearest in the relaxed model alone, from the start cells and then from anywhere.
 *
 * A pick that passes only from a floor cell off the goals names where its box waits, a park
 * (`packingPlan`): the cell it is pulled out to in the fewest pulls. The box goes there before the
 * first goal is filled (on XSokoban 44 the goal room's bottom corner takes its box only from a
 * pocket below it, which a box reaches only through that corner while the goals beside it are
 * open), and the park is a wall to the walking tests of the picks before its goal: with parks the
 * order is found again so (`packingPlan`), for the searches that park boxes, and the order found
 * without them (`packingOrder`) stays the others'. A park on a corridor stands in the other
 * boxes' way (XSokoban 46 and 47): the searches that park boxes are a few of the race's
 * (attempts.ts).
 *
 * The nearest pick is not always one a box is left for: the start boxes that could fill it may all
 * be needed by the goals picked before it (filled after it), while the goals they cannot reach pile
 * up for the picks still to come. With `PickOptions.matched` the picks keep a matching of goals to
 * start boxes (`PickMatching`) and pass over a goal that would get none; the feature-space searches
 * take that order (index.ts).
 */
import { INFEASIBLE } from '../../../search/assignment.ts';
import { BitMatching } from '../../../search/bit-matching.ts';
import { UNREACHABLE } from '../analysis.ts';
import type { CompiledBoard } from './compiled.ts';
import { BoxRoute } from './box-route.ts';
import { sideCell } from './sides.ts';
import { StepLiveness } from './plan.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';
import { nextStamp } from '../../../search/stamps.ts';

/** Picks tested for the player's walk before the nearest goal is taken anyway. */
const PLAYER_TRIES = 8;

/**
 * Goals in the order to fill them, or undefined when some goal can never be filled last. Each
 * pick searches backwards from every goal still open for its nearest source, but stops at the
 * first source found and at the best distance so far: on a room with hundreds of goals and boxes
 * spread over it, each search ends a few cells from its goal (the full tables would take goals
 * squared times cells). The walking tests add at most PLAYER_TRIES pull searches a pick, each
 * over the box's cells and sides. `poll` (the solver's stop) counts the cells visited.
 */
export function packingOrder(board: CompiledBoard, poll?: StopPoll, options: PickOptions = {}): number[] | undefined {
  return picks(board, false, poll, options)?.order;
}

/** How the picks are made. */
export interface PickOptions {
  /**
   * Keep a box for every pick (`PickMatching`): a goal is picked only where the start boxes can
   * still be matched to the goals picked so far, each to one it can be pushed onto at its turn.
   */
  readonly matched?: boolean;
}

/** A goal of a packing order whose box is parked off the goals first (`PackingPlan.parks`). */
export interface Park {
  readonly goal: number;
  /** The cell the box waits on. */
  readonly cell: number;
}

export interface PackingPlan {
  /** The goals in the order to fill them (`packingOrder`), for a search that parks no box. */
  readonly order: number[];
  /**
   * For a search that parks boxes, where the order has a goal no box can be brought onto from
   * the start cells once the goals before it are filled: the order found with the parks as walls,
   * and the parks, each goal with the cell nearest it (by pulls, the player walking, the goals
   * before it in place) that a box parked there can be brought from, and that a start box can be
   * brought to with the goals open. On XSokoban 44 the box for a corner of the goal room waits in
   * a pocket below it, that for a side in the doorway the player uses.
   */
  readonly parked?: { readonly order: number[]; readonly parks: readonly Park[] };
}

/** `packingOrder`, and the order with its parks where it has any (`PackingPlan.parked`). */
export function packingPlan(board: CompiledBoard, poll?: StopPoll, options: PickOptions = {}): PackingPlan | undefined {
  const plain = picks(board, false, poll, options);
  if (!plain) return undefined;
  if (plain.parks.length === 0) return { order: plain.order };
  const parked = picks(board, true, poll, options);
  return { order: plain.order, ...(parked && parked.parks.length > 0 ? { parked } : {}) };
}

/** The order's picks (packingOrder), with the parks they found; with `walls`, each park a wall to the picks after it. */
function picks(board: CompiledBoard, walls: boolean, poll: StopPoll | undefined, options: PickOptions): { order: number[]; parks: Park[] } | undefined {
  const filled = new Uint8Array(board.size);
  for (const g of board.goals) filled[g] = 1;
  const order: number[] = [];
  const remaining = new Set(board.goals);
  // Where boxes can come from: their start cells; failing that, any floor (a box parked off the
  // goals first, as some levels need before the last goal can be filled).
  const starts = new Uint8Array(board.size);
  for (const b of board.boxes) starts[b] = 1;
  const anywhere = Uint8Array.from(board.goal, (isGoal) => (isGoal ? 0 : 1));
  const nearest = new NearestSource(board, filled);
  // The filled goals as boxes, for the test that the player can walk to a pick's pushes.
  const boxAt = Int32Array.from(board.goal, (isGoal) => (isGoal ? 0 : -1));
  const router = new BoxRoute(board);
  const rejected = new Set<number>();
  const matching = options.matched ? new PickMatching(board) : undefined;
  /** The goal still open nearest a source (in the relaxed model), other than those rejected; -1 if none. */
  const nearestOpen = (sources: Uint8Array): number => {
    let pick = -1;
    let pickDistance = Infinity;
    for (const g of remaining) {
      if (rejected.has(g)) continue;
      filled[g] = 0;
      // Nearest source (not itself on a filled goal) a box could be pushed onto g from.
      const distance = nearest.onto(g, sources, pickDistance);
      filled[g] = 1;
      poll?.check(nearest.visited);
      if (distance < pickDistance) {
        pickDistance = distance;
        pick = g;
      }
    }
    return pick;
  };
  // The cell the last walkable pick's box was pulled out to (its park when the sources are any floor).
  let pulledTo = -1;
  // The relaxed model lets the player stand anywhere: a goal in a corner may pass it and yet need
  // the player on a cell the filled goals wall off (XSokoban 10). The nearest goal whose pushes the
  // player can also walk to is picked (-1 when none is within a few tries).
  // With a matching, from the start cells, a goal no start box is left for is passed over (not
  // counted as a try): the nearest one that has a box is picked.
  const walkableFrom = (sources: Uint8Array, match = matching !== undefined): number => {
    rejected.clear();
    for (let tries = 0; tries < PLAYER_TRIES; ) {
      const pick = nearestOpen(sources);
      if (pick < 0) return -1;
      if (match && sources === starts && !matching!.take(order.length, pick, filled, poll)) {
        rejected.add(pick);
        continue;
      }
      tries++;
      boxAt[pick] = -1;
      pulledTo = sources[pick] === 1 ? pick : router.pulledTo(pick, sources, boxAt, poll);
      boxAt[pick] = 0;
      poll?.check(0);
      if (pulledTo >= 0) return pick;
      rejected.add(pick);
    }
    return -1;
  };
  const relaxedFrom = (sources: Uint8Array): number => {
    rejected.clear();
    return nearestOpen(sources);
  };
  const parks: Park[] = [];
  const empty = new Int32Array(board.size).fill(-1);
  while (remaining.size > 0) {
    let pick = walkableFrom(starts);
    if (pick < 0) {
      pick = walkableFrom(anywhere);
      // Its box is parked before the first goal is filled and waits there, a wall to the
      // walking tests of the picks before its own; unless no start box can be brought there even
      // with every goal open (XSokoban 88: a pocket behind the goals), where no box can wait.
      if (pick >= 0 && router.pullsTo(pulledTo, starts, empty, poll)) {
        parks.push({ goal: pick, cell: pulledTo });
        if (walls) boxAt[pulledTo] = 0;
      }
    }
    // No pick keeps a box for every goal: the nearest walkable one, as without the matching.
    if (pick < 0 && matching) pick = walkableFrom(starts, false);
    if (pick < 0) pick = relaxedFrom(starts);
    if (pick < 0) pick = relaxedFrom(anywhere);
    if (pick < 0) return undefined;
    // A pick made without the matching takes a box if one is free (and lets go of any a candidate
    // before it held under its number); one made with it keeps its box.
    if (matching && !matching.holds(order.length, pick)) matching.take(order.length, pick, filled, poll);
    order.push(pick);
    remaining.delete(pick);
    filled[pick] = 0;
    boxAt[pick] = -1;
  }
  return { order: order.reverse(), parks: parks.reverse() };
}

/**
 * A matching of an order's picks to the start boxes, made as the picks are (last goal first): each
 * pick may take a start box that can be pushed onto it alone at its turn, the goals filled before
 * it as walls and the player on any side of the box (plan.ts `StepLiveness`), and a pick is kept
 * only where the matching grows by it (Kuhn's augmenting paths, which may hand earlier picks other
 * boxes). Without it the nearest goal is picked even where every box that could fill it is needed
 * by a goal filled later: on XSokoban 72 and 90 the order then leaves four and one start boxes
 * without a goal they can reach in turn (plan.ts `unplanned`, the player on any side), and its
 * first goals are filled in ways that leave the last ones unfillable.
 */
class PickMatching {
  private readonly board: CompiledBoard;
  private readonly live: StepLiveness;
  /** Rows: picks (by their number, last goal first); columns: the start boxes (by index) that can fill them. */
  private readonly matching: BitMatching;
  /** Per pick, its goal. */
  private readonly goals: number[] = [];

  constructor(board: CompiledBoard) {
    this.board = board;
    this.live = new StepLiveness(board);
    this.matching = new BitMatching(board.goals.length, board.boxes.length);
  }

  /**
   * Whether goal `goal`, as pick number `index`, gets a start box, the goals `filled` marks (but
   * it) as walls; if so the matching keeps it. A candidate tried before under the same number
   * lets its box go first.
   */
  take(index: number, goal: number, filled: Uint8Array, poll: StopPoll | undefined): boolean {
    const { matching } = this;
    matching.release(index);
    filled[goal] = 0;
    const takes = this.live.takes(goal, filled, this.board.boxes);
    filled[goal] = 1;
    poll?.check(this.live.visited);
    matching.clearRow(index);
    takes.forEach((can, b) => can && matching.allow(index, b));
    this.goals[index] = goal;
    return matching.match(index);
  }

  /** Whether pick number `index` is `goal` and holds a box (its `take` said yes). */
  holds(index: number, goal: number): boolean {
    return this.goals[index] === goal && this.matching.holds(index);
  }
}

/**
 * The relaxed push distance onto a goal from the nearest source cell, with `wall` cells blocked
 * for box and player (the moves of relaxedPushDistances 'onto', breadth first from the goal).
 */
class NearestSource {
  private readonly board: CompiledBoard;
  private readonly wall: Uint8Array;
  private readonly dist: Uint16Array;
  private readonly mark: Uint32Array;
  private readonly queue: Int32Array;
  private stamp = 0;
  /** Cells the last search visited. */
  visited = 0;

  constructor(board: CompiledBoard, wall: Uint8Array) {
    this.board = board;
    this.wall = wall;
    this.dist = new Uint16Array(board.size);
    this.mark = new Uint32Array(board.size);
    this.queue = new Int32Array(board.size);
  }

  /**
   * The distance from the nearest cell with `sources[c]` set (and not walled, unless it is the
   * goal itself) to `goal`, or Infinity; gives up (Infinity) once no source nearer than `below`
   * can be found.
   */
  onto(goal: number, sources: Uint8Array, below: number): number {
    const { nbr } = this.board;
    const { wall, dist, mark, queue } = this;
    const stamp = (this.stamp = nextStamp(this.stamp, this.mark));
    const blocked = (c: number): boolean => c < 0 || wall[c] === 1;
    this.visited = 1;
    if (blocked(goal)) return Infinity;
    if (sources[goal]) return 0 < below ? 0 : Infinity;
    let head = 0;
    let tail = 0;
    mark[goal] = stamp;
    dist[goal] = 0;
    queue[tail++] = goal;
    while (head < tail) {
      const x = queue[head++];
      // Every cell found from here is at dist[x] + 1: no use once that is not below the best.
      if (dist[x] + 1 >= below) break;
      for (let d = 0; d < 4; d++) {
        // The box came to x from y = x - d, pushed from y - d.
        const y = nbr[x * 4 + (d ^ 1)];
        if (blocked(y) || mark[y] === stamp) continue;
        const pusher = nbr[y * 4 + (d ^ 1)];
        if (blocked(pusher)) continue;
        mark[y] = stamp;
        dist[y] = dist[x] + 1;
        if (sources[y]) {
          this.visited = tail;
          return dist[y];
        }
        queue[tail++] = y;
      }
    }
    this.visited = tail;
    return Infinity;
  }
}

/**
 * The packing search's priority (search.ts `packing`), in place of a lower bound: the goals still
 * to fill in steps of `step` (1,024 for up to 58 goals, so values stay within 16 bits), plus the
 * pushes that bring the nearest box not already in place onto the next goal.
 */
export class PackingPriority {
  private readonly board: CompiledBoard;
  private readonly order: readonly number[];
  /** Rank of each cell in the order (the goal count for cells that are no goal). */
  private readonly rank: Int32Array;
  /** The goal index (into board.goals) of each goal in the order. */
  private readonly goalOf: number[];
  private readonly step: number;

  constructor(board: CompiledBoard, order: readonly number[]) {
    const G = board.goals.length;
    if (order.length !== G || order.some((c) => !board.goal[c]) || new Set(order).size !== G) {
      throw new Error('push search: a packing order must list every goal once');
    }
    this.board = board;
    this.order = order;
    this.rank = new Int32Array(board.size).fill(G);
    order.forEach((c, k) => (this.rank[c] = k));
    this.goalOf = order.map((c) => board.goals.indexOf(c));
    this.step = Math.min(1024, Math.floor(60_000 / Math.max(1, G)));
  }

  /** The priority of box cells `cells` (boxAt marks them) with the player on `player`. */
  of(cells: Int32Array, boxAt: Int32Array, player: number): number {
    const { board, order, rank } = this;
    const G = order.length;
    let k = 0;
    while (k < G && boxAt[order[k]] >= 0) k++;
    if (k === G) return 0;
    let best = UNREACHABLE;
    const sideCount = board.sides.count;
    const base = this.goalOf[k] * sideCount;
    for (let i = 0; i < cells.length; i++) {
      if (rank[cells[i]] >= k) best = Math.min(best, board.sideDist[base + sideCell(board.sides, board.size, cells[i], player)]);
    }
    return best === UNREACHABLE ? INFEASIBLE : best + (G - k) * this.step;
  }
}
