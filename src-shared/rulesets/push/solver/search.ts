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
 * This file is the expand loop; its parts live beside it: key-codec.ts (the stored form of a
 * position), reach.ts (where the player can walk), moves.ts (pushes and pulls), canonical.ts
 * (positions under the board's symmetries), bound.ts (the matching bound), vicinity.ts and
 * packing.ts (the two restricted searches); both-ways.ts runs two of these searches in turns.
 */
import { INFEASIBLE } from '../../../search/assignment.ts';
import { BucketQueue } from '../../../search/bucket-queue.ts';
import { STATE_TABLE_LIMIT, StateTable } from '../../../search/state-table.ts';
import { MatchingBound, nearestBound } from './bound.ts';
import { CanonicalPositions } from './canonical.ts';
import type { CompiledBoard } from './compiled.ts';
import { CORRAL_DEADLOCK, CorralPruner, NO_CORRAL } from './corral.ts';
import { FROZEN_OFF_GOAL, FROZEN_ON_GOALS, FreezeDetector, FrozenGoalBound } from './deadlock.ts';
import { PositionCodec } from './key-codec.ts';
import { BoxMoves } from './moves.ts';
import { PackingPriority } from './packing.ts';
import { moveParity } from './parity.ts';
import { PlayerReach } from './reach.ts';
import type { PlainSearchOptions, PlainSearchResult, PlainSearchRun } from './search-types.ts';
import { StopPoll, StopRequested } from '../../../search/stop-poll.ts';
import { boardSymmetries } from './symmetry.ts';
import { Vicinity } from './vicinity.ts';

export type { PlainSearchOptions, PlainSearchResult, PlainSearchRun, PushObjective } from './search-types.ts';

const CLOSED = 1;
/** The node's bound already includes the walk to its first push (objective `moves`). */
const WALKED = 2;
/**
 * Flag bits 2-4: which symmetry (0 = none, k = symmetries[k - 1]) maps the position reached from
 * the parent onto the stored one (the least key of its images).
 */
const TURN_SHIFT = 2;
const TURN_MASK = 7 << TURN_SHIFT;

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
  const n = board.boxes.length;
  const G = board.goals.length;
  const size = board.size;
  const pulls = options.direction === 'pull';
  const byMoves = options.objective === 'moves';
  const weight = options.weight ?? 1;
  // Lowered by `setUpperBound` when a cheaper solution turns up elsewhere.
  let cutoff = options.upperBound ?? Infinity;
  const exactCounts = n === G;
  // Dead squares and freezes only prove a deadlock when every box must end on a goal.
  const prune = exactCounts;
  const packing = options.packing && exactCounts && !pulls && !byMoves ? new PackingPriority(board, options.packing) : undefined;
  // Nodes come out in order of g + h (an optimal search), or of g + weight * h with an admissible
  // h (weighted); a packing search's priority is neither.
  const ordered = weight === 1 && !packing;
  const weighted = weight !== 1 && !packing;
  const codec = new PositionCodec(n, size);
  const key = codec.key;
  const table = new StateTable(codec.keyBytes, Math.min(options.budget, 1 << 12));
  const open = new BucketQueue();
  const { goal, dead } = board;

  if (board.hopeless) return finished({ status: 'unsolvable', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 });

  // Scratch.
  const boxes = new Int32Array(n);
  const next = new Int32Array(n);
  const framed = new Int32Array(n);
  const boxAt = new Int32Array(size).fill(-1);
  const reach = new PlayerReach(board);
  const { seen, walk } = reach;
  const moves = new BoxMoves(board, n);
  const poll = options.poll ?? new StopPoll(options.shouldStop);
  const freeze = new FreezeDetector(board);
  const frozenGoals = prune && !pulls ? new FrozenGoalBound(board, n, poll) : undefined;
  // Corral pruning keeps a solution with the fewest pushes overall, not within a vicinity.
  const useCorrals = !pulls && !options.vicinity && (options.corrals ?? !byMoves);
  const corrals = useCorrals ? new CorralPruner(board, n, prune) : undefined;
  const allowed = new Uint32Array(n * 4);
  let allowStamp = 0;
  const symmetries = options.symmetry === false || packing || options.vicinity ? [] : boardSymmetries(board, { boxes: pulls, player: pulls ? (byMoves ? 'cell' : 'region') : undefined });
  const canon = new CanonicalPositions(size, n, symmetries, byMoves, reach);
  const { maps, sig, parentSig, least } = canon;
  // By moves, a bound is rounded up to the parity of the moves left (parity.ts). Only for exact
  // searches: a weighted one's course is better left as it was tuned. Forwards the bound is 0
  // only on a solved position, where no move is left whatever the player's cell.
  const parityOf = byMoves && weight === 1 && options.parity !== false ? moveParity(board, pulls ? 'pull' : 'push') : undefined;
  /** The bound `h` of a node whose player stands on `player`, with the parity of the moves left. */
  const withParity: (h: number, player: number) => number = !parityOf
    ? (h) => h
    : (h, player) => (h >= INFEASIBLE || (h === 0 && !pulls) ? h : h + ((h ^ parityOf[player]) & 1));
  const near = options.vicinity ? new Vicinity(size, options.vicinity) : undefined;
  const matching = exactCounts && !packing && (options.bound ?? 'matching') === 'matching' ? new MatchingBound(board, n, poll) : undefined;
  /** Whether the child's matching gives every box frozen on a goal its own goal (for FrozenGoalBound). */
  const pinned = matching ? (): boolean => matching.pinsFrozen(freeze, boxAt) : undefined;
  /** The bound where matching is off: the packing priority, or nearest-goal distances. */
  const simpleBound = (cells: Int32Array, player: number): number => (packing ? packing.of(cells, boxAt, player) : nearestBound(board, cells));
  const wonCount = (cells: Int32Array): number => {
    let on = 0;
    for (let i = 0; i < n; i++) on += goal[cells[i]];
    return on;
  };

  // The set-up above is a few passes over the board per helper: counted, so two searches started
  // one after the other on a big board do not run on past a stop.
  if (poll.tick(16 * size)) return finished({ status: 'stopped', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 });
  // Start nodes.
  boxes.set(board.boxes);
  const hopeless = { status: 'unsolvable', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 } as const;
  for (let i = 0; i < n; i++) if (prune && dead[boxes[i]]) return finished(hopeless);
  /** The start boxes' bound with the player on `player` (which side of each box it is on counts). */
  const startBound = (player: number): number => (matching ? matching.startBound(boxes, player) : simpleBound(boxes, player));
  /** Store a start node (its player cell or region least cell `at`, after `regionMin` by pushes). */
  let startsOverBudget = false;
  const addStart = (at: number, h: number): void => {
    canon.signatures(boxes, sig);
    canon.canonical(boxes, at, sig);
    const hash = codec.write(least, canon.leastPlayer);
    if (table.find(key, hash) >= 0) return; // an image of an earlier start node
    if (table.count >= options.budget) {
      startsOverBudget = true;
      return;
    }
    const sid = table.insert(key, hash, -1, 0);
    table.setFlags(sid, canon.leastTurn << TURN_SHIFT);
    table.setAux(sid, h);
    open.push(sid, Math.round(weight * withParity(h, at)), 0);
  };
  // The least bound of the start nodes (those at or past the cutoff are not stored).
  let startH = INFEASIBLE;
  for (let i = 0; i < n; i++) boxAt[boxes[i]] = i;
  if (pulls) {
    // The player ends next to the box it pushed last: by moves, one start node per such cell;
    // by pushes, one per area.
    const covered = new Uint8Array(size);
    for (let i = 0; i < n; i++) {
      for (let d = 0; d < 4; d++) {
        const m = board.nbr[boxes[i] * 4 + d];
        if (m < 0 || boxAt[m] >= 0 || covered[m]) continue;
        const h = startBound(m);
        let at = m;
        if (byMoves) covered[m] = 1;
        else {
          at = reach.regionMin(m, boxAt);
          for (let k = 0; k < reach.regionSize; k++) covered[reach.region[k]] = 1;
        }
        startH = Math.min(startH, h);
        if (h < INFEASIBLE && h < cutoff) addStart(at, h);
      }
    }
  } else {
    startH = startBound(board.player);
    if (startH < INFEASIBLE && startH < cutoff) addStart(byMoves ? board.player : reach.regionMin(board.player, boxAt), startH);
  }
  for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
  if (startH >= INFEASIBLE) return finished(hopeless);
  if (startH >= cutoff) return finished({ ...hopeless, lowerBound: options.vicinity ? 0 : cutoff });
  // A budget smaller than the start nodes (backwards by moves, one per cell next to a box).
  if (startsOverBudget) return finished({ status: 'budget', lowerBound: 0, nodes: 0, stored: table.count, bytesPerState: table.bytesPerState() });

  let nodes = 0;
  // The host's stop is asked by work done (stop.ts), not by nodes: an expansion on a big board
  // floods thousands of cells for each of its children, and with a thousand boxes each child's
  // matching copies a million costs. The rough cost of a child, besides the cells it floods:
  const childWork = matching ? ((n * G) >>> 4) + 4 * G : 2 * n;
  let reachedF = startH;
  const result = (status: PlainSearchResult['status'], goalId = -1, cost = goalId >= 0 ? table.cost(goalId) : 0): PlainSearchResult => {
    const lowerBound = weight === 1 && !packing && !near ? (status === 'unsolvable' ? Math.min(cutoff, 0xffff) : reachedF) : 0;
    const base = { lowerBound, nodes, stored: table.count, bytesPerState: table.bytesPerState() };
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
  };
  /** The shortest walk to a listed move (0 when there is none): by moves, the walk before the first push. */
  const firstMoveWalk = (count: number): number => {
    let best = 0xffff;
    for (let k = 0; k < count; k++) if (walk[moves.stand[k]] < best) best = walk[moves.stand[k]];
    return best === 0xffff ? 0 : best;
  };

  let budget = Math.min(options.budget, STATE_TABLE_LIMIT);
  let ended: PlainSearchResult | undefined;
  const run = (maxNodes: number): PlainSearchResult | undefined => {
    if (ended) return ended;
    let outcome: PlainSearchResult | undefined;
    try {
      outcome = expand(nodes + maxNodes);
    } catch (error) {
      // A precomputation inside the search (a frozen set's tables, a large matching) stopped.
      if (!(error instanceof StopRequested)) throw error;
      outcome = result('stopped');
    }
    // Out of budget is not the end: `setBudget` may grant more, and the search goes on.
    if (outcome && outcome.status !== 'budget') ended = outcome;
    return outcome;
  };
  const expand = (stopAt: number): PlainSearchResult | undefined => {
    for (;;) {
      if (nodes >= stopAt) return undefined;
      const id = open.pop();
      if (id === -1) return result('unsolvable');
      // An optimal search is done once its f layer reaches the cutoff: nothing cheaper is left.
      if (ordered && open.lastF >= cutoff) return result('unsolvable');
      // Backwards by moves, a finished node's last walk (to the real start) goes in as -2 - id.
      if (id < -1) {
        if (open.lastG >= cutoff) continue;
        return result('solved', -2 - id, open.lastF);
      }
      const g = open.lastG;
      const f = open.lastF;
      const flags = table.flags(id);
      if (table.cost(id) !== g || (flags & CLOSED) !== 0) continue;
      // A node queued before the cutoff came down to it leads to nothing cheaper.
      if (weighted && g + table.aux(id) >= cutoff) continue;
      if (open.lastF > reachedF) reachedF = open.lastF;
      let player = codec.read(table, id, boxes);
      if (!pulls && wonCount(boxes) === G) return result('solved', id);
      let visitedBefore = reach.visited;
      // On a symmetric board, expand in the image whose boxes the last matching already holds
      // most of: fewer rows to re-solve. Children record their map relative to the stored frame.
      const frame = matching && canon.active ? matching.bestFrame(boxes, player, maps) : 0;
      if (frame !== 0) {
        canon.imageBoxes(frame, boxes, framed);
        boxes.set(framed);
        player = maps[frame][player];
      }

      for (let i = 0; i < n; i++) boxAt[boxes[i]] = i;
      // Where the player's whole reach matters (corrals), flood it all; else only as far as the
      // cells next to boxes (and, backwards, the start): on a big room that is often a corner of it.
      const boxesHome = pulls && wonCount(boxes) === G;
      const stamp = corrals ? reach.flood(player, boxAt) : reach.flood(player, boxAt, reach.markTargets(boxes, boxAt, boxesHome ? board.player : -1));
      // Backwards, done when the boxes are back and the player can walk to its start.
      const home = boxesHome && seen[board.player] === stamp;
      if (home && (!byMoves || walk[board.player] === 0)) return result('solved', id);
      const moveCount = moves.list(boxes, boxAt, seen, stamp, pulls ? 'pull' : 'push', prune ? dead : undefined);
      if (poll.tick(reach.visited - visitedBefore + 4 * n)) return result('stopped');
      visitedBefore = reach.visited;
      // By moves, the walk to the first push is in the bound (after the node's first pop).
      let walk0 = 0;
      if (byMoves) {
        walk0 = firstMoveWalk(moveCount);
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
          const hp = withParity(h, player);
          if (g + hp < cutoff) open.push(id, g + Math.round(weight * hp), g);
          continue;
        }
      }
      table.setFlags(id, table.flags(id) | CLOSED);
      nodes++;
      if (home) {
        const cost = g + walk[board.player];
        if (cost < cutoff) open.push(-2 - id, cost, cost);
      }
      if ((nodes & 1023) === 0) options.progress?.({ nodes, stored: table.count });
      let restricted = false;
      if (corrals) {
        const found = corrals.find(boxes, boxAt, seen, stamp);
        if (found === CORRAL_DEADLOCK) {
          for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
          continue;
        }
        if (found !== NO_CORRAL) {
          restricted = true;
          allowStamp++;
          for (let k = 0; k < found; k++) allowed[corrals.pushes[k]] = allowStamp;
        }
      }
      // The matching is brought to this node only for its first new child (below).
      let matched = false;
      // One push changes the pushed box's distance to a goal by at most one and leaves the other
      // boxes' side cells alone (the player never crosses their cells), so no child's matching
      // is more than one below the node's (its bound less the walk): children at or past the
      // cutoff by that need no lookup and no matching.
      const childFloor = matching ? Math.max(0, table.aux(id) - walk0 - 1) : 0;
      if (canon.active) canon.signatures(boxes, parentSig);
      let outOfBudget = false;
      for (let k = 0; k < moveCount; k++) {
        const i = moves.box[k];
        if (restricted && allowed[i * 4 + moves.dir[k]] !== allowStamp) continue;
        const c = boxes[i];
        const t = moves.target[k];
        // The player's cell after the move (behind a pushed box; a step past a pulled one).
        const after = moves.after[k];
        const ng = g + (byMoves ? walk[moves.stand[k]] + 1 : 1);
        if (ng > 0xfffe || ng + withParity(childFloor, after) >= cutoff) continue;
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
        const nextPlayer = byMoves ? after : reach.regionMin(after, boxAt);
        let hash: number;
        let turn = 0;
        if (canon.active) {
          for (let s = 0; s < maps.length; s++) sig[s] = parentSig[s] - canon.boxWeight[s][c] + canon.boxWeight[s][t];
          canon.canonical(next, nextPlayer, sig);
          hash = codec.write(least, canon.leastPlayer);
          turn = canon.after(canon.leastTurn, frame);
        } else hash = codec.write(next, nextPlayer);
        const found = table.find(key, hash);
        if (found >= 0) {
          const foundFlags = table.flags(found);
          const hp = withParity(table.aux(found), nextPlayer);
          if ((foundFlags & CLOSED) === 0 && ng < table.cost(found) && ng + hp < cutoff) {
            table.update(found, id, ng);
            table.setFlags(found, (foundFlags & ~TURN_MASK) | (turn << TURN_SHIFT));
            open.push(found, ng + Math.round(weight * hp), ng);
          }
        } else {
          if (near && !near.has(next)) {
            boxAt[t] = -1;
            boxAt[c] = i;
            continue;
          }
          const frozen = prune && !pulls ? freeze.check(boxAt, t) : 0;
          let h = INFEASIBLE;
          if (frozen !== FROZEN_OFF_GOAL) {
            if (matching) {
              if (!matched) {
                // Positions that differ only in the player (by moves) often come one after another.
                matching.matchParent(boxes, player);
                matched = true;
              }
              h = matching.childBound(i, t, after);
            } else h = simpleBound(next, after);
            // Boxes frozen on goals wall off others. Only the deadlock is used: raising h here
            // alone would make the bound inconsistent, and A* could then close a node too dear.
            if (frozen === FROZEN_ON_GOALS && frozenGoals && h < INFEASIBLE) {
              if (frozenGoals.bound(next, freeze.frozenCells, freeze.frozenCount, pinned) >= INFEASIBLE) h = INFEASIBLE;
            }
          }
          const hp = withParity(h, nextPlayer);
          if (h < INFEASIBLE && ng + hp < cutoff) {
            if (table.count >= budget) {
              outOfBudget = true;
            } else {
              const nid = table.insert(key, hash, id, ng);
              if (turn !== 0) table.setFlags(nid, turn << TURN_SHIFT);
              table.setAux(nid, h);
              open.push(nid, ng + Math.round(weight * hp), ng);
            }
          }
        }
        boxAt[t] = -1;
        boxAt[c] = i;
        if (outOfBudget) break;
        if (poll.tick(childWork + reach.visited - visitedBefore)) return result('stopped');
        visitedBefore = reach.visited;
      }
      for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
      if (outOfBudget) {
        // Open again, to be expanded anew should the budget grow (children stored already are found).
        table.setFlags(id, table.flags(id) & ~CLOSED);
        open.push(id, f, g);
        nodes--;
        return result('budget');
      }
    }
  };
  return {
    run,
    setBudget: (states: number) => {
      budget = Math.min(states, STATE_TABLE_LIMIT);
    },
    setUpperBound: (cost: number) => {
      cutoff = Math.min(cutoff, cost);
    },
    get nodes() {
      return nodes;
    },
    get stored() {
      return table.count;
    },
    get lowerBound() {
      return weight === 1 && !packing && !near ? reachedF : 0;
    },
    get bytesPerState() {
      return table.bytesPerState();
    },
  };
}
