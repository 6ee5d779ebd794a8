/**
 * The maze's A* lower bound (seed 001): the distance to the nearest exit on the map with only its
 * walls (and anchor posts, which never move) left: doors, cracked walls, gates, pits and boulders
 * count as open. It never overestimates, so A* with it is optimal; seed 001 found it turns a
 * boulder level from millions of states into milliseconds.
 *
 * Two moves are cheaper than one step per cell, and the table allows for both so the bound stays
 * admissible: a move out of an ice cell may be part of a slide (free here), and where the level
 * has a hook, any cell in line with an anchor reaches the cell before it in one step.
 */
import type { MazeBoard } from '../level.ts';

/** Never change in play: the walls of the relaxed map. */
const isFixedWall = (ch: string): boolean => ch === '#' || ch === '+';

/** Distance tables by board: a level's states share one board object. */
const tables = new WeakMap<MazeBoard, Int32Array>();

/** Distance per cell to the nearest exit (-1: no way even through doors and pits). */
export function exitDistances(board: MazeBoard, cells: string): Int32Array {
  const known = tables.get(board);
  if (known) return known;
  const { width, height } = board;
  const size = width * height;
  const dist = new Int32Array(size).fill(-1);
  // 0-1 shortest paths backwards from the exits, one bucket of cells per distance.
  const buckets: number[][] = [[...board.exits]];
  for (const exit of board.exits) dist[exit] = 0;
  const settled = new Uint8Array(size);
  const relax = (from: number, d: number, cost: number): void => {
    if (isFixedWall(cells[from])) return;
    const nd = d + cost;
    if (dist[from] >= 0 && dist[from] <= nd) return;
    dist[from] = nd;
    (buckets[nd] ??= []).push(from);
  };
  for (let bucket = 0; bucket < buckets.length; bucket++) {
    const list = buckets[bucket] ?? [];
    for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (settled[v] || dist[v] !== bucket) continue;
    settled[v] = 1;
    const d = dist[v];
    const x = v % width;
    const y = (v - x) / width;
    // A step from u into v: free when u is ice (a slide goes on), else one step.
    const step = (u: number) => relax(u, d, cells[u] === '-' ? 0 : 1);
    if (x > 0) step(v - 1);
    if (x < width - 1) step(v + 1);
    if (y > 0) step(v - width);
    if (y < height - 1) step(v + width);
    if (board.hasHook) {
      // v is a hook's landing when an anchor is next to it; every cell in line behind v reaches it in one step.
      const lines: [number, number][] = [[-1, 0], [1, 0], [0, -1], [0, 1]];
      for (const [dx, dy] of lines) {
        const ax = x + dx;
        const ay = y + dy;
        if (ax < 0 || ay < 0 || ax >= width || ay >= height || cells[ay * width + ax] !== '+') continue;
        for (let k = 1; ; k++) {
          const ux = x - dx * k;
          const uy = y - dy * k;
          if (ux < 0 || uy < 0 || ux >= width || uy >= height || isFixedWall(cells[uy * width + ux])) break;
          relax(uy * width + ux, d, 1);
        }
      }
    }
    }
  }
  tables.set(board, dist);
  return dist;
}
