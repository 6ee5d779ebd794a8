/**
 * Iterative-deepening A* in the canonical frame (Korf 1985) with an incremental admissible bound:
 * depth-first searches bounded by f = g + h, the bound raised to the smallest f that exceeded it.
 * It keeps only its path, so it stores nothing; its work is counted in expansions.
 *
 * Children are tried in the level frame's u, d, l, r order and only the immediate undo is
 * pruned, so on the last iteration it returns the first optimal solution in that order, the one
 * a breadth-first search returns too, whatever the bound.
 */
import type { SolveOptions } from '../../../engine/ruleset.ts';
import type { Frame } from './geometry.ts';

/** An admissible bound kept up to date move by move. */
export interface IncrementalBound {
  /** Set up for `tiles`; returns the bound. */
  reset(tiles: Uint8Array): number;
  /**
   * `tile` moved from cell `from` into cell `to` (the blank's); `tiles` already shows the move.
   * Returns the change of the bound. Undo is the same call with `from` and `to` swapped, after
   * `tiles` is restored.
   */
  move(tile: number, from: number, to: number, tiles: Uint8Array): number;
}

export interface IdaOptions {
  /** Most expansions before giving up with `budget`. */
  readonly maxExpansions: number;
  readonly shouldStop?: SolveOptions['shouldStop'];
  readonly progress?: SolveOptions['progress'];
  /** Largest solution length worth searching for (a campaign's target, a known upper bound). */
  readonly maxDepth?: number;
}

export interface IdaResult {
  /** `too-long`: no solution of at most `maxDepth` moves. */
  readonly status: 'solved' | 'budget' | 'too-long';
  /** Canonical move indices, when solved. */
  readonly moves?: readonly number[];
  readonly nodes: number;
  /** The last bound fully searched plus the step to the next: a proven lower bound when stopped. */
  readonly lowerBound: number;
  readonly stoppedBy?: 'budget' | 'stopped';
}

const POLL = 0x3fff;

export function idaStar(frame: Frame, start: Uint8Array, bound: IncrementalBound, options: IdaOptions): IdaResult {
  const { neighbours, order } = frame;
  const tiles = start.slice();
  let blank = tiles.indexOf(0);
  const maxDepth = options.maxDepth ?? 1000;
  const { maxExpansions } = options;
  const path = new Int8Array(maxDepth + 2);
  let expanded = 0;
  const rootBound = bound.reset(tiles);
  let threshold = rootBound;
  let nextThreshold = Infinity;
  let stop: 'budget' | 'stopped' | undefined;
  let foundLength = -1;

  const search = (g: number, h: number, previous: number): boolean => {
    const f = g + h;
    if (f > threshold) {
      if (f < nextThreshold) nextThreshold = f;
      return false;
    }
    if (h === 0) {
      foundLength = g;
      return true;
    }
    if (++expanded >= maxExpansions) {
      stop = 'budget';
      return true;
    }
    if ((expanded & POLL) === 0) {
      options.progress?.({ nodes: expanded, stored: g });
      if (options.shouldStop?.()) {
        stop = 'stopped';
        return true;
      }
    }
    const here = blank;
    for (let k = 0; k < 4; k++) {
      const m = order[k];
      if (m === (previous ^ 1)) continue;
      const to = neighbours[here * 4 + m];
      if (to < 0) continue;
      const tile = tiles[to];
      tiles[here] = tile;
      tiles[to] = 0;
      blank = to;
      const dh = bound.move(tile, to, here, tiles);
      path[g] = m;
      if (search(g + 1, h + dh, m)) return true;
      tiles[to] = tile;
      tiles[here] = 0;
      blank = here;
      bound.move(tile, here, to, tiles);
    }
    return false;
  };

  for (;;) {
    nextThreshold = Infinity;
    const found = search(0, rootBound, -2);
    if (stop) return { status: 'budget', nodes: expanded, lowerBound: threshold, stoppedBy: stop };
    if (found) return { status: 'solved', moves: Array.from(path.subarray(0, foundLength)), nodes: expanded, lowerBound: foundLength };
    if (nextThreshold === Infinity || nextThreshold > maxDepth) return { status: 'too-long', nodes: expanded, lowerBound: nextThreshold };
    threshold = nextThreshold;
  }
}
