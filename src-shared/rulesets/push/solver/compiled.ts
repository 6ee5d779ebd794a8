/**
 * A plain Sokoban board compiled for search: the floor cells the player can ever reach, numbered
 * densely, with a 4-neighbour table, goal flags, dead squares and per-goal push distances. Boxes
 * sitting on goals outside the player's region can never move and become walls.
 */
import type { PushState } from '../board.ts';
import { neighbourCell } from '../../../engine/grid.ts';
import { UNREACHABLE, deadSquares, goalDistanceTables, reachableIgnoringBoxes } from '../analysis.ts';
import { floorSides, sideCell, sidePushDistances, type Sides } from './sides.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';

/** Direction order used by the solver: up, down, left, right (the grid's DIRECTIONS_4); `d ^ 1` is the opposite. */
export const SOLVER_DIRS = ['u', 'd', 'l', 'r'] as const;

export interface CompiledBoard {
  /** Number of floor cells. */
  readonly size: number;
  /** Width of the grid `gridOf` indexes (row-major). */
  readonly width: number;
  /** Grid index of each floor cell. */
  readonly gridOf: Int32Array;
  /** Floor index of a grid cell, or -1. */
  readonly floorOf: Int32Array;
  /** nbr[c * 4 + d]: floor index of the neighbour in direction d, or -1. */
  readonly nbr: Int32Array;
  readonly goal: Uint8Array;
  readonly dead: Uint8Array;
  /** Goals in floor indices. */
  readonly goals: Int32Array;
  /** dist[g * size + c]: pushes from c onto goal g in the relaxed model (UNREACHABLE if none). */
  readonly dist: Uint16Array;
  /** Least distance from each cell to any goal. */
  readonly nearest: Uint16Array;
  /** The parts of the floor less each cell, for distances that know the player's side (sides.ts). */
  readonly sides: Sides;
  /**
   * sideDist[g * sides.count + v]: pushes from side cell v onto goal g, with the player kept on
   * its side of the box (other boxes ignored; at least `dist`).
   */
  readonly sideDist: Uint16Array;
  /** Start: player floor index and sorted box floor indices. */
  readonly player: number;
  readonly boxes: Int32Array;
  /** Why the position is unsolvable before any search, if it is. */
  readonly hopeless?: string;
}

/** `poll`: the solver's stop (the tables take goals x cells: StopRequested if it fires). */
export function compilePlainBoard(state: PushState, poll?: StopPoll): CompiledBoard {
  const board = state.board;
  const region = reachableIgnoringBoxes(board, state.player);
  const gridSize = board.width * board.height;
  const floorOf = new Int32Array(gridSize).fill(-1);
  const gridList: number[] = [];
  let hopeless: string | undefined;
  // Boxes out of the player's reach never move: on a goal they fill it, else they are spare
  // (fine when the other boxes can still fill every goal: checked below by count).
  const fixed = new Set<number>();
  for (const b of state.boxes) if (!region[b]) fixed.add(b);
  for (let c = 0; c < gridSize; c++) {
    if (region[c] && !board.wall[c]) {
      floorOf[c] = gridList.length;
      gridList.push(c);
    } else if (board.goal[c] && !fixed.has(c)) {
      hopeless ??= 'a goal the player can never reach has no box';
    }
  }
  const size = gridList.length;
  const gridOf = Int32Array.from(gridList);
  // The search's inner loop reads neighbours from this compiled table (floor indices, no bounds
  // arithmetic), filled once from the shared grid's neighbours (engine/grid.ts).
  const nbr = new Int32Array(size * 4).fill(-1);
  for (let i = 0; i < size; i++) {
    for (let d = 0; d < 4; d++) {
      const n = neighbourCell(board.width, board.height, gridOf[i], d);
      if (n >= 0) nbr[i * 4 + d] = floorOf[n];
    }
  }
  const goal = new Uint8Array(size);
  const goalList: number[] = [];
  for (let i = 0; i < size; i++) {
    if (board.goal[gridOf[i]]) {
      goal[i] = 1;
      goalList.push(i);
    }
  }
  const goals = Int32Array.from(goalList);
  // Distances on the real board (walls only); fixed boxes are not walls there, which only relaxes.
  const tables = goalDistanceTables(board, () => poll?.check(gridSize * 4));
  const gridDead = deadSquares(board, tables);
  const dist = new Uint16Array(goals.length * size).fill(UNREACHABLE);
  const nearest = new Uint16Array(size).fill(UNREACHABLE);
  const dead = new Uint8Array(size);
  goals.forEach((gFloor, gi) => {
    const table = tables[board.goals.indexOf(gridOf[gFloor])];
    for (let c = 0; c < size; c++) {
      const v = table[gridOf[c]];
      dist[gi * size + c] = v;
      if (v < nearest[c]) nearest[c] = v;
    }
    poll?.check(size);
  });
  for (let c = 0; c < size; c++) dead[c] = gridDead[gridOf[c]];
  const boxes = Int32Array.from(state.boxes.filter((b) => !fixed.has(b)).map((b) => floorOf[b])).sort();
  if (boxes.length < goals.length) hopeless ??= 'fewer boxes than goals';
  // The rules count a board with no goal as never won (pushStatus), whatever its boxes do.
  if (board.goals.length === 0) hopeless ??= 'no goals';
  const floor = { size, nbr };
  const sides = floorSides(floor);
  const sideDist = sidePushDistances(floor, sides, goals, 'onto', poll);
  return {
    size,
    width: board.width,
    gridOf,
    floorOf,
    nbr,
    goal,
    dead,
    goals,
    dist,
    nearest,
    sides,
    sideDist,
    player: floorOf[state.player],
    boxes,
    ...(hopeless ? { hopeless } : {}),
  };
}

/**
 * The same board seen backwards, for a search by pulls from the solved position: its "goals" are
 * the start's box cells, its boxes stand on the real goals, and `dist` counts the pulls that bring
 * a box from a cell back to a start cell (the pushes from that start cell to it, in the relaxed
 * model; `sideDist` the same knowing the player's side of the box). A cell no box can be pulled
 * from to any start cell is dead. `player` stays the real start: a backward search is done when
 * the boxes are back and the player can walk there.
 */
export function reverseBoard(board: CompiledBoard, poll?: StopPoll): CompiledBoard {
  const { size } = board;
  const starts = board.boxes;
  const goal = new Uint8Array(size);
  for (const s of starts) goal[s] = 1;
  const dist = relaxedPushDistances(board, starts, 'from', undefined, poll);
  const nearest = new Uint16Array(size).fill(UNREACHABLE);
  for (let k = 0; k < starts.length; k++) {
    for (let c = 0; c < size; c++) if (dist[k * size + c] < nearest[c]) nearest[c] = dist[k * size + c];
    poll?.check(size);
  }
  const dead = new Uint8Array(size);
  for (let c = 0; c < size; c++) dead[c] = nearest[c] === UNREACHABLE ? 1 : 0;
  // A box back on its start cell has the player on the side of the real start (which it must
  // reach at the end without crossing the box).
  const startSides = Array.from(starts, (s) => sideCell(board.sides, size, s, board.player));
  const sideDist = sidePushDistances(board, board.sides, startSides, 'from', poll);
  return {
    ...board,
    goal,
    dead,
    goals: Int32Array.from(starts),
    dist,
    nearest,
    sideDist,
    boxes: Int32Array.from(board.goals).sort(),
  };
}

/**
 * Push distances in the relaxed model (other boxes ignored, the player anywhere it could stand),
 * one table per source at `dist[k * size + c]`: `onto`, the pushes that bring a box from c onto
 * source k; `from`, the pushes that bring a box from source k to c. Cells with `wall` set block
 * both box and player. A source that is itself walled gets an all-UNREACHABLE table. `poll` is
 * asked after each source's table.
 */
export function relaxedPushDistances(board: CompiledBoard, sources: ArrayLike<number>, way: 'onto' | 'from', wall?: Uint8Array, poll?: StopPoll): Uint16Array {
  // Breadth-first over the compiled neighbour table rather than engine/grid.ts's flood: it counts
  // pushes, each of which needs the pusher's cell too, and reads both from the same table.
  const { size, nbr } = board;
  const dist = new Uint16Array(sources.length * size).fill(UNREACHABLE);
  const queue = new Int32Array(size);
  const blocked = (c: number): boolean => c < 0 || (wall !== undefined && wall[c] === 1);
  for (let k = 0; k < sources.length; k++) {
    const source = sources[k];
    if (blocked(source)) continue;
    const base = k * size;
    let head = 0;
    let tail = 0;
    dist[base + source] = 0;
    queue[tail++] = source;
    while (head < tail) {
      const x = queue[head++];
      for (let d = 0; d < 4; d++) {
        // `from`: the box goes on from x to y = x + d, pushed from x - d. `onto`: it came to x
        // from y = x - d, pushed from y - d.
        const y = way === 'from' ? nbr[x * 4 + d] : nbr[x * 4 + (d ^ 1)];
        if (blocked(y) || dist[base + y] !== UNREACHABLE) continue;
        const pusher = way === 'from' ? nbr[x * 4 + (d ^ 1)] : nbr[y * 4 + (d ^ 1)];
        if (blocked(pusher)) continue;
        dist[base + y] = dist[base + x] + 1;
        queue[tail++] = y;
      }
    }
    poll?.check(4 * tail + 1);
  }
  return dist;
}
