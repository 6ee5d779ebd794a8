/**
 * A start position's key under the 8 symmetries of the square (4 turns, each mirrored or not):
 * two levels that are turns or mirror images of each other, rectangles turned a quarter too, get
 * the same key, and so do two that differ only in where the player stands inside the region it
 * can walk to (the same puzzle, a few steps apart). The generator's duplicate sieve compares
 * these keys, against earlier candidates and against the library's levels.
 */
import type { PushState } from '../board.ts';
import { floodCells } from '../../../engine/grid.ts';

interface Position {
  readonly width: number;
  readonly height: number;
  /** 1 on cells that are not floor (walls, and the outside of the map). */
  readonly blocked: ArrayLike<number>;
  readonly goal: ArrayLike<number>;
  readonly boxes: ArrayLike<number>;
  readonly player: number;
}

/**
 * The key of a plain Sokoban start, or undefined for a level with mechanics (ice, doors,
 * teleporters, heavy boxes), which no plain level repeats.
 */
export function startKey(state: PushState): string | undefined {
  const { board } = state;
  const hasMechanics = board.ice.includes(1) || board.links.length > 0 || board.teleport.some((t) => t >= 0) || board.heavyBox.some(Boolean);
  if (hasMechanics) return undefined;
  const blocked = new Uint8Array(board.width * board.height);
  for (let c = 0; c < blocked.length; c++) blocked[c] = board.wall[c] || board.outside[c] ? 1 : 0;
  return positionKey({ width: board.width, height: board.height, blocked, goal: board.goal, boxes: state.boxes, player: state.player });
}

/** The least of the position's 8 images as text (see the module comment). */
export function positionKey(position: Position): string {
  const { width, height, blocked, goal, boxes } = position;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let c = 0; c < width * height; c++) {
    if (blocked[c]) continue;
    const x = c % width;
    const y = Math.floor(c / width);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (maxX < 0) return '0x0:';
  const w = maxX - minX + 1;
  const h = maxY - minY + 1;
  const isBox = new Uint8Array(width * height);
  for (let i = 0; i < boxes.length; i++) isBox[boxes[i]] = 1;
  const region = playerRegion(position, isBox);
  let best: string | undefined;
  // Image k of local cell (u, v) in a w x h box; k >= 4 swap the axes (an h x w image).
  for (let k = 0; k < 8; k++) {
    const iw = k < 4 ? w : h;
    const ih = k < 4 ? h : w;
    const chars: string[] = new Array<string>(iw * ih).fill('#');
    let playerAt = Infinity;
    for (let v = 0; v < h; v++) {
      for (let u = 0; u < w; u++) {
        const c = (v + minY) * width + u + minX;
        if (blocked[c]) continue;
        const [iu, iv] = imageOf(k, u, v, w, h);
        const at = iv * iw + iu;
        chars[at] = isBox[c] ? (goal[c] ? '*' : '$') : goal[c] ? '.' : '-';
        if (region[c] && at < playerAt) playerAt = at;
      }
    }
    chars[playerAt] = chars[playerAt] === '.' ? '+' : '@';
    const text = `${iw}x${ih}:${chars.join('')}`;
    if (best === undefined || text < best) best = text;
  }
  return best!;
}

function imageOf(k: number, u: number, v: number, w: number, h: number): [number, number] {
  switch (k) {
    case 0: return [u, v];
    case 1: return [w - 1 - u, v];
    case 2: return [u, h - 1 - v];
    case 3: return [w - 1 - u, h - 1 - v];
    case 4: return [v, u];
    case 5: return [h - 1 - v, u];
    case 6: return [v, w - 1 - u];
    default: return [h - 1 - v, w - 1 - u];
  }
}

/** Floor cells the player walks to without moving a box. */
function playerRegion(position: Position, isBox: Uint8Array): Uint8Array {
  const { width, height, blocked, player } = position;
  return floodCells(width, height, (c) => c === player || (!blocked[c] && !isBox[c]), [player]);
}
