/**
 * The distance-to-goal curve of a replay timeline and what a designer reads from it: where the
 * player left every optimal continuation, where the position became dead, and the play's summary
 * (moves against par, wasted moves, undos, restarts, hints, time, the longest stall and the
 * longest dead stretch). The same figures feed the scrubber, the worker job and `cli replay`.
 */
import type { ReplayTimeline } from '../engine/play/replay-timeline.ts';
import type { AnyRules, LevelMeta } from '../engine/ruleset.ts';
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
 * leaves the optimal lines, or when the start's distance is not known.
 */
export function divergenceStep(timeline: AnyTimeline, curve: readonly (CurveValue | undefined)[]): number | undefined {
  const par = curve[0]?.distance;
  if (par === null || par === undefined) return undefined;
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
  /** Cost of the final line (the primary objective: moves for push). */
  readonly moves: number;
  /** The optimal cost from the start, when known. */
  readonly par: number | null;
  /** Cost of every move made, undone ones included. */
  readonly movesMade: number;
  /** Moves that brought the play no nearer: made minus the distance gained; null while a distance is unknown. */
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
  readonly final: 'won' | 'dead' | 'playing';
}

/** The summary line of a replay (curve entries not yet known count as unknown). */
export function summarizeReplay(timeline: AnyTimeline, curve: readonly (CurveValue | undefined)[]): ReplaySummary {
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
  const par = curve[0]?.distance ?? null;
  const end = curve[timeline.length];
  const left = end?.distance ?? null;
  const stretches = deadStretches(curve);
  const longest = stretches.reduce<{ from: number; to: number } | null>((best, s) => (!best || s.to - s.from > best.to - best.from ? s : best), null);
  const status = end === undefined ? 'playing' : end.dead ? 'dead' : end.distance === 0 ? 'won' : 'playing';
  return {
    steps: timeline.length,
    moves: timeline.lineCostAt(timeline.length),
    par,
    movesMade,
    wasted: par !== null && left !== null ? movesMade - (par - left) : null,
    undos: counts.undo,
    redos: counts.redo,
    restarts: counts.restart,
    hints: counts.hint,
    refused: counts.refused,
    timeMs: timeline.duration,
    longestStall: stall,
    longestDead: longest ? { ...longest, steps: longest.to - longest.from + 1 } : null,
    divergence: divergenceStep(timeline, curve) ?? null,
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
