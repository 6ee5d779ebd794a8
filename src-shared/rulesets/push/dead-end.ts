/**
 * Push's cheap "can never be won", asked before any search (the replay scrubber shades the steps
 * after it): a box off its goal on a dead square (no push in the relaxed model brings it to any
 * goal, mechanics included: the lower bound is then infinite), or, on plain boards, a group of
 * boxes frozen against walls and each other with one of them off a goal. Both tests are sound:
 * they never call a winnable position dead; what they miss, an exhausted search finds.
 */
import type { PushBoard, PushState } from './board.ts';
import { compilePlainBoard, type CompiledBoard } from './solver/compiled.ts';
import { FROZEN_OFF_GOAL, FreezeDetector } from './solver/deadlock.ts';

interface FreezeCheck {
  readonly board: CompiledBoard;
  readonly detector: FreezeDetector;
  readonly boxAt: Int32Array;
}

/** One compiled board per level board (the walls and goals never change during play). */
const freezeChecks = new WeakMap<PushBoard, FreezeCheck>();

function freezeCheckFor(state: PushState): FreezeCheck {
  let check = freezeChecks.get(state.board);
  if (!check) {
    const board = compilePlainBoard(state);
    check = { board, detector: new FreezeDetector(board), boxAt: new Int32Array(board.size).fill(-1) };
    freezeChecks.set(state.board, check);
  }
  return check;
}

/** True when some box is frozen off a goal (plain boards only: mechanics can move a wall). */
export function hasFrozenBoxOffGoal(state: PushState): boolean {
  if (!state.board.plain) return false;
  const { board, detector, boxAt } = freezeCheckFor(state);
  const cells = state.boxes.map((b) => board.floorOf[b]).filter((c) => c >= 0);
  cells.forEach((c, i) => (boxAt[c] = i));
  try {
    return cells.some((c) => !board.goal[c] && detector.check(boxAt, c) === FROZEN_OFF_GOAL);
  } finally {
    for (const c of cells) boxAt[c] = -1;
  }
}

/** `deadEnd` of the push search facet: `lowerBound` is the rules' own (Infinity on a dead square). */
export function pushDeadEnd(state: PushState, lowerBound: (state: PushState) => number): boolean {
  return lowerBound(state) === Infinity || hasFrozenBoxOffGoal(state);
}
