/**
 * A search for some solution of a full-size level (not an optimal one), after the idea of the
 * feature-space search in FESS (Shoham and Schaeffer 2020), in a small form of our own.
 *
 * A greedy search on the matching bound alone sinks into one plateau of it: on a level of twenty
 * boxes the bound barely moves for thousands of pushes, and the budget goes on one corner of the
 * level. Here every stored position is also placed in a cell of a small feature space: its
 * packing progress (how many goals of the packing order, packing.ts, are filled from its start,
 * or, with no order, boxes on goals) and its connectivity (how many areas the boxes split the
 * free floor into, counted for each child from its parent's walk, areas.ts) and, in one variant,
 * the boxes out of plan (FESS's third feature here: boxes the rest of the packing order has no
 * goal for, plan.ts `unplanned`), and in another the room links the boxes obstruct (FESS's room
 * connectivity, rooms.ts). The search takes the cells in turn, round
 * robin: every kind of progress keeps getting a share, so a position that opens the level up or
 * fills a goal is taken soon even while the bound rises.
 *
 * Inside a cell it takes, as FESS does, the position with the least weight: the moves on its path
 * that no advisor proposed (an advised move weighs 0, any other 1), so lines made of advised moves
 * alone are tried before any other, then those with one move off them, and so on; the least
 * matching bound breaks ties. The advisors, each proposing at most one move a position: packing
 * (with a packing order: the next goal filled by a macro move, `advise`, with a box that leaves
 * the rest of the order fillable, plan.ts; in the variants that park boxes, the order's parks
 * first, packing.ts), connectivity (the push
 * that joins most of the areas the boxes split the floor into) and, in one variant, the bound
 * (the push that lowers it most) and the opener (when the boxes nearest the next goal have no
 * route, a short route of a box that stands in the player's way to one, opener.ts); in others,
 * when they have none, the clearer (a box whose removal gives the nearest one a route, moved
 * where it does) and the approach (the nearest box that can get nearer the goal, taken to the
 * cell nearest it that it reaches). Another
 * variant counts a box's further pushes as free (FESS's unit: a box taken anywhere is one move),
 * and one leads each cell by the least bound alone, as this search did before it had weights
 * (raced until a variant with every advisor took its place, attempts.ts). On XSokoban at 10 s of CPU, the bound-led search
 * alone solved 1 of the 52 levels the race did not; each weighted variant 12 to 14, about a third
 * of them not solved by the others.
 *
 * It works by pushes, forwards, with the player kept as its area (positions that differ by a walk
 * merge), and prunes as the exact search does (dead squares, freezes, boxes frozen on goals that
 * wall off an empty one or close a pocket, no complete matching, PI corrals), and with deadlock
 * patterns it learns (dead-patterns.ts; shared by the variants of a solve): each position probed at its first
 * expansion, closed when a pattern holds, and no child with one stored. A bound-led search expands a node once.
 * A weighted one expands it twice (`adviseFirst`): first it stores only the advised children, at
 * its own weight, and goes back in its cell one weight on; the rest of its children are stored
 * when it comes up again. Most positions never do: a solution then takes two to four times fewer
 * states (XSokoban 13: 698 where storing every child at once took 32,169). Its solution is a par
 * upper bound; `lowerBound` is always 0.
 */
import { BucketQueue } from '../../../search/bucket-queue.ts';
import { INFEASIBLE } from '../../../search/assignment.ts';
import { STATE_TABLE_LIMIT } from '../../../search/state-table.ts';
import { untilStopped } from '../../../search/stop-poll.ts';
import { UNREACHABLE } from '../analysis.ts';
import { AreaCounter } from './areas.ts';
import { BoxRoute } from './box-route.ts';
import type { CompiledBoard } from './compiled.ts';
import { CORRAL_DEADLOCK, NO_CORRAL } from './corral.ts';
import { FROZEN_OFF_GOAL, FROZEN_ON_GOALS } from './deadlock.ts';
import { Opener } from './opener.ts';
import type { Park } from './packing.ts';
import { PlanLiveness } from './plan.ts';
import { RoomLinks } from './rooms.ts';
import type { DeadPatterns } from './dead-patterns.ts';
import { CLOSED, searchContext, type SearchContext } from './search-context.ts';
import type { PlainSearchOptions, PlainSearchResult, PlainSearchRun } from './search-types.ts';
import { nextStamp } from '../../../search/stamps.ts';

/** Connectivity is capped at this many areas in a cell's key (more are rare and alike). */
const MAX_AREAS = 15;
/** Boxes out of plan are capped at this many in a cell's key. */
const MAX_UNPLANNED = 15;
/**
 * The packing advisor tries to route this many boxes (the nearest to the next goal first). Three,
 * since box routes flood less (box-route.ts): XSokoban 56 -> 58/90 at 10 s of CPU (47 and 49). Of
 * those that can be routed, the nearest whose pick leaves the plan not stuck (plan.ts).
 */
const ADVISED_BOXES = 3;
/**
 * Obstructed room links are capped at this many in a cell's key: each value is a cell of its own
 * up to it, and a finer space shares the turns out thinner (FeatureVariant.rooms).
 */
const MAX_ROOM_LINKS = 6;
/** Bounds at or above this share one place in a weight's order (the queue's second key is H_CAP - bound). */
const H_CAP = 4000;

/**
 * Which moves the search counts against a path (its weight): every push no advisor proposed
 * ('pushes'), or only those that start moving another box than the last push did ('box-moves':
 * FESS's unit, a box taken anywhere for one), or those and the pushes that take a box on past
 * an advised push ('macros', below). `boundAdvisor` adds an advisor for the push that
 * lowers the bound most. The variants solve different levels (on XSokoban, about one in three of
 * each one's are not the others'), so the race runs more than one.
 */
export interface FeatureVariant {
  /** 'bound': each cell's positions by the least bound alone (deepest among equals), no weights. */
  readonly lead?: 'weight' | 'bound';
  /**
   * 'macros' counts box moves as FESS counts its macro moves: a box taken anywhere is one move,
   * free where an advisor proposed it. Counting 'box-moves', an advised push made every further
   * push of the same box free too, so every cell that box reaches from there came at the advised
   * weight. Here the push past an advised one (or past an advised macro's end) counts one, and the
   * box's pushes after that are free. Alone, 60,000 states a level, on XSokoban's 86 full-size
   * levels: by box moves 47 -> 49 (20, 24 and 61 won, 72 lost); with the opener and parks 47 -> 54
   * (10, 20, 25, 31, 36, 37, 40, 49 and 61 won; 45 and 72 lost, which box moves alone and the
   * backwards search solve in the race); with every advisor 44 -> 47, but 32 and 35 lost, which
   * that variant alone solves in the race, so it counts box moves (attempts.ts).
   */
  readonly count?: 'pushes' | 'box-moves' | 'macros';
  readonly boundAdvisor?: boolean;
  /** When no box near the next goal has a route, the route of a box that clears the player's way to one (opener.ts). */
  readonly opener?: boolean;
  /** Then (when the opener has none) the route of a box whose removal gives the nearest box a route (opener.ts `clear`). */
  readonly clearer?: boolean;
  /** Then the route of one of those boxes to the cell nearest the goal that it can reach (`BoxRoute.routeNearer`). */
  readonly approach?: boolean;
  /**
   * Store no child whose plan is stuck (plan.ts): stricter than the game, so a pruning only one
   * variant runs (with the clearer: XSokoban 42 in 2,443 states, 19,257 without).
   */
  readonly pruneStuck?: boolean;
  /**
   * A third feature: the boxes out of plan (plan.ts `unplanned`), with a packing order. With the
   * approach, alone without deadlock patterns: XSokoban 46 in 35,540 states (241,925 without).
   */
  readonly outOfPlan?: boolean;
  /**
   * Park boxes first where the packing order needs it (packing.ts `PackingPlan.parks`; the
   * search's `parks`). Alone at 10 s, XSokoban 44 and 87 are solved by six and seven of the
   * race's seven variants with it (by none without), but 46 and 47 by none (four and five
   * without): a park on a corridor stands in the other boxes' way.
   */
  readonly parks?: boolean;
  /**
   * The packing progress of a feature cell: 'order' (the default) the goals of the packing order
   * filled from its first without a gap; 'goals' the boxes on goals in any order, a count that
   * also stands for the order's first goals where the boxes out of plan and the parks are counted.
   * The packing advisor goes for the order's next goal either way. Alone at 10 s of CPU, the
   * approach's variant so solves XSokoban 39 (2.8 s), which no variant of the race solves alone,
   * and loses 15, 45 and 49; box moves so wins 36 and 39, loses 20 and 24, and takes 9.0 s on 49
   * (1.2 before). The race runs the approach's and the clearer's variants so (attempts.ts
   * QUICK_FULL_SIZE): the clearer's then solves 14.
   */
  readonly progress?: 'order' | 'goals';
  /**
   * A fourth feature: the links between rooms the boxes obstruct (rooms.ts, FESS's room
   * connectivity), capped at MAX_ROOM_LINKS. With every advisor, alone, 60,000 states a level, on
   * XSokoban's 86 full-size levels: 44 -> 45 (31, 36, 45, 49, 52 and 87 won; 11, 22, 57, 72 and 76
   * lost, which other variants of the race solve); 52, which no variant solved, in 39,472 states.
   * Uncapped: 46 (52 in 51,403 states; 15 lost too, 35 and 44 four and eighteen times slower);
   * capped at 4: 48 and none lost, but not 52. In the approach's variant (uncapped) 50 -> 49, with
   * 39 lost, and in the clearer's 56 -> 55, with 14 lost: the levels only they solve. In the other
   * variants of the race it solved none of the 15 levels left.
   */
  readonly rooms?: boolean;
}

export function startFeatureSearch(
  board: CompiledBoard,
  options: PlainSearchOptions & { readonly order?: readonly number[]; readonly parks?: readonly Park[]; readonly variant?: FeatureVariant; readonly patterns?: DeadPatterns },
): PlainSearchRun {
  const s = searchContext(board, { ...options, objective: 'pushes', direction: 'push', weight: 1, symmetry: false, packing: undefined, vicinity: undefined });
  const search = new FeatureSearch(s, options.order, options.parks ?? [], options.variant ?? {}, options.patterns);
  search.start();
  return search;
}

class FeatureSearch implements PlainSearchRun {
  private readonly s: SearchContext;
  /** Rank of each cell in the packing order (the goal count elsewhere), or undefined: boxes on goals count. */
  private readonly rank: Int32Array | undefined;
  private readonly order: readonly number[] | undefined;
  /**
   * The packing order's parks (packing.ts `PackingPlan.parks`), taken before its first goal: the
   * packing progress counts each while a box stands on its cell or on its goal, and the packing
   * advisor routes a box to the first that neither holds.
   */
  private readonly parks: readonly Park[];
  /** One queue per feature cell, and the cells in the order they first appeared (the round). */
  private readonly queues = new Map<number, BucketQueue>();
  private readonly round: BucketQueue[] = [];
  private turn = 0;
  private queued = 0;
  private expanded = 0;
  private budget: number;
  private cutoff: number;
  private ended: PlainSearchResult | undefined;
  /** The connectivity count: the position being expanded labelled, its children counted from it. */
  private readonly areaCounter: AreaCounter;
  /** The areas of the position being expanded (labelled in `areaCounter`), or -1 between expansions. */
  private parentAreas = -1;
  private readonly allowed: Uint32Array;
  private allowStamp = 0;
  /** The packing advisor's routes (with a packing order), and each goal cell's index in `board.goals`. */
  private readonly router: BoxRoute | undefined;
  private readonly goalIndex: Int32Array | undefined;
  private readonly opener: Opener | undefined;
  /** Which boxes can still follow the packing order (with one), for the packing advisor's pick. */
  private readonly plan: PlanLiveness | undefined;
  private readonly inRegion = (cell: number): boolean => this.s.reach.inRegion(cell);
  /** Each stored position's weight: the moves on its path that no advisor proposed. */
  private weights = new Uint16Array(1024);
  /** Each stored position's last pushed box (its cell). */
  private lastCell = new Int32Array(1024);
  /** Counting macros: the box move that reached the position was counted (its box's further pushes are free). */
  private charged = new Uint8Array(1024);
  /** Counting macros (FeatureVariant.count): a push past an advised one counts. */
  private readonly macros: boolean;
  /**
   * Positions whose advised children are stored (the first of a weighted search's two expansions,
   * `adviseFirst`): the rest of their children are stored when they come up again, one weight on.
   */
  private deferred = new Uint8Array(1024);
  /** The weight (or bound) of the entry `pop` returned last. */
  private popped = 0;
  /** The most packing progress stored so far, and the states stored when it was reached. */
  private bestPacked = 0;
  progressAt = 0;

  get bestProgress(): number {
    return this.bestPacked;
  }

  private readonly byBound: boolean;
  private readonly boxMoves: boolean;
  private readonly boundAdvisor: boolean;
  /** The variant's advisors for a next goal none of the nearest boxes has a route to (advise). */
  private readonly opens: boolean = false;
  private readonly clears: boolean = false;
  private readonly approaches: boolean = false;
  private readonly pruneStuck: boolean;
  private readonly outOfPlan: boolean;
  /** The packing progress counts the boxes on goals in any order (FeatureVariant.progress). */
  private readonly anyOrder: boolean;
  /** The deadlock patterns it learns and prunes by (shared with the other variants of a solve). */
  private readonly patterns: DeadPatterns | undefined;
  /** The room links (FeatureVariant.rooms), or undefined. */
  private readonly roomLinks: RoomLinks | undefined;

  constructor(s: SearchContext, order: readonly number[] | undefined, parks: readonly Park[], variant: FeatureVariant, patterns: DeadPatterns | undefined) {
    this.s = s;
    this.parks = order && order.length === s.G && variant.parks ? parks.filter((p) => !s.board.goal[p.cell] && !s.board.dead[p.cell]) : [];
    this.byBound = variant.lead === 'bound';
    this.boxMoves = variant.count === 'box-moves' || variant.count === 'macros';
    this.macros = variant.count === 'macros';
    this.boundAdvisor = variant.boundAdvisor === true;
    this.pruneStuck = variant.pruneStuck === true;
    this.outOfPlan = variant.outOfPlan === true;
    this.anyOrder = variant.progress === 'goals';
    this.patterns = patterns;
    const roomLinks = variant.rooms ? RoomLinks.of(s.board) : undefined;
    this.roomLinks = roomLinks && roomLinks.links > 0 ? roomLinks : undefined;
    this.budget = Math.min(s.options.budget, STATE_TABLE_LIMIT);
    this.cutoff = s.options.upperBound ?? Infinity;
    this.areaCounter = new AreaCounter(s.board, s.poll);
    this.allowed = new Uint32Array(s.n * 4);
    if (order && order.length === s.G) {
      this.order = order;
      this.rank = new Int32Array(s.size).fill(s.G);
      order.forEach((c, k) => (this.rank![c] = k));
      this.router = new BoxRoute(s.board);
      if (variant.opener || variant.clearer) this.opener = new Opener(s.board, this.router);
      this.opens = variant.opener === true;
      this.clears = variant.clearer === true;
      this.approaches = variant.approach === true;
      this.goalIndex = new Int32Array(s.size).fill(-1);
      s.board.goals.forEach((c, k) => (this.goalIndex![c] = k));
      this.plan = PlanLiveness.of(s.board, order, s.poll);
    }
  }

  /**
   * Whether the plan is stuck (plan.ts) once box i of the expanded position (its boxes in `boxes`
   * and `boxAt`) is on `goal`, the player on `after`.
   */
  private stuckAfter(i: number, goal: number, after: number): boolean {
    const { boxes, boxAt, next, reach } = this.s;
    const c = boxes[i];
    boxAt[c] = -1;
    boxAt[goal] = i;
    reach.regionMin(after, boxAt);
    next.set(boxes);
    next[i] = goal;
    const stuck = this.plan!.stuck(next, this.packed(next), this.inRegion);
    boxAt[goal] = -1;
    boxAt[c] = i;
    return stuck;
  }

  get nodes(): number {
    return this.expanded;
  }

  get stored(): number {
    return this.s.table.count;
  }

  readonly lowerBound = 0;

  get bytesPerState(): number {
    return this.s.table.bytesPerState();
  }

  readonly setBudget = (states: number): void => {
    this.budget = Math.min(states, STATE_TABLE_LIMIT);
  };

  readonly setUpperBound = (cost: number): void => {
    this.cutoff = Math.min(this.cutoff, cost);
  };

  /** Stores the start position (or ends the search when it is hopeless). */
  start(): void {
    const { s } = this;
    const { board, boxes, boxAt, reach, codec, key, table, matching, n } = s;
    if (board.hopeless) return void (this.ended = this.result('unsolvable'));
    boxes.set(board.boxes);
    for (let i = 0; i < n; i++) if (s.prune && board.dead[boxes[i]]) return void (this.ended = this.result('unsolvable'));
    const h = matching ? matching.startBound(boxes, board.player) : s.simpleBound(boxes, board.player);
    if (h >= INFEASIBLE) return void (this.ended = this.result('unsolvable'));
    for (let i = 0; i < n; i++) boxAt[boxes[i]] = i;
    const at = reach.regionMin(board.player, boxAt);
    const cell = this.cellOf(boxes);
    for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
    const hash = codec.write(boxes, at);
    const id = table.insert(key, hash, -1, 0);
    table.setAux(id, h);
    this.setWeight(id, 0);
    this.setLast(id, -1);
    this.enqueue(id, cell, h);
  }

  private setWeight(id: number, w: number): void {
    if (id >= this.weights.length) {
      const grown = new Uint16Array(Math.max(this.weights.length * 2, id + 1));
      grown.set(this.weights);
      this.weights = grown;
    }
    this.weights[id] = Math.min(w, 0xffff);
  }

  private setLast(id: number, cell: number): void {
    if (id >= this.lastCell.length) {
      const grown = new Int32Array(Math.max(this.lastCell.length * 2, id + 1));
      grown.set(this.lastCell);
      this.lastCell = grown;
      const deferred = new Uint8Array(grown.length);
      deferred.set(this.deferred);
      this.deferred = deferred;
      const charged = new Uint8Array(grown.length);
      charged.set(this.charged);
      this.charged = charged;
    }
    this.lastCell[id] = cell;
    this.deferred[id] = 0;
  }

  readonly run = (maxNodes: number): PlainSearchResult | undefined => {
    if (this.ended) return this.ended;
    const outcome = untilStopped(() => this.expand(this.expanded + maxNodes), () => this.result('stopped'));
    if (outcome && outcome.status !== 'budget') this.ended = outcome;
    return outcome;
  };

  private enqueue(id: number, cell: number, h: number, weight = this.weights[id]): void {
    let queue = this.queues.get(cell);
    if (!queue) {
      queue = new BucketQueue();
      this.queues.set(cell, queue);
      this.round.push(queue);
    }
    if (this.byBound) queue.push(id, h, this.s.table.cost(id));
    else queue.push(id, weight, Math.max(0, H_CAP - h));
    this.queued++;
  }

  /** The next cell's best position, round robin over the cells that hold any; -1 when none. */
  private pop(): number {
    if (this.queued === 0) return -1;
    const { round } = this;
    for (;;) {
      const queue = round[this.turn];
      this.turn = (this.turn + 1) % round.length;
      if (queue.size > 0) {
        this.queued--;
        const id = queue.pop();
        this.popped = queue.lastF;
        return id;
      }
    }
  }

  /** The feature cell of boxes `cells` (`boxAt` marks them): packing progress and connectivity. */
  private cellOf(cells: Int32Array): number {
    return this.cellWith(cells, this.areaCounter.count(this.s.boxAt));
  }

  private cellWith(cells: Int32Array, areas: number): number {
    const packed = this.anyOrder ? this.s.wonCount(cells) : this.packed(cells);
    const unplanned = this.outOfPlan && this.plan ? Math.min(MAX_UNPLANNED, this.plan.unplanned(cells, packed, this.inRegion)) : 0;
    const parked = this.parked(packed);
    const progress = parked < this.parks.length ? parked : parked + packed;
    const obstructed = this.roomLinks ? Math.min(MAX_ROOM_LINKS, this.roomLinks.obstructed(this.s.boxAt)) : 0;
    return ((progress * (MAX_AREAS + 1) + Math.min(MAX_AREAS, areas)) * (MAX_UNPLANNED + 1) + unplanned) * (MAX_ROOM_LINKS + 1) + obstructed;
  }

  /** The packing progress of a feature cell. */
  private static packedOf(cell: number): number {
    return Math.floor(cell / ((MAX_AREAS + 1) * (MAX_UNPLANNED + 1) * (MAX_ROOM_LINKS + 1)));
  }

  /**
   * The player's key in the expanded position's child in which the box on `c` went to `t`, the
   * player on `after` (`boxAt` the child's): the least free cell of its area (reach.ts `leastIn`),
   * read from the parent's walk (areas.ts `sameArea`) where that cell is the board's least free one.
   */
  private leastPlayer(after: number, c: number, t: number): number {
    const { boxAt, reach } = this.s;
    let floor = 0;
    while (boxAt[floor] >= 0) floor++;
    return this.areaCounter.sameArea(after, floor, c, t, boxAt) === true ? floor : reach.leastIn(after, boxAt);
  }

  /** The areas of the expanded position's child in which the box on `c` went to `t` (`boxAt` the child's). */
  private childAreas(c: number, t: number): number {
    return this.areaCounter.afterMove(c, t, this.s.boxAt);
  }

  /**
   * The parks held in turn, the first `packed` goals of the order filled: a box on the cell, or
   * its goal among those filled (`boxAt` marks the boxes; a goal filled out of turn does not count).
   */
  private parked(packed: number): number {
    const { boxAt } = this.s;
    const rank = this.rank!;
    let k = 0;
    while (k < this.parks.length && (boxAt[this.parks[k].cell] >= 0 || rank[this.parks[k].goal] < packed)) k++;
    return k;
  }

  private packed(cells: Int32Array): number {
    const { order, s } = this;
    if (!order) return s.wonCount(cells);
    let k = 0;
    while (k < order.length && s.boxAt[order[k]] >= 0) k++;
    return k;
  }

  private result(status: PlainSearchResult['status'], goalId = -1): PlainSearchResult {
    const { table, codec, n } = this.s;
    const base = { lowerBound: 0, nodes: this.expanded, stored: table.count, bytesPerState: table.bytesPerState() };
    if (goalId < 0) return { status, ...base };
    const path: { boxes: Int32Array; player: number }[] = [];
    const costs: number[] = [];
    for (let id = goalId; id >= 0; id = table.parent(id)) {
      const cells = new Int32Array(n);
      const player = codec.read(table, id, cells);
      path.push({ boxes: cells, player });
      costs.push(table.cost(id));
    }
    path.reverse();
    costs.reverse();
    const pushes = this.singlePushes(path, costs);
    return { status, path: pushes, cost: pushes.length - 1, ...base };
  }

  private expand(stopAt: number): PlainSearchResult | undefined {
    const s = this.s;
    const { board, table, codec, boxes, boxAt, reach, seen, moves, corrals, matching, n } = s;
    for (;;) {
      if (this.expanded >= stopAt) return undefined;
      const id = this.pop();
      if (id < 0) return this.result('unsolvable');
      const flags = table.flags(id);
      if ((flags & CLOSED) !== 0) continue;
      // Weighted, a position is expanded twice: its advised children first, the rest one weight on
      // (an entry at its own weight once the first is done is a duplicate).
      const second = !this.byBound && this.deferred[id] === 1;
      if (second && this.popped <= this.weights[id]) continue;
      const g = table.cost(id);
      if (g + table.aux(id) >= this.cutoff) continue;
      const player = codec.read(table, id, boxes);
      if (s.wonCount(boxes) === s.G) return this.result('solved', id);
      for (let i = 0; i < n; i++) boxAt[boxes[i]] = i;
      if (this.patterns && (this.patterns.holdsIn(boxes, boxAt, player) || (!second && this.patterns.learnFrom(boxes, boxAt, this.lastCell[id], player)))) {
        for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
        table.setFlags(id, flags | CLOSED);
        continue;
      }
      let visitedBefore = reach.visited;
      const stamp = reach.flood(player, boxAt);
      const moveCount = moves.list(boxes, boxAt, seen, stamp, 'push', s.prune ? board.dead : undefined);
      const first = !this.byBound && !second;
      if (!first) table.setFlags(id, flags | CLOSED);
      this.expanded++;
      if ((this.expanded & 1023) === 0) s.options.progress?.({ nodes: this.expanded, stored: table.count });
      let restricted = false;
      if (corrals) {
        const found = corrals.find(boxes, boxAt, seen, stamp);
        if (found === CORRAL_DEADLOCK) {
          for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
          this.forgetParent();
          table.setFlags(id, flags | CLOSED);
          continue;
        }
        if (found !== NO_CORRAL) {
          restricted = true;
          this.allowStamp = nextStamp(this.allowStamp, this.allowed);
          for (let k = 0; k < found; k++) this.allowed[corrals.pushes[k]] = this.allowStamp;
        }
      }
      // Labelled only now: a position closed as a corral deadlock needs no areas.
      this.parentAreas = this.areaCounter.labelFrom(boxAt);
      if (matching) matching.matchParent(boxes, player);
      let outOfBudget = false;
      if (first) {
        outOfBudget = this.adviseFirst(id, g, player, moveCount, restricted);
        if (s.poll.tick(s.childWork + reach.visited - visitedBefore)) {
          for (let m = 0; m < n; m++) boxAt[boxes[m]] = -1;
          this.forgetParent();
          return this.result('stopped');
        }
        if (!outOfBudget) {
          this.deferred[id] = 1;
          if (this.outOfPlan) reach.regionMin(player, boxAt);
          this.enqueue(id, this.cellWith(boxes, this.parentAreas), table.aux(id), this.weights[id] + 1);
        }
      } else {
        for (let k = 0; k < moveCount && !outOfBudget; k++) {
          const i = moves.box[k];
          if (restricted && this.allowed[i * 4 + moves.dir[k]] !== this.allowStamp) continue;
          outOfBudget = this.child(id, g + 1, i, moves.target[k], moves.after[k]);
          if (s.poll.tick(s.childWork + reach.visited - visitedBefore)) {
            for (let m = 0; m < n; m++) boxAt[boxes[m]] = -1;
            this.forgetParent();
            return this.result('stopped');
          }
          visitedBefore = reach.visited;
        }
        if (this.byBound && !outOfBudget && this.router) outOfBudget = this.advise(id, g, player);
      }
      for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
      this.forgetParent();
      if (outOfBudget) {
        // Open again, to be expanded anew should the budget grow (children stored already are found).
        table.setFlags(id, flags & ~CLOSED);
        this.expanded--;
        // At the weight it came up at (one on from its own for a second expansion, else skipped).
        this.enqueue(id, this.cellAfterReopen(player), table.aux(id), this.weights[id] + this.deferred[id]);
        return this.result('budget');
      }
    }
  }

  /**
   * The first expansion of a position in a weighted search (its boxes in `boxes` and `boxAt`, its
   * moves listed): only the children an advisor proposes are stored, at the position's weight:
   * packing (advise), connectivity (the push that joins most of the areas the boxes split the floor
   * into, when one joins any), in that variant the bound (the push that lowers it most, when one
   * does), and, counting box moves, every further push of the box pushed last. The others wait for
   * the second expansion. True when the budget is full.
   */
  private adviseFirst(id: number, g: number, player: number, moveCount: number, restricted: boolean): boolean {
    const { boxes, boxAt, moves, matching, table } = this.s;
    const w = this.weights[id];
    let joins = -1;
    let joinsAreas = this.parentAreas;
    let lowers = -1;
    let least = table.aux(id);
    for (let k = 0; k < moveCount; k++) {
      const i = moves.box[k];
      if (restricted && this.allowed[i * 4 + moves.dir[k]] !== this.allowStamp) continue;
      const c = boxes[i];
      const t = moves.target[k];
      if (this.freeOn(id, c)) {
        if (this.child(id, g + 1, i, t, moves.after[k], w)) return true;
        continue;
      }
      // The child's boxes in `boxAt` for its areas and bound.
      boxAt[c] = -1;
      boxAt[t] = i;
      const areas = this.childAreas(c, t);
      const h = this.boundAdvisor && matching ? matching.childBound(i, t, moves.after[k]) : INFEASIBLE;
      boxAt[t] = -1;
      boxAt[c] = i;
      if (areas < joinsAreas) {
        joinsAreas = areas;
        joins = k;
      }
      if (h < least) {
        least = h;
        lowers = k;
      }
    }
    for (const k of [joins, lowers]) {
      if (k >= 0 && this.child(id, g + 1, moves.box[k], moves.target[k], moves.after[k], w)) return true;
    }
    return this.router !== undefined && this.advise(id, g, player);
  }

  /**
   * The packing advisor (FESS's idea, in a small form of our own): the next goal of the packing
   * order filled by one macro move, the route of one of the boxes nearest to it (by the relaxed
   * distance) with the others in place, stored as a child of the node being expanded (its boxes
   * in `boxes` and `boxAt`), at the parent's weight (a route of one push as an ordinary child).
   * The nearest routable box whose pick leaves the plan not stuck (plan.ts) goes, else the
   * nearest routable one. When none of them has a route, in the variants that have them, each
   * as a macro move at the same weight, the first of: the opener (`FeatureVariant.opener`: the
   * opening that clears the player's way to one of them, opener.ts `find`); the clearer (a box
   * whose removal gives the nearest one a route, moved to where it does, opener.ts `clear`); the
   * approach (the route of the nearest box that can get nearer the goal, to the cell nearest it
   * that it reaches, box-route.ts `routeNearer`), so that the next position's advisors start
   * from there. True when the budget is full.
   */
  private advise(parent: number, g: number, player: number): boolean {
    const { board, boxes, boxAt } = this.s;
    const k = this.packed(boxes);
    const parked = this.parked(k);
    if (parked < this.parks.length) {
      // No box has a route to the park (one parked before may stand in the way): the goal's advice.
      const full = this.park(parent, g, player, this.parks[parked]);
      if (full !== undefined) return full;
    }
    if (k >= this.order!.length) return false;
    const goal = this.order![k];
    const row = this.goalIndex![goal] * board.size;
    // The boxes off the goals nearest to it, at most ADVISED_BOXES of them, but those parked for
    // a later goal.
    const picks = this.nearestTo(row, k);
    let fallback: { i: number; cells: number[]; after: number } | undefined;
    for (const i of picks) {
      const cells = this.router!.route(boxes[i], goal, player, boxAt, this.s.poll);
      if (!cells) continue;
      // One push: an ordinary child (the box's cell is where the player stands after it).
      const after = cells.length < 2 ? boxes[i] : cells[cells.length - 2];
      if (this.plan && this.stuckAfter(i, goal, after)) {
        fallback ??= { i, cells, after };
        continue;
      }
      return this.child(parent, g + cells.length, i, goal, after, this.weights[parent]);
    }
    if (fallback) return this.child(parent, g + fallback.cells.length, fallback.i, goal, fallback.after, this.weights[parent]);
    if (this.opener) {
      // The goals filled in order so far stay filled.
      const rank = this.rank!;
      const settled = (cell: number): boolean => rank[cell] < k;
      if (this.opens) {
        for (const i of picks) {
          const opening = this.opener.find(boxes[i], row, player, boxAt, this.s.poll, settled);
          if (opening) return this.child(parent, g + opening.pushes, boxAt[opening.from], opening.to, opening.after, this.weights[parent]);
        }
      }
      // For the nearest box alone: each box's removal is tried with a route.
      const opening = this.clears && picks.length > 0 ? this.opener.clear(boxes[picks[0]], goal, player, boxAt, this.s.poll, settled) : undefined;
      if (opening) return this.child(parent, g + opening.pushes, boxAt[opening.from], opening.to, opening.after, this.weights[parent]);
    }
    if (this.approaches) {
      for (const i of picks) {
        const cells = this.router!.routeNearer(boxes[i], player, boxAt, (cell) => board.dist[row + cell], this.s.poll);
        if (!cells) continue;
        const after = cells.length < 2 ? boxes[i] : cells[cells.length - 2];
        return this.child(parent, g + cells.length, i, cells[cells.length - 1], after, this.weights[parent]);
      }
    }
    return false;
  }

  /**
   * The boxes (their indices) off the goals nearest the goal whose relaxed distances start at
   * `row` in `board.dist`, at most ADVISED_BOXES of them, nearest first and equals in box order;
   * none that cannot reach it, nor one on a park: for the goal of rank `k`, one parked for a later
   * goal; for a park (`k` < 0), one on any park.
   */
  private nearestTo(row: number, k: number): number[] {
    const { board, boxes, n } = this.s;
    const { dist } = board;
    const picks: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = boxes[i];
      if (board.goal[c]) continue;
      const d = dist[row + c];
      if (d === UNREACHABLE) continue;
      if (this.parks.length > 0 && (k < 0 ? this.parkedFor(c) >= 0 : this.parkedFor(c) > k)) continue;
      let at = picks.length;
      while (at > 0 && dist[row + boxes[picks[at - 1]]] > d) at--;
      if (at >= ADVISED_BOXES) continue;
      picks.splice(at, 0, i);
      if (picks.length > ADVISED_BOXES) picks.pop();
    }
    return picks;
  }

  /** The rank in the order of the goal whose park is cell `c`, or -1 when it is no park. */
  private parkedFor(c: number): number {
    for (const park of this.parks) if (park.cell === c) return this.rank![park.goal];
    return -1;
  }

  /**
   * The packing advisor's move for a park (packing.ts): the route onto its cell of the box nearest
   * its goal that has one (of the ADVISED_BOXES nearest, none on a goal or on another park's
   * cell), stored as `advise` stores a goal's. True when the budget is full, undefined when no
   * box has a route.
   */
  private park(parent: number, g: number, player: number, park: Park): boolean | undefined {
    const { board, boxes, boxAt } = this.s;
    const row = this.goalIndex![park.goal] * board.size;
    const picks = this.nearestTo(row, -1);
    for (const i of picks) {
      const cells = this.router!.route(boxes[i], park.cell, player, boxAt, this.s.poll);
      if (!cells) continue;
      const after = cells.length < 2 ? boxes[i] : cells[cells.length - 2];
      return this.child(parent, g + cells.length, i, park.cell, after, this.weights[parent]);
    }
    return undefined;
  }

  /**
   * A path whose steps may be macro moves (advise) as a path of single pushes: a step whose cost
   * (pushes, `costs`) rises by more than one is a macro, even one that ends next to where it
   * began; each is routed again from the position before it (the same search on the same
   * position: the same route), and its intermediate positions put in.
   */
  private singlePushes(path: { boxes: Int32Array; player: number }[], costs: readonly number[]): { boxes: Int32Array; player: number }[] {
    if (!this.router) return path;
    const { boxAt } = this.s;
    const out = path.length > 0 ? [path[0]] : [];
    for (let k = 1; k < path.length; k++) {
      const before = path[k - 1].boxes;
      const after = path[k].boxes;
      const moved = before.find((c) => !after.includes(c))!;
      const target = after.find((c) => !before.includes(c))!;
      if (costs[k] - costs[k - 1] > 1) {
        before.forEach((c, i) => (boxAt[c] = i));
        const cells = this.router.route(moved, target, path[k - 1].player, boxAt);
        before.forEach((c) => (boxAt[c] = -1));
        if (!cells || cells[cells.length - 1] !== target || cells.length !== costs[k] - costs[k - 1]) throw new Error('push solver: a macro move could not be routed again (internal error)');
        let from = moved;
        for (const cell of cells.slice(0, -1)) {
          const boxesThere = Int32Array.from(before, (c) => (c === moved ? cell : c)).sort();
          out.push({ boxes: boxesThere, player: from });
          from = cell;
        }
      }
      out.push(path[k]);
    }
    return out;
  }

  /**
   * Whether a push of the box on cell `c` from position `id` is free: counting box moves, it
   * pushes the last pushed box on; counting macros, also the move that brought it there counted.
   */
  private freeOn(id: number, c: number): boolean {
    return this.boxMoves && c === this.lastCell[id] && (!this.macros || this.charged[id] === 1);
  }

  /** The expanded position's labels are stale from here on. */
  private forgetParent(): void {
    this.parentAreas = -1;
    this.areaCounter.forget();
  }

  /** The cell of the node being expanded (its boxes in `boxes`), for putting it back. */
  private cellAfterReopen(player: number): number {
    const { boxes, boxAt, n } = this.s;
    for (let i = 0; i < n; i++) boxAt[boxes[i]] = i;
    if (this.outOfPlan) this.s.reach.regionMin(player, boxAt);
    const cell = this.cellOf(boxes);
    for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
    return cell;
  }

  /**
   * The child where box `i` of the node went to `t` (the player on `after`): stored and queued in
   * its cell unless it is known, dead or not cheaper than the cutoff. True when the budget is full.
   */
  private child(parent: number, ng: number, i: number, t: number, after: number, advised?: number): boolean {
    const s = this.s;
    const { boxes, next, boxAt, reach, codec, key, table, matching, freeze, frozenGoals, n } = s;
    const c = boxes[i];
    let j = 0;
    let inserted = false;
    for (let m = 0; m < n; m++) {
      if (m === i) continue;
      if (!inserted && boxes[m] > t) {
        next[j++] = t;
        inserted = true;
      }
      next[j++] = boxes[m];
    }
    if (!inserted) next[j] = t;
    boxAt[c] = -1;
    boxAt[t] = i;
    let full = false;
    // Its weight: the parent's when an advisor proposed it or it pushes the last pushed box on
    // (counting box moves; counting macros, a box move that counted already), else one more.
    const free = this.freeOn(parent, c);
    const weight = advised ?? this.weights[parent] + (free ? 0 : 1);
    // Counted: one more, or a free push on of a move that counted; an advised push is not.
    const chargedNow = advised === undefined ? 1 : free ? this.charged[parent] : 0;
    // The player's region itself only where the plan's counts read it (inRegion).
    const nextPlayer = this.outOfPlan || this.pruneStuck ? reach.regionMin(after, boxAt) : this.leastPlayer(after, c, t);
    const hash = codec.write(next, nextPlayer);
    const found = table.find(key, hash);
    if (found < 0) {
      const frozen = s.prune ? freeze.check(boxAt, t) : 0;
      let h = frozen === FROZEN_OFF_GOAL ? INFEASIBLE : matching ? matching.childBound(i, t, after) : s.simpleBound(next, after);
      if (frozen === FROZEN_ON_GOALS && frozenGoals && h < INFEASIBLE) {
        if (frozenGoals.dead(next, freeze.frozenCells, freeze.frozenCount, after, s.pinned)) h = INFEASIBLE;
      }
      if (this.patterns && h < INFEASIBLE && this.patterns.holdsWith(t, boxAt, after)) h = INFEASIBLE;
      if (this.pruneStuck && this.plan && h < INFEASIBLE && this.plan.stuck(next, this.packed(next), this.inRegion)) h = INFEASIBLE;
      if (h < INFEASIBLE && ng + h < this.cutoff && ng <= 0xfffe) {
        if (table.count >= this.budget) full = true;
        else {
          const cell = this.cellWith(next, this.childAreas(c, t));
          const packed = FeatureSearch.packedOf(cell);
          if (packed > this.bestPacked) {
            this.bestPacked = packed;
            this.progressAt = table.count;
          }
          const id = table.insert(key, hash, parent, ng);
          table.setAux(id, h);
          this.setWeight(id, weight);
          this.setLast(id, t);
          this.charged[id] = chargedNow;
          this.enqueue(id, cell, h);
        }
      }
    } else if (!this.byBound && weight < this.weights[found] && (table.flags(found) & CLOSED) === 0) {
      // Known at a greater weight and not done with: it comes up sooner now (after its first
      // expansion, for its second one, one weight on).
      this.setWeight(found, weight);
      this.charged[found] = chargedNow;
      this.enqueue(found, this.cellWith(next, this.childAreas(c, t)), table.aux(found), weight + this.deferred[found]);
    }
    boxAt[t] = -1;
    boxAt[c] = i;
    return full;
  }

}
