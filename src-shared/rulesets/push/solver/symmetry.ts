/**
 * Symmetries of a compiled board: the turns and mirror images of the grid that map the floor onto
 * itself and goals onto goals (and, when asked, the start's boxes and player onto themselves).
 * Two positions that are images of each other under such a map are equally far from solved, by
 * moves and by pushes, so a search may keep one of them: the one whose key is least. On the
 * symmetric levels of Microban I (a ring of boxes round a centre) that stores up to 8 times fewer
 * states.
 */
import type { CompiledBoard } from './compiled.ts';

/** A map of floor cells onto floor cells and its inverse. */
export interface Symmetry {
  readonly map: Int32Array;
  readonly inverse: Int32Array;
}

export interface SymmetryKeep {
  /** The map must also keep the start's box cells as a set (a backward search's goal). */
  readonly boxes?: boolean;
  /**
   * A backward search (on `reverseBoard`, whose goals are the start's boxes) ends with boxes on
   * its goals and the player able to walk to its start: by moves the map must keep the player's
   * cell (that last walk counts), by pushes only its region with boxes on the goals.
   */
  readonly player?: 'cell' | 'region';
}

/** Every symmetry but the identity, in a fixed order. */
export function boardSymmetries(board: CompiledBoard, keep: SymmetryKeep = {}): Symmetry[] {
  const { size, width, gridOf, floorOf, goal } = board;
  if (size === 0) return [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let c = 0; c < size; c++) {
    const x = gridOf[c] % width;
    const y = Math.floor(gridOf[c] / width);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const w = maxX - minX + 1;
  const h = maxY - minY + 1;
  // The seven non-identity isometries of a w x h box, in local coordinates; the last four swap
  // the axes and need a square box.
  const turns: ((u: number, v: number) => [number, number])[] = [
    (u, v) => [w - 1 - u, v],
    (u, v) => [u, h - 1 - v],
    (u, v) => [w - 1 - u, h - 1 - v],
  ];
  if (w === h) {
    turns.push(
      (u, v) => [v, u],
      (u, v) => [h - 1 - v, u],
      (u, v) => [v, w - 1 - u],
      (u, v) => [h - 1 - v, w - 1 - u],
    );
  }
  const isBox = new Uint8Array(size);
  for (const b of board.boxes) isBox[b] = 1;
  const region = keep.player === 'region' ? playerRegion(board) : undefined;
  const found: Symmetry[] = [];
  for (const turn of turns) {
    const map = new Int32Array(size);
    let ok = true;
    for (let c = 0; c < size && ok; c++) {
      const [u, v] = turn((gridOf[c] % width) - minX, Math.floor(gridOf[c] / width) - minY);
      const image = floorOf[(v + minY) * width + u + minX];
      ok = image >= 0 && goal[image] === goal[c] && (!keep.boxes || isBox[image] === isBox[c]);
      map[c] = image;
    }
    if (!ok) continue;
    if (keep.player === 'cell' && map[board.player] !== board.player) continue;
    if (region && !region[map[board.player]]) continue;
    const inverse = new Int32Array(size);
    for (let c = 0; c < size; c++) inverse[map[c]] = c;
    found.push({ map, inverse });
  }
  return found;
}

/** Cells the player can walk to from its start with a box on every goal. */
function playerRegion(board: CompiledBoard): Uint8Array {
  const region = new Uint8Array(board.size);
  const queue = [board.player];
  region[board.player] = 1;
  while (queue.length > 0) {
    const c = queue.pop()!;
    for (let d = 0; d < 4; d++) {
      const m = board.nbr[c * 4 + d];
      if (m >= 0 && !region[m] && !board.goal[m]) {
        region[m] = 1;
        queue.push(m);
      }
    }
  }
  return region;
}
