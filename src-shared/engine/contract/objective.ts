/**
 * Objectives both ways: the one place that knows what "better" means for an objective. A minimised
 * objective (moves, steps) is better when lower, a maximised one (points) when higher; every
 * consumer (the searches, verification, the impact report, the library, the views, the CLI)
 * compares values and reads bounds through these helpers instead of assuming `<`.
 *
 * Vocabulary: a level's *par* is the best value found of its primary objective, in its sense (the
 * fewest moves, the highest score). When the search could not prove it best, the par is only a
 * *bound* the true best can still improve on (at most the par for a minimised objective, at least
 * it for a maximised one), and the search may have proven the other side: the *proven bound* (the
 * best is at least this many moves, or at most this many points).
 */
import type { Objective } from './search.ts';

export type ObjectiveSense = Objective['sense'];

/** True when `a` is strictly better than `b` for an objective of this sense. */
export function isBetter(sense: ObjectiveSense, a: number, b: number): boolean {
  return sense === 'maximise' ? a > b : a < b;
}

/** The better of two values. */
export function betterOf(sense: ObjectiveSense, a: number, b: number): number {
  return isBetter(sense, b, a) ? b : a;
}

/** "better", "worse" or "same": how `now` compares with `before`. */
export function comparedWith(sense: ObjectiveSense, now: number, before: number): 'better' | 'worse' | 'same' {
  if (now === before) return 'same';
  return isBetter(sense, now, before) ? 'better' : 'worse';
}

/**
 * The sign shown before a par that is only a bound: the true best is at most it (≤) when
 * minimising, at least it (≥) when maximising.
 */
export function boundSign(sense: ObjectiveSense): '≤' | '≥' {
  return sense === 'maximise' ? '≥' : '≤';
}

/**
 * A par that is only a bound and the proven bound on the other side, as the interval the true
 * best lies in: [proven, par] when minimising, [par, proven] when maximising.
 */
export function bestInterval(sense: ObjectiveSense, par: number, proven: number): { readonly low: number; readonly high: number } {
  return sense === 'maximise' ? { low: par, high: proven } : { low: proven, high: par };
}

/** The sense of the objective `id` among `objectives` (the primary one's when `id` is absent or unknown). */
export function senseOf(objectives: readonly Pick<Objective, 'id' | 'sense'>[], id?: string): ObjectiveSense {
  return (objectives.find((o) => o.id === id) ?? objectives[0])?.sense ?? 'minimise';
}
