/**
 * Warehouse 100: the built-in generated campaign, l001 to l100, in seven tiers. A tier is one run
 * of the reverse generator with its own seed and params: its boxes and room size, and a par
 * window that starts where the tier before ended. The run keeps the best of WAREHOUSE_POOL proven
 * levels per level by quality score and returns them in order of par, so par never falls within
 * a tier nor from one tier to the next (BoxCat's rule), and boxes and room grow tier by tier.
 * Each tier avoids the levels of the tiers before it, so no two levels are equivalent under the 8
 * symmetries. (A window that followed each level's par would close on its upper end: par only
 * rises, and the last levels would have to hit one exact par.)
 *
 * Store seeds, not maps (seed 001): the seed, params and candidate index in each level's notes
 * make it again; the boards are kept too (resources/samples/warehouse_100.json) so a game runtime
 * can export them without running the generator. `npm run bench -- warehouse` regenerates the
 * whole campaign and checks it equals the stored file.
 */
import type { Diagnostic } from '../../../engine/diagnostics.ts';
import type { GenerationStatistics, LevelCollection } from '../../../engine/ruleset.ts';
import type { PushLevel } from '../schema.ts';
import { REVERSE_GENERATOR_ID, REVERSE_GENERATOR_VERSION, generateReverse } from './index.ts';
import type { Mode } from './params.ts';

export const WAREHOUSE_TITLE = 'Warehouse 100';
export const WAREHOUSE_LEVELS = 100;
/** Proven candidates gathered per level; the best by quality score is kept. */
export const WAREHOUSE_POOL = 4;

interface Tier {
  /** Levels in the tier. */
  readonly levels: number;
  readonly mode: Mode;
  readonly boxes: number;
  readonly blocks: { readonly width: number; readonly height: number };
  readonly pulls: { readonly min: number; readonly max: number };
  readonly par: { readonly min: number; readonly max: number };
}

/** Boxes, then the room, grow tier by tier; longer walks and deeper pars go with them. */
export const WAREHOUSE_TIERS: readonly Tier[] = [
  { levels: 10, mode: 'normal', boxes: 1, blocks: { width: 2, height: 2 }, pulls: { min: 2, max: 12 }, par: { min: 3, max: 8 } },
  { levels: 15, mode: 'normal', boxes: 2, blocks: { width: 2, height: 2 }, pulls: { min: 6, max: 30 }, par: { min: 8, max: 15 } },
  { levels: 15, mode: 'normal', boxes: 2, blocks: { width: 3, height: 2 }, pulls: { min: 10, max: 40 }, par: { min: 15, max: 22 } },
  { levels: 15, mode: 'hard', boxes: 3, blocks: { width: 3, height: 2 }, pulls: { min: 15, max: 60 }, par: { min: 22, max: 28 } },
  { levels: 15, mode: 'hard', boxes: 3, blocks: { width: 3, height: 3 }, pulls: { min: 20, max: 70 }, par: { min: 28, max: 34 } },
  { levels: 15, mode: 'expert', boxes: 4, blocks: { width: 3, height: 3 }, pulls: { min: 30, max: 100 }, par: { min: 34, max: 40 } },
  { levels: 15, mode: 'expert', boxes: 4, blocks: { width: 4, height: 3 }, pulls: { min: 40, max: 120 }, par: { min: 40, max: 48 } },
];

export const warehouseTitle = (n: number): string => `l${String(n).padStart(3, '0')}`;
export const warehouseSeed = (tier: number): string => `warehouse-100/tier-${tier}`;

/** The generator params of tier t (1-based). */
export function warehouseParams(tier: number): Record<string, unknown> {
  const { levels, mode, boxes, blocks, pulls, par } = WAREHOUSE_TIERS[tier - 1];
  return { count: levels, mode, boxes, blocks, pulls, par, pool: WAREHOUSE_POOL };
}

export interface WarehouseProgress {
  readonly n: number;
  readonly level: PushLevel;
  /** Of the level's tier. */
  readonly statistics: GenerationStatistics;
}

export interface WarehouseResult {
  readonly collection?: LevelCollection<PushLevel>;
  readonly diagnostics: readonly Diagnostic[];
  /** Per tier, in order. */
  readonly statistics: readonly GenerationStatistics[];
}

/** Make the campaign, tier by tier (each avoids the levels of the tiers before it). */
export function generateWarehouse(hooks: { clock?: () => number; shouldStop?: () => boolean; onLevel?: (p: WarehouseProgress) => void } = {}): WarehouseResult {
  const levels: PushLevel[] = [];
  const statistics: GenerationStatistics[] = [];
  for (let tier = 1; tier <= WAREHOUSE_TIERS.length; tier++) {
    const result = generateReverse(warehouseParams(tier), warehouseSeed(tier), { clock: hooks.clock, shouldStop: hooks.shouldStop, avoid: levels });
    if (result.levels.length < WAREHOUSE_TIERS[tier - 1].levels) {
      return { diagnostics: result.diagnostics.map((d) => ({ ...d, message: `Tier ${tier}: ${d.message}` })), statistics };
    }
    statistics.push(result.statistics!);
    for (const made of result.levels) {
      const level = { ...made, title: warehouseTitle(levels.length + 1) };
      levels.push(level);
      hooks.onLevel?.({ n: levels.length, level, statistics: result.statistics! });
    }
  }
  return {
    collection: {
      title: WAREHOUSE_TITLE,
      author: 'Gridwright',
      comments: [
        `Generated by ${REVERSE_GENERATOR_ID} v${REVERSE_GENERATOR_VERSION}: each level's notes hold its seed, params and candidate index, its proven par (optimal moves within 400,000 states), pushes, solution and quality score.`,
        'Par never falls from l001 to l100; no two levels are the same under turns and mirror images. Regenerate with: npm run bench -- warehouse',
      ],
      notes: { generator: `${REVERSE_GENERATOR_ID}@${REVERSE_GENERATOR_VERSION}`, plan: 'warehouse-100/1' },
      levels,
    },
    diagnostics: [],
    statistics,
  };
}
