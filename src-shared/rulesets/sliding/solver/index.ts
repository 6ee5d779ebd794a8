/**
 * The sliding kind's solver: the exact method the board's size allows, then a bounded fallback.
 *
 *   - at most 9 cells (3x3 and smaller): the complete distance table, built once by BFS and kept
 *     through `SolveOptions.tables` (or in the rules instance); par and hints are look-ups.
 *   - 4x4: IDA* on the 6-6-3 additive pattern databases (with their mirror image), built once and
 *     kept through `tables`; with no table storage offered, IDA* on Manhattan + linear conflicts.
 *   - other sizes: IDA* on Manhattan + linear conflicts.
 *   - when IDA* runs out of budget: weighted A* with falling weights, `optimal: false` unless its
 *     best solution meets the lower bound IDA* proved.
 *
 * Budget: IDA* keeps only its path, so the memory the state budget guards is not at stake; it
 * may make `IDA_EXPANSIONS_PER_STATE` expansions per unit of budget (the default 400,000 allows
 * 40 million: a few seconds, enough for the hardest of Korf's instances 1-50 with the pattern
 * databases) and reports that use as `stored`. While a table is being built, progress reports
 * the share built as `stored = share * budget`, so a host's stored/budget bar shows the build.
 */
import type { SolveOptions, SolveResult } from '../../../engine/ruleset.ts';
import { MOVE_NAMES, type SlidingState } from '../board.ts';
import type { SlideDirection } from '../schema.ts';
import { MAX_TABLE_CELLS, UNREACHED, PermutationRanker, buildCompleteTable, completeTableLength } from './complete-table.ts';
import { canonicalSolvable, canonicalTiles, frameFor, levelMove, type Frame } from './geometry.ts';
import { idaStar, type IdaResult } from './ida.ts';
import { conflictIncrementalBound, patternIncrementalBound } from './incremental.ts';
import { PARTITION_663, PDB_NAME_663, buildPartitionTables, partitionLength } from './pattern-db.ts';
import { TableCache, type BuildHooks } from './stored.ts';
import { weightedAStar, weightedBytesPerState } from './weighted.ts';
import { DEFAULT_STATE_BUDGET, stateBudget } from '../../../search/budget.ts';

export const IDA_EXPANSIONS_PER_STATE = 100;
/** Boards above 16 cells give IDA* a smaller share before the weighted search. */
const LARGE_BOARD_IDA_SHARE = 8;
/** Weights tried by the fallback, greediest first: a solution soon, then shorter ones. */
const FALLBACK_WEIGHTS: readonly (readonly [number, number])[] = [
  [5, 1],
  [3, 1],
  [2, 1],
  [3, 2],
];

export const SOLVER_TABLE = 'sliding-table/1';
export const SOLVER_IDA_PDB = 'sliding-ida-pdb663/1';
export const SOLVER_IDA_CONFLICTS = 'sliding-ida-lc/1';
export const SOLVER_WEIGHTED = 'sliding-wastar/1';
export const SOLVER_PARITY = 'sliding-parity/1';

/** Name of the complete table of a board (the canonical frame serves both goals). */
export const completeTableName = (width: number, height: number): string => `sliding-${width}x${height}-distances-v1`;

type Result = SolveResult<SlideDirection>;

const toLevelMoves = (frame: Frame, moves: readonly number[]): SlideDirection[] => moves.map((m) => MOVE_NAMES[levelMove(frame, m)]);

function buildHooks(options: SolveOptions, budget: number, expectedStates: number): BuildHooks {
  const { progress, shouldStop } = options;
  return {
    shouldStop,
    progress: progress && (({ nodes }) => progress({ nodes, stored: Math.floor(Math.min(0.99, nodes / expectedStates) * budget) })),
  };
}

/**
 * What a rules instance (or a generator run) keeps between solves: tables checked or built
 * without host storage, and the frames and rankers of the board sizes seen.
 */
export class SlidingSolverCache {
  readonly tables = new TableCache();
  private readonly frames = new Map<string, Frame>();
  private readonly rankers = new Map<number, PermutationRanker>();

  frame(state: SlidingState): Frame {
    const { width, height, goal } = state.board;
    const name = `${width}x${height}:${goal}`;
    let found = this.frames.get(name);
    if (!found) {
      found = frameFor(state);
      this.frames.set(name, found);
    }
    return found;
  }

  ranker(n: number): PermutationRanker {
    let found = this.rankers.get(n);
    if (!found) {
      found = new PermutationRanker(n);
      this.rankers.set(n, found);
    }
    return found;
  }
}

/** The complete distance table of a small board, or undefined when its build was stopped. */
export function completeTable(frame: Frame, cache: SlidingSolverCache, options: SolveOptions = {}): Uint8Array | undefined {
  const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  const length = completeTableLength(frame.n);
  // Built in well under a second: never deferred to another process, so never 'busy'.
  const table = cache.tables.obtain(completeTableName(frame.width, frame.height), length, options.tables, () =>
    buildCompleteTable(frame.n, frame.neighbours, buildHooks(options, budget, length / 2)),
  );
  return table === 'busy' ? undefined : table;
}

/**
 * The 4x4 pattern databases; undefined when their build was stopped, 'busy' when another process
 * is building them (Manhattan + linear conflict serves meanwhile).
 */
export function patternTables(cache: SlidingSolverCache, options: SolveOptions = {}): Uint8Array | undefined | 'busy' {
  const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  // About 23.6 million (placement, blank region) states for the two 6-tile groups.
  return cache.tables.obtain(PDB_NAME_663, partitionLength(PARTITION_663), options.tables, () => buildPartitionTables(PARTITION_663, buildHooks(options, budget, 23_600_000)), { mayDefer: true });
}

/** Walk down the table: at each step the first move (in u, d, l, r order) one closer to the goal. */
function solveByTable(frame: Frame, tiles: Uint8Array, table: Uint8Array, ranker: PermutationRanker): Result {
  const perm = tiles;
  let blank = perm.indexOf(0);
  let d = table[ranker.rank(perm)];
  if (d === UNREACHED) return { status: 'unsolvable', optimal: true, nodes: 0, stored: 0, solver: SOLVER_TABLE };
  const moves: number[] = [];
  let nodes = 0;
  while (d > 0) {
    nodes++;
    let stepped = false;
    for (let k = 0; k < 4 && !stepped; k++) {
      const m = frame.order[k];
      const to = frame.neighbours[blank * 4 + m];
      if (to < 0) continue;
      perm[blank] = perm[to];
      perm[to] = 0;
      if (table[ranker.rank(perm)] === d - 1) {
        moves.push(m);
        blank = to;
        d--;
        stepped = true;
      } else {
        perm[to] = perm[blank];
        perm[blank] = 0;
      }
    }
    if (!stepped) throw new Error('sliding: the distance table is inconsistent');
  }
  return { status: 'solved', solution: toLevelMoves(frame, moves), optimal: true, nodes, stored: 0, solver: SOLVER_TABLE };
}

function stopped(solver: string, nodes: number, lowerBound?: number): Result {
  return { status: 'budget', stoppedBy: 'stopped', optimal: false, nodes, stored: 0, solver, ...(lowerBound !== undefined ? { lowerBound } : {}) };
}

/**
 * Solve a sliding state. `cache` belongs to the caller's rules instance (or generator run): it
 * keeps tables checked or built without host storage.
 */
export function solveSliding(state: SlidingState, options: SolveOptions, cache: SlidingSolverCache): Result {
  const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  const frame = cache.frame(state);
  const tiles = canonicalTiles(state, frame);
  if (!canonicalSolvable(tiles, frame.width)) return { status: 'unsolvable', optimal: true, nodes: 0, stored: 0, solver: SOLVER_PARITY };
  if (tiles.every((t, c) => t === c)) return { status: 'solved', solution: [], optimal: true, nodes: 0, stored: 0, solver: SOLVER_PARITY };

  if (frame.n <= MAX_TABLE_CELLS) {
    const table = completeTable(frame, cache, options);
    return table ? solveByTable(frame, tiles, table, cache.ranker(frame.n)) : stopped(SOLVER_TABLE, 0);
  }

  let bound = conflictIncrementalBound(frame.width, frame.height);
  let solver = SOLVER_IDA_CONFLICTS;
  if (frame.width === 4 && frame.height === 4 && options.tables) {
    const tables = patternTables(cache, options);
    if (!tables) return stopped(SOLVER_IDA_PDB, 0);
    if (tables !== 'busy') {
      bound = patternIncrementalBound(PARTITION_663, tables);
      solver = SOLVER_IDA_PDB;
    }
  }
  const share = frame.n > 16 ? LARGE_BOARD_IDA_SHARE : IDA_EXPANSIONS_PER_STATE;
  const { progress } = options;
  const exact: IdaResult = idaStar(frame, tiles, bound, {
    maxExpansions: budget * share,
    shouldStop: options.shouldStop,
    progress: progress && (({ nodes }) => progress({ nodes, stored: Math.floor(nodes / IDA_EXPANSIONS_PER_STATE) })),
  });
  const charged = Math.ceil(exact.nodes / IDA_EXPANSIONS_PER_STATE);
  if (exact.status === 'solved') {
    return { status: 'solved', solution: toLevelMoves(frame, exact.moves!), optimal: true, nodes: exact.nodes, stored: charged, solver };
  }
  if (exact.stoppedBy === 'stopped') return { ...stopped(solver, exact.nodes, exact.lowerBound), stored: charged };
  return weightedFallback(frame, tiles, options, budget, exact);
}

/** Weighted A* with falling weights after IDA* ran out of budget; keeps the shortest solution. */
function weightedFallback(frame: Frame, tiles: Uint8Array, options: SolveOptions, budget: number, exact: IdaResult): Result {
  const lowerBound = exact.lowerBound;
  let best: readonly number[] | undefined;
  let nodes = exact.nodes;
  let stored = 0;
  let stoppedBy: 'budget' | 'stopped' | undefined;
  for (const [numerator, denominator] of FALLBACK_WEIGHTS) {
    const run = weightedAStar(frame, tiles, { numerator, denominator, budget, shouldStop: options.shouldStop, progress: options.progress });
    nodes += run.nodes;
    stored = Math.max(stored, run.stored);
    if (run.status === 'solved' && (!best || run.moves!.length < best.length)) best = run.moves;
    // A lower weight stores more states: once one runs out, the next would too.
    if (run.stoppedBy) {
      stoppedBy = run.stoppedBy;
      break;
    }
    if (best && best.length <= lowerBound) break;
  }
  const base = { nodes, stored, solver: SOLVER_WEIGHTED, lowerBound, bytesPerState: weightedBytesPerState(frame.n) };
  if (!best) return { ...base, status: 'budget', optimal: false, stoppedBy: stoppedBy ?? 'budget' };
  return { ...base, status: 'solved', solution: toLevelMoves(frame, best), optimal: best.length <= lowerBound };
}
