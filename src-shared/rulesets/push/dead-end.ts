/**
 * Push's cheap "can never be won", asked before any search (the replay scrubber shades the steps
 * after it): a box off its goal on a dead square (no push in the relaxed model brings it to any
 * goal, mechanics included: the lower bound is then infinite), or, on plain boards with as many
 * boxes as goals, the solver's own deadlock rules on the position as it stands:
 * - a group of boxes frozen against walls and each other with one of them off a goal, or boxes
 *   frozen on goals that wall off an empty goal (deadlock.ts);
 * - a corral the player cannot enter that needs work and whose barrier can never be pushed
 *   (corral.ts);
 * - no complete matching of boxes to goals over push distances that know the player's side of
 *   each box (bound.ts): some goal no box can reach while the others are filled.
 * Each is sound: it never calls a winnable position dead (tests/unit/push-deadlock-brute.test.ts
 * checks them against every position of small boards); what they miss, an exhausted search finds.
 * Each costs a flood of the board and a matching of boxes to goals, with the compiled tables built
 * once per board; above CHEAP_BOXES boxes only the freeze test is made.
 */
import type { PushBoard, PushState } from './board.ts';
import { INFEASIBLE } from '../../search/assignment.ts';
import { MatchingBound } from './solver/bound.ts';
import { compilePlainBoard, type CompiledBoard } from './solver/compiled.ts';
import { CORRAL_DEADLOCK, CorralPruner } from './solver/corral.ts';
import { FROZEN_OFF_GOAL, FROZEN_ON_GOALS, FreezeDetector, FrozenGoalDeadlock } from './solver/deadlock.ts';
import { PlayerReach } from './solver/reach.ts';

interface DeadlockCheck {
  readonly board: CompiledBoard;
  readonly detector: FreezeDetector;
  readonly boxAt: Int32Array;
  /** With as many boxes as goals (every box must end on one): the rules below apply. */
  readonly exact?: {
    readonly reach: PlayerReach;
    readonly corrals: CorralPruner;
    readonly matching: MatchingBound;
    readonly frozenGoals: FrozenGoalDeadlock;
  };
}

/**
 * Boards with more boxes get the freeze test alone: a matching from scratch takes boxes squared
 * times goals, and a frozen set's tables goals times cells, too much for an answer asked at
 * every step of a replay.
 */
const CHEAP_BOXES = 64;

/** One compiled board per level board (the walls and goals never change during play). */
const checks = new WeakMap<PushBoard, DeadlockCheck>();

function checkFor(state: PushState): DeadlockCheck {
  let check = checks.get(state.board);
  if (!check) {
    const board = compilePlainBoard(state);
    const n = board.boxes.length;
    const exact =
      n === board.goals.length && n > 0 && n <= CHEAP_BOXES && !board.hopeless
        ? { reach: new PlayerReach(board), corrals: new CorralPruner(board, n, true), matching: new MatchingBound(board, n), frozenGoals: new FrozenGoalDeadlock(board, n) }
        : undefined;
    check = { board, detector: new FreezeDetector(board), boxAt: new Int32Array(board.size).fill(-1), ...(exact ? { exact } : {}) };
    checks.set(state.board, check);
  }
  return check;
}

/** True when some box is frozen off a goal (plain boards only: mechanics can move a wall). */
export function hasFrozenBoxOffGoal(state: PushState): boolean {
  if (!state.board.plain) return false;
  const { board, detector, boxAt } = checkFor(state);
  const cells = state.boxes.map((b) => board.floorOf[b]).filter((c) => c >= 0);
  cells.forEach((c, i) => (boxAt[c] = i));
  try {
    return cells.some((c) => !board.goal[c] && detector.check(boxAt, c) === FROZEN_OFF_GOAL);
  } finally {
    for (const c of cells) boxAt[c] = -1;
  }
}

/**
 * The solver's deadlock rules on a plain position with as many boxes as goals (false elsewhere):
 * frozen boxes (off a goal, or on goals walling off an empty one or the pocket a box must be
 * pushed from), a corral that can never be opened, or no complete matching.
 */
export function hasPlainDeadlock(state: PushState): boolean {
  if (!state.board.plain) return false;
  const check = checkFor(state);
  const { board, detector, boxAt, exact } = check;
  const player = board.floorOf[state.player];
  const cells = Int32Array.from(state.boxes.map((b) => board.floorOf[b]).filter((c) => c >= 0)).sort();
  if (!exact || player < 0 || cells.length !== board.goals.length) return hasFrozenBoxOffGoal(state);
  cells.forEach((c, i) => (boxAt[c] = i));
  try {
    for (const c of cells) {
      const frozen = detector.check(boxAt, c);
      if (frozen === FROZEN_OFF_GOAL) return true;
      if (frozen === FROZEN_ON_GOALS && exact.frozenGoals.dead(cells, detector.frozenCells, detector.frozenCount, player)) return true;
    }
    const stamp = exact.reach.flood(player, boxAt);
    if (exact.corrals.find(cells, boxAt, exact.reach.seen, stamp) === CORRAL_DEADLOCK) return true;
    return exact.matching.startBound(cells, player) >= INFEASIBLE;
  } finally {
    for (const c of cells) boxAt[c] = -1;
  }
}

/** `deadEnd` of the push search facet: `lowerBound` is the rules' own (Infinity on a dead square). */
export function pushDeadEnd(state: PushState, lowerBound: (state: PushState) => number): boolean {
  return lowerBound(state) === Infinity || hasPlainDeadlock(state);
}
