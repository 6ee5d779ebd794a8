/**
 * A level verified in parts at once (`SolveOptions.part`): a host with cores to spare runs one
 * verification per part, each on a core of its own with the same level, budget and stop, and
 * keeps what the parts found together. The solver gives each part its share of its searches (the
 * push solver: the searches of its race, the exact one in the first part alone), so together
 * they search what one solve would, each search with more of the time.
 */
import type { ObjectiveSense } from '../engine/ruleset.ts';
import type { Verification } from './record.ts';

/** Most parts one level is verified in at once (one a core: the CLI's `--parts`, the studio's queue). */
export const MOST_PARTS = 16;

/**
 * Which part's stop is the whole's (the last cause to come, from outside in): a part that ended
 * its phases early (a part without the exact search, in a time-led run) says `budget`, but the
 * whole went on until the others were stopped.
 */
const STOP_RANK: Readonly<Record<NonNullable<Verification['stoppedBy']>, number>> = { cancelled: 4, time: 3, stopped: 2, memory: 1, budget: 0 };

/** How a status ranks among the parts' records: a solution first, then a proof that there is none. */
const STATUS_RANK: Readonly<Record<Verification['status'], number>> = { solved: 3, unsolvable: 2, budget: 1, invalid: 0 };

/** What `betterPart` compares: a part's status, whether its value is proven, and the value. */
export interface PartOutcome {
  readonly status: Verification['status'];
  readonly optimal: boolean;
  readonly value: number | null;
}

/** Whether part `a` did better than part `b`: a solution before none, a proven one before a bound, then the better value for `sense`. */
export function betterPart(a: PartOutcome, b: PartOutcome, sense: ObjectiveSense): boolean {
  if (STATUS_RANK[a.status] !== STATUS_RANK[b.status]) return STATUS_RANK[a.status] > STATUS_RANK[b.status];
  if (a.status !== 'solved') return false;
  if (a.optimal !== b.optimal) return a.optimal;
  return sense === 'minimise' ? a.value! < b.value! : a.value! > b.value!;
}

/** The whole's stop: the outermost of the parts' (STOP_RANK), or null when none stopped. */
export function outermostStop(stops: readonly (Verification['stoppedBy'] | undefined)[]): Verification['stoppedBy'] {
  let outermost: Verification['stoppedBy'] = null;
  for (const stop of stops) if (stop && (!outermost || STOP_RANK[stop] > STOP_RANK[outermost])) outermost = stop;
  return outermost;
}

/**
 * The record of the whole from its parts' records (at least one; all of one level, objective and
 * rules): the best part's, a solution before none, a proven one before a bound, then the better
 * value for `sense`; its proven bound the tightest any part proved (a solution that meets it is
 * then optimal); what stopped it, the outermost of the parts' stops (STOP_RANK); the states and
 * nodes of all the parts, and the longest part's time.
 */
export function bestOfParts(records: readonly Verification[], sense: ObjectiveSense): Verification {
  if (records.length === 0) throw new Error('bestOfParts: no part reported');
  const best = bestRecord(records, sense);
  return {
    ...best,
    stoppedBy: best.optimal ? null : outermostStop(records.map((r) => r.stoppedBy)),
    nodes: records.reduce((sum, r) => sum + r.nodes, 0),
    stored: records.reduce((sum, r) => sum + r.stored, 0),
    ms: Math.max(...records.map((r) => r.ms)),
  };
}

/**
 * The best of `records` (at least one; all of one level, objective and rules, `betterPart`; the
 * first of equals), with the tightest bound any of them proved: a solution that meets it is then
 * optimal, and an optimal one has no bound and no stop to tell of.
 */
export function bestRecord(records: readonly Verification[], sense: ObjectiveSense): Verification {
  let best = records[0];
  for (const record of records.slice(1)) if (betterPart(record, best, sense)) best = record;
  const bounds = records.map((r) => r.provenBound).filter((b): b is number => typeof b === 'number');
  const provenBound = bounds.length === 0 ? null : sense === 'minimise' ? Math.max(...bounds) : Math.min(...bounds);
  const optimal = best.optimal || (best.status === 'solved' && provenBound !== null && best.value === provenBound);
  return optimal ? { ...best, optimal, provenBound: null, stoppedBy: null } : { ...best, provenBound };
}
