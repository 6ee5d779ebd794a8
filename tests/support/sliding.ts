/** Sliding boards for tests and benches. */
import type { Rng } from '../../src-shared/engine/rng.ts';
import { parityReport } from '../../src-shared/rulesets/sliding/parity.ts';
import type { SlidingGoal } from '../../src-shared/rulesets/sliding/schema.ts';

/** A solvable random arrangement (a shuffle with its parity fixed by swapping two tiles). */
export function randomBoard(rng: Rng, width: number, height: number, goal: SlidingGoal): number[] {
  const tiles = rng.shuffled([...Array(width * height).keys()]);
  if (!parityReport(width, height, tiles, goal).solvable) {
    const [a, b] = tiles.map((t, i) => (t === 0 ? -1 : i)).filter((i) => i >= 0);
    [tiles[a], tiles[b]] = [tiles[b], tiles[a]];
  }
  return tiles;
}
