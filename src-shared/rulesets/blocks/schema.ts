/**
 * The block-tray kind's documents (seed 004, Block Peak): its config (board size, piece set,
 * scoring, and the dealer's tournament: curve and weights, tuned in the rule inspector) and its
 * level (a start board with a deal seed, or a scripted puzzle with fixed trays and a goal).
 * Types come from the zod schemas so the check and the type are one source.
 */
import { z } from 'zod';
import { DEFAULT_PIECES, MAX_SIDE, parseShape } from './shapes.ts';

export const MIN_SIDE = 4;
const PIECE_TEXT = z.string().max(40).refine((t) => 'shape' in parseShape(t), { message: "a piece is rows of '#' and '.' joined by '/', at most 5x5, with at least one '#'" });

export const scoringSchema = z
  .object({
    cellPoints: z.int().min(0).max(100).default(1).describe('Points for each cell of a placed piece.'),
    linePoints: z.int().min(0).max(10_000).default(10).describe('Points for each row or column cleared.'),
    multiLineBonus: z.int().min(0).max(10_000).default(10).describe('Each further line cleared by the same placement earns this much more than the one before (2 lines: 10 + 20 with the defaults).'),
    comboBonus: z.int().min(0).max(10_000).default(10).describe('Extra points per combo level when a placement clears while a combo runs (the combo grows by one with every clearing placement).'),
    comboCap: z
      .int()
      .min(1)
      .max(1000)
      .default(5)
      .describe('The combo level the bonus stops growing at (5: at most 4 x the combo bonus per clear). Without a cap a strong player who clears every tray scores quadratically in the game length.'),
    comboKeep: z.int().min(0).max(10).default(2).describe('Placements without a clear a combo survives; one more and it breaks (2: clear once per tray of three to keep it).'),
    boardClearBonus: z.int().min(0).max(100_000).default(300).describe('Points when a placement leaves the board empty.'),
  })
  .describe('How placements and clears score.');
export type BlocksScoring = z.infer<typeof scoringSchema>;

export const difficultySchema = z
  .object({
    base: z.number().min(0).max(1).default(0.3).describe('Difficulty at the first deal, 0 (small pieces) to 1 (the largest).'),
    ramp: z.number().min(0).max(0.1).default(0.004).describe('Difficulty added per placement: the slow climb.'),
    amplitude: z.number().min(0).max(0.5).default(0.2).describe('Height of the sine wave laid over the climb: the game breathes, easing before the pressure peaks.'),
    period: z.int().min(3).max(1000).default(36).describe('Placements in one wave of the difficulty curve.'),
    max: z.number().min(0).max(1).default(0.9).describe('The difficulty never goes above this.'),
  })
  .describe('The difficulty curve over the move count: base + ramp x moves + amplitude x sin(2 pi moves / period), clamped to [0, max]. It sets the size of the pieces dealt.');
export type DifficultyCurve = z.infer<typeof difficultySchema>;

export const dealWeightsSchema = z
  .object({
    clearPotential: z.number().min(0).max(100).default(3).describe('Weight of the most lines the tray can clear (found by a budgeted search), per line.'),
    freedom: z.number().min(0).max(100).default(1).describe('Weight of placement freedom: the share of board positions where each piece fits, averaged over the tray.'),
    edgeContact: z.number().min(0).max(100).default(1).describe("Weight of edge contact: how snugly each piece's best spot hugs filled cells and the border (0 to 1)."),
    recentPenalty: z.number().min(0).max(100).default(2).describe('Penalty per piece whose shape was dealt within the recent window, as a share of the tray.'),
    difficultyFit: z.number().min(0).max(100).default(2).describe('Weight of how near the average piece size is to the size the difficulty curve asks for.'),
  })
  .describe("How the dealer's tournament scores the trays that pass the solvability check.");

export const dealerSchema = z
  .object({
    candidates: z.int().min(1).max(64).default(16).describe('Candidate trays drawn per deal; each must pass the solvability check.'),
    difficulty: difficultySchema.default(difficultySchema.parse({})),
    comboAssist: z.number().min(0).max(1).default(0.5).describe('While a combo runs, this share of the candidates starts with a piece that clears a line on the board now, and clear potential weighs more.'),
    clearBudget: z.int().min(1).max(100_000).default(150).describe('Placements the clear-potential search may try per candidate.'),
    recentWindow: z.int().min(0).max(30).default(6).describe('How many recently dealt pieces count as recent for the repeat penalty.'),
    sizeSpread: z.number().min(0.3).max(10).default(1.2).describe('How far piece sizes stray from the size the curve asks for (the spread of the size preference, in cells).'),
    weights: dealWeightsSchema.default(dealWeightsSchema.parse({})),
  })
  .describe('The dealer: a tournament of candidate trays, all provably placeable, the best by the weights dealt.');
export type DealerConfig = z.infer<typeof dealerSchema>;

export const blocksConfigSchema = z
  .object({
    width: z.int().min(MIN_SIDE).max(MAX_SIDE).default(8).describe('Board columns (4 to 16).'),
    height: z.int().min(MIN_SIDE).max(MAX_SIDE).default(8).describe('Board rows (4 to 16).'),
    pieces: z.array(PIECE_TEXT).min(1).max(200).default([...DEFAULT_PIECES]).describe("The polyomino set: each piece as rows of '#' and '.' joined by '/' ('#./##' is a small corner). Every orientation a player may get is listed, unless rotation is on."),
    rotation: z.boolean().default(false).describe('When on, every quarter turn of each listed piece is in the set too (pieces are still placed as dealt: the player does not turn them).'),
    traySize: z.int().min(1).max(4).default(3).describe('Pieces per tray; the next tray is dealt when all are placed.'),
    scoring: scoringSchema.default(scoringSchema.parse({})),
    dealer: dealerSchema.default(dealerSchema.parse({})),
  })
  .describe('The block-tray rules (Block Peak): board size, piece set, trays, scoring and the dealer that never deals an unplaceable tray.');
export type BlocksConfig = z.infer<typeof blocksConfigSchema>;

export const GOALS = ['endless', 'clear', 'score'] as const;
export type BlocksGoal = (typeof GOALS)[number];

/**
 * A dealt game saved in progress: what the dealer deals from next, so the game goes on with the
 * same deals (a seed alone would deal afresh from the start). The score starts again at 0.
 */
export const resumeSchema = z.object({
  /** The dealer's RNG state: four 32-bit words in hex, joined by '.'. */
  rng: z.string().regex(/^[0-9a-f]{1,8}(\.[0-9a-f]{1,8}){3}$/, 'four hex words joined by "."'),
  /** The pieces still in the tray, in their slots ('-' for a slot already placed). */
  tray: z.array(z.union([z.literal('-'), PIECE_TEXT])).min(1).max(4),
  /** Placements made so far (the difficulty curve's position; a placement limit counts them too). */
  moves: z.int().min(0).max(1_000_000),
  /** Trays dealt so far. */
  dealt: z.int().min(1).max(1_000_000),
  combo: z.int().min(0).max(1_000_000),
  /** Placements since the last clear. */
  sinceClear: z.int().min(0).max(1_000_000),
  /** Recently dealt shapes (the dealer's repeat penalty). */
  recent: z.array(PIECE_TEXT).max(120),
});
export type BlocksResume = z.infer<typeof resumeSchema>;

const BOARD_ROW = z.string().min(MIN_SIDE).max(MAX_SIDE).regex(/^[#.]+$/, "a board row holds only '#' (filled) and '.' (empty)");

/**
 * A level: the start board, and either a deal seed (trays from the dealer) or scripted trays.
 * Goals: `endless` (play until no piece fits; with `moves`, a session of that many placements is
 * won), `clear` (empty the board), `score` (reach `target`).
 */
export const blocksLevelSchema = z.object({
  title: z.string().max(1000).optional(),
  author: z.string().max(1000).optional(),
  comments: z.array(z.string().max(100_000)).max(10_000).optional(),
  notes: z.record(z.string().max(200), z.string().max(100_000)).optional(),
  rows: z.array(BOARD_ROW).min(MIN_SIDE).max(MAX_SIDE),
  seed: z.string().min(1).max(200).optional(),
  trays: z.array(z.array(PIECE_TEXT).min(1).max(4)).min(1).max(1000).optional(),
  goal: z.enum(GOALS).default('endless'),
  target: z.int().min(1).max(100_000_000).optional(),
  moves: z.int().min(1).max(100_000).optional(),
  /** A dealt game in progress: the dealer goes on from here (see `resumeSchema`). */
  resume: resumeSchema.optional(),
});
export type BlocksLevel = z.infer<typeof blocksLevelSchema>;

/** Place tray piece `piece` (0-based) with its top-left bounding-box corner at (x, y). */
export interface BlocksCommand {
  readonly piece: number;
  readonly x: number;
  readonly y: number;
}
