/**
 * The dealer (seed 004's tournament, made a tool): about 16 candidate trays per deal, their piece
 * sizes drawn around what the difficulty curve asks for at this move (a slow climb with a sine
 * wave laid over it: the game breathes), some starting with a piece that clears a line while a
 * combo runs; every candidate must pass `traySolvable`; the survivors are scored by clear
 * potential (a budgeted search), placement freedom, edge contact, a repeat penalty and the fit
 * to the curve, and the best is dealt. When none survives, a tray is built constructively on a
 * copy of the board (a piece that fits, placed and cleared, then the next from the new board),
 * so no path deals a tray that cannot be placed.
 */
import { Rng, type RngState } from '../../engine/rng.ts';
import { clearLines, fitColumns, fullLines, lowestBit, placementCount, stamp } from './board.ts';
import type { DealerConfig, DifficultyCurve } from './schema.ts';
import type { Shape } from './shapes.ts';
import { traySolvable } from './tray-solvable.ts';

/** The piece set a dealer draws from. */
export interface PieceSet {
  readonly shapes: readonly Shape[];
  readonly minSize: number;
  readonly maxSize: number;
}

export function pieceSet(shapes: readonly Shape[]): PieceSet {
  const sizes = shapes.map((s) => s.size);
  return { shapes, minSize: Math.min(...sizes), maxSize: Math.max(...sizes) };
}

/** What the dealer sees of the game. */
export interface DealContext {
  readonly rows: readonly number[];
  readonly width: number;
  readonly height: number;
  /** Placements made so far: the curve's clock. */
  readonly moves: number;
  /** The combo running (0: none). */
  readonly combo: number;
  /** Keys of the shapes dealt lately, oldest first. */
  readonly recent: readonly string[];
}

export interface Deal {
  /** The tray dealt; empty when not even one piece of the set fits the board (the game is over). */
  readonly tray: readonly Shape[];
  readonly rng: RngState;
  readonly difficulty: number;
  /** Candidates drawn, and how many passed the solvability check. */
  readonly candidates: number;
  readonly survivors: number;
  /** The tray came from the constructive fallback. */
  readonly fallback: boolean;
}

/** The curve at a move count: base + ramp x moves + amplitude x sin(2 pi moves / period), in [0, max]. */
export function difficultyAt(curve: DifficultyCurve, moves: number): number {
  const raw = curve.base + curve.ramp * moves + curve.amplitude * Math.sin((2 * Math.PI * moves) / curve.period);
  return Math.min(curve.max, Math.max(0, raw));
}

/** The piece size the curve asks for at a difficulty. */
export const targetSize = (set: PieceSet, difficulty: number): number => set.minSize + difficulty * (set.maxSize - set.minSize);

function sizeWeights(set: PieceSet, target: number, spread: number): number[] {
  return set.shapes.map((s) => Math.exp(-((s.size - target) ** 2) / (2 * spread * spread)));
}

function drawWeighted<T>(rng: Rng, items: readonly T[], weights: readonly number[]): T {
  let total = 0;
  for (const w of weights) total += w;
  let at = rng.float() * total;
  for (let i = 0; i < items.length; i++) {
    at -= weights[i];
    if (at < 0) return items[i];
  }
  return items[items.length - 1];
}

/** True when the shape has a placement that fills a line on this board. */
function clearsNow(rows: readonly number[], width: number, height: number, shape: Shape, scratch: Int32Array): boolean {
  for (let y = 0; y + shape.height <= height; y++) {
    let xs = fitColumns(rows, width, height, shape, y);
    while (xs !== 0) {
      const x = lowestBit(xs);
      xs &= xs - 1;
      scratch.set(rows);
      stamp(scratch, shape, x, y);
      const { rowBits, colBits } = fullLines(scratch, width, height);
      if (rowBits !== 0 || colBits !== 0) return true;
    }
  }
  return false;
}

/** The most lines the tray can clear over its placements, searched depth-first within `budget` placements. */
export function clearPotential(rows: readonly number[], width: number, height: number, tray: readonly Shape[], budget: number): number {
  const frames = Array.from({ length: tray.length + 1 }, () => new Int32Array(height));
  for (let y = 0; y < height; y++) frames[0][y] = rows[y];
  const used = new Array<boolean>(tray.length).fill(false);
  let spent = 0;
  let best = 0;
  // A piece identical to an earlier one still in the tray waits for it: one branch per shape.
  const twin = tray.map((shape, i) => tray.findIndex((other, j) => j < i && other.key === shape.key));
  const search = (depth: number, lines: number): void => {
    if (lines > best) best = lines;
    if (depth === tray.length) return;
    const here = frames[depth];
    const next = frames[depth + 1];
    for (let i = 0; i < tray.length; i++) {
      if (used[i] || (twin[i] >= 0 && !used[twin[i]])) continue;
      const shape = tray[i];
      for (let y = 0; y + shape.height <= height; y++) {
        let xs = fitColumns(here, width, height, shape, y);
        while (xs !== 0) {
          if (spent++ >= budget) return;
          const x = lowestBit(xs);
          xs &= xs - 1;
          next.set(here);
          stamp(next, shape, x, y);
          const { rowBits, colBits } = fullLines(next, width, height);
          const cleared = clearLines(next, height, rowBits, colBits);
          used[i] = true;
          search(depth + 1, lines + cleared);
          used[i] = false;
        }
      }
    }
  };
  search(0, 0);
  return best;
}

/** The share of a piece's edges that touch filled cells or the border, at its snuggest placement. */
export function edgeContact(rows: readonly number[], width: number, height: number, shape: Shape): number {
  const filled = (x: number, y: number): boolean => x < 0 || y < 0 || x >= width || y >= height || ((rows[y] >>> x) & 1) === 1;
  const own = new Set(shape.cells.map(([dx, dy]) => dy * 8 + dx));
  const exposed: [number, number][] = [];
  for (const [dx, dy] of shape.cells) {
    for (const [ex, ey] of [[0, -1], [0, 1], [-1, 0], [1, 0]] as const) if (!own.has((dy + ey) * 8 + dx + ex)) exposed.push([dx + ex, dy + ey]);
  }
  let best = 0;
  for (let y = 0; y + shape.height <= height; y++) {
    let xs = fitColumns(rows, width, height, shape, y);
    while (xs !== 0) {
      const x = lowestBit(xs);
      xs &= xs - 1;
      let touching = 0;
      for (const [ex, ey] of exposed) if (filled(x + ex, y + ey)) touching++;
      if (touching > best) best = touching;
    }
  }
  return exposed.length === 0 ? 0 : best / exposed.length;
}

export interface TrayFeatures {
  readonly clearPotential: number;
  readonly freedom: number;
  readonly edgeContact: number;
  readonly recent: number;
  readonly difficultyFit: number;
}

export function trayFeatures(ctx: DealContext, set: PieceSet, dealer: DealerConfig, tray: readonly Shape[], target: number): TrayFeatures {
  const { rows, width, height } = ctx;
  let freedom = 0;
  let contact = 0;
  let repeats = 0;
  for (const shape of tray) {
    freedom += placementCount(rows, width, height, shape) / ((width - shape.width + 1) * (height - shape.height + 1));
    contact += edgeContact(rows, width, height, shape);
    if (ctx.recent.includes(shape.key)) repeats++;
  }
  const averageSize = tray.reduce((sum, s) => sum + s.size, 0) / tray.length;
  return {
    clearPotential: clearPotential(rows, width, height, tray, dealer.clearBudget),
    freedom: freedom / tray.length,
    edgeContact: contact / tray.length,
    recent: repeats / tray.length,
    difficultyFit: 1 - Math.abs(averageSize - target) / Math.max(1, set.maxSize - set.minSize),
  };
}

export function trayScore(features: TrayFeatures, dealer: DealerConfig, combo: number): number {
  const w = dealer.weights;
  const comboBoost = 1 + dealer.comboAssist * Math.min(combo, 3);
  return w.clearPotential * comboBoost * features.clearPotential + w.freedom * features.freedom + w.edgeContact * features.edgeContact - w.recentPenalty * features.recent + w.difficultyFit * features.difficultyFit;
}

/** Deals the next tray of `size` pieces; the same context and RNG state give the same tray. */
export function dealTray(set: PieceSet, dealer: DealerConfig, size: number, ctx: DealContext, rngState: RngState): Deal {
  const rng = new Rng(rngState);
  const difficulty = difficultyAt(dealer.difficulty, ctx.moves);
  const target = targetSize(set, difficulty);
  const weights = sizeWeights(set, target, dealer.sizeSpread);
  const { rows, width, height } = ctx;
  const scratch = new Int32Array(height);
  const clearers = ctx.combo > 0 && dealer.comboAssist > 0 ? set.shapes.filter((s) => clearsNow(rows, width, height, s, scratch)) : [];
  const assisted = clearers.length > 0 ? Math.round(dealer.candidates * dealer.comboAssist) : 0;
  let best: { tray: Shape[]; score: number } | undefined;
  let survivors = 0;
  for (let c = 0; c < dealer.candidates; c++) {
    const tray = Array.from({ length: size }, (_, i) => (i === 0 && c < assisted ? rng.pick(clearers) : drawWeighted(rng, set.shapes, weights)));
    if (!traySolvable(rows, width, height, tray).solvable) continue;
    survivors++;
    const score = trayScore(trayFeatures(ctx, set, dealer, tray, target), dealer, ctx.combo);
    if (!best || score > best.score) best = { tray, score };
  }
  if (best) return { tray: best.tray, rng: rng.state, difficulty, candidates: dealer.candidates, survivors, fallback: false };
  const built = constructTray(set, weights, size, ctx, rng);
  return { tray: built, rng: rng.state, difficulty, candidates: dealer.candidates, survivors, fallback: true };
}

/**
 * The constructive fallback: on a copy of the board, draw a piece among those that fit (by the
 * curve's weights), place it where it clears the most, clear, and draw the next from the new
 * board. The tray is placeable by construction (the construction is its certificate); it is empty
 * only when no piece of the set fits at all.
 */
function constructTray(set: PieceSet, weights: readonly number[], size: number, ctx: DealContext, rng: Rng): Shape[] {
  const { width, height } = ctx;
  const board = Int32Array.from(ctx.rows);
  const scratch = new Int32Array(height);
  const tray: Shape[] = [];
  for (let i = 0; i < size; i++) {
    const fitting = set.shapes.map((s, k) => ({ s, w: weights[k] })).filter(({ s }) => placementCount(board, width, height, s) > 0);
    if (fitting.length === 0) return [];
    const shape = drawWeighted(rng, fitting.map((f) => f.s), fitting.map((f) => f.w + 1e-9));
    let chosen: { x: number; y: number; lines: number } | undefined;
    for (let y = 0; y + shape.height <= height; y++) {
      let xs = fitColumns(board, width, height, shape, y);
      while (xs !== 0) {
        const x = lowestBit(xs);
        xs &= xs - 1;
        scratch.set(board);
        stamp(scratch, shape, x, y);
        const { rowBits, colBits } = fullLines(scratch, width, height);
        const lines = rowBits === 0 && colBits === 0 ? 0 : 1;
        if (!chosen || lines > chosen.lines) chosen = { x, y, lines };
      }
    }
    stamp(board, shape, chosen!.x, chosen!.y);
    const { rowBits, colBits } = fullLines(board, width, height);
    clearLines(board, height, rowBits, colBits);
    tray.push(shape);
  }
  return tray;
}
