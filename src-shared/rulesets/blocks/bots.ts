/**
 * Players for the simulation (seed 004: curves from whole games): `random` places a random legal
 * piece anywhere; `greedy` takes the placement that scores most now, keeping the board open;
 * `lookahead` weighs each placement by the best follow-up of another tray piece (two plies) and
 * the board it leaves. They play through the real `step`, with their own RNG, never the dealer's.
 */
import type { Bot as PlayerBot, BotPolicy } from '../../engine/ruleset.ts';
import { fitColumns, fitsAnywhere, lowestBit } from './board.ts';
import type { BlocksCommand } from './schema.ts';
import type { Shape } from './shapes.ts';
import type { BlocksState } from './state.ts';
import { stepBlocks } from './step.ts';

export const BOT_NAMES = ['random', 'greedy', 'lookahead'] as const;
export type BotName = (typeof BOT_NAMES)[number];

export type Bot = BotPolicy<BlocksState, BlocksCommand>;

/** Every legal placement of the tray's pieces (identical shapes once). */
export function legalPlacements(state: BlocksState): BlocksCommand[] {
  const { width, height } = state.setup;
  const out: BlocksCommand[] = [];
  const seen = new Set<string>();
  state.tray.forEach((shape, piece) => {
    if (!shape || seen.has(shape.key)) return;
    seen.add(shape.key);
    for (let y = 0; y + shape.height <= height; y++) {
      let xs = fitColumns(state.rows, width, height, shape, y);
      while (xs !== 0) {
        const x = lowestBit(xs);
        xs &= xs - 1;
        out.push({ piece, x, y });
      }
    }
  });
  return out;
}

const QUIET = { deal: false } as const;

const PROBES: readonly (readonly [number, number])[] = [
  [3, 3],
  [5, 1],
  [1, 5],
];

function probeShape(w: number, h: number): Shape {
  const rows = new Array<number>(h).fill((1 << w) - 1);
  const cells: [number, number][] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cells.push([x, y]);
  return { key: `probe${w}x${h}`, width: w, height: h, rows, cells, size: w * h };
}
const PROBE_SHAPES = PROBES.map(([w, h]) => probeShape(w, h));

/** How playable a board is: empty cells, minus lone holes, plus room for the largest pieces. */
export function boardQuality(rows: readonly number[], width: number, height: number): number {
  let empty = 0;
  let lonely = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((rows[y] >>> x) & 1) continue;
      empty++;
      const filled = (xx: number, yy: number): boolean => xx < 0 || yy < 0 || xx >= width || yy >= height || ((rows[yy] >>> xx) & 1) === 1;
      if (filled(x - 1, y) && filled(x + 1, y) && filled(x, y - 1) && filled(x, y + 1)) lonely++;
    }
  }
  let room = 0;
  for (const probe of PROBE_SHAPES) if (probe.width <= width && probe.height <= height && fitsAnywhere(rows, width, height, probe)) room += probe.size;
  return empty - 4 * lonely + room;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))];

function pickBest(random: () => number, options: readonly BlocksCommand[], value: (c: BlocksCommand) => number): BlocksCommand | undefined {
  let best: BlocksCommand[] = [];
  let bestValue = -Infinity;
  for (const option of options) {
    const v = value(option);
    if (v > bestValue) {
      bestValue = v;
      best = [option];
    } else if (v === bestValue) best.push(option);
  }
  return best.length > 0 ? pick(random, best) : undefined;
}

function afterValue(state: BlocksState, next: BlocksState): number {
  const { width, height } = state.setup;
  return (next.score - state.score) * 2 + boardQuality(next.rows, width, height) + (next.outcome === 'lost' ? -1000 : 0);
}

/** A player of that strength; `random` (uniform in [0, 1)) breaks its ties. */
export function makeBot(name: BotName, random: () => number): Bot {
  if (name === 'random') {
    return (state) => {
      const options = legalPlacements(state);
      return options.length > 0 ? pick(random, options) : undefined;
    };
  }
  if (name === 'greedy') return (state) => pickBest(random, legalPlacements(state), (c) => afterValue(state, stepBlocks(state, c, QUIET).state));
  return (state) =>
    pickBest(random, legalPlacements(state), (c) => {
      const next = stepBlocks(state, c, QUIET).state;
      const now = afterValue(state, next);
      // Two plies while the same tray lasts (a new deal is the dealer's, not the bot's to foresee).
      if (next.outcome !== 'playing' || next.tray.every((s) => s === null)) return now;
      let follow = -Infinity;
      for (const d of legalPlacements(next)) follow = Math.max(follow, afterValue(state, stepBlocks(next, d, QUIET).state));
      return follow === -Infinity ? now - 500 : follow;
    });
}

/**
 * The bots as the verification facet offers them (`contract/bots.ts`): a run passes when the level
 * is won (a scripted puzzle's goal, a score target, a placement limit survived).
 */
export const BLOCKS_BOTS: readonly PlayerBot<BlocksState, BlocksCommand>[] = [
  { id: 'random', label: 'Random legal placements', runs: 5, start: (_state, random) => makeBot('random', random) },
  { id: 'greedy', label: 'Greedy: the best placement now', runs: 3, start: (_state, random) => makeBot('greedy', random) },
  { id: 'lookahead', label: 'Lookahead: two placements ahead', runs: 1, start: (_state, random) => makeBot('lookahead', random) },
];
