/**
 * Optimal search for plain Sokoban (no mechanics), by moves or by pushes.
 *
 * Nodes are push positions: the sorted box cells plus the player cell. An edge is one push, and
 * costs the player's shortest walk to the pushing cell plus one (objective `moves`) or just one
 * (objective `pushes`, where the player is normalised to the smallest cell of its region so
 * positions that differ only by a walk merge). A* with a consistent lower bound expands every
 * node at most once with its optimal cost, so the first won node popped is optimal. The bound is
 * a minimum-cost matching of boxes to goals over push distances that know which side of each box
 * the player is on (sides.ts), or the sum of relaxed nearest-goal distances; by moves, plus the
 * walk to the first push, rounded up to the parity of the moves left (parity.ts).
 *
 * Pruning is exact: dead squares, freeze deadlocks, boxes frozen on goals that wall off an empty
 * goal, and bipartite deadlocks (no complete matching) only cut positions from which no solution
 * exists; PI-corral pruning (by pushes only) drops pushes while keeping a solution with the fewest
 * pushes. The same loop searches backwards by pulls from the solved position (`direction`), and
 * runs in slices so a forward and a backward search can take turns. On a symmetric board it keeps
 * one of each set of positions that are turns or mirror images of each other (symmetry.ts). With a
 * packing order it is a search for some solution, not an optimal one, for goal rooms (packing.ts).
 * Keys are bytes in typed arrays; no strings or objects are made per node.
 *
 * This file is the expand loop: a node popped and its player's reach flooded (`expandNode`), then
 * its children made, bounded and stored (`expandChildren`). Its parts live beside it:
 * search-context.ts (the options resolved and the helpers made once per search), search-start.ts
 * (the start nodes), key-codec.ts (the stored form of a position), reach.ts (where the player can
 * walk), moves.ts (pushes and pulls), canonical.ts (positions under the board's symmetries),
 * bound.ts (the matching bound), vicinity.ts and packing.ts (the two restricted searches);
 * both-ways.ts runs two of these searches in turns.
 */
import { INFEASIBLE } from '../../../search/assignment.ts';
import { STATE_TABLE_LIMIT } from '../../../search/state-table.ts';
import { untilStopped } from '../../../search/stop-poll.ts';
import type { CompiledBoard } from './compiled.ts';
import { CORRAL_DEADLOCK, NO_CORRAL } from './corral.ts';
import { FROZEN_OFF_GOAL, FROZEN_ON_GOALS } from './deadlock.ts';
import { CLOSED, TURN_MASK, TURN_SHIFT, WALKED, searchContext, type SearchContext } from './search-context.ts';
import { storeStartNodes } from './search-start.ts';
import type { PlainSearchOptions, PlainSearchResult, PlainSearchRun } from './search-types.ts';
import { nextStamp } from '../../../search/stamps.ts';

export type { PlainSearchOptions, PlainSearchResult, PlainSearchRun, PushObjective } from './search-types.ts';

export function searchPlain(board: CompiledBoard, options: PlainSearchOptions): PlainSearchResult {
  return startPlain(board, options).run(Infinity)!;
}

const finished = (result: PlainSearchResult): PlainSearchRun => ({
  run: () => result,
  setBudget: () => {},
  setUpperBound: () => {},
  nodes: result.nodes,
  stored: result.stored,
  lowerBound: result.lowerBound,
  bytesPerState: result.bytesPerState,
});

export function startPlain(board: CompiledBoard, options: PlainSearchOptions): PlainSearchRun {
  if (board.hopeless) return finished({ status: 'unsolvable', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 });
  const s = searchContext(board, options);
  // Lowered by `setUpperBound` when a cheaper solution turns up elsewhere.
  const cutoff = options.upperBound ?? Infinity;
  // The set-up above is a few passes over the board per helper: counted, so two searches started
  // one after the other on a big board do not run on past a stop.
  if (s.poll.tick(16 * s.size)) return finished({ status: 'stopped', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 });
  s.boxes.set(board.boxes);
  const hopeless = { status: 'unsolvable', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 } as const;
  for (let i = 0; i < s.n; i++) if (s.prune && board.dead[s.boxes[i]]) return finished(hopeless);
  const { startH, overBudget } = storeStartNodes(s, cutoff);
  if (startH >= INFEASIBLE) return finished(hopeless);
  if (startH >= cutoff) return finished({ ...hopeless, lowerBound: options.vicinity ? 0 : cutoff });
  if (overBudget) return finished({ status: 'budget', lowerBound: 0, nodes: 0, stored: s.table.count, bytesPerState: s.table.bytesPerState() });
  return new PlainSearch(s, startH, cutoff);
}

/** A started search: A* (or weighted, or packing-ordered) expansion of the stored nodes. */
class PlainSearch implements PlainSearchRun {
  private expanded = 0;
  /** The highest f popped: a proven lower bound for an optimal search. */
  private reachedF: number;
  private cutoff: number;
  private budget: number;
  private ended: PlainSearchResult | undefined;
  /** Marks the pushes a corral allows at the node being expanded (`allowed`). */
  private allowStamp = 0;
  /** The matching was brought to the node being expanded (for its first new child). */
  private parentMatched = false;

  private readonly s: SearchContext;

  constructor(s: SearchContext, startH: number, cutoff: number) {
    this.s = s;
    this.reachedF = startH;
    this.cutoff = cutoff;
    this.budget = Math.min(s.options.budget, STATE_TABLE_LIMIT);
  }

  get nodes(): number {
    return this.expanded;
  }

  get stored(): number {
    return this.s.table.count;
  }

  get lowerBound(): number {
    const { weight, packing, near } = this.s;
    return weight === 1 && !packing && !near ? this.reachedF : 0;
  }

  get bytesPerState(): number {
    return this.s.table.bytesPerState();
  }

  readonly setBudget = (states: number): void => {
    this.budget = Math.min(states, STATE_TABLE_LIMIT);
  };

  readonly setUpperBound = (cost: number): void => {
    this.cutoff = Math.min(this.cutoff, cost);
  };

  readonly run = (maxNodes: number): PlainSearchResult | undefined => {
    if (this.ended) return this.ended;
    // A stop may come from a precomputation inside the search (a frozen set's tables, a matching).
    const outcome = untilStopped(() => this.expand(this.expanded + maxNodes), () => this.result('stopped'));
    // Out of budget is not the end: `setBudget` may grant more, and the search goes on.
    if (outcome && outcome.status !== 'budget') this.ended = outcome;
    return outcome;
  };

  private result(status: PlainSearchResult['status'], goalId = -1, cost = goalId >= 0 ? this.s.table.cost(goalId) : 0): PlainSearchResult {
    const { table, codec, canon, n, pulls } = this.s;
    const lowerBound = this.s.weight === 1 && !this.s.packing && !this.s.near ? (status === 'unsolvable' ? Math.min(this.cutoff, 0xffff) : this.reachedF) : 0;
    const base = { lowerBound, nodes: this.expanded, stored: table.count, bytesPerState: table.bytesPerState() };
    if (goalId < 0) return { status, ...base };
    const ids: number[] = [];
    for (let id = goalId; id >= 0; id = table.parent(id)) ids.push(id);
    if (!pulls) ids.reverse();
    const steps = ids.map((id) => {
      const cells = new Int32Array(n);
      const player = codec.read(table, id, cells);
      return { cells, player, turn: (table.flags(id) & TURN_MASK) >>> TURN_SHIFT };
    });
    return { status, path: canon.unmapPath(steps, pulls), cost, ...base };
  }

  /** Pops and expands nodes until `stopAt` nodes were expanded or the search ends. */
  private expand(stopAt: number): PlainSearchResult | undefined {
    const { open, ordered } = this.s;
    for (;;) {
      if (this.expanded >= stopAt) return undefined;
      const id = open.pop();
      if (id === -1) return this.result('unsolvable');
      // An optimal search is done once its f layer reaches the cutoff: nothing cheaper is left.
      if (ordered && open.lastF >= this.cutoff) return this.result('unsolvable');
      // Backwards by moves, a finished node's last walk (to the real start) goes in as -2 - id.
      if (id < -1) {
        if (open.lastG >= this.cutoff) continue;
        return this.result('solved', -2 - id, open.lastF);
      }
      const outcome = this.expandNode(id, open.lastG, open.lastF);
      if (outcome) return outcome;
    }
  }

  /**
   * One popped node: skipped when stale, closed, or (by moves, on its first pop) put back with
   * the walk to its first push in its bound; else its player's reach flooded, its moves listed,
   * and its children made. The search's result when it ends here, else undefined.
   */
  private expandNode(id: number, g: number, f: number): PlainSearchResult | undefined {
    const s = this.s;
    const { board, table, codec, boxes, boxAt, reach, seen, walk, moves, canon, matching, corrals, n, pulls, byMoves } = s;
    const flags = table.flags(id);
    if (table.cost(id) !== g || (flags & CLOSED) !== 0) return undefined;
    // A node queued before the cutoff came down to it leads to nothing cheaper.
    if (s.weighted && g + table.aux(id) >= this.cutoff) return undefined;
    if (f > this.reachedF) this.reachedF = f;
    let player = codec.read(table, id, boxes);
    if (!pulls && s.wonCount(boxes) === s.G) return this.result('solved', id);
    let visitedBefore = reach.visited;
    // On a symmetric board, expand in the image whose boxes the last matching already holds
    // most of: fewer rows to re-solve. Children record their map relative to the stored frame.
    const frame = matching && canon.active ? matching.bestFrame(boxes, player, canon.maps) : 0;
    if (frame !== 0) {
      canon.imageBoxes(frame, boxes, s.framed);
      boxes.set(s.framed);
      player = canon.maps[frame][player];
    }

    for (let i = 0; i < n; i++) boxAt[boxes[i]] = i;
    // Where the player's whole reach matters (corrals), flood it all; else only as far as the
    // cells next to boxes (and, backwards, the start): on a big room that is often a corner of it.
    const boxesHome = pulls && s.wonCount(boxes) === s.G;
    const stamp = corrals ? reach.flood(player, boxAt) : reach.flood(player, boxAt, reach.markTargets(boxes, boxAt, boxesHome ? board.player : -1));
    // Backwards, done when the boxes are back and the player can walk to its start.
    const home = boxesHome && seen[board.player] === stamp;
    if (home && (!byMoves || walk[board.player] === 0)) return this.result('solved', id);
    const moveCount = moves.list(boxes, boxAt, seen, stamp, pulls ? 'pull' : 'push', s.prune ? board.dead : undefined);
    if (s.poll.tick(reach.visited - visitedBefore + 4 * n)) return this.result('stopped');
    visitedBefore = reach.visited;
    // By moves, the walk to the first push is in the bound (after the node's first pop).
    let walk0 = 0;
    if (byMoves) {
      walk0 = firstMoveWalk(s, moveCount);
      if (home && walk[board.player] < walk0) walk0 = walk[board.player];
    }
    if (byMoves && (flags & WALKED) === 0) {
      // Lazy bound: before its first push the player must walk to a pushing cell, and that walk is
      // no push. The expansion's flood gives it for free; a node whose bound rises goes back in.
      table.setFlags(id, flags | WALKED);
      if (walk0 > 0) {
        const h = table.aux(id) + walk0;
        table.setAux(id, h);
        for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
        const hp = s.withParity(h, player);
        if (g + hp < this.cutoff) s.open.push(id, g + Math.round(s.weight * hp), g);
        return undefined;
      }
    }
    table.setFlags(id, table.flags(id) | CLOSED);
    this.expanded++;
    if (home) {
      const cost = g + walk[board.player];
      if (cost < this.cutoff) s.open.push(-2 - id, cost, cost);
    }
    if ((this.expanded & 1023) === 0) s.options.progress?.({ nodes: this.expanded, stored: table.count });
    let restricted = false;
    if (corrals) {
      const found = corrals.find(boxes, boxAt, seen, stamp);
      if (found === CORRAL_DEADLOCK) {
        for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
        return undefined;
      }
      if (found !== NO_CORRAL) {
        restricted = true;
        this.allowStamp = nextStamp(this.allowStamp, s.allowed);
        for (let k = 0; k < found; k++) s.allowed[corrals.pushes[k]] = this.allowStamp;
      }
    }
    return this.expandChildren(id, g, f, player, frame, moveCount, walk0, restricted, visitedBefore);
  }

  /**
   * The children of node `id` (its boxes in `boxes`, `boxAt` set, its moves listed): each made by
   * one move, put in its canonical image, and stored or improved when its bound leaves it under
   * the cutoff. Out of budget, the node is opened again. Clears `boxAt`.
   */
  private expandChildren(id: number, g: number, f: number, player: number, frame: number, moveCount: number, walk0: number, restricted: boolean, visitedBefore: number): PlainSearchResult | undefined {
    const s = this.s;
    const { table, key, codec, boxes, next, boxAt, reach, walk, moves, canon, matching, open, n, byMoves, weight, withParity } = s;
    const { maps, sig, parentSig, least } = canon;
    // The matching is brought to this node only for its first new child (`childBound`).
    this.parentMatched = false;
    // One push changes the pushed box's distance to a goal by at most one and leaves the other
    // boxes' side cells alone (the player never crosses their cells), so no child's matching
    // is more than one below the node's (its bound less the walk): children at or past the
    // cutoff by that need no lookup and no matching.
    const childFloor = matching ? Math.max(0, table.aux(id) - walk0 - 1) : 0;
    if (canon.active) canon.signatures(boxes, parentSig);
    let outOfBudget = false;
    // Partial expansion (a weighted search with `partial`): children whose priority is more than
    // `weight` above the node's are not stored yet; the node goes back in at the least of theirs.
    const threshold = s.partial ? f + weight : Infinity;
    let deferred = Infinity;
    for (let k = 0; k < moveCount; k++) {
      const i = moves.box[k];
      if (restricted && s.allowed[i * 4 + moves.dir[k]] !== this.allowStamp) continue;
      const c = boxes[i];
      const t = moves.target[k];
      // The player's cell after the move (behind a pushed box; a step past a pulled one).
      const after = moves.after[k];
      const ng = g + (byMoves ? walk[moves.stand[k]] + 1 : 1);
      if (ng > 0xfffe || ng + withParity(childFloor, after) >= this.cutoff) continue;
      // Successor boxes: sorted, with c replaced by t.
      let j = 0;
      let inserted = false;
      for (let m = 0; m < n; m++) {
        if (m === i) continue;
        const b = boxes[m];
        if (!inserted && b > t) {
          next[j++] = t;
          inserted = true;
        }
        next[j++] = b;
      }
      if (!inserted) next[j] = t;
      // Move the box in the scratch occupancy for the checks below.
      boxAt[c] = -1;
      boxAt[t] = i;
      // The region itself only for the symmetry's canonical form (canonical.ts reads it).
      const nextPlayer = byMoves ? after : canon.active ? reach.regionMin(after, boxAt) : reach.leastIn(after, boxAt);
      let hash: number;
      let turn = 0;
      if (canon.active) {
        for (let m = 0; m < maps.length; m++) sig[m] = parentSig[m] - canon.boxWeight[m][c] + canon.boxWeight[m][t];
        canon.canonical(next, nextPlayer, sig);
        hash = codec.write(least, canon.leastPlayer);
        turn = canon.after(canon.leastTurn, frame);
      } else hash = codec.write(next, nextPlayer);
      const found = table.find(key, hash);
      if (found >= 0) {
        const foundFlags = table.flags(found);
        const hp = withParity(table.aux(found), nextPlayer);
        if ((foundFlags & CLOSED) === 0 && ng < table.cost(found) && ng + hp < this.cutoff) {
          table.update(found, id, ng);
          table.setFlags(found, (foundFlags & ~TURN_MASK) | (turn << TURN_SHIFT));
          open.push(found, ng + Math.round(weight * hp), ng);
        }
      } else {
        if (s.near && !s.near.has(next)) {
          boxAt[t] = -1;
          boxAt[c] = i;
          continue;
        }
        const h = this.childBound(i, t, after, player);
        const hp = withParity(h, nextPlayer);
        const priority = ng + Math.round(weight * hp);
        if (h < INFEASIBLE && ng + hp < this.cutoff && priority > threshold) {
          if (priority < deferred) deferred = priority;
        } else if (h < INFEASIBLE && ng + hp < this.cutoff) {
          if (table.count >= this.budget) {
            outOfBudget = true;
          } else {
            const nid = table.insert(key, hash, id, ng);
            if (turn !== 0) table.setFlags(nid, turn << TURN_SHIFT);
            table.setAux(nid, h);
            open.push(nid, priority, ng);
          }
        }
      }
      boxAt[t] = -1;
      boxAt[c] = i;
      if (outOfBudget) break;
      if (s.poll.tick(s.childWork + reach.visited - visitedBefore)) return this.result('stopped');
      visitedBefore = reach.visited;
    }
    for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
    if (outOfBudget) {
      // Open again, to be expanded anew should the budget grow (children stored already are found).
      table.setFlags(id, table.flags(id) & ~CLOSED);
      open.push(id, f, g);
      this.expanded--;
      return this.result('budget');
    }
    if (deferred < Infinity) {
      table.setFlags(id, table.flags(id) & ~CLOSED);
      open.push(id, deferred, g);
    }
    return undefined;
  }

  /**
   * The bound of a new child (its boxes in `next`, box `i` moved to `t`, the player on `after`);
   * INFEASIBLE when it is a deadlock: frozen off a goal, or boxes frozen on goals walling off others.
   */
  private childBound(i: number, t: number, after: number, player: number): number {
    const s = this.s;
    const { matching, frozenGoals, freeze, next } = s;
    const frozen = s.prune && !s.pulls ? freeze.check(s.boxAt, t) : 0;
    if (frozen === FROZEN_OFF_GOAL) return INFEASIBLE;
    let h: number;
    if (matching) {
      if (!this.parentMatched) {
        // Positions that differ only in the player (by moves) often come one after another.
        matching.matchParent(s.boxes, player);
        this.parentMatched = true;
      }
      h = matching.childBound(i, t, after);
    } else h = s.simpleBound(next, after);
    // Boxes frozen on goals wall off others. Only the deadlock is used: raising h here
    // alone would make the bound inconsistent, and A* could then close a node too dear.
    if (frozen === FROZEN_ON_GOALS && frozenGoals && h < INFEASIBLE) {
      if (frozenGoals.dead(next, freeze.frozenCells, freeze.frozenCount, after, s.pinned)) h = INFEASIBLE;
    }
    return h;
  }
}

/** The shortest walk to a listed move (0 when there is none): by moves, the walk before the first push. */
function firstMoveWalk(s: SearchContext, count: number): number {
  const { moves, walk } = s;
  let best = 0xffff;
  for (let k = 0; k < count; k++) if (walk[moves.stand[k]] < best) best = walk[moves.stand[k]];
  return best === 0xffff ? 0 : best;
}
