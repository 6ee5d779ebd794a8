/**
 * The editor's picture of a document, straight from its grid and the palette's looks: it draws
 * what the designer put down even when the level does not load yet (two players, a box in a
 * wall), which the kind's `view` of a start state cannot. Terrain is the topmost token with a
 * terrain look (or the background's; an empty cell outside an enclosed room, the kind's outside
 * terrain); pieces are the tokens with a piece look, bottom to top.
 */
import type { BoardPiece, BoardView, EditGrid, EditingFacet, LevelMeta, PaletteEntry } from '../ruleset.ts';

/** Cells reached from the board's edge without crossing a `wall` token (flood fill, four ways). */
export function cellsOutside(grid: EditGrid, layers: readonly string[], wall: string): Uint8Array {
  const { width, height, cells } = grid;
  const isWall = (i: number): boolean => layers.some((layer) => cells[i][layer]?.id === wall);
  const outside = new Uint8Array(width * height);
  const stack: number[] = [];
  const reach = (i: number): void => {
    if (outside[i] || isWall(i)) return;
    outside[i] = 1;
    stack.push(i);
  };
  for (let x = 0; x < width; x++) {
    reach(x);
    reach((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    reach(y * width);
    reach(y * width + width - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) reach(i - 1);
    if (x < width - 1) reach(i + 1);
    if (i >= width) reach(i - width);
    if (i + width < width * height) reach(i + width);
  }
  return outside;
}

export function gridBoardView<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid): BoardView {
  const looks = new Map<string, { look: PaletteEntry['look'] }>([...Object.entries(facet.tokenLooks ?? {}).map(([id, look]) => [id, { look }] as const), ...facet.palette.map((e) => [e.id, e] as const)]);
  const backgroundTerrain = facet.background ? (looks.get(facet.background.id)?.look.terrain ?? 'floor') : 'floor';
  const terrain: string[] = [];
  const pieces: BoardPiece[] = [];
  const outside = facet.enclosure ? cellsOutside(grid, facet.layers, facet.enclosure.wall) : undefined;
  grid.cells.forEach((cell, i) => {
    const x = i % grid.width;
    const y = Math.floor(i / grid.width);
    let name = backgroundTerrain;
    for (const layer of facet.layers) {
      const token = cell[layer];
      if (!token) continue;
      const look = looks.get(token.id)?.look;
      if (look?.terrain !== undefined && !look.piece) name = look.terrain;
      if (look?.piece) {
        const label = token.params ? Object.values(token.params)[0] : undefined;
        pieces.push({ id: `${layer}:${i}`, kind: look.piece.kind, x, y, ...(label !== undefined ? { label } : {}), ...(look.piece.variant ? { variant: look.piece.variant } : {}) });
      }
    }
    const empty = facet.layers.every((layer) => !cell[layer]);
    terrain.push(outside?.[i] && empty ? facet.enclosure!.outside : name);
  });
  return { width: grid.width, height: grid.height, terrain, pieces };
}
