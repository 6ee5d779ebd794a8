/**
 * Seeded random numbers: xoshiro128** seeded through splitmix32. The state is four 32-bit words,
 * so a kind can carry it inside its game state (blocks deals trays from it) and replay stays exact.
 * Same seed, same sequence, on every host.
 */
export type RngState = readonly [number, number, number, number];

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a over UTF-16 code units: turns a text seed into 32 bits. */
function hashSeedText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function seedRng(seed: number | string): RngState {
  const base = typeof seed === 'string' ? hashSeedText(seed) : Math.floor(seed) >>> 0;
  const next = splitmix32(base);
  let state: [number, number, number, number] = [next(), next(), next(), next()];
  if ((state[0] | state[1] | state[2] | state[3]) === 0) state = [1, 0, 0, 0];
  return state;
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

/** One step of xoshiro128**: returns the value and the next state; the input is not changed. */
export function nextUint32(state: RngState): { readonly value: number; readonly state: RngState } {
  let [s0, s1, s2, s3] = state;
  const value = Math.imul(rotl(Math.imul(s1, 5) >>> 0, 7), 9) >>> 0;
  const t = (s1 << 9) >>> 0;
  s2 = (s2 ^ s0) >>> 0;
  s3 = (s3 ^ s1) >>> 0;
  s1 = (s1 ^ s2) >>> 0;
  s0 = (s0 ^ s3) >>> 0;
  s2 = (s2 ^ t) >>> 0;
  s3 = rotl(s3, 11);
  return { value, state: [s0, s1, s2, s3] };
}

/**
 * A saved state as the generator holds it: each word as an unsigned 32-bit integer (so -1 and
 * 4294967295, the same stream, are the same state and hash alike), and never all zero, which
 * would give zeros for ever (the seeding's own substitute then).
 */
export function resumeState(saved: RngState): RngState {
  const words = [saved[0] >>> 0, saved[1] >>> 0, saved[2] >>> 0, saved[3] >>> 0] as const;
  return (words[0] | words[1] | words[2] | words[3]) === 0 ? [1, 0, 0, 0] : words;
}

/** A mutable wrapper for generators; `state` can be saved and resumed. */
export class Rng {
  private current: RngState;

  constructor(seed: number | string | RngState) {
    this.current = Array.isArray(seed) ? resumeState(seed as RngState) : seedRng(seed as number | string);
  }

  get state(): RngState {
    return this.current;
  }

  uint32(): number {
    const { value, state } = nextUint32(this.current);
    this.current = state;
    return value;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [0, n), without modulo bias. */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 4294967296) throw new RangeError(`Rng.int: bad range ${n}`);
    const limit = 4294967296 - (4294967296 % n);
    for (;;) {
      const v = this.uint32();
      if (v < limit) return v % n;
    }
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: empty list');
    return items[this.int(items.length)];
  }

  /** Fisher-Yates shuffle of a copy. */
  shuffled<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = out[i];
      out[i] = out[j];
      out[j] = tmp;
    }
    return out;
  }
}
