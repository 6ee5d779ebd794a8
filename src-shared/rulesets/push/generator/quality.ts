/**
 * A quality score for ranking candidates (never a sieve: a low score keeps a proven level, it
 * only orders it behind better ones). Seed 002: par is not difficulty; two 20-move levels can
 * feel completely different, one pushes a box down a corridor, the other makes the player push a
 * box off its goal to make room. The terms, from the optimal solution the proof found:
 *
 * - boxLines (weight 1): runs of pushes of one box in one direction. Each run is a separate
 *   decision (where to push from, which way); a corridor push is one line however long.
 * - boxChanges (weight 2): pushes of another box than the last. Switching boxes means the
 *   boxes are in each other's way: the order matters, which is what makes a Sokoban a puzzle.
 * - goalLeaves (weight 5): boxes pushed off a goal on the way (each box counted once). The
 *   counter-intuitive move designers value most: the obvious good state is a trap.
 * - pushShare (a factor, pushes over moves): the share of the solution spent moving boxes. A par
 *   made mostly of walking is long, not hard; the factor scales the decisions above down when
 *   they are spread thin over a long walk.
 *
 * score = (boxLines + 2 * boxChanges + 5 * goalLeaves) * pushShare, rounded to 2 decimals.
 */
import type { PushState } from '../board.ts';
import { pushMetrics } from '../metrics.ts';
import type { Direction } from '../schema.ts';
import { stepPush } from '../step.ts';

export interface QualityTerms {
  readonly boxLines: number;
  readonly boxChanges: number;
  readonly goalLeaves: number;
  /** Pushes over moves, 0 to 1. */
  readonly pushShare: number;
  readonly score: number;
}

export const QUALITY_WEIGHTS = { boxLines: 1, boxChanges: 2, goalLeaves: 5 } as const;

export function qualityOf(start: PushState, solution: readonly Direction[]): QualityTerms {
  // Box lines and changes are the verification's own figures (metrics.ts).
  const metrics = pushMetrics(start, solution);
  const boxLines = metrics.boxLines ?? 0;
  const boxChanges = metrics.boxChanges ?? 0;
  const pushes = metrics.pushes ?? 0;
  const goalLeaves = boxesLeavingGoals(start, solution);
  const pushShare = solution.length === 0 ? 0 : pushes / solution.length;
  const decisions = QUALITY_WEIGHTS.boxLines * boxLines + QUALITY_WEIGHTS.boxChanges * boxChanges + QUALITY_WEIGHTS.goalLeaves * goalLeaves;
  return { boxLines, boxChanges, goalLeaves, pushShare: round2(pushShare), score: round2(decisions * pushShare) };
}

/** Boxes (by id) that some push of the solution moves from a goal onto a cell that is none. */
export function boxesLeavingGoals(start: PushState, solution: readonly Direction[]): number {
  const { goal } = start.board;
  const left = new Set<number>();
  let state = start;
  for (const dir of solution) {
    const next = stepPush(state, dir).state;
    for (let id = 0; id < next.boxes.length; id++) {
      if (next.boxes[id] !== state.boxes[id] && goal[state.boxes[id]] && !goal[next.boxes[id]]) left.add(id);
    }
    state = next;
  }
  return left.size;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
