/**
 * A second lower bound for levels whose exit lies behind closed gates: the gates open only when
 * every plate holds a boulder, so the player must walk to a boulder, push boulders onto every
 * empty plate, and walk out from beside the last plate filled. Two ways to count that, both
 * admissible, and the bound takes the larger for each order the plates could be filled in, then
 * the least over the orders:
 * - pushes: walk to the nearest boulder (Manhattan - 1) + the least total of push distances over
 *   the ways to give each empty plate its own live boulder + walk out from the last plate (those
 *   three are disjoint in time: before any push, the pushes, after the last plate fills);
 * - legs: up to the first plate filled the player walks to its boulder and pushes it all the way
 *   (walk, then that boulder's pushes); between two plates filled, the player goes from beside
 *   one to beside the other (Manhattan - 2, and at least the push that fills it); then walks out.
 * A push distance is the boulder's own shortest way to a plate on the map of fixed walls, each
 * push needing the cell behind it free for the player (one push per command: a boulder never
 * lies on ice, so a slide ends at the first push). A boulder that reaches no empty plate is dead
 * (a corner, or a wall with no plate along it); with fewer live boulders than empty plates the
 * gates never open (no finite bound). Where ice or a hook lets the player cover ground for less
 * than Manhattan, the walking terms count 0 (a leg still at least its push).
 */
import type { MazeBoard, MazeState } from '../level.ts';

interface GateLayout {
  /** 1 where the exit is out of reach while the gates are closed (walls, anchors and gates block). */
  readonly behindGates: Uint8Array;
  /** Whether the player's own distance may be less than Manhattan (ice slides, hook pulls). */
  readonly shortcuts: boolean;
  /** Per plate cell, pushes a boulder needs from each cell to reach it (-1: never); filled lazily. */
  readonly pushes: Map<number, Int32Array>;
}

const layouts = new WeakMap<MazeBoard, GateLayout | null>();

const isFixedWall = (ch: string | undefined): boolean => ch === undefined || ch === '#' || ch === '+';
/** Orders of filling are tried up to this many empty plates (4! = 24 orders); beyond, the pushes count alone. */
const MAX_ORDERED_PLATES = 4;
/** Assignments of boulders to plates are searched up to this many of each; beyond, each plate's nearest. */
const MAX_MATCHED = 8;

/** Per board: where the gates stand between the player and the exit (null: no gates or no plates). */
function gateLayout(board: MazeBoard, cells: string): GateLayout | null {
  const known = layouts.get(board);
  if (known !== undefined) return known;
  let layout: GateLayout | null = null;
  if (cells.includes('G') && (cells.includes('_') || cells.includes('*'))) {
    const { width, height } = board;
    const reach = new Uint8Array(width * height);
    const queue = [...board.exits];
    for (const exit of queue) reach[exit] = 1;
    // Jumps and hook lines cross only low cells and slides stop at a gate, so plain adjacency
    // through everything but walls, anchors and gates is every way to the exit.
    for (let head = 0; head < queue.length; head++) {
      const v = queue[head];
      const x = v % width;
      for (const u of [x > 0 ? v - 1 : -1, x < width - 1 ? v + 1 : -1, v >= width ? v - width : -1, v + width < width * height ? v + width : -1]) {
        if (u < 0 || reach[u] || isFixedWall(cells[u]) || cells[u] === 'G') continue;
        reach[u] = 1;
        queue.push(u);
      }
    }
    layout = { behindGates: reach.map((r) => 1 - r), shortcuts: cells.includes('-') || board.hasHook, pushes: new Map() };
  }
  layouts.set(board, layout);
  return layout;
}

/**
 * Pushes from each cell to the plate, backwards from it: a boulder at u goes to v = u + d when
 * v is not a fixed wall and the player can stand at u - d. Doors, gates, pits and other boulders
 * count as open: fewer pushes than the truth, never more.
 */
function pushTable(board: MazeBoard, cells: string, plate: number): Int32Array {
  const { width, height } = board;
  const dist = new Int32Array(width * height).fill(-1);
  dist[plate] = 0;
  const queue = [plate];
  const free = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height && !isFixedWall(cells[y * width + x]);
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head];
    const vx = v % width;
    const vy = (v - vx) / width;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const ux = vx - dx;
      const uy = vy - dy;
      if (!free(ux, uy) || !free(ux - dx, uy - dy)) continue;
      const u = uy * width + ux;
      if (dist[u] >= 0) continue;
      dist[u] = dist[v] + 1;
      queue.push(u);
    }
  }
  return dist;
}

/** The least total cost giving each plate (column) its own boulder (row); Infinity when impossible. */
function leastAssignment(cost: readonly (readonly number[])[], plates: number): number {
  const boulders = cost.length;
  if (boulders > MAX_MATCHED || plates > MAX_MATCHED) {
    let sum = 0;
    for (let p = 0; p < plates; p++) sum += Math.min(...cost.map((row) => row[p]));
    return sum;
  }
  let best = Infinity;
  const used = new Uint8Array(boulders);
  const assign = (plate: number, sum: number): void => {
    if (sum >= best) return;
    if (plate === plates) {
      best = sum;
      return;
    }
    for (let b = 0; b < boulders; b++) {
      if (used[b] || !Number.isFinite(cost[b][plate])) continue;
      used[b] = 1;
      assign(plate + 1, sum + cost[b][plate]);
      used[b] = 0;
    }
  };
  assign(0, 0);
  return best;
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((rest) => Array.from({ length: n }, (_, i) => [...rest.slice(0, i), n - 1, ...rest.slice(i)]));
}
const ORDERS = Array.from({ length: MAX_ORDERED_PLATES + 1 }, (_, n) => permutations(n));

/**
 * The plates bound of a state (0 where it does not apply: gates open, or the exit reachable
 * without them); `exitDistance` is the walls-only distance table.
 */
export function platesBound(state: MazeState, exitDistance: Int32Array): number {
  const { board, cells } = state;
  const layout = gateLayout(board, cells);
  if (!layout || !layout.behindGates[state.player] || !cells.includes('G')) return 0;
  const { width } = board;
  const plates: number[] = [];
  for (let p = cells.indexOf('_'); p >= 0; p = cells.indexOf('_', p + 1)) plates.push(p);
  // A gate with no empty plate left is already open.
  if (plates.length === 0) return 0;
  const tables = plates.map((p) => {
    let table = layout.pushes.get(p);
    if (!table) layout.pushes.set(p, (table = pushTable(board, cells, p)));
    return table;
  });
  // Each live boulder's pushes to each plate (Infinity: never); a boulder that reaches none is dead.
  const boulders: number[] = [];
  const cost: number[][] = [];
  for (let at = cells.indexOf('o'); at >= 0; at = cells.indexOf('o', at + 1)) {
    const row = tables.map((t) => (t[at] >= 0 ? t[at] : Infinity));
    if (row.every((c) => c === Infinity)) continue;
    boulders.push(at);
    cost.push(row);
  }
  if (boulders.length < plates.length) return Infinity;
  const pushes = leastAssignment(cost, plates.length);
  if (!Number.isFinite(pushes)) return Infinity;
  const xy = (cell: number): [number, number] => [cell % width, Math.floor(cell / width)];
  const manhattan = (a: number, b: number): number => {
    const [ax, ay] = xy(a);
    const [bx, by] = xy(b);
    return Math.abs(ax - bx) + Math.abs(ay - by);
  };
  const walk = (steps: number): number => (layout.shortcuts ? 0 : Math.max(0, steps));
  const walkTo = boulders.map((b) => walk(manhattan(state.player, b) - 1));
  const walkIn = Math.min(...walkTo);
  const walkOut = plates.map((p) => (exitDistance[p] >= 0 ? Math.max(0, exitDistance[p] - 1) : Infinity));
  if (plates.length > MAX_ORDERED_PLATES) return walkIn + pushes + Math.min(...walkOut);
  let best = Infinity;
  for (const order of ORDERS[plates.length]) {
    const last = order[order.length - 1];
    if (!Number.isFinite(walkOut[last])) continue;
    const first = order[0];
    let legs = Math.min(...boulders.map((_, b) => walkTo[b] + cost[b][first]));
    for (let k = 1; k < order.length; k++) legs += Math.max(1, walk(manhattan(plates[order[k - 1]], plates[order[k]]) - 2));
    best = Math.min(best, Math.max(legs, walkIn + pushes) + walkOut[last]);
  }
  return best;
}
