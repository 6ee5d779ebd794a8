/**
 * The solvers' view of a board: a canonical frame in which the goal is tile t on cell t (blank
 * on cell 0). A blank-last goal is the blank-first goal turned half a turn with the tiles
 * renumbered (`canonical[n-1-p] = n - tiles[p]`, the blank staying 0), and each blank move becomes
 * its opposite; so one table or pattern database serves both goals.
 *
 * Every solver tries moves in the order u, d, l, r of the level's own frame: optimal searches
 * then return the same solution (the first optimal one in that order) whatever their bound.
 */
import { neighbourTable, type SlidingState } from '../board.ts';

export interface Frame {
  readonly width: number;
  readonly height: number;
  readonly n: number;
  /** Whether the level's frame is the canonical one turned half a turn (blank-last goal). */
  readonly turned: boolean;
  /** Blank moves in canonical indices, in the order the level's frame tries them. */
  readonly order: Int8Array;
  /** Canonical neighbour table: `cell * 4 + m` to a cell, or -1. */
  readonly neighbours: Int8Array;
}

export function frameFor(state: SlidingState): Frame {
  const { width, height, goal } = state.board;
  const turned = goal === 'blank-last';
  return {
    width,
    height,
    n: width * height,
    turned,
    order: Int8Array.from(turned ? [1, 0, 3, 2] : [0, 1, 2, 3]),
    neighbours: neighbourTable(width, height),
  };
}

/** The state's tiles in the canonical frame. */
export function canonicalTiles(state: SlidingState, frame: Frame): Uint8Array {
  const { n } = frame;
  if (!frame.turned) return state.tiles.slice();
  const out = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const t = state.tiles[p];
    out[n - 1 - p] = t === 0 ? 0 : n - t;
  }
  return out;
}

/** A canonical move index in the level's frame (and back: the map is its own inverse). */
export function levelMove(frame: Frame, m: number): number {
  return frame.turned ? m ^ 1 : m;
}

/** Solvable when the permutation parity equals the parity of the blank's distance from cell 0. */
export function canonicalSolvable(tiles: Uint8Array, width: number): boolean {
  const n = tiles.length;
  const seen = new Uint8Array(n);
  let transpositions = 0;
  for (let i = 0; i < n; i++) {
    if (seen[i]) continue;
    let length = 0;
    for (let j = i; !seen[j]; j = tiles[j]) {
      seen[j] = 1;
      length++;
    }
    transpositions += length - 1;
  }
  const blank = tiles.indexOf(0);
  const distance = (blank % width) + Math.floor(blank / width);
  return transpositions % 2 === distance % 2;
}
