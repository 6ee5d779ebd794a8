/**
 * The dealer's tournament (seed 004): the curve breathes, the same context and RNG state give the
 * same tray, and no dealt tray is ever unplaceable, over thousands of simulated deals by bots of
 * every strength (each tray checked again, independently of the dealer, by exhaustive search).
 */
import { describe, expect, it } from 'vitest';
import { placeAndClear, fits } from '../../src-shared/rulesets/blocks/board.ts';
import { dealTray, difficultyAt, pieceSet } from '../../src-shared/rulesets/blocks/dealer.ts';
import { blocksConfigSchema } from '../../src-shared/rulesets/blocks/schema.ts';
import { simulateGames } from '../../src-shared/rulesets/blocks/simulate.ts';
import { configShapes } from '../../src-shared/rulesets/blocks/state.ts';
import type { Shape } from '../../src-shared/rulesets/blocks/shapes.ts';
import { seedRng } from '../../src-shared/engine/rng.ts';

const config = blocksConfigSchema.parse({});
const set = pieceSet(configShapes(config));

function placeable(rows: readonly number[], tray: readonly Shape[]): boolean {
  if (tray.length === 0) return true;
  return tray.some((shape, i) => {
    for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) if (fits(rows, 8, 8, shape, x, y) && placeable(placeAndClear(rows, 8, 8, shape, x, y).rows, tray.filter((_, j) => j !== i))) return true;
    return false;
  });
}

describe('the dealer', () => {
  it('follows a slow sine wave over a climb, clamped to [0, max]', () => {
    const curve = { base: 0.3, ramp: 0.01, amplitude: 0.2, period: 40, max: 0.9 };
    expect(difficultyAt(curve, 0)).toBeCloseTo(0.3);
    expect(difficultyAt(curve, 10)).toBeCloseTo(0.3 + 0.1 + 0.2);
    expect(difficultyAt(curve, 30)).toBeCloseTo(0.3 + 0.3 - 0.2);
    expect(difficultyAt(curve, 500)).toBe(0.9);
  });

  it('deals the same tray from the same board, move count, combo and RNG state', () => {
    const ctx = { rows: [0b11100111, 0b11000011, 0, 0b00011000, 0, 0, 0b01111110, 0], width: 8, height: 8, moves: 17, combo: 1, recent: ['#'] };
    const a = dealTray(set, config.dealer, 3, ctx, seedRng('d'));
    const b = dealTray(set, config.dealer, 3, ctx, seedRng('d'));
    expect(a.tray.map((s) => s.key)).toEqual(b.tray.map((s) => s.key));
    expect(a.rng).toEqual(b.rng);
    expect(a.survivors).toBeGreaterThan(0);
  });

  it('falls back to a constructed tray when no candidate survives, and it is placeable', () => {
    // One candidate drawn around the largest sizes on a crowded board: the tournament finds nothing.
    const hard = blocksConfigSchema.parse({ dealer: { candidates: 1, difficulty: { base: 1, ramp: 0, amplitude: 0, max: 1 }, sizeSpread: 0.3 } }).dealer;
    const rows = [0b01111110, 0b11011011, 0b10111101, 0b11100111, 0b01111110, 0b11011011, 0b10111101, 0b00000000];
    const deal = dealTray(set, hard, 3, { rows, width: 8, height: 8, moves: 0, combo: 0, recent: [] }, seedRng('f'));
    expect(deal.fallback).toBe(true);
    expect(deal.tray).toHaveLength(3);
    expect(placeable(rows, deal.tray)).toBe(true);
  });

  it('never deals an unplaceable tray over thousands of deals by random, greedy and lookahead players', () => {
    let refused = 0;
    const onDeal = (rows: readonly number[], tray: readonly Shape[]): void => {
      if (!placeable(rows, tray)) refused++;
    };
    const random = simulateGames(config, { games: 300, bot: 'random', seed: 'no-dead-tray', onDeal });
    const greedy = simulateGames(config, { games: 12, bot: 'greedy', seed: 'no-dead-tray', onDeal });
    const lookahead = simulateGames(config, { games: 1, bot: 'lookahead', seed: 'no-dead-tray', maxMoves: 150, onDeal });
    for (const report of [random, greedy, lookahead]) expect(report.unplaceableTrays).toBe(0);
    expect(refused).toBe(0);
    expect(random.traysDealt + greedy.traysDealt + lookahead.traysDealt).toBeGreaterThan(2000);
  });

  it('simulates the same statistics for the same seed', () => {
    const a = simulateGames(config, { games: 5, bot: 'random', seed: 'again' });
    const b = simulateGames(config, { games: 5, bot: 'random', seed: 'again' });
    expect(a).toEqual(b);
    expect(a.length.max).toBeGreaterThan(0);
  });

  it('gives stronger bots longer games', () => {
    const random = simulateGames(config, { games: 12, bot: 'random', seed: 'strength' });
    const greedy = simulateGames(config, { games: 12, bot: 'greedy', seed: 'strength' });
    expect(greedy.length.median).toBeGreaterThan(random.length.median);
  });
});
