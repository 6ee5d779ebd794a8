/**
 * Block-tray bench (printed, never asserted): `traySolvable` on 8x8 boards with three pieces of
 * the default set (boards from real games: each tray position reached by a random player, and the
 * random trays tried there), its median, p99 and worst time (seed 004: under a millisecond; the
 * issue's target a median under 0.2 ms); deals per second (the whole tournament); simulated games
 * per second for each bot.
 *
 *   npm run bench -- blocks [GAMES]
 */
import { performance } from 'node:perf_hooks';
import { Rng } from '../../src-shared/engine/rng.ts';
import { dealTray, pieceSet } from '../../src-shared/rulesets/blocks/dealer.ts';
import { blocksConfigSchema } from '../../src-shared/rulesets/blocks/schema.ts';
import { simulateGames } from '../../src-shared/rulesets/blocks/simulate.ts';
import { configShapes } from '../../src-shared/rulesets/blocks/state.ts';
import { traySolvable } from '../../src-shared/rulesets/blocks/tray-solvable.ts';

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export function runBlocksBench(args: string[] = []): void {
  const config = blocksConfigSchema.parse({});
  const shapes = configShapes(config);
  const set = pieceSet(shapes);
  const boards: number[][] = [];
  simulateGames(config, { games: 60, bot: 'random', seed: 'bench-boards', onDeal: (rows) => boards.push([...rows]) });
  const rng = new Rng('bench');
  const cases = Array.from({ length: 20_000 }, () => ({ rows: boards[rng.int(boards.length)], tray: [rng.pick(shapes), rng.pick(shapes), rng.pick(shapes)] }));
  for (const c of cases.slice(0, 2000)) traySolvable(c.rows, 8, 8, c.tray); // warm up the JIT
  const times: number[] = [];
  let solvable = 0;
  let nodes = 0;
  let hardest = cases[0];
  let hardestNodes = 0;
  for (const c of cases) {
    const t = performance.now();
    const answer = traySolvable(c.rows, 8, 8, c.tray);
    times.push(performance.now() - t);
    if (answer.solvable) solvable++;
    nodes += answer.nodes;
    if (answer.nodes > hardestNodes) [hardest, hardestNodes] = [c, answer.nodes];
  }
  times.sort((a, b) => a - b);
  console.log(`traySolvable 8x8, 3 random pieces on ${boards.length} boards from random games, ${cases.length} trays (${solvable} solvable, ${(nodes / cases.length).toFixed(1)} placements tried on average):`);
  console.log(`  median ${(quantile(times, 0.5) * 1000).toFixed(1)} us, p99 ${(quantile(times, 0.99) * 1000).toFixed(1)} us, worst ${times[times.length - 1].toFixed(3)} ms (wall clock: a pause of the shared machine counts)`);
  const again: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    traySolvable(hardest.rows, 8, 8, hardest.tray);
    again.push(performance.now() - t);
  }
  console.log(`  the hardest tray (most placements tried, ${hardestNodes}): median of 50 runs ${quantile(again.sort((a, b) => a - b), 0.5).toFixed(3)} ms`);

  let state = rng.state;
  const dealBoards = boards.slice(0, 500);
  let t = performance.now();
  let fallbacks = 0;
  for (let i = 0; i < dealBoards.length; i++) {
    const deal = dealTray(set, config.dealer, 3, { rows: dealBoards[i], width: 8, height: 8, moves: i % 120, combo: i % 3, recent: [] }, state);
    state = deal.rng;
    if (deal.fallback) fallbacks++;
  }
  const dealMs = (performance.now() - t) / dealBoards.length;
  console.log(`deals: ${(1000 / dealMs).toFixed(0)} per second (${dealMs.toFixed(2)} ms each, ${config.dealer.candidates} candidates; ${fallbacks} of ${dealBoards.length} fell back)`);

  const games = Number(args[0] ?? 20);
  for (const bot of ['random', 'greedy', 'lookahead'] as const) {
    const n = bot === 'lookahead' ? Math.max(1, Math.round(games / 10)) : games;
    t = performance.now();
    const report = simulateGames(config, { games: n, bot, seed: 'bench' });
    const s = (performance.now() - t) / 1000;
    console.log(`simulate ${bot}: ${(n / s).toFixed(1)} games per second (${n} games, median ${report.length.median} placements, ${report.traysDealt} trays, unplaceableTrays ${report.unplaceableTrays})`);
  }
}
