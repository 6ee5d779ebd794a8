/**
 * Static analysis of a push board, shared by lint, the lower bound and the solver.
 *
 * Box distances are computed in a relaxed model: other boxes are ignored, doors count as floor,
 * the player may stand on any non-wall cell, and a box pushed onto ice may stop on any cell of the
 * ice run (it really slides to the end, so real pushes are a subset). Every real push sequence is
 * also one in the relaxed model, so the distances are lower bounds and a cell from which no goal
 * is reachable is truly dead.
 */
import { DIRECTION_STEPS, floodCells } from '../../engine/grid.ts';
import { neighbour, type PushBoard } from './board.ts';

export const UNREACHABLE = 0xffff;

/**
 * Cells reached from `from` by steps to the four neighbours that `open` lets in, and across a
 * teleporter pad to its pair when the rules enable them (the player's flood: lint's region, the
 * editor's reach overlay). `from` is reached whatever `open` says of it.
 */
export function playerFlood(board: PushBoard, from: number, open: (cell: number) => boolean): Uint8Array {
  const jump = board.config.teleporters.enabled ? (c: number) => board.teleport[c] : undefined;
  return floodCells(board.width, board.height, (c) => c === from || open(c), [from], jump);
}

/** Cells the player can ever stand on from `from`: non-wall cells, boxes and doors ignored. */
export function reachableIgnoringBoxes(board: PushBoard, from: number): Uint8Array {
  return floodCells(board.width, board.height, (c) => c === from || !board.wall[c], [from]);
}

/** Forward box moves of the relaxed model: from each cell, where one push can leave the box. */
function relaxedBoxMoves(board: PushBoard): number[][] {
  const size = board.width * board.height;
  const slides = board.config.ice.enabled && board.config.ice.boxesSlide;
  const carries = board.config.teleporters.enabled && board.config.teleporters.carryBoxes;
  const moves: number[][] = Array.from({ length: size }, () => []);
  for (let c = 0; c < size; c++) {
    if (board.wall[c]) continue;
    for (const [dx, dy] of DIRECTION_STEPS) {
      const pusher = neighbour(board, c, -dx, -dy);
      if (pusher < 0 || board.wall[pusher]) continue;
      let to = neighbour(board, c, dx, dy);
      while (to >= 0 && !board.wall[to]) {
        moves[c].push(to);
        if (carries && board.teleport[to] >= 0) moves[c].push(board.teleport[to]);
        if (!slides || !board.ice[to]) break;
        to = neighbour(board, to, dx, dy);
      }
    }
  }
  return moves;
}

/** The relaxed model's box moves backwards: from each cell, the cells one push can bring a box from. */
function relaxedBoxMovesInto(board: PushBoard): number[][] {
  const size = board.width * board.height;
  const reverse: number[][] = Array.from({ length: size }, () => []);
  relaxedBoxMoves(board).forEach((targets, from) => {
    for (const to of targets) reverse[to].push(from);
  });
  return reverse;
}

/** Breadth-first push distances onto the `seeds` cells (all at 0) over backward moves `into`. */
function pushDistancesOnto(into: readonly (readonly number[])[], seeds: readonly number[]): Uint16Array {
  const dist = new Uint16Array(into.length).fill(UNREACHABLE);
  const queue = new Int32Array(into.length);
  let head = 0;
  let tail = 0;
  for (const s of seeds) {
    if (dist[s] === UNREACHABLE) {
      dist[s] = 0;
      queue[tail++] = s;
    }
  }
  while (head < tail) {
    const c = queue[head++];
    for (const from of into[c]) {
      if (dist[from] === UNREACHABLE) {
        dist[from] = dist[c] + 1;
        queue[tail++] = from;
      }
    }
  }
  return dist;
}

/**
 * For each goal (in `board.goals` order), the least number of pushes that can bring a box from
 * each cell onto it in the relaxed model; UNREACHABLE where none can. `perGoal`, if given, is
 * called after each goal's table (a solver polls its stop there: the tables take goals x cells).
 */
export function goalDistanceTables(board: PushBoard, perGoal?: () => void): Uint16Array[] {
  const into = relaxedBoxMovesInto(board);
  return board.goals.map((goal) => {
    const dist = pushDistancesOnto(into, [goal]);
    perGoal?.();
    return dist;
  });
}

/** Each cell's least number of pushes onto any goal in the relaxed model (UNREACHABLE where none), in one pass. */
export function nearestGoalPushes(board: PushBoard): Uint16Array {
  return pushDistancesOnto(relaxedBoxMovesInto(board), board.goals);
}

/** Non-wall cells from which a box can reach no goal at all. */
export function deadSquares(board: PushBoard, tables?: readonly Uint16Array[]): Uint8Array {
  const size = board.width * board.height;
  const dead = new Uint8Array(size);
  // One pass from all goals at once: a cell is dead when no goal's table reaches it.
  const nearest = tables ? nearestGoalDistance(tables, size) : nearestGoalPushes(board);
  for (let c = 0; c < size; c++) {
    if (board.wall[c] || board.goal[c]) continue;
    dead[c] = nearest[c] === UNREACHABLE ? 1 : 0;
  }
  return dead;
}

/** Each cell's distance to its nearest goal (UNREACHABLE where none). */
export function nearestGoalDistance(tables: readonly Uint16Array[], size: number): Uint16Array {
  const out = new Uint16Array(size).fill(UNREACHABLE);
  for (const t of tables) for (let c = 0; c < size; c++) if (t[c] < out[c]) out[c] = t[c];
  return out;
}
