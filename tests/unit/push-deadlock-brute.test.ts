/**
 * Every deadlock rule of the push solver against brute force on small boards: all placements of
 * the boxes with the player in each of its areas, and the set of positions from which the board
 * can be won, found by pulls from every solved position (moves.ts: pulls reach exactly those).
 * A rule that calls a position dead must be right: dead squares, a box frozen off its goal
 * (deadlock.ts), boxes frozen on goals that leave the others no complete matching on the floor
 * less them (deadlock.ts FrozenGoalDeadlock), a corral that needs work and can never be opened
 * (corral.ts), no complete matching (bound.ts), and the kind's cheap `deadEnd`. PI-corral pruning must keep a way to win:
 * from a winnable position some push it allows leads to a winnable one.
 */
import { describe, expect, it } from 'vitest';
import { compilePlainBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { CORRAL_DEADLOCK, CorralPruner, NO_CORRAL } from '../../src-shared/rulesets/push/solver/corral.ts';
import { FROZEN_OFF_GOAL, FROZEN_ON_GOALS, FreezeDetector, FrozenGoalDeadlock } from '../../src-shared/rulesets/push/solver/deadlock.ts';
import { MatchingBound } from '../../src-shared/rulesets/push/solver/bound.ts';
import { hasFrozenBoxOffGoal } from '../../src-shared/rulesets/push/dead-end.ts';
import { INFEASIBLE } from '../../src-shared/search/assignment.ts';
import { pushRules, stateOf } from '../support/microban.ts';
import { areaOf, keyOf, placed, positions, winnable } from '../support/push-brute.ts';

/** Boards with their goals and one box per goal (placed anywhere: the placements are enumerated). */
const BOARDS: readonly (readonly string[])[] = [
  // An open room with a pillar: freezes against walls and each other.
  ['#######', '#     #', '# .#. #', '#  .  #', '#@    #', '#######'],
  // A goal room behind a door: corrals and boxes frozen in the doorway.
  ['########', '#   #  #', '# @   .#', '#   # .#', '###### #', '########'],
  // A corridor with an alcove: dead squares and a corral along a wall.
  ['#########', '#@      #', '# ## ## #', '#  . .  #', '#########'],
  // Two corner goals that, filled, close a pocket: the goal below the pocket's mouth is then
  // filled only by a push from the pocket, which the player can no longer enter.
  ['#######', '#.. ###', '#    @#', '###.###', '#######'],
];

describe('deadlock rules against brute force', () => {
  let beyondFreeze = 0;
  let beyondOpenFloor = 0;
  BOARDS.forEach((rows, index) => {
    it(`never call a winnable position dead, and corral pruning keeps a way to win (board ${index + 1})`, () => {
      const state = stateOf([...rows]);
      const board = compilePlainBoard(state);
      const n = board.goals.length;
      const wins = winnable(board);
      const freeze = new FreezeDetector(board);
      const corrals = new CorralPruner(board, n, true);
      const matching = new MatchingBound(board, n);
      const frozenGoals = new FrozenGoalDeadlock(board, n);
      const boxAt = new Int32Array(board.size).fill(-1);
      const wrong: string[] = [];
      const called = { frozen: 0, frozenGoals: 0, corral: 0, matching: 0, deadSquare: 0, deadEnd: 0, pruned: 0, beyondFreeze: 0, beyondOpenFloor: 0 };
      for (const { boxes, player } of positions(board, n)) {
        const won = wins.has(keyOf(board, boxes, player));
        boxes.forEach((c, i) => (boxAt[c] = i));
        const { seen } = areaOf(board, boxes, player);
        const seen32 = Uint32Array.from(seen);
        const where = `boxes ${Array.from(boxes, (c) => board.gridOf[c]).join(',')} player ${board.gridOf[player]}`;
        if (boxes.some((c) => board.dead[c])) {
          called.deadSquare++;
          if (won) wrong.push(`dead square: ${where}`);
        }
        if (boxes.some((c) => freeze.check(boxAt, c) === FROZEN_OFF_GOAL)) {
          called.frozen++;
          if (won) wrong.push(`frozen: ${where}`);
        }
        const unmatched = matching.startBound(boxes, player) >= INFEASIBLE;
        if (unmatched) {
          called.matching++;
          if (won) wrong.push(`matching: ${where}`);
        }
        const walledOff = boxes.some(
          (c) => freeze.check(boxAt, c) === FROZEN_ON_GOALS && frozenGoals.dead(boxes, freeze.frozenCells, freeze.frozenCount, player),
        );
        if (walledOff) {
          called.frozenGoals++;
          if (won) wrong.push(`frozen on goals: ${where}`);
          // Dead on the floor less the frozen boxes where the open floor's matching is not.
          if (!unmatched) called.beyondOpenFloor++;
        }
        const found = corrals.find(boxes, boxAt, seen32, 1);
        if (found === CORRAL_DEADLOCK) {
          called.corral++;
          if (won) wrong.push(`corral: ${where}`);
        } else if (found !== NO_CORRAL && won) {
          called.pruned++;
          // Some allowed push (box * 4 + direction) must lead to a winnable position.
          const allowed = Array.from(corrals.pushes.subarray(0, found));
          const keeps = allowed.some((push) => {
            const i = push >> 2;
            const t = board.nbr[boxes[i] * 4 + (push & 3)];
            const next = Int32Array.from(boxes);
            next[i] = t;
            return wins.has(keyOf(board, next, boxes[i]));
          });
          if (!keeps) wrong.push(`corral pruning loses every win: ${where}`);
        }
        boxes.forEach((c) => (boxAt[c] = -1));
        const position = placed(rows, Array.from(boxes, (c) => board.gridOf[c]), board.gridOf[player]);
        if (pushRules.deadEnd!(position)) {
          called.deadEnd++;
          if (won) wrong.push(`deadEnd: ${where}`);
          // Dead by a corral or the matching alone: more than dead squares and freezes see.
          if (!boxes.some((c) => board.dead[c]) && !hasFrozenBoxOffGoal(position)) called.beyondFreeze++;
        }
      }
      expect(wrong).toEqual([]);
      // Each board exercises the rules it was drawn for (so the test cannot pass by calling nothing).
      expect(called.frozen + called.corral + called.deadSquare).toBeGreaterThan(0);
      expect(called.deadEnd).toBeGreaterThan(0);
      beyondFreeze += called.beyondFreeze;
      if (index === BOARDS.length - 1) beyondOpenFloor += called.beyondOpenFloor;
    });
  });

  it('boxes frozen on goals see deadlocks the open floor does not (a pocket closed to the player, board 4)', () => {
    expect(beyondOpenFloor).toBeGreaterThan(0);
  });

  it('the cheap dead answer sees deadlocks beyond dead squares and freezes (corrals, no matching) on these boards', () => {
    expect(beyondFreeze).toBeGreaterThan(0);
  });
});
