/**
 * Merging the shards of a split generator run (`CandidateSearch` in the engine's contract/kind.ts).
 * A run tries candidates 1, 2, 3, ... and keeps the first `wanted` that pass every sieve, a repeat of an
 * earlier one (same key) rejected. Shards are ranges of candidate numbers, each searched alone
 * and stopped at `wanted`; so the run's candidates are the first `wanted` distinct keys of the
 * shards' finds in candidate order, and that needs only the shards from the first up to the one
 * where they are complete. A shard further on may have run (more workers than needed): its finds
 * are dropped, so the worker count never changes the levels.
 */
import type { FoundCandidate, GenerationStatistics, SieveCount } from '../../src-shared/engine/ruleset.ts';

export interface ShardRange {
  readonly shard: number;
  readonly from: number;
  readonly to: number;
}

/** Ranges of `size` candidate numbers covering 1..cap, numbered from 0. */
export function shardRanges(cap: number, size: number): ShardRange[] {
  const ranges: ShardRange[] = [];
  const step = Math.max(1, Math.floor(size));
  for (let from = 1, shard = 0; from <= cap; from += step, shard++) ranges.push({ shard, from, to: Math.min(cap, from + step - 1) });
  return ranges;
}

export interface MergedCandidates<C> {
  /** The run's candidates, in candidate order. */
  readonly kept: readonly C[];
  /** The run has all it can get: `wanted` candidates, or every shard done. */
  readonly complete: boolean;
  /** Shards counted (the first ones, without a gap); later done shards wait or are not needed. */
  readonly through: number;
}

/**
 * `done` holds the finds of the shards done so far, by shard number. The shards counted are the
 * first ones without a gap; they give the run's candidates once `wanted` distinct keys are among
 * them, or once every one of `shards` shards is done.
 */
export function mergeShards<C extends Pick<FoundCandidate<unknown>, 'index' | 'key'>>(done: ReadonlyMap<number, readonly C[]>, shards: number, wanted: number): MergedCandidates<C> {
  const seen = new Set<string>();
  const kept: C[] = [];
  let through = 0;
  for (; through < shards && done.has(through); through++) {
    for (const found of [...done.get(through)!].sort((a, b) => a.index - b.index)) {
      if (seen.has(found.key)) continue;
      seen.add(found.key);
      kept.push(found);
      if (kept.length >= wanted) return { kept, complete: true, through: through + 1 };
    }
  }
  return { kept, complete: through >= shards, through };
}

/** The statistics of several shards as one run's: counts and times added, sieves in their order. */
export function sumStatistics(parts: readonly GenerationStatistics[], kept: number): GenerationStatistics {
  const sieves: SieveCount[] = [];
  for (const part of parts) {
    part.sieves.forEach((s, i) => {
      const sum = sieves[i];
      sieves[i] = sum ? { ...sum, rejected: sum.rejected + s.rejected, ms: sum.ms + s.ms } : { ...s };
    });
  }
  const add = (pick: (s: GenerationStatistics) => number) => parts.reduce((n, s) => n + pick(s), 0);
  return { candidates: add((s) => s.candidates), accepted: add((s) => s.accepted), kept, sieves, makeMs: add((s) => s.makeMs), ms: add((s) => s.ms) };
}
