/**
 * Every deadlock rule of the push solver against brute force on small boards: all placements of
 * the boxes with the player in each of its areas, and the set of positions from which the board
 * can be won, found by pulls from every solved position (moves.ts: pulls reach exactly those).
 * A rule that calls a position dead must be right: dead squares, a box frozen off its goal
 * (deadlock.ts), a corral that needs work and can never be opened (corral.ts), no complete
 * matching (bound.ts), and the kind's cheap `deadEnd`. PI-corral pruning must keep a way to win:
 * from a winnable position some push it allows leads to a winnable one.
 */
import { describe, expect, it } from 'vitest';
import { compilePlainBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { CORRAL_DEADLOCK, CorralPruner, NO_CORRAL } from '../../src-shared/rulesets/push/solver/corral.ts';
import { FROZEN_OFF_GOAL, FreezeDetector } from '../../src-shared/rulesets/push/solver/deadlock.ts';
import { MatchingBound } from '../../src-shared/rulesets/push/solver/bound.ts';
import { hasFrozenBoxOffGoal } from '../../src-shared/rulesets/push/dead-end.ts';
import { applyPull, pullsFrom } from '../../src-shared/rulesets/push/solver/moves.ts';
import { INFEASIBLE } from '../../src-shared/search/assignment.ts';
import { pushRules, stateOf } from '../support/microban.ts';

/** Boards with their goals and one box per goal (placed anywhere: the placements are enumerated). */
const BOARDS: readonly (readonly string[])[] = [
  // An open room with a pillar: freezes against walls and each other.
  ['#######', '#     #', '# .#. #', '#  .  #', '#@    #', '#######'],
  // A goal room behind a door: corrals and boxes frozen in the doorway.
  ['########', '#   #  #', '# @   .#', '#   # .#', '###### #', '########'],
  // A corridor with an alcove: dead squares and a corral along a wall.
  ['#########', '#@      #', '# ## ## #', '#  . .  #', '#########'],
];

/** The board with its boxes on `cells` (grid indices) and the player on `player`, as a PushState. */
function placed(rows: readonly string[], cells: readonly number[], player: number) {
  const width = rows[0].length;
  const grid = rows.map((r) => r.replace(/[$@*+]/g, (ch) => (ch === '*' || ch === '+' ? '.' : ' ')).split(''));
  for (const c of cells) {
    const [x, y] = [c % width, Math.floor(c / width)];
    grid[y][x] = grid[y][x] === '.' ? '*' : '$';
  }
  const [px, py] = [player % width, Math.floor(player / width)];
  grid[py][px] = grid[py][px] === '.' ? '+' : '@';
  return stateOf(grid.map((r) => r.join('')));
}

/** Key of a position: sorted box cells and the least cell of the player's area. */
function keyOf(board: CompiledBoard, boxes: ArrayLike<number>, player: number): string {
  return `${Array.from(boxes).sort((a, b) => a - b).join(',')}|${areaOf(board, boxes, player).min}`;
}

function areaOf(board: CompiledBoard, boxes: ArrayLike<number>, player: number): { min: number; seen: Uint8Array } {
  const blocked = new Uint8Array(board.size);
  for (let i = 0; i < boxes.length; i++) blocked[boxes[i]] = 1;
  const seen = new Uint8Array(board.size);
  const queue = [player];
  seen[player] = 1;
  let min = player;
  while (queue.length > 0) {
    const c = queue.pop()!;
    if (c < min) min = c;
    for (let d = 0; d < 4; d++) {
      const m = board.nbr[c * 4 + d];
      if (m >= 0 && !blocked[m] && !seen[m]) {
        seen[m] = 1;
        queue.push(m);
      }
    }
  }
  return { min, seen };
}

/** Every winnable position (by key), by pulls from each solved position. */
function winnable(board: CompiledBoard): Set<string> {
  const found = new Set<string>();
  const queue: { boxes: Int32Array; player: number }[] = [];
  const goals = Int32Array.from(board.goals).sort();
  for (let p = 0; p < board.size; p++) {
    if (board.goal[p]) continue;
    const key = keyOf(board, goals, p);
    if (found.has(key)) continue;
    found.add(key);
    queue.push({ boxes: goals, player: p });
  }
  while (queue.length > 0) {
    const { boxes, player } = queue.pop()!;
    for (const pull of pullsFrom(board, player, boxes)) {
      const next = applyPull(boxes, pull);
      const key = keyOf(board, next.boxes, next.player);
      if (found.has(key)) continue;
      found.add(key);
      queue.push(next);
    }
  }
  return found;
}

/** Every placement of `n` boxes on the board's floor, each with the player once in each area. */
function* positions(board: CompiledBoard, n: number): Generator<{ boxes: Int32Array; player: number }> {
  const pick = new Int32Array(n);
  function* choose(k: number, from: number): Generator<Int32Array> {
    if (k === n) return yield pick;
    for (let c = from; c < board.size; c++) {
      pick[k] = c;
      yield* choose(k + 1, c + 1);
    }
  }
  for (const boxes of choose(0, 0)) {
    const covered = new Uint8Array(board.size);
    for (const b of boxes) covered[b] = 1;
    for (let p = 0; p < board.size; p++) {
      if (covered[p]) continue;
      const { seen } = areaOf(board, boxes, p);
      for (let c = 0; c < board.size; c++) if (seen[c]) covered[c] = 1;
      yield { boxes: Int32Array.from(boxes), player: p };
    }
  }
}

describe('deadlock rules against brute force', () => {
  let beyondFreeze = 0;
  BOARDS.forEach((rows, index) => {
    it(`never call a winnable position dead, and corral pruning keeps a way to win (board ${index + 1})`, () => {
      const state = stateOf([...rows]);
      const board = compilePlainBoard(state);
      const n = board.goals.length;
      const wins = winnable(board);
      const freeze = new FreezeDetector(board);
      const corrals = new CorralPruner(board, n, true);
      const matching = new MatchingBound(board, n);
      const boxAt = new Int32Array(board.size).fill(-1);
      const wrong: string[] = [];
      const called = { frozen: 0, corral: 0, matching: 0, deadSquare: 0, deadEnd: 0, pruned: 0, beyondFreeze: 0 };
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
        if (matching.startBound(boxes, player) >= INFEASIBLE) {
          called.matching++;
          if (won) wrong.push(`matching: ${where}`);
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
    });
  });

  it('the cheap dead answer sees deadlocks beyond dead squares and freezes (corrals, no matching) on these boards', () => {
    expect(beyondFreeze).toBeGreaterThan(0);
  });
});
