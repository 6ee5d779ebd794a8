/**
 * Static analysis of a push board, shared by lint, the lower bound and the solver.
 *
 * Box distances are computed in a relaxed model: other boxes are ignored, doors count as floor,
 * the player may stand on any non-wall cell, and a box pushed onto ice may stop on any cell of the
 * ice run (it really slides to the end, so real pushes are a subset). Every real push sequence is
 * also one in the relaxed model, so the distances are lower bounds and a cell from which no goal
 * is reachable is truly dead.
 */
import type { PushBoard } from './board.ts';

export const UNREACHABLE = 0xffff;

const DELTAS: readonly (readonly [number, number])[] = [
  [0, -1],
  [0, 1],
  [-1, 0],
  [1, 0],
];

function step(board: PushBoard, cell: number, dx: number, dy: number): number {
  const x = (cell % board.width) + dx;
  const y = Math.floor(cell / board.width) + dy;
  if (x < 0 || y < 0 || x >= board.width || y >= board.height) return -1;
  return y * board.width + x;
}

/** Cells the player can ever stand on from `from`: non-wall cells, boxes and doors ignored. */
export function reachableIgnoringBoxes(board: PushBoard, from: number): Uint8Array {
  const seen = new Uint8Array(board.width * board.height);
  const stack = [from];
  seen[from] = 1;
  while (stack.length > 0) {
    const c = stack.pop()!;
    for (const [dx, dy] of DELTAS) {
      const n = step(board, c, dx, dy);
      if (n >= 0 && !board.wall[n] && !seen[n]) {
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return seen;
}

/** Forward box moves of the relaxed model: from each cell, where one push can leave the box. */
function relaxedBoxMoves(board: PushBoard): number[][] {
  const size = board.width * board.height;
  const slides = board.config.ice.enabled && board.config.ice.boxesSlide;
  const carries = board.config.teleporters.enabled && board.config.teleporters.carryBoxes;
  const moves: number[][] = Array.from({ length: size }, () => []);
  for (let c = 0; c < size; c++) {
    if (board.wall[c]) continue;
    for (const [dx, dy] of DELTAS) {
      const pusher = step(board, c, -dx, -dy);
      if (pusher < 0 || board.wall[pusher]) continue;
      let to = step(board, c, dx, dy);
      while (to >= 0 && !board.wall[to]) {
        moves[c].push(to);
        if (carries && board.teleport[to] >= 0) moves[c].push(board.teleport[to]);
        if (!slides || !board.ice[to]) break;
        to = step(board, to, dx, dy);
      }
    }
  }
  return moves;
}

/**
 * For each goal (in `board.goals` order), the least number of pushes that can bring a box from
 * each cell onto it in the relaxed model; UNREACHABLE where none can.
 */
export function goalDistanceTables(board: PushBoard): Uint16Array[] {
  const size = board.width * board.height;
  const forward = relaxedBoxMoves(board);
  const reverse: number[][] = Array.from({ length: size }, () => []);
  forward.forEach((targets, from) => {
    for (const to of targets) reverse[to].push(from);
  });
  return board.goals.map((goal) => {
    const dist = new Uint16Array(size).fill(UNREACHABLE);
    const queue = new Int32Array(size);
    let head = 0;
    let tail = 0;
    dist[goal] = 0;
    queue[tail++] = goal;
    while (head < tail) {
      const c = queue[head++];
      for (const from of reverse[c]) {
        if (dist[from] === UNREACHABLE) {
          dist[from] = dist[c] + 1;
          queue[tail++] = from;
        }
      }
    }
    return dist;
  });
}

/** Non-wall cells from which a box can reach no goal at all. */
export function deadSquares(board: PushBoard, tables: readonly Uint16Array[] = goalDistanceTables(board)): Uint8Array {
  const size = board.width * board.height;
  const dead = new Uint8Array(size);
  for (let c = 0; c < size; c++) {
    if (board.wall[c] || board.goal[c]) continue;
    dead[c] = tables.every((t) => t[c] === UNREACHABLE) ? 1 : 0;
  }
  return dead;
}

/** Each cell's distance to its nearest goal (UNREACHABLE where none). */
export function nearestGoalDistance(tables: readonly Uint16Array[], size: number): Uint16Array {
  const out = new Uint16Array(size).fill(UNREACHABLE);
  for (const t of tables) for (let c = 0; c < size; c++) if (t[c] < out[c]) out[c] = t[c];
  return out;
}
