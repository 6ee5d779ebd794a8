/**
 * The distance-to-goal curve of a replay timeline and what a designer reads from it: where the
 * player left every optimal continuation, where the position became dead, and the play's summary
 * (moves against par, wasted moves, undos, restarts, hints, time, the longest stall and the
 * longest dead stretch). The same figures feed the scrubber, the worker job and `cli replay`.
 * A maximised objective (a score) is read through a `CurveReading`: par is the best score
 * reachable from the start, a step leaves the best lines when the score so far plus the most
 * still to gain falls below it, and "wasted" is the points given up.
 */
import type { ReplayTimeline } from '../engine/play/replay-timeline.ts';
import { senseOf, type AnyRules, type LevelMeta, type ObjectiveSense } from '../engine/ruleset.ts';
import { DistanceOracle, type OracleOptions, type StateDistance } from './distance.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTimeline = ReplayTimeline<LevelMeta, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOracle = DistanceOracle<LevelMeta, any, any>;

/** What the curve's readers need of an answer (a stored curve has no `source`). */
export type CurveValue = Pick<StateDistance, 'distance' | 'lowerBound' | 'dead'>;

export interface CurveOptions extends OracleOptions {
  /** First and last step to answer (inclusive; the whole timeline by default). */
  readonly from?: number;
  readonly to?: number;
  /** Called as each step is answered, in step order (the job reports these as they come). */
  readonly onStep?: (step: number, answer: StateDistance) => void;
}

/** How a curve's values read against the play: the objective's sense and its value at each step. */
export interface CurveReading {
  readonly sense: ObjectiveSense;
  /** The objective so far at a step: the line's cost (minimised), the kind's counter (maximised). */
  readonly valueAt: (step: number) => number;
  /** The game has ended at that step (won or lost). */
  readonly endedAt: (step: number) => boolean;
}

/** The reading of a minimised objective, from the timeline alone (the default). */
function costReading(timeline: AnyTimeline): CurveReading {
  return { sense: 'minimise', valueAt: (step) => timeline.lineCostAt(step), endedAt: () => false };
}

/** The reading of the rules' primary objective (or `objective`) over a timeline. */
export function curveReading(timeline: AnyTimeline, rules: AnyRules, objective: string = rules.objectives[0].id): CurveReading {
  if (senseOf(rules.objectives, objective) !== 'maximise') return costReading(timeline);
  return {
    sense: 'maximise',
    valueAt: (step) => rules.counters(timeline.stateAt(step))[objective] ?? 0,
    endedAt: (step) => rules.status(timeline.stateAt(step)) !== 'playing',
  };
}

/**
 * What the curve draws at a step: the cost left (minimised), or the best final value still
 * reachable, the value so far plus the most still to gain (maximised); `bound` when only the
 * "at least" is known. Undefined when the step is unknown or dead.
 */
export function curvePoint(answer: CurveValue | undefined, step: number, reading?: CurveReading): { value: number; bound: boolean } | undefined {
  if (!answer || answer.dead) return undefined;
  const left = answer.distance ?? answer.lowerBound;
  if (left === undefined || left === null) return undefined;
  const base = reading?.sense === 'maximise' ? reading.valueAt(step) : 0;
  return { value: base + left, bound: answer.distance === null };
}

/**
 * The distance of each step from `from` to `to`, in order. One oracle serves the whole range, so
 * a position met again, and every state on an optimal line solved before, costs nothing.
 */
export function distanceCurve(timeline: AnyTimeline, oracle: AnyOracle, options: CurveOptions = {}): StateDistance[] {
  const from = Math.max(0, options.from ?? 0);
  const to = Math.min(timeline.length, options.to ?? timeline.length);
  const out: StateDistance[] = [];
  const byPosition = new Map<number, StateDistance>();
  for (let step = from; step <= to; step++) {
    if (options.shouldStop?.()) break;
    const position = timeline.positionAt(step);
    let answer = byPosition.get(position);
    if (!answer) {
      answer = oracle.distance(timeline.stateAt(step));
      byPosition.set(position, answer);
    }
    out.push(answer);
    options.onStep?.(step, answer);
  }
  return out;
}

/** A curve for a whole timeline with a fresh oracle (the CLI's and the tests' one call). */
export function wholeCurve(timeline: AnyTimeline, rules: AnyRules, options: CurveOptions = {}): StateDistance[] {
  return distanceCurve(timeline, new DistanceOracle(rules, options), options);
}

/**
 * The first step whose position is on no optimal continuation from the start: the line's cost so
 * far plus the distance left exceeds the start's distance (a move that does not lower the distance
 * by its own cost, a dead position, or a bound already past par). Undefined when the play never
 * leaves the optimal lines, or when the start's distance is not known. Maximised: the first step
 * whose score so far plus the most still to gain (known exactly) is below the start's best.
 */
export function divergenceStep(timeline: AnyTimeline, curve: readonly (CurveValue | undefined)[], reading: CurveReading = costReading(timeline)): number | undefined {
  const par = curve[0]?.distance;
  if (par === null || par === undefined) return undefined;
  if (reading.sense === 'maximise') {
    const best = reading.valueAt(0) + par;
    for (let step = 1; step < curve.length; step++) {
      const left = curve[step]?.distance;
      if (left !== undefined && left !== null && reading.valueAt(step) + left < best) return step;
    }
    return undefined;
  }
  for (let step = 1; step < curve.length; step++) {
    const answer = curve[step];
    if (!answer) continue;
    if (answer.dead) return step;
    const left = answer.distance ?? answer.lowerBound;
    if (left !== undefined && timeline.lineCostAt(step) + left > par) return step;
  }
  return undefined;
}

/** Runs of dead steps: each from the step that made the position dead to the last dead one. */
export function deadStretches(curve: readonly (CurveValue | undefined)[]): { readonly from: number; readonly to: number }[] {
  const out: { from: number; to: number }[] = [];
  curve.forEach((answer, step) => {
    if (!answer?.dead) return;
    const last = out[out.length - 1];
    if (last && last.to === step - 1) last.to = step;
    else out.push({ from: step, to: step });
  });
  return out;
}

export interface ReplaySummary {
  readonly steps: number;
  /** Which way the objective is better (`value`, `par` and `wasted` are read by it). */
  readonly sense: ObjectiveSense;
  /** Cost of the final line (moves for push; a block game's placements). */
  readonly moves: number;
  /** The objective on the final line: its cost (minimised, as `moves`), or its score (maximised). */
  readonly value: number;
  /** The best from the start, when known: the optimal cost, or the best score reachable. */
  readonly par: number | null;
  /** Cost of every move made, undone ones included. */
  readonly movesMade: number;
  /** Moves that brought the play no nearer: made minus the distance gained (maximised: the points given up, par minus the best still reachable at the end); null while a distance is unknown. */
  readonly wasted: number | null;
  readonly undos: number;
  readonly redos: number;
  readonly restarts: number;
  readonly hints: number;
  readonly refused: number;
  readonly timeMs: number;
  /** The longest time between two entries, and the step it ended at. */
  readonly longestStall: { readonly ms: number; readonly step: number } | null;
  readonly longestDead: { readonly from: number; readonly to: number; readonly steps: number } | null;
  readonly divergence: number | null;
  /** `ended`: a maximised game that is over (its score is what it is; nothing is won or dead). */
  readonly final: 'won' | 'dead' | 'playing' | 'ended';
}

/** The summary line of a replay (curve entries not yet known count as unknown). */
export function summarizeReplay(timeline: AnyTimeline, curve: readonly (CurveValue | undefined)[], reading: CurveReading = costReading(timeline)): ReplaySummary {
  const counts = { undo: 0, redo: 0, restart: 0, hint: 0, refused: 0 };
  let movesMade = 0;
  let stall: { ms: number; step: number } | null = null;
  for (let step = 1; step <= timeline.length; step++) {
    const marker = timeline.markerAt(step);
    if (marker) counts[marker]++;
    const entry = timeline.entryAt(step)!;
    if (entry.type === 'command' && !timeline.refused(step)) movesMade += timeline.lineCostAt(step) - timeline.lineCostAt(step - 1);
    const gap = timeline.time(step) - timeline.time(step - 1);
    if (gap > 0 && (!stall || gap > stall.ms)) stall = { ms: gap, step };
  }
  const maximise = reading.sense === 'maximise';
  const first = curve[0]?.distance ?? null;
  const par = first !== null && maximise ? reading.valueAt(0) + first : first;
  const end = curve[timeline.length];
  const left = end?.distance ?? null;
  const value = reading.valueAt(timeline.length);
  const stretches = deadStretches(curve);
  const longest = stretches.reduce<{ from: number; to: number } | null>((best, s) => (!best || s.to - s.from > best.to - best.from ? s : best), null);
  const ended = maximise && reading.endedAt(timeline.length);
  const status = end === undefined ? 'playing' : end.dead ? 'dead' : ended ? 'ended' : end.distance === 0 && !maximise ? 'won' : 'playing';
  const wasted = par === null || left === null ? null : maximise ? par - (value + left) : movesMade - (par - left);
  return {
    steps: timeline.length,
    sense: reading.sense,
    moves: timeline.lineCostAt(timeline.length),
    value,
    par,
    movesMade,
    wasted,
    undos: counts.undo,
    redos: counts.redo,
    restarts: counts.restart,
    hints: counts.hint,
    refused: counts.refused,
    timeMs: timeline.duration,
    longestStall: stall,
    longestDead: longest ? { ...longest, steps: longest.to - longest.from + 1 } : null,
    divergence: divergenceStep(timeline, curve, reading) ?? null,
    final: status,
  };
}

/** Fewest and most steps one curve job answers. */
export const CURVE_CHUNK_MIN = 50;
export const CURVE_CHUNK_MAX = 20_000;

/**
 * How a curve of steps 0..`steps` is split into jobs: about two chunks per worker, so the pool's
 * workers share it and the curve fills in as chunks finish; never so small that a chunk loses the
 * work its neighbours would share, never so large that one job holds the rest back.
 */
export function curveChunkRanges(steps: number, workers: number): { readonly from: number; readonly to: number }[] {
  const values = steps + 1;
  const size = Math.min(CURVE_CHUNK_MAX, Math.max(CURVE_CHUNK_MIN, Math.ceil(values / Math.max(1, 2 * workers))));
  const out: { from: number; to: number }[] = [];
  for (let from = 0; from < values; from += size) out.push({ from, to: Math.min(steps, from + size - 1) });
  return out;
}
