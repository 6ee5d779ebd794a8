/**
 * The push solver for plain Sokoban positions: optimal A* by moves or pushes within a state
 * budget; when the budget runs out, a weighted search supplies a solution that is labelled not
 * proven optimal (a par upper bound, never a wrong par).
 */
import type { SolveResult } from '../../../engine/ruleset.ts';
import type { PushState } from '../board.ts';
import type { Direction } from '../schema.ts';
import { SOLVER_DIRS, compilePlainBoard, type CompiledBoard } from './compiled.ts';
import { searchPlain, type PlainSearchResult, type PushObjective } from './search.ts';

export const PUSH_SOLVER_NAME = 'push-astar/1';
/** Seed 002: generation and CI verification use a budget of 400,000 states. */
export const DEFAULT_STATE_BUDGET = 400_000;

export interface PushSolveOptions {
  readonly objective?: PushObjective;
  readonly budget?: number;
  readonly shouldStop?: () => boolean;
  /** Skip the weighted fallback when the optimal search runs out (for cross-checks). */
  readonly noFallback?: boolean;
  readonly bound?: 'matching' | 'nearest';
}

export function solvePlainPush(state: PushState, options: PushSolveOptions = {}): SolveResult<Direction> {
  const objective = options.objective ?? 'moves';
  const budget = options.budget ?? DEFAULT_STATE_BUDGET;
  const board = compilePlainBoard(state);
  const exact = searchPlain(board, { objective, budget, shouldStop: options.shouldStop, bound: options.bound });
  const base = { solver: PUSH_SOLVER_NAME, nodes: exact.nodes, stored: exact.stored, bytesPerState: exact.bytesPerState };
  if (exact.status === 'solved') return { ...base, status: 'solved', optimal: true, solution: pathToMoves(board, exact) };
  if (exact.status === 'unsolvable') return { ...base, status: 'unsolvable', optimal: true };
  const stoppedBy = exact.status === 'budget' ? 'budget' : 'stopped';
  if (options.noFallback || exact.status === 'stopped') return { ...base, status: 'budget', optimal: false, stoppedBy };
  // Fallback: weighted A* finds some solution; its length is an upper bound on par.
  const rough = searchPlain(board, { objective, budget, weight: 4, shouldStop: options.shouldStop, bound: options.bound });
  const nodes = exact.nodes + rough.nodes;
  if (rough.status === 'solved') {
    return { ...base, nodes, status: 'solved', optimal: false, stoppedBy, solution: pathToMoves(board, rough) };
  }
  if (rough.status === 'unsolvable') return { ...base, nodes, status: 'unsolvable', optimal: true };
  return { ...base, nodes, status: 'budget', optimal: false, stoppedBy };
}

/** Expand push positions into player moves: the shortest walk to each push, then the push. */
function pathToMoves(board: CompiledBoard, result: PlainSearchResult): Direction[] {
  const path = result.path!;
  const moves: Direction[] = [];
  let player = board.player;
  const occupied = new Uint8Array(board.size);
  const from = new Int32Array(board.size);
  const via = new Int8Array(board.size);
  for (let s = 1; s < path.length; s++) {
    const before = path[s - 1].boxes;
    const after = path[s].boxes;
    const moved = before.find((c) => !after.includes(c))!;
    const target = after.find((c) => !before.includes(c))!;
    let dir = 0;
    while (board.nbr[moved * 4 + dir] !== target) dir++;
    const pusher = board.nbr[moved * 4 + (dir ^ 1)];
    occupied.fill(0);
    for (const b of before) occupied[b] = 1;
    moves.push(...walk(board, occupied, player, pusher, from, via));
    moves.push(SOLVER_DIRS[dir]);
    player = moved;
  }
  return moves;
}

function walk(board: CompiledBoard, occupied: Uint8Array, start: number, goal: number, from: Int32Array, via: Int8Array): Direction[] {
  if (start === goal) return [];
  from.fill(-1);
  from[start] = start;
  const queue = [start];
  for (let head = 0; head < queue.length && from[goal] < 0; head++) {
    const c = queue[head];
    for (let d = 0; d < 4; d++) {
      const m = board.nbr[c * 4 + d];
      if (m >= 0 && from[m] < 0 && !occupied[m]) {
        from[m] = c;
        via[m] = d;
        queue.push(m);
      }
    }
  }
  if (from[goal] < 0) throw new Error('push solver: no walk to the pushing cell (internal error)');
  const out: Direction[] = [];
  for (let c = goal; c !== start; c = from[c]) out.push(SOLVER_DIRS[via[c]]);
  return out.reverse();
}
