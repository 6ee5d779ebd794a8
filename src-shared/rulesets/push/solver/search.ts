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
 */
import type { SolveOptions } from '../../../engine/ruleset.ts';
import { Assignment, INFEASIBLE } from '../../../search/assignment.ts';
import { BucketQueue } from '../../../search/bucket-queue.ts';
import { STATE_TABLE_LIMIT, StateTable } from '../../../search/state-table.ts';
import { UNREACHABLE } from '../analysis.ts';
import type { CompiledBoard } from './compiled.ts';
import { CORRAL_DEADLOCK, CorralPruner, NO_CORRAL } from './corral.ts';
import { FROZEN_OFF_GOAL, FROZEN_ON_GOALS, FreezeDetector, FrozenGoalBound } from './deadlock.ts';
import { moveParity } from './parity.ts';
import { sideCell } from './sides.ts';
import { boardSymmetries } from './symmetry.ts';

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

const CLOSED = 1;
/** The node's bound already includes the walk to its first push (objective `moves`). */
const WALKED = 2;
/**
 * Flag bits 2-4: which symmetry (0 = none, k = symmetries[k - 1]) maps the position reached from
 * the parent onto the stored one (the least key of its images).
 */
const TURN_SHIFT = 2;
const TURN_MASK = 7 << TURN_SHIFT;

/** A fixed pseudo-random weight for a cell (for position signatures under symmetries). */
function cellWeight(c: number): number {
  let h = Math.imul(c + 1, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

export function searchPlain(board: CompiledBoard, options: PlainSearchOptions): PlainSearchResult {
  return startPlain(board, options).run(Infinity)!;
}

/** A search that can run in slices, so two (forwards and backwards) can take turns. */
export interface PlainSearchRun {
  /** Expand up to `maxNodes` more nodes: the result when the search ended, else undefined. */
  run(maxNodes: number): PlainSearchResult | undefined;
  /** Change the most states it may store (two searches sharing one budget). */
  setBudget(states: number): void;
  readonly nodes: number;
  readonly stored: number;
  /** The f layer reached so far: a proven lower bound for an optimal search. */
  readonly lowerBound: number;
  readonly bytesPerState: number;
}

const finished = (result: PlainSearchResult): PlainSearchRun => ({
  run: () => result,
  setBudget: () => {},
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
  const cutoff = options.upperBound ?? Infinity;
  const exactCounts = n === G;
  // Dead squares and freezes only prove a deadlock when every box must end on a goal.
  const prune = exactCounts;
  const packing = options.packing && exactCounts && !pulls && !byMoves ? options.packing : undefined;
  // Rank of each cell in the packing order (G for cells that are no goal), and the step in the
  // bound per goal still to fill, which keeps bounds within 16 bits.
  const packRank = new Int32Array(size).fill(G);
  packing?.forEach((c, k) => (packRank[c] = k));
  if (packing && (packing.length !== G || packing.some((c) => !board.goal[c]) || new Set(packing).size !== G)) {
    throw new Error('push search: a packing order must list every goal once');
  }
  const packGoal = packing ? packing.map((c) => board.goals.indexOf(c)) : [];
  const packStep = Math.min(1024, Math.floor(60_000 / Math.max(1, G)));
  const useMatching = exactCounts && !packing && (options.bound ?? 'matching') === 'matching';
  const wide = size > 255;
  const cellBytes = wide ? 2 : 1;
  const keyBytes = (n + 1) * cellBytes;
  const table = new StateTable(keyBytes, Math.min(options.budget, 1 << 12));
  const open = new BucketQueue();
  const { nbr, dist, nearest, goal, dead, sides, sideDist } = board;
  const sideCount = sides.count;
  /** The side cell of a box on `cell` with the player on `player` (sides.ts). */
  const sideAt = (cell: number, player: number): number => sideCell(sides, size, cell, player);

  if (board.hopeless) return finished({ status: 'unsolvable', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 });

  // Scratch.
  const key = new Uint8Array(keyBytes);
  const boxes = new Int32Array(n);
  const next = new Int32Array(n);
  const boxAt = new Int32Array(size).fill(-1);
  const seen = new Uint32Array(size);
  const walk = new Uint16Array(size);
  const queue = new Int32Array(size);
  let stamp = 0;
  const seenRegion = new Uint32Array(size);
  let regionStamp = 0;
  const freeze = new FreezeDetector(board);
  const frozenGoals = prune && !pulls ? new FrozenGoalBound(board, n) : undefined;
  // Corral pruning keeps a solution with the fewest pushes overall, not within a vicinity.
  const useCorrals = !pulls && !options.vicinity && (options.corrals ?? !byMoves);
  const corrals = useCorrals ? new CorralPruner(board, n, prune) : undefined;
  const allowed = new Uint32Array(n * 4);
  let allowStamp = 0;
  const goalIndex = new Int32Array(size).fill(-1);
  board.goals.forEach((g, i) => (goalIndex[g] = i));
  const symmetries = options.symmetry === false || packing || options.vicinity ? [] : boardSymmetries(board, { boxes: pulls, player: pulls ? (byMoves ? 'cell' : 'region') : undefined });
  // Map 0 is the identity; with no symmetry only it is used, and nothing is mapped.
  const maps = [new Int32Array(size).map((_, c) => c), ...symmetries.map((sym) => sym.map)];
  const boxWeight = maps.map((map) => Float64Array.from(map, (c) => cellWeight(c)));
  const playerWeight = maps.map((map) => Float64Array.from(map, (c) => cellWeight(c + size)));
  /** compose[a * maps + b]: the index of map a after map b (the maps form a group). */
  const compose = new Uint8Array(maps.length * maps.length);
  for (let a = 0; a < maps.length; a++) {
    for (let b = 0; b < maps.length; b++) {
      const k = maps.findIndex((m) => m.every((v, c) => v === maps[a][maps[b][c]]));
      if (k < 0) throw new Error('push search: board symmetries do not form a group (internal error)');
      compose[a * maps.length + b] = k;
    }
  }
  const sig = new Float64Array(maps.length);
  const parentSig = new Float64Array(maps.length);
  const image = new Int32Array(n);
  const least = new Int32Array(n);
  let leastPlayer = 0;
  let leastTurn = 0;
  let regionSize = 0;
  // By moves, a bound is rounded up to the parity of the moves left (parity.ts). Only for exact
  // searches: a weighted one's course is better left as it was tuned. Forwards the bound is 0
  // only on a solved position, where no move is left whatever the player's cell.
  const parityOf = byMoves && weight === 1 && options.parity !== false ? moveParity(board, pulls ? 'pull' : 'push') : undefined;
  /** The bound `h` of a node whose player stands on `player`, with the parity of the moves left. */
  const withParity: (h: number, player: number) => number = !parityOf
    ? (h) => h
    : (h, player) => (h >= INFEASIBLE || (h === 0 && !pulls) ? h : h + ((h ^ parityOf[player]) & 1));
  // Vicinity: the sums of fixed random cell weights of each known position less one of its boxes;
  // a position is near one when its own sum less one of its boxes is among them (a collision of
  // sums only lets a far position in, which costs states, not correctness).
  const near = options.vicinity ? new Set<number>() : undefined;
  const nearWeight = boxWeight[0]; // the identity map's: a vicinity search uses no symmetry
  for (const cells of options.vicinity ?? []) {
    let total = 0;
    for (let i = 0; i < cells.length; i++) total += nearWeight[cells[i]];
    for (let i = 0; i < cells.length; i++) near!.add(total - nearWeight[cells[i]]);
  }
  const isNear = (cells: Int32Array): boolean => {
    let total = 0;
    for (let i = 0; i < n; i++) total += nearWeight[cells[i]];
    for (let i = 0; i < n; i++) if (near!.has(total - nearWeight[cells[i]])) return true;
    return false;
  };
  const parentMatch = useMatching ? new Assignment(n, G) : undefined;
  const childMatch = useMatching ? new Assignment(n, G) : undefined;

  const writeKey = (cells: Int32Array, player: number): number => {
    let h = 0x811c9dc5;
    if (wide) {
      for (let i = 0; i < n; i++) {
        key[2 * i] = cells[i] & 0xff;
        key[2 * i + 1] = cells[i] >>> 8;
      }
      key[2 * n] = player & 0xff;
      key[2 * n + 1] = player >>> 8;
    } else {
      for (let i = 0; i < n; i++) key[i] = cells[i];
      key[n] = player;
    }
    for (let k = 0; k < keyBytes; k++) h = Math.imul(h ^ key[k], 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    return h >>> 0;
  };
  const readState = (id: number, cells: Int32Array): number => {
    if (wide) {
      for (let i = 0; i < n; i++) cells[i] = table.keyByte(id, 2 * i) | (table.keyByte(id, 2 * i + 1) << 8);
      return table.keyByte(id, 2 * n) | (table.keyByte(id, 2 * n + 1) << 8);
    }
    for (let i = 0; i < n; i++) cells[i] = table.keyByte(id, i);
    return table.keyByte(id, n);
  };
  /** Player walk distances from `from` with boxes at `boxAt`; marks `seen` with the new stamp. */
  const flood = (from: number): void => {
    stamp++;
    let head = 0;
    let tail = 0;
    seen[from] = stamp;
    walk[from] = 0;
    queue[tail++] = from;
    while (head < tail) {
      const c = queue[head++];
      const base = c * 4;
      for (let d = 0; d < 4; d++) {
        const m = nbr[base + d];
        if (m >= 0 && seen[m] !== stamp && boxAt[m] < 0) {
          seen[m] = stamp;
          walk[m] = walk[c] + 1;
          queue[tail++] = m;
        }
      }
    }
  };
  /** Smallest cell of the player's region (objective `pushes`): the node's player key. */
  const regionMin = (from: number): number => {
    regionStamp++;
    let head = 0;
    let tail = 0;
    let leastCell = from;
    seenRegion[from] = regionStamp;
    queue[tail++] = from;
    while (head < tail) {
      const c = queue[head++];
      if (c < leastCell) leastCell = c;
      const base = c * 4;
      for (let d = 0; d < 4; d++) {
        const m = nbr[base + d];
        if (m >= 0 && seenRegion[m] !== regionStamp && boxAt[m] < 0) {
          seenRegion[m] = regionStamp;
          queue[tail++] = m;
        }
      }
    }
    regionSize = tail;
    return leastCell;
  };
  /**
   * The stored form of a position (boxes sorted, player by moves or region minimum by pushes, the
   * region from the last `regionMin`): of its images under the board's symmetries, the one with
   * the least signature (a sum of fixed random weights of its box cells and, by moves, its player
   * cell), ties broken by boxes, then player. `sig[s]` holds the box part for map s (0 is the
   * identity); a child's is its parent's with one cell swapped, so the choice costs O(maps), and
   * only the winner is built. Leaves it in `least`/`leastPlayer` and the map in `leastTurn`.
   */
  const canonical = (cells: Int32Array, player: number, sig: Float64Array): void => {
    let best = -1;
    let bestSig = Infinity;
    let ties = 0;
    for (let s = 0; s < maps.length; s++) {
      const v = sig[s] + (byMoves ? playerWeight[s][player] : 0);
      if (v < bestSig) {
        bestSig = v;
        best = s;
        ties = 0;
      } else if (v === bestSig) ties++;
    }
    imageOf(best, cells, player, least);
    leastPlayer = imagePlayer;
    leastTurn = best;
    if (ties === 0) return;
    for (let s = best + 1; s < maps.length; s++) {
      if (sig[s] + (byMoves ? playerWeight[s][player] : 0) !== bestSig) continue;
      imageOf(s, cells, player, image);
      let i = 0;
      while (i < n && image[i] === least[i]) i++;
      if (i < n ? image[i] > least[i] : imagePlayer >= leastPlayer) continue;
      least.set(image);
      leastPlayer = imagePlayer;
      leastTurn = s;
    }
  };
  let imagePlayer = 0;
  const cellBits = new Int32Array((size + 31) >>> 5);
  /** The image of a position under map s, boxes sorted into `out`, player into `imagePlayer`. */
  const imageOf = (s: number, cells: Int32Array, player: number, out: Int32Array): void => {
    imageBoxes(s, cells, out);
    const map = maps[s];
    if (byMoves) imagePlayer = map[player];
    else {
      // The region's least cell after the map.
      imagePlayer = size;
      for (let k = 0; k < regionSize; k++) if (map[queue[k]] < imagePlayer) imagePlayer = map[queue[k]];
    }
  };
  /** The image of box cells under map s, sorted into `out`. */
  const imageBoxes = (s: number, cells: Int32Array, out: Int32Array): void => {
    const map = maps[s];
    if (s === 0) out.set(cells);
    else {
      // Sorted by a bit set of the cells: a turn often reverses the order, the worst case of a sort.
      for (let i = 0; i < n; i++) {
        const v = map[cells[i]];
        cellBits[v >>> 5] |= 1 << (v & 31);
      }
      let k = 0;
      for (let w = 0; w < cellBits.length; w++) {
        let bits = cellBits[w];
        cellBits[w] = 0;
        while (bits !== 0) {
          const low = bits & -bits;
          out[k++] = (w << 5) + 31 - Math.clz32(low);
          bits ^= low;
        }
      }
    }
  };
  /** Box signatures of `cells` under every map. */
  const signatures = (cells: Int32Array, out: Float64Array): void => {
    for (let s = 0; s < maps.length; s++) {
      const w = boxWeight[s];
      let v = 0;
      for (let i = 0; i < n; i++) v += w[cells[i]];
      out[s] = v;
    }
  };
  /** The matching's costs for a box on side cell `side` (sides.ts) into row `row`. */
  const fillRow = (a: Assignment, row: number, side: number): void => {
    const base = row * G;
    for (let g = 0; g < G; g++) {
      const v = sideDist[g * sideCount + side];
      a.cost[base + g] = v === UNREACHABLE ? INFEASIBLE : v;
    }
  };
  /**
   * Lower bound for `cells` when matching is off (or counts differ); with a packing order, the
   * packing priority instead: goals still to fill in steps, then the next goal's nearest box.
   */
  const simpleBound = (cells: Int32Array, player: number): number => {
    let h = 0;
    if (packing) {
      let k = 0;
      while (k < G && boxAt[packing[k]] >= 0) k++;
      if (k === G) return 0;
      let best = UNREACHABLE;
      const base = packGoal[k] * sideCount;
      for (let i = 0; i < n; i++) if (packRank[cells[i]] >= k) best = Math.min(best, sideDist[base + sideAt(cells[i], player)]);
      return best === UNREACHABLE ? INFEASIBLE : best + (G - k) * packStep;
    }
    if (exactCounts) {
      for (let i = 0; i < n; i++) {
        const v = nearest[cells[i]];
        if (v === UNREACHABLE) return INFEASIBLE;
        h += v;
      }
      return h;
    }
    // More boxes than goals: each goal needs some box.
    for (let g = 0; g < G; g++) {
      let best = UNREACHABLE;
      for (let i = 0; i < n; i++) best = Math.min(best, dist[g * size + cells[i]]);
      if (best === UNREACHABLE) return INFEASIBLE;
      h += best;
    }
    return h;
  };
  /**
   * Shortest walk (after `flood`) to a cell from which some legal, non-dead push can be made (or,
   * backwards, a pull: the player stands where the box goes and steps back).
   */
  const firstPushWalk = (cells: Int32Array, reach: number): number => {
    let best = 0xffff;
    for (let i = 0; i < n; i++) {
      const c = cells[i];
      for (let d = 0; d < 4; d++) {
        const t = nbr[c * 4 + d];
        if (t < 0 || boxAt[t] >= 0 || (prune && dead[t])) continue;
        const stand = pulls ? t : nbr[c * 4 + (d ^ 1)];
        if (pulls) {
          const back = nbr[t * 4 + d];
          if (back < 0 || boxAt[back] >= 0) continue;
        }
        if (stand >= 0 && seen[stand] === reach && walk[stand] < best) best = walk[stand];
      }
    }
    return best === 0xffff ? 0 : best;
  };
  const wonCount = (cells: Int32Array): number => {
    let on = 0;
    for (let i = 0; i < n; i++) on += goal[cells[i]];
    return on;
  };

  // Start nodes.
  boxes.set(board.boxes);
  const hopeless = { status: 'unsolvable', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 } as const;
  for (let i = 0; i < n; i++) if (prune && dead[boxes[i]]) return finished(hopeless);
  /** The start boxes' bound with the player on `player` (which side of each box it is on counts). */
  const startBound = (player: number): number => {
    if (!useMatching) return simpleBound(boxes, player);
    for (let i = 0; i < n; i++) fillRow(parentMatch!, i, sideAt(boxes[i], player));
    return parentMatch!.solve();
  };
  /** Store a start node (its player cell or region least cell `at`, after `regionMin` by pushes). */
  let startsOverBudget = false;
  const addStart = (at: number, h: number): void => {
    signatures(boxes, sig);
    canonical(boxes, at, sig);
    const hash = writeKey(least, leastPlayer);
    if (table.find(key, hash) >= 0) return; // an image of an earlier start node
    if (table.count >= options.budget) {
      startsOverBudget = true;
      return;
    }
    const sid = table.insert(key, hash, -1, 0);
    table.setFlags(sid, leastTurn << TURN_SHIFT);
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
        const m = nbr[boxes[i] * 4 + d];
        if (m < 0 || boxAt[m] >= 0 || covered[m]) continue;
        const h = startBound(m);
        let at = m;
        if (byMoves) covered[m] = 1;
        else {
          at = regionMin(m);
          for (let c = 0; c < size; c++) if (seenRegion[c] === regionStamp) covered[c] = 1;
        }
        startH = Math.min(startH, h);
        if (h < INFEASIBLE && h < cutoff) addStart(at, h);
      }
    }
  } else {
    startH = startBound(board.player);
    if (startH < INFEASIBLE && startH < cutoff) addStart(byMoves ? board.player : regionMin(board.player), startH);
  }
  for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
  if (startH >= INFEASIBLE) return finished(hopeless);
  if (startH >= cutoff) return finished({ ...hopeless, lowerBound: options.vicinity ? 0 : cutoff });
  // A budget smaller than the start nodes (backwards by moves, one per cell next to a box).
  if (startsOverBudget) return finished({ status: 'budget', lowerBound: 0, nodes: 0, stored: table.count, bytesPerState: table.bytesPerState() });

  let nodes = 0;
  // How often the host's stop is asked for (a mask on the node count): an expansion on a big
  // board floods thousands of cells for each of its children (30 ms on 128x128 by pushes), so
  // there every node asks; elsewhere every 64th.
  const stopPoll = size > 1024 ? 0 : 63;
  let reachedF = startH;
  const result = (status: PlainSearchResult['status'], goalId = -1, cost = goalId >= 0 ? table.cost(goalId) : 0): PlainSearchResult => {
    const lowerBound = weight === 1 && !packing && !near ? (status === 'unsolvable' ? Math.min(cutoff, 0xffff) : reachedF) : 0;
    const base = { lowerBound, nodes, stored: table.count, bytesPerState: table.bytesPerState() };
    if (goalId < 0) return { status, ...base };
    const ids: number[] = [];
    for (let id = goalId; id >= 0; id = table.parent(id)) ids.push(id);
    if (!pulls) ids.reverse();
    // Stored positions are images under the board's symmetries: map each back into the frame of
    // the one before (forwards: from the start on; backwards: from the real start, the end of the
    // pulls, back to the solved position, whose box cells every symmetry keeps).
    let toActual = new Int32Array(size).map((_, c) => c);
    const turnOf = (id: number): number => (table.flags(id) & TURN_MASK) >>> TURN_SHIFT;
    const path = ids.map((id, step) => {
      const cells = new Int32Array(n);
      let player = readState(id, cells);
      if (!pulls) {
        // toActual = toActual(before) after the inverse of this step's symmetry.
        const turn = turnOf(id);
        if (turn > 0) {
          const inverse = symmetries[turn - 1].inverse;
          const prior = toActual;
          toActual = new Int32Array(size).map((_, c) => prior[inverse[c]]);
        }
      } else if (step > 0) {
        // The child (one step nearer the real start) was stored as the image of what this node made.
        const turn = turnOf(ids[step - 1]);
        if (turn > 0) {
          const map = symmetries[turn - 1].map;
          const prior = toActual;
          toActual = new Int32Array(size).map((_, c) => prior[map[c]]);
        }
      }
      for (let i = 0; i < n; i++) cells[i] = toActual[cells[i]];
      cells.sort();
      player = toActual[player];
      return { boxes: cells, player };
    });
    return { status, path, cost, ...base };
  };

  /** Whether the child's matching gives every box frozen on a goal (per `freeze`) its own goal. */
  const pinned = useMatching
    ? (): boolean => {
        for (let k = 0; k < freeze.frozenCount; k++) {
          const f = freeze.frozenCells[k];
          if (childMatch!.colRow[goalIndex[f] + 1] !== rowOf[boxAt[f]] + 1) return false;
        }
        return true;
      }
    : undefined;
  // The boxes' side cells (sides.ts) `parentMatch` was last solved for.
  // Rows of `parentMatch` belong to boxes by side cell, not by sorted index: one expansion after
  // another usually differs in a box or two, and only those rows are re-solved (O(n m) each, not
  // O(n^2 m)).
  const rowSide = new Int32Array(n).fill(-1);
  const sideRow = new Int32Array(sideCount).fill(-1);
  const sideOf = new Int32Array(n);
  const rowOf = new Int32Array(n);
  const rowSeen = new Uint32Array(n);
  let rowStamp = 0;
  const moved = new Int32Array(n);
  let matchedValid = false;
  /** Bring `parentMatch` to the node's boxes and player; rowOf[i] is then box i's row. */
  const matchParent = (player: number): void => {
    let movedCount = 0;
    rowStamp++;
    for (let i = 0; i < n; i++) {
      sideOf[i] = sideAt(boxes[i], player);
      const r = matchedValid ? sideRow[sideOf[i]] : -1;
      if (r >= 0) {
        rowOf[i] = r;
        rowSeen[r] = rowStamp;
      } else moved[movedCount++] = i;
    }
    if (movedCount === 0) return;
    if (movedCount <= 2 && matchedValid) {
      let r = 0;
      for (let k = 0; k < movedCount; k++) {
        while (rowSeen[r] === rowStamp) r++;
        const i = moved[k];
        if (rowSide[r] >= 0) sideRow[rowSide[r]] = -1;
        rowSide[r] = sideOf[i];
        sideRow[sideOf[i]] = r;
        rowOf[i] = r;
        rowSeen[r] = rowStamp;
        fillRow(parentMatch!, r, sideOf[i]);
        parentMatch!.resolveRow(r);
      }
      return;
    }
    for (let r = 0; r < n; r++) if (rowSide[r] >= 0) sideRow[rowSide[r]] = -1;
    for (let i = 0; i < n; i++) {
      rowSide[i] = sideOf[i];
      sideRow[sideOf[i]] = i;
      rowOf[i] = i;
      fillRow(parentMatch!, i, sideOf[i]);
    }
    parentMatch!.solve();
    matchedValid = true;
  };
  let budget = Math.min(options.budget, STATE_TABLE_LIMIT);
  let ended: PlainSearchResult | undefined;
  const run = (maxNodes: number): PlainSearchResult | undefined => {
    if (ended) return ended;
    ended = expand(nodes + maxNodes);
    return ended;
  };
  const expand = (stopAt: number): PlainSearchResult | undefined => {
    for (;;) {
      if (nodes >= stopAt) return undefined;
      const id = open.pop();
      if (id === -1) return result('unsolvable');
      // Backwards by moves, a finished node's last walk (to the real start) goes in as -2 - id.
      if (id < -1) return result('solved', -2 - id, open.lastF);
      const g = open.lastG;
      const flags = table.flags(id);
      if (table.cost(id) !== g || (flags & CLOSED) !== 0) continue;
      if (open.lastF > reachedF) reachedF = open.lastF;
      let player = readState(id, boxes);
      if (!pulls && wonCount(boxes) === G) return result('solved', id);
      // On a symmetric board, expand in the image whose boxes the last matching already holds
      // most of: fewer rows to re-solve. Children record their map relative to the stored frame.
      let frame = 0;
      if (useMatching && matchedValid && symmetries.length > 0) {
        let bestHeld = 0;
        // (A guess: only which frame re-solves fewer rows depends on it.)
        for (let i = 0; i < n; i++) if (sideRow[sideAt(boxes[i], player)] >= 0) bestHeld++;
        for (let s = 1; s < maps.length && bestHeld < n - 2; s++) {
          const map = maps[s];
          let held = 0;
          const mapped = map[player];
          for (let i = 0; i < n; i++) if (sideRow[sideAt(map[boxes[i]], mapped)] >= 0) held++;
          if (held > bestHeld) {
            bestHeld = held;
            frame = s;
          }
        }
        if (frame !== 0) {
          imageBoxes(frame, boxes, image);
          boxes.set(image);
          player = maps[frame][player];
        }
      }
  
      for (let i = 0; i < n; i++) boxAt[boxes[i]] = i;
      flood(player);
      const reach = stamp;
      // Backwards, done when the boxes are back and the player can walk to its start.
      const home = pulls && seen[board.player] === reach && wonCount(boxes) === G;
      if (home && (!byMoves || walk[board.player] === 0)) return result('solved', id);
      // By moves, the walk to the first push is in the bound (after the node's first pop).
      let walk0 = 0;
      if (byMoves) {
        walk0 = firstPushWalk(boxes, reach);
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
      if ((nodes & stopPoll) === 0 && options.shouldStop?.()) return result('stopped');
      let restricted = false;
      if (corrals) {
        const found = corrals.find(boxes, boxAt, seen, reach);
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
      const childFloor = useMatching ? Math.max(0, table.aux(id) - walk0 - 1) : 0;
      if (symmetries.length > 0) signatures(boxes, parentSig);
      let outOfBudget = false;
      for (let i = 0; i < n && !outOfBudget; i++) {
        const c = boxes[i];
        for (let d = 0; d < 4; d++) {
          const t = nbr[c * 4 + d];
          if (t < 0 || boxAt[t] >= 0 || (prune && dead[t])) continue;
          if (restricted && allowed[i * 4 + d] !== allowStamp) continue;
          // A push from p, behind the box; a pull from t, stepping back to p.
          let p: number;
          if (pulls) {
            if (seen[t] !== reach) continue;
            p = nbr[t * 4 + d];
            if (p < 0 || boxAt[p] >= 0) continue;
          } else {
            p = nbr[c * 4 + (d ^ 1)];
            if (p < 0 || seen[p] !== reach) continue;
          }
          const ng = g + (byMoves ? walk[pulls ? t : p] + 1 : 1);
          if (ng > 0xfffe || ng + withParity(childFloor, pulls ? p : c) >= cutoff) continue;
          // Successor boxes: sorted, with c replaced by t.
          let k = 0;
          let inserted = false;
          for (let j = 0; j < n; j++) {
            if (j === i) continue;
            const b = boxes[j];
            if (!inserted && b > t) {
              next[k++] = t;
              inserted = true;
            }
            next[k++] = b;
          }
          if (!inserted) next[k] = t;
          // Move the box in the scratch occupancy for the checks below.
          boxAt[c] = -1;
          boxAt[t] = i;
          const nextPlayer = byMoves ? (pulls ? p : c) : regionMin(pulls ? p : c);
          let hash: number;
          if (symmetries.length > 0) {
            for (let s = 0; s < maps.length; s++) sig[s] = parentSig[s] - boxWeight[s][c] + boxWeight[s][t];
            canonical(next, nextPlayer, sig);
            hash = writeKey(least, leastPlayer);
          } else {
            leastTurn = 0;
            hash = writeKey(next, nextPlayer);
          }
          const found = table.find(key, hash);
          if (found >= 0) {
            const foundFlags = table.flags(found);
            const hp = withParity(table.aux(found), nextPlayer);
            if ((foundFlags & CLOSED) === 0 && ng < table.cost(found) && ng + hp < cutoff) {
              table.update(found, id, ng);
              table.setFlags(found, (foundFlags & ~TURN_MASK) | (compose[leastTurn * maps.length + frame] << TURN_SHIFT));
              open.push(found, ng + Math.round(weight * hp), ng);
            }
          } else {
            if (near && !isNear(next)) {
              boxAt[t] = -1;
              boxAt[c] = i;
              continue;
            }
            const frozen = prune && !pulls ? freeze.check(boxAt, t) : 0;
            let h = INFEASIBLE;
            if (frozen !== FROZEN_OFF_GOAL) {
              if (useMatching) {
                if (!matched) {
                  // Positions that differ only in the player (by moves) often come one after another.
                  matchParent(player);
                  matched = true;
                }
                childMatch!.copyFrom(parentMatch!);
                fillRow(childMatch!, rowOf[i], sideAt(t, pulls ? p : c));
                h = childMatch!.resolveRow(rowOf[i]);
              } else h = simpleBound(next, pulls ? p : c);
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
                const turn = compose[leastTurn * maps.length + frame];
                if (turn !== 0) table.setFlags(nid, turn << TURN_SHIFT);
                table.setAux(nid, h);
                open.push(nid, ng + Math.round(weight * hp), ng);
              }
            }
          }
          boxAt[t] = -1;
          boxAt[c] = i;
          if (outOfBudget) break;
        }
      }
      for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
      if (outOfBudget) return result('budget');
    }
  };
  return {
    run,
    setBudget: (states: number) => {
      budget = Math.min(states, STATE_TABLE_LIMIT);
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
