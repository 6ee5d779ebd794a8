/**
 * Walking as macro moves (the way push solvers search over pushes): a search node is a state
 * after something happened (a push, a door, an item, a jump...), and its successors are "walk the
 * shortest way over plain floor to cell c, then one command that is not such a walk". Plain floor
 * is a cell whose entering changes nothing but where the player stands and the step count: floor,
 * an empty plate, an open gate. In an open room with boulders, the plain search
 * stores every (boulder layout x player cell); this one only the layouts just after a push.
 *
 * It stays exact (optimal in steps, `maze-solver.test.ts` checks it against exhaustive search):
 * - any solution splits into runs of plain moves and waits, each ended by another command; a
 *   plain run to cell c is never cheaper than the shortest one, and the shortest one reaches the
 *   same state (the spike phase aside: then the run's extra steps are waits at c, same cost);
 * - waits change nothing on plain floor, so they are offered only where another command follows;
 *   a jump from plain floor over plain floor onto plain floor is a two-step walk (same cost).
 * The macro carries its result (the search steps it once), and `expandWalks` turns a macro line
 * back into commands by the same shortest walks.
 */
import { DIRECTION_DX, DIRECTION_DY } from '../../../engine/grid.ts';
import type { SearchableRules, StepResult } from '../../../engine/ruleset.ts';
import type { MazeState } from '../level.ts';
import type { MazeCommand } from '../schema.ts';

/** Cells the player walks over with nothing but position and steps changing. */
const PLAIN = new Set(['.', '_', '/']);
const MOVES: readonly MazeCommand[] = ['u', 'd', 'l', 'r'];
const JUMPS: readonly MazeCommand[] = ['U', 'D', 'L', 'R'];

export interface WalkMacro {
  /** The cell walked to first (the player's own: no walk). */
  readonly to: number;
  /** Steps of that walk. */
  readonly walk: number;
  readonly then: MazeCommand;
  /** What the macro does, computed when it was offered. */
  readonly result: StepResult<MazeState>;
}

interface Region {
  /** Steps from the player per cell, -1 outside the plain region. */
  readonly dist: Int32Array;
  /** The region's cells, nearest first. */
  readonly order: readonly number[];
  /** The direction taken into each cell on a shortest walk (for `expandWalks`). */
  readonly via: Int8Array;
}

function neighbour(state: MazeState, cell: number, d: number): number {
  const { width, height } = state.board;
  const x = (cell % width) + DIRECTION_DX[d];
  const y = Math.floor(cell / width) + DIRECTION_DY[d];
  return x < 0 || y < 0 || x >= width || y >= height ? -1 : y * width + x;
}

/** The plain floor the player reaches by walking alone (only their own cell when leaving it changes something). */
function plainRegion(state: MazeState): Region {
  const size = state.board.width * state.board.height;
  const dist = new Int32Array(size).fill(-1);
  const via = new Int8Array(size).fill(-1);
  const order = [state.player];
  dist[state.player] = 0;
  // Leaving crumbling floor breaks it: walking away from it is not plain.
  if (state.cells[state.player] === '~') return { dist, order, via };
  for (let head = 0; head < order.length; head++) {
    const cell = order[head];
    for (let d = 0; d < 4; d++) {
      const next = neighbour(state, cell, d);
      if (next < 0 || dist[next] >= 0 || !PLAIN.has(state.cells[next])) continue;
      dist[next] = dist[cell] + 1;
      via[next] = d;
      order.push(next);
    }
  }
  return { dist, order, via };
}

/** The state after walking `walk` plain steps to `cell` (nothing else changes on plain floor). */
function walkedTo(state: MazeState, cell: number, walk: number): MazeState {
  return walk === 0 ? state : { ...state, player: cell, steps: state.steps + walk, flash: false };
}

/** The kind's search rules with walks folded into macros: use with the generic A*. */
export function walkMacroRules(inner: SearchableRules<MazeState, MazeCommand>): SearchableRules<MazeState, WalkMacro> {
  return {
    status: inner.status,
    key: inner.key,
    lowerBound: inner.lowerBound,
    step: (_state, macro) => macro.result,
    commands(state) {
      const region = plainRegion(state);
      const { limit } = state.board;
      // What the player holds never changes on plain floor: the same commands everywhere in the region.
      const offered = inner.commands(state);
      const others = offered.filter((c) => c !== 'w' && !MOVES.includes(c));
      const waits = offered.includes('w');
      const out: WalkMacro[] = [];
      const offer = (at: MazeState, cell: number, walk: number, command: MazeCommand): boolean => {
        const result = inner.step(at, command);
        if (!result.changed) return false;
        out.push({ to: cell, walk, then: command, result: walk === 0 ? result : { ...result, cost: walk + (result.cost ?? 1) } });
        return true;
      };
      for (const cell of region.order) {
        const walk = region.dist[cell];
        // Nearest first: past the step limit the rest of the region is too.
        if (limit > 0 && state.steps + walk >= limit) break;
        // Moves out of the region: into plain floor is walking, into a fixed wall nothing.
        const moves = MOVES.filter((_, d) => {
          const next = neighbour(state, cell, d);
          return next >= 0 && region.dist[next] < 0 && state.cells[next] !== '#' && state.cells[next] !== '+';
        });
        if (moves.length === 0 && others.length === 0 && walk > 0) continue;
        const at = walkedTo(state, cell, walk);
        let any = false;
        for (const command of moves) any = offer(at, cell, walk, command) || any;
        for (const command of others) {
          // A jump over plain floor onto plain floor is two steps' walk at the same cost: walking covers it.
          const jump = JUMPS.indexOf(command);
          if (jump >= 0) {
            const over = neighbour(state, cell, jump);
            const onto = over < 0 ? -1 : neighbour(state, over, jump);
            if (onto >= 0 && region.dist[over] >= 0 && region.dist[onto] >= 0) continue;
          }
          any = offer(at, cell, walk, command) || any;
        }
        if (waits && (any || walk === 0)) offer(at, cell, walk, 'w');
      }
      return out;
    },
  };
}

/** A line of macros from `start` as the commands it stands for: each walk by the same shortest way, then its command. */
export function expandWalks(inner: SearchableRules<MazeState, MazeCommand>, start: MazeState, macros: readonly WalkMacro[]): MazeCommand[] {
  const out: MazeCommand[] = [];
  let state = start;
  for (const macro of macros) {
    const region = plainRegion(state);
    const path: MazeCommand[] = [];
    for (let cell = macro.to; cell !== state.player; ) {
      const d = region.via[cell];
      if (d < 0) throw new Error(`A walk macro to cell ${macro.to} is not a plain walk from cell ${state.player}.`);
      path.push(MOVES[d]);
      cell = neighbour(state, cell, d ^ 1);
    }
    for (const command of [...path.reverse(), macro.then]) {
      out.push(command);
      state = inner.step(state, command).state;
    }
  }
  return out;
}
