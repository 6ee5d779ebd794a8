/**
 * The editor's picture of a document, straight from its grid and the palette's looks: it draws
 * what the designer put down even when the level does not load yet (two players, a box in a
 * wall), which the kind's `view` of a start state cannot. Terrain is the topmost token with a
 * terrain look (or the background's); pieces are the tokens with a piece look, bottom to top.
 */
import type { BoardPiece, BoardView, EditGrid, EditingFacet, LevelMeta, PaletteEntry } from '../ruleset.ts';

export function gridBoardView<L extends LevelMeta>(facet: EditingFacet<L>, grid: EditGrid): BoardView {
  const looks = new Map<string, { look: PaletteEntry['look'] }>([...Object.entries(facet.tokenLooks ?? {}).map(([id, look]) => [id, { look }] as const), ...facet.palette.map((e) => [e.id, e] as const)]);
  const backgroundTerrain = facet.background ? (looks.get(facet.background.id)?.look.terrain ?? 'floor') : 'floor';
  const terrain: string[] = [];
  const pieces: BoardPiece[] = [];
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
    terrain.push(name);
  });
  return { width: grid.width, height: grid.height, terrain, pieces };
}
