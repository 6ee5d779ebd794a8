/**
 * The sliding kind's editing description: tiles are swapped, never painted (a board is always a
 * permutation of its tiles; whether it can be solved is lint, by parity). One layer, `tile`, a
 * token per numbered tile, the blank an empty cell. A resize starts the new size from the solved
 * arrangement, since tiles cannot be invented or dropped one by one.
 */
import type { Diagnostic, EditFix, EditGrid, EditToken, EditingFacet } from '../../engine/ruleset.ts';
import { goalTilesFor } from './board.ts';
import { DEFAULT_GOAL, MAX_SIDE, MIN_SIDE, type SlidingGoal, type SlidingLevel } from './schema.ts';

function slidingToGrid(level: SlidingLevel): EditGrid {
  const cells = level.tiles.map((n): Record<string, EditToken> => (n === 0 ? {} : { tile: { id: 'tile', params: { n: String(n) } } }));
  return { width: level.width, height: level.height, cells };
}

function slidingFromGrid(grid: EditGrid, base?: SlidingLevel): SlidingLevel {
  const tiles = grid.cells.map((cell) => Number(cell.tile?.params?.n ?? 0));
  const { width: _w, height: _h, tiles: _t, ...rest } = base ?? ({} as Partial<SlidingLevel>);
  return { ...rest, width: grid.width, height: grid.height, tiles };
}

/** The solved board of a size: the tiles in order, the blank where the goal puts it. */
function solvedGrid(width: number, height: number, goal: SlidingGoal): EditGrid {
  const tiles = goalTilesFor(width, height, goal);
  return slidingToGrid({ width, height, tiles: [...tiles], goal });
}

/** A grid whose tiles are no longer 1..n-1 and one blank (after a resize) starts over, solved. */
function reshapeSliding(grid: EditGrid, base?: SlidingLevel): EditGrid {
  const numbers = grid.cells.map((c) => Number(c.tile?.params?.n ?? 0)).sort((a, b) => a - b);
  if (numbers.every((n, i) => n === i)) return grid;
  return solvedGrid(grid.width, grid.height, base?.goal ?? DEFAULT_GOAL);
}

/** A board of the wrong parity is one swap of two tiles (never the blank) away from a solvable one. */
function slidingFixes(level: SlidingLevel, diagnostic: Diagnostic): EditFix[] {
  if (diagnostic.code !== 'sliding.unsolvable') return [];
  const tiles = level.tiles.flatMap((n, i) => (n === 0 ? [] : [{ x: i % level.width, y: Math.floor(i / level.width) }]));
  if (tiles.length < 2) return [];
  return [{ id: 'swap', label: 'Swap the first two tiles', operations: [{ type: 'swap', a: tiles[0], b: tiles[1] }] }];
}

export const slidingEditing: EditingFacet<SlidingLevel> = {
  layers: ['tile'],
  paintable: false,
  palette: [],
  tokenLooks: { tile: { piece: { kind: 'tile' } } },
  minSize: { width: MIN_SIDE, height: MIN_SIDE },
  maxSize: { width: MAX_SIDE, height: MAX_SIDE },
  toGrid: slidingToGrid,
  fromGrid: slidingFromGrid,
  blank: (width, height) => {
    const w = Math.min(MAX_SIDE, Math.max(MIN_SIDE, width));
    const h = Math.min(MAX_SIDE, Math.max(MIN_SIDE, height));
    return { width: w, height: h, tiles: [...goalTilesFor(w, h, DEFAULT_GOAL)], goal: DEFAULT_GOAL };
  },
  reshape: reshapeSliding,
  fixes: slidingFixes,
};
