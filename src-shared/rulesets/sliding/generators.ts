/**
 * Seeded generation to an EXACT optimal distance (seed 003 shuffled by a number of random moves,
 * which says little about difficulty; par is what a designer plans a campaign with).
 *
 *   - boards of at most 9 cells: a uniform pick among the states at that distance in the
 *     complete BFS table (the layers of the search).
 *   - larger boards: a random walk from the goal, measured by the optimal solver. Each move
 *     changes the distance by exactly one, so once the walk is at least `d` away, the state `D - d`
 *     moves along its optimal solution is exactly `d` away. Every optimal solver returns the same
 *     solution (the first in u, d, l, r order), so the level depends on the seed only, not on
 *     whether a pattern database was at hand.
 *
 * Difficulty tiers are distance bands; the campaign generator draws distances in a band and
 * sorts them, so par never falls along the campaign. Every level carries its par in `notes`.
 */
import { z } from 'zod';
import type { Diagnostic } from '../../engine/diagnostics.ts';
import { Rng } from '../../engine/rng.ts';
import type { GenerateOptions, LevelGenerator, SolverTables } from '../../engine/ruleset.ts';
import { makeBoard, makeState, neighbourCell, type SlidingState } from './board.ts';
import { goalSchema, MAX_SIDE, MIN_SIDE, type SlidingLevel } from './schema.ts';
import { stepSliding } from './step.ts';
import { MAX_TABLE_CELLS, UNREACHED } from './solver/complete-table.ts';
import type { Frame } from './solver/geometry.ts';
import { SlidingSolverCache, completeTable, solveSliding } from './solver/index.ts';

export const GENERATOR_VERSION = 1;
export const TIERS = ['easy', 'medium', 'hard', 'expert'] as const;
export type Tier = (typeof TIERS)[number];

/** Budget of each measuring solve (IDA* expansions are charged per 100). */
const MEASURE_BUDGET = 2_000_000;
/** Walks measured per level before giving up. */
const MAX_WALKS = 60;
/** Without table storage, 4x4 distances above this build the pattern databases for the run. */
const PDB_WORTH_BUILDING = 40;

// The descriptions reach the studio's Generate dialog through the JSON Schema (help lines).
const side = z.int().min(MIN_SIDE).max(MAX_SIDE);
const boardParams = {
  width: side.default(3).describe(`Columns of the board (${MIN_SIDE} to ${MAX_SIDE}).`),
  height: side.default(3).describe(`Rows of the board (${MIN_SIDE} to ${MAX_SIDE}).`),
  goal: goalSchema.default('blank-last').describe('Where the blank sits in the solved board: last (bottom right) or first.'),
};

export const shuffleParamsSchema = z.object({
  ...boardParams,
  count: z.int().min(1).max(200).default(1).describe('How many boards to make.'),
  distance: z.int().min(1).max(200).default(20).describe('Optimal number of moves from each board to the goal.'),
});

/** At most as far as the farthest: a band whose ends cross names no board. */
export const campaignParamsSchema = z
  .object({
    ...boardParams,
    count: z.int().min(1).max(200).default(10).describe('How many levels the campaign gets; their par never falls along it.'),
    /** A distance band by name; `minDistance`/`maxDistance` override its ends. */
    tier: z.enum(TIERS).optional().describe('Difficulty band of optimal distances; leave it empty for easy to hard.'),
    minDistance: z.int().min(1).max(200).optional().describe("Fewest optimal moves of a level (overrides the tier's low end)."),
    maxDistance: z.int().min(1).max(200).optional().describe("Most optimal moves of a level (overrides the tier's high end)."),
  })
  .refine((p) => p.minDistance === undefined || p.maxDistance === undefined || p.minDistance <= p.maxDistance, {
    message: 'must be at most maxDistance',
    path: ['minDistance'],
    // A stable code for hosts that translate the reason (the studio's Generate dialog).
    params: { code: 'sliding.params.crossed' },
  });

/** The largest optimal distance, where known (the diameter): 2x2 6, 2x3 21, 3x3 31, 2x4 36; 4x4 80. */
function tierScale(width: number, height: number): number {
  const n = width * height;
  if (width === 4 && height === 4) return 60; // random 4x4 positions sit near 53; 60+ is very rare
  if (n <= 4) return 6;
  if (n <= 6) return 21;
  if (n <= 8) return 36;
  if (n <= 9) return 31;
  // Larger boards: distances an optimal search still proves quickly.
  return n <= 12 ? 50 : 44;
}

/** Distance bands of the tiers on a board: quarters of the scale, easy starting at a fifth. */
export function tierBands(width: number, height: number): Record<Tier, readonly [number, number]> {
  const top = tierScale(width, height);
  const cut = (f: number): number => Math.max(1, Math.round(top * f));
  return {
    easy: [cut(0.2), cut(0.4)],
    medium: [cut(0.4) + 1, cut(0.6)],
    hard: [cut(0.6) + 1, cut(0.8)],
    expert: [cut(0.8) + 1, top],
  };
}

interface Measured {
  readonly tiles?: Uint8Array;
  readonly diagnostics: Diagnostic[];
}

/** Memory table storage for one run, when the host offers none and a 4x4 search needs a PDB. */
function runTables(frame: Frame, maxDistance: number, tables: SolverTables | undefined): SolverTables | undefined {
  if (tables || frame.width !== 4 || frame.height !== 4 || maxDistance <= PDB_WORTH_BUILDING) return tables;
  const kept = new Map<string, Uint8Array>();
  return { get: (name) => kept.get(name), put: (name, data) => void kept.set(name, data) };
}

type Hooks = Pick<GenerateOptions, 'shouldStop' | 'tables'>;

/** A board exactly `distance` moves from the goal (level frame), from `rng`. */
function boardAt(frame: Frame, goal: SlidingState, distance: number, rng: Rng, cache: SlidingSolverCache, hooks: Hooks): Measured {
  const { width, height, n } = frame;
  if (n <= MAX_TABLE_CELLS) {
    const table = completeTable(frame, cache, hooks);
    if (!table) return { diagnostics: [stoppedDiagnostic()] };
    let count = 0;
    let farthest = 0;
    for (let r = 0; r < table.length; r++) {
      const d = table[r];
      if (d === distance) count++;
      if (d !== UNREACHED && d > farthest) farthest = d;
    }
    if (count === 0) return { diagnostics: [tooFar(width, height, distance, farthest)] };
    let pick = rng.int(count);
    let rank = 0;
    for (; rank < table.length; rank++) if (table[rank] === distance && pick-- === 0) break;
    const canonical = new Uint8Array(n);
    cache.ranker(n).unrank(rank, canonical);
    return { tiles: fromCanonical(frame, canonical), diagnostics: [] };
  }
  // A walk that never undoes its last move, measured and lengthened until it is far enough.
  let tiles = goal.tiles.slice();
  let blank = goal.blank;
  let previous = -1;
  let walked = 0;
  let target = distance;
  for (let attempt = 0; attempt < MAX_WALKS; attempt++) {
    for (; walked < target; walked++) {
      const legal = [0, 1, 2, 3].filter((m) => m !== (previous ^ 1) && neighbourCell(width, height, blank, m) >= 0);
      const m = rng.pick(legal);
      const to = neighbourCell(width, height, blank, m);
      tiles[blank] = tiles[to];
      tiles[to] = 0;
      blank = to;
      previous = m;
    }
    if (hooks.shouldStop?.()) return { diagnostics: [stoppedDiagnostic()] };
    const state = makeState(goal.board, tiles);
    const solved = solveSliding(state, { budget: MEASURE_BUDGET, shouldStop: hooks.shouldStop, tables: hooks.tables }, cache);
    if (solved.stoppedBy === 'stopped') return { diagnostics: [stoppedDiagnostic()] };
    if (solved.status === 'solved' && solved.optimal) {
      const moves = solved.solution!;
      if (moves.length >= distance) {
        let at = state;
        for (const command of moves.slice(0, moves.length - distance)) at = stepSliding(at, command).state;
        return { tiles: at.tiles, diagnostics: [] };
      }
      target = walked + (distance - moves.length);
    } else {
      // Too hard to measure: start again from the goal.
      tiles = goal.tiles.slice();
      blank = goal.blank;
      walked = 0;
      previous = -1;
      target = distance;
    }
  }
  return {
    diagnostics: [{ severity: 'error', code: 'sliding.generate.unreached', message: `No ${width}x${height} board ${distance} moves from the goal was found in ${MAX_WALKS} measured walks: choose a shorter distance.`, params: { distance } }],
  };
}

function fromCanonical(frame: Frame, canonical: Uint8Array): Uint8Array {
  if (!frame.turned) return canonical;
  const { n } = frame;
  const out = new Uint8Array(n);
  for (let p = 0; p < n; p++) out[n - 1 - p] = canonical[p] === 0 ? 0 : n - canonical[p];
  return out;
}

const stoppedDiagnostic = (): Diagnostic => ({ severity: 'error', code: 'sliding.generate.stopped', message: 'Generation was stopped before it finished.' });
const tooFar = (width: number, height: number, distance: number, max: number): Diagnostic => ({
  severity: 'error',
  code: 'sliding.generate.too-far',
  message: `No ${width}x${height} board is ${distance} moves from the goal: the farthest is ${max}. Choose a distance up to ${max}.`,
  params: { distance, max },
});

function paramsDiagnostics(error: z.ZodError): Diagnostic[] {
  return error.issues.map((issue) => ({
    severity: 'error',
    code: 'sliding.generate.params',
    message: `Not valid generator parameters: ${issue.path.join('.') || 'params'}: ${issue.message}.`,
    path: issue.path.join('.'),
  }));
}

/** Boards at the given distances (in order), one RNG stream per level. */
function generateAt(
  width: number,
  height: number,
  goalLayout: SlidingLevel['goal'] & string,
  distances: readonly number[],
  seed: string,
  generator: string,
  options: GenerateOptions = {},
): { levels: SlidingLevel[]; diagnostics: Diagnostic[] } {
  const board = makeBoard(width, height, goalLayout);
  const goal = makeState(board, board.goalTiles);
  const cache = new SlidingSolverCache();
  const frame = cache.frame(goal);
  const tables = runTables(frame, Math.max(...distances), options.tables);
  const levels: SlidingLevel[] = [];
  const diagnostics: Diagnostic[] = [];
  for (let i = 0; i < distances.length; i++) {
    const measured = boardAt(frame, goal, distances[i], new Rng(`${seed}#${i + 1}`), cache, { shouldStop: options.shouldStop, tables });
    if (!measured.tiles) {
      diagnostics.push(...measured.diagnostics.map((d) => ({ ...d, level: i + 1 })));
      if (measured.diagnostics.some((d) => d.code === 'sliding.generate.stopped' || d.code === 'sliding.generate.too-far')) break;
      continue;
    }
    options.progress?.(i + 1, distances.length);
    levels.push({
      // No par in the title: it is the generator's aim until a verification proves it (notes.par).
      title: `${width}x${height} #${i + 1}`,
      notes: { par: String(distances[i]), generator: `${generator}@${GENERATOR_VERSION}`, seed: `${seed}#${i + 1}` },
      width,
      height,
      goal: goalLayout,
      tiles: Array.from(measured.tiles),
    });
  }
  return { levels, diagnostics };
}

export const shuffleGenerator: LevelGenerator<SlidingLevel> = {
  id: 'sliding-shuffle',
  label: 'Boards at an exact distance',
  version: GENERATOR_VERSION,
  paramsSchema: shuffleParamsSchema,
  generate(params, seed, options) {
    const parsed = shuffleParamsSchema.safeParse(params ?? {});
    if (!parsed.success) return { levels: [], diagnostics: paramsDiagnostics(parsed.error) };
    const p = parsed.data;
    return generateAt(p.width, p.height, p.goal, new Array<number>(p.count).fill(p.distance), seed, 'sliding-shuffle', options);
  },
};

export const campaignGenerator: LevelGenerator<SlidingLevel> = {
  id: 'sliding-campaign',
  label: 'Campaign with rising par',
  version: GENERATOR_VERSION,
  paramsSchema: campaignParamsSchema,
  generate(params, seed, options) {
    const parsed = campaignParamsSchema.safeParse(params ?? {});
    if (!parsed.success) return { levels: [], diagnostics: paramsDiagnostics(parsed.error) };
    const p = parsed.data;
    const bands = tierBands(p.width, p.height);
    const [bandMin, bandMax] = p.tier ? bands[p.tier] : [bands.easy[0], bands.hard[1]];
    const min = p.minDistance ?? bandMin;
    const max = p.maxDistance ?? Math.max(bandMax, min);
    if (min > max) {
      return { levels: [], diagnostics: [{ severity: 'error', code: 'sliding.generate.params', message: `minDistance (${min}) is above maxDistance (${max}).`, path: 'minDistance' }] };
    }
    const rng = new Rng(seed);
    const distances = Array.from({ length: p.count }, () => min + rng.int(max - min + 1)).sort((a, b) => a - b);
    return generateAt(p.width, p.height, p.goal, distances, seed, 'sliding-campaign', options);
  },
};

export const slidingGenerators: readonly LevelGenerator<SlidingLevel>[] = [campaignGenerator, shuffleGenerator];
