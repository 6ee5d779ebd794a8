/**
 * Whole games for the curves (seed 004): N games of a bot on an empty board, each dealt from its
 * own seed, with the figures a designer tunes the dealer by: game lengths, scores, the average
 * piece size and difficulty of the trays dealt over the move count, and every dealt tray checked
 * again with `traySolvable` on the board it was dealt to (`unplaceableTrays`: must be 0).
 */
import { Rng } from '../../engine/rng.ts';
import { traySolvable } from './tray-solvable.ts';
import { makeBot, type BotName } from './bots.ts';
import type { BlocksConfig } from './schema.ts';
import { configShapes, makeSetup, startState, type BlocksState } from './state.ts';
import { stepBlocks } from './step.ts';
import type { Shape } from './shapes.ts';

export interface SimulationOptions {
  readonly games: number;
  readonly bot: BotName;
  readonly seed: string;
  /** A game stops here even if still playing (a strong bot on an easy curve may never lose). */
  readonly maxMoves?: number;
  /** Moves per bucket of the over-time series. */
  readonly bucket?: number;
  readonly shouldStop?: () => boolean;
  readonly progress?: (done: number, total: number) => void;
  /** Every tray dealt, with the board it was dealt to (a test checks them its own way). */
  readonly onDeal?: (rows: readonly number[], tray: readonly Shape[]) => void;
}

export interface Spread {
  readonly mean: number;
  readonly median: number;
  readonly p10: number;
  readonly p90: number;
  readonly min: number;
  readonly max: number;
}

/** Averages of the trays dealt while the move count was in [from, from + bucket). */
export interface OverTime {
  readonly from: number;
  readonly trays: number;
  readonly pieceSize: number;
  readonly difficulty: number;
}

export interface SimulationReport {
  readonly games: number;
  readonly bot: BotName;
  readonly seed: string;
  readonly width: number;
  readonly height: number;
  readonly length: Spread;
  readonly score: Spread;
  readonly lines: Spread;
  /** Game lengths as a histogram: `lengthBins[i]` games ended with moves in [i x binWidth, (i + 1) x binWidth). */
  readonly lengthBins: readonly number[];
  readonly binWidth: number;
  readonly overTime: readonly OverTime[];
  readonly traysDealt: number;
  /** Dealt trays that `traySolvable` refused on the board they were dealt to (the iron rule: 0). */
  readonly unplaceableTrays: number;
  /** Deals the tournament left to the constructive fallback. */
  readonly fallbackDeals: number;
  /** Deals where not one piece of the set fitted the board: the game ended there, no tray dealt. */
  readonly deadBoards: number;
  /** Games that reached `maxMoves` still playing. */
  readonly capped: number;
  /** The run was stopped before all games were played (`games` says how many were). */
  readonly stopped: boolean;
}

export const DEFAULT_MAX_MOVES = 2000;

function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { mean: 0, median: 0, p10: 0, p90: 0, min: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { mean: sorted.reduce((s, v) => s + v, 0) / sorted.length, median: at(0.5), p10: at(0.1), p90: at(0.9), min: sorted[0], max: sorted[sorted.length - 1] };
}

const traySize = (tray: readonly (Shape | null)[]): number => {
  const shapes = tray.filter((s): s is Shape => s !== null);
  return shapes.length === 0 ? 0 : shapes.reduce((sum, s) => sum + s.size, 0) / shapes.length;
};

export function simulateGames(config: BlocksConfig, options: SimulationOptions): SimulationReport {
  const maxMoves = options.maxMoves ?? DEFAULT_MAX_MOVES;
  const bucket = options.bucket ?? 10;
  const shapes = configShapes(config);
  const empty = Array.from({ length: config.height }, () => '.'.repeat(config.width));
  const lengths: number[] = [];
  const scores: number[] = [];
  const lines: number[] = [];
  const buckets: { trays: number; size: number; difficulty: number }[] = [];
  let traysDealt = 0;
  let unplaceable = 0;
  let fallbackDeals = 0;
  let capped = 0;
  let deadBoards = 0;
  let stopped = false;
  const dealt = (state: BlocksState): void => {
    const tray = state.tray.filter((s): s is Shape => s !== null);
    traysDealt++;
    options.onDeal?.(state.rows, tray);
    if (state.fallback) fallbackDeals++;
    if (tray.length === 0 || !traySolvable(state.rows, state.setup.width, state.setup.height, tray).solvable) unplaceable++;
    const b = Math.floor(state.moves / bucket);
    while (buckets.length <= b) buckets.push({ trays: 0, size: 0, difficulty: 0 });
    buckets[b].trays++;
    buckets[b].size += traySize(state.tray);
    buckets[b].difficulty += state.difficulty;
  };
  for (let g = 0; g < options.games; g++) {
    if (options.shouldStop?.()) {
      stopped = true;
      break;
    }
    const gameSeed = `${options.seed}:${g}`;
    let state = startState(makeSetup(config, { rows: empty, seed: gameSeed, goal: 'endless' }, shapes));
    const botRng = new Rng(`bot:${options.bot}:${gameSeed}`);
    const bot = makeBot(options.bot, () => botRng.float());
    if (state.tray.length > 0) dealt(state);
    else deadBoards++;
    while (state.outcome === 'playing' && state.moves < maxMoves) {
      const command = bot(state);
      if (!command) break;
      const next = stepBlocks(state, command).state;
      if (next.dealt !== state.dealt) {
        if (next.tray.length === 0) deadBoards++; // nothing of the set fits: the game is over
        else dealt(next);
      }
      state = next;
    }
    if (state.outcome === 'playing') capped++;
    lengths.push(state.moves);
    scores.push(state.score);
    lines.push(state.lines);
    options.progress?.(g + 1, options.games);
  }
  const length = spread(lengths);
  const binWidth = Math.max(1, Math.ceil((length.max + 1) / 20));
  const lengthBins = new Array<number>(Math.ceil((length.max + 1) / binWidth)).fill(0);
  for (const l of lengths) lengthBins[Math.floor(l / binWidth)]++;
  return {
    games: lengths.length,
    bot: options.bot,
    seed: options.seed,
    width: config.width,
    height: config.height,
    length,
    score: spread(scores),
    lines: spread(lines),
    lengthBins,
    binWidth,
    overTime: buckets.map((b, i) => ({ from: i * bucket, trays: b.trays, pieceSize: b.trays ? b.size / b.trays : 0, difficulty: b.trays ? b.difficulty / b.trays : 0 })),
    traysDealt,
    unplaceableTrays: unplaceable,
    fallbackDeals,
    deadBoards,
    capped,
    stopped,
  };
}
