/**
 * Complete distance tables for boards of at most 9 cells (3x3 and smaller): one breadth-first
 * search from the goal over every reachable arrangement (181,440 for 3x3), so par and hints are
 * table look-ups. Indexed by the Lehmer rank of the canonical arrangement (n! entries, half of
 * them unreachable = 255).
 */
import { StopPoll } from '../../../search/stop-poll.ts';
import type { BuildHooks } from './stored.ts';

export const MAX_TABLE_CELLS = 9;
export const UNREACHED = 255;

export function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Ranks and unranks permutations of 0..n-1 (n <= 9). */
export class PermutationRanker {
  private readonly weights: Int32Array;
  readonly n: number;

  constructor(n: number) {
    this.n = n;
    this.weights = new Int32Array(n);
    for (let i = 0; i < n; i++) this.weights[i] = factorial(n - 1 - i);
  }

  rank(perm: ArrayLike<number>): number {
    const { n, weights } = this;
    let used = 0;
    let r = 0;
    for (let i = 0; i < n; i++) {
      const v = perm[i];
      r += (v - popcount(used & ((1 << v) - 1))) * weights[i];
      used |= 1 << v;
    }
    return r;
  }

  /** Writes the permutation of rank `r` into `out`; returns the blank's (0's) cell. */
  unrank(r: number, out: Uint8Array): number {
    const { n, weights } = this;
    let free = (1 << n) - 1;
    let blank = 0;
    for (let i = 0; i < n; i++) {
      let k = Math.floor(r / weights[i]);
      r -= k * weights[i];
      // The k-th free value (0-based).
      let bits = free;
      while (k > 0) {
        bits &= bits - 1;
        k--;
      }
      const v = 31 - Math.clz32(bits & -bits);
      free &= ~(1 << v);
      out[i] = v;
      if (v === 0) blank = i;
    }
    return blank;
  }
}

/** Byte length of the complete table of a board of `n` cells. */
export const completeTableLength = (n: number): number => factorial(n);

/**
 * Breadth-first search from the canonical goal over `neighbours` (see `Frame`). Returns undefined
 * when `hooks.shouldStop` asked to stop.
 */
export function buildCompleteTable(n: number, neighbours: Int8Array, hooks: BuildHooks = {}): Uint8Array | undefined {
  const ranker = new PermutationRanker(n);
  const size = factorial(n);
  const dist = new Uint8Array(size).fill(UNREACHED);
  const queue = new Int32Array(size / 2);
  const perm = new Uint8Array(n);
  dist[0] = 0; // the identity (goal) has rank 0
  let tail = 1;
  // The stop is asked by work (stop-poll.ts): an expansion unranks one arrangement and ranks four.
  const poll = new StopPoll(hooks.shouldStop);
  const expansionWork = 5 * n;
  for (let head = 0; head < tail; head++) {
    if ((head & 0xffff) === 0xffff) hooks.progress?.({ nodes: head, stored: tail });
    if (poll.tick(expansionWork)) return undefined;
    const r = queue[head];
    const d = dist[r] + 1;
    const blank = ranker.unrank(r, perm);
    for (let m = 0; m < 4; m++) {
      const to = neighbours[blank * 4 + m];
      if (to < 0) continue;
      perm[blank] = perm[to];
      perm[to] = 0;
      const next = ranker.rank(perm);
      perm[to] = perm[blank];
      perm[blank] = 0;
      if (dist[next] !== UNREACHED) continue;
      dist[next] = d;
      queue[tail++] = next;
    }
  }
  return dist;
}
