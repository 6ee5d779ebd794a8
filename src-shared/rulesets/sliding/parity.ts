/**
 * Solvability of a tile arrangement (seed 003: a plain shuffle gives an unwinnable board half of
 * the time). A blank move across a row changes no inversion; a move along a column jumps a tile
 * over width-1 others, so it flips the inversion parity exactly when the width is even, while
 * the blank changes row. Hence the invariant: inversions (odd width), or inversions + blank row
 * (even width), keeps its parity; an arrangement is solvable exactly when it matches the goal's.
 * Both goal layouts have no inversion, the blank on the top row (blank-first) or the bottom row.
 */
import type { SlidingGoal } from './schema.ts';

/** Pairs of tiles (blank ignored) that appear in the wrong order, reading row by row. */
export function countInversions(tiles: ArrayLike<number>): number {
  let count = 0;
  for (let i = 0; i < tiles.length; i++) {
    const a = tiles[i];
    if (a === 0) continue;
    for (let j = i + 1; j < tiles.length; j++) if (tiles[j] !== 0 && tiles[j] < a) count++;
  }
  return count;
}

export interface ParityReport {
  readonly solvable: boolean;
  readonly inversions: number;
  /** 0-based row of the blank, from the top. */
  readonly blankRow: number;
  /** The invariant's value: inversions, plus the blank row when the width is even. */
  readonly invariant: number;
  /** The parity (0 even, 1 odd) the goal needs. */
  readonly needed: 0 | 1;
  /** Why the board cannot be solved, in words; empty when it can. */
  readonly explanation: string;
}

/** Expects a permutation of 0..n-1 (lint checks that first). */
export function parityReport(width: number, height: number, tiles: ArrayLike<number>, goal: SlidingGoal): ParityReport {
  const inversions = countInversions(tiles);
  let blankCell = 0;
  for (let c = 0; c < tiles.length; c++) if (tiles[c] === 0) blankCell = c;
  const blankRow = Math.floor(blankCell / width);
  const evenWidth = width % 2 === 0;
  const goalRow = goal === 'blank-first' ? 0 : height - 1;
  const invariant = evenWidth ? inversions + blankRow : inversions;
  const needed = (evenWidth ? goalRow % 2 : 0) as 0 | 1;
  const solvable = invariant % 2 === needed;
  const parity = (v: number): string => (v % 2 === 0 ? 'even' : 'odd');
  const inversionWords = `${inversions} inversion${inversions === 1 ? '' : 's'}`;
  const goalWords = goal === 'blank-first' ? 'the blank first' : 'the blank last';
  let explanation = '';
  if (!solvable) {
    explanation = evenWidth
      ? `${inversionWords} plus the blank's row ${blankRow} (0-based from the top) make ${invariant}, which is ${parity(invariant)}; ` +
        `on a board of even width (${width}) that sum keeps its parity with every move, and the goal with ${goalWords} (blank on row ${goalRow}) needs it ${parity(needed)}`
      : `it has ${inversionWords}, an odd number; on a board of odd width (${width}) every move keeps the parity of the inversions, ` +
        `and the goal with ${goalWords} has none (even)`;
  }
  return { solvable, inversions, blankRow, invariant, needed, explanation };
}
