/**
 * What the library knows of a level under one rules fingerprint and one content: each new
 * verification joined with the one stored before it. A solution found once stays a solution of
 * the same level under the same rules, and a bound proven once stays proven, so a later run that
 * found less (a smaller budget, a shorter time limit, a run cancelled early) leaves the par, its
 * solution and its proof as they were; only a better value or a tighter bound replaces them.
 */
import type { ObjectiveSense } from '../engine/ruleset.ts';
import { bestRecord } from './parts.ts';
import type { Verification } from './record.ts';

/**
 * `next`, or where `previous` (the level's latest stored record) is of the same kind, objective,
 * rules fingerprint and content and neither is invalid: the better of the two (`parts.ts`
 * `betterPart`: a solution before none, a proof before a bound, then the better value for
 * `sense`; `next` among equals), with the tighter proven bound of the two. The record kept is
 * the run that found it, with its states, time, budget and stop.
 */
export function joinKnown(previous: Verification | undefined, next: Verification, sense: ObjectiveSense): Verification {
  if (!previous || !sameQuestion(previous, next) || previous.status === 'invalid' || next.status === 'invalid') return next;
  return bestRecord([next, previous], sense);
}

/** Whether two records answer one question: one level's content, under one rules fingerprint, for one objective. */
function sameQuestion(a: Verification, b: Verification): boolean {
  return a.kind === b.kind && a.objective === b.objective && a.rulesFingerprint === b.rulesFingerprint && a.contentHash === b.contentHash;
}
