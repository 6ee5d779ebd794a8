/** Big push rooms for the solver's limits (tests/unit/push-limits.test.ts, stop-polls.test.ts). */
import { Rng } from '../../src-shared/engine/rng.ts';

/** A walled square room of side `side` with `boxes` boxes and as many goals at seeded places, the player in a corner. */
export function pushRoom(side: number, boxes: number, seed: string): string[] {
  const grid = Array.from({ length: side }, (_, y) => Array.from({ length: side }, (_, x): string => (x === 0 || y === 0 || x === side - 1 || y === side - 1 ? '#' : ' ')));
  const rng = new Rng(seed);
  const free: [number, number][] = [];
  for (let y = 2; y < side - 2; y++) for (let x = 2; x < side - 2; x++) free.push([x, y]);
  for (let i = free.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [free[i], free[j]] = [free[j], free[i]];
  }
  grid[1][1] = '@';
  for (let i = 0; i < boxes; i++) grid[free[i][1]][free[i][0]] = '$';
  for (let i = boxes; i < 2 * boxes; i++) grid[free[i][1]][free[i][0]] = '.';
  return grid.map((row) => row.join(''));
}
