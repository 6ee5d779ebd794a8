/**
 * Deadlock patterns (dead-patterns.ts) against brute force on small boards: a pattern learned
 * from one position, and every position it is then found in, must have no solution. The boards
 * have more boxes than a pattern needs, so patterns smaller than a position are learned and
 * found again in positions never probed.
 */
import { describe, expect, it } from 'vitest';
import { compilePlainBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { DeadPatterns, patternsFit } from '../../src-shared/rulesets/push/solver/dead-patterns.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { MAX_BOARD_SIDE } from '../../src-shared/rulesets/push/schema.ts';
import { FROZEN_OFF_GOAL, FreezeDetector } from '../../src-shared/rulesets/push/solver/deadlock.ts';
import { keyOf, positions, winnable } from '../support/push-brute.ts';
import { stateOf } from '../support/microban.ts';

const BOARDS: readonly (readonly string[])[] = [
  // Dead ends off a corridor: two boxes in one can never both come out.
  ['#########', '#@      #', '# ## ## #', '#  . .  #', '#########'],
  // Four goals in two rooms joined by a corridor: pairs that block each other in the corridor.
  ['########', '#  .   #', '# #### #', '#  . . #', '#@  .  #', '########'],
];

describe('deadlock patterns against brute force', () => {
  BOARDS.forEach((rows, index) => {
    it(`never learn or find a pattern in a winnable position (board ${index + 1})`, () => {
      const board = compilePlainBoard(stateOf([...rows]));
      const n = board.goals.length;
      const wins = winnable(board);
      const patterns = new DeadPatterns(board);
      const freeze = new FreezeDetector(board);
      const boxAt = new Int32Array(board.size).fill(-1);
      const all = [...positions(board, n)].map((p) => ({ ...p, won: wins.has(keyOf(board, p.boxes, p.player)) }));
      const wrong: string[] = [];
      let learned = 0;
      let beyondFreeze = 0;
      all.forEach(({ boxes, player, won }, k) => {
        boxes.forEach((c, i) => (boxAt[c] = i));
        // The box pushed last: each box in turn over the positions.
        if (patterns.learnFrom(boxes, boxAt, boxes[k % n], player)) {
          learned++;
          if (won) wrong.push(`learned from a winnable position: ${keyOf(board, boxes, player)}`);
          const frozen = boxes.some((c) => freeze.check(boxAt, c) === FROZEN_OFF_GOAL);
          if (!frozen && !boxes.some((c) => board.dead[c])) beyondFreeze++;
        }
        boxes.forEach((c) => (boxAt[c] = -1));
      });
      let found = 0;
      all.forEach(({ boxes, player, won }) => {
        boxes.forEach((c, i) => (boxAt[c] = i));
        const holds = patterns.holdsIn(boxes, boxAt, player);
        // A child's test (the box pushed onto c) agrees with the whole position's.
        const withEach = Array.from(boxes).some((c) => patterns.holdsWith(c, boxAt, player));
        boxes.forEach((c) => (boxAt[c] = -1));
        if (holds !== withEach) wrong.push(`holdsIn and holdsWith differ: ${keyOf(board, boxes, player)}`);
        if (!holds) return;
        found++;
        if (won) wrong.push(`a pattern in a winnable position: ${keyOf(board, boxes, player)}`);
      });
      expect(wrong).toEqual([]);
      // The rule sees what freezes and dead squares do not, and its patterns are found again in
      // more positions than they were learned from (smaller than those positions).
      expect(beyondFreeze).toBeGreaterThan(0);
      expect(patterns.count).toBeGreaterThan(0);
      expect(found).toBeGreaterThan(learned);
    });
  });
});

describe('a dead group beside a free box', () => {
  // Three boxes (row 3, and row 4's) that can only be pushed into the corner of row 4 or from a
  // cell the player never reaches, and a fourth that roams the room: the probe of all four gives
  // up, that of the three is dead at once (XSokoban 28 has the same knot).
  const rows = ['###########', '#   #     #', '# @       #', '#  #$$#   #', '#### $    #', '   ##  $  #', '   #      #', '   # .... #', '   ########'];

  it('is learned from a group one box smaller, and found again with the free box anywhere', () => {
    const board = compilePlainBoard(stateOf(rows));
    const at = (row: number, column: number): number => board.floorOf[row * board.width + column];
    const knot = [at(3, 4), at(3, 5), at(4, 5)];
    const boxAt = new Int32Array(board.size).fill(-1);
    const place = (boxes: Int32Array): void => boxes.forEach((c, i) => (boxAt[c] = i));
    const clear = (boxes: Int32Array): void => boxes.forEach((c) => (boxAt[c] = -1));
    const patterns = new DeadPatterns(board);
    const boxes = Int32Array.from(board.boxes);
    place(boxes);
    // The box pushed last is one of the knot's; the free box is within reach of it.
    expect(patterns.learnFrom(boxes, boxAt, at(4, 5), board.player)).toBe(true);
    clear(boxes);
    expect(patterns.count).toBe(1);
    // The free box elsewhere: the pattern (the knot alone) still holds.
    const moved = Int32Array.from([...knot, at(6, 8)]).sort();
    place(moved);
    expect(patterns.holdsIn(moved, boxAt, board.player)).toBe(true);
    clear(moved);
    // Without the knot's third box the pair can leave: no pattern.
    const pair = Int32Array.from([at(3, 4), at(3, 5), at(5, 5), at(6, 8)]).sort();
    place(pair);
    expect(patterns.holdsIn(pair, boxAt, board.player)).toBe(false);
    clear(pair);
  });
});

describe('which boards take deadlock patterns', () => {
  it('every board the push kind accepts; none whose cells would wrap a probe key', () => {
    // The largest board the kind loads: a 128 x 128 room, walls round it, one box and goal.
    const side = MAX_BOARD_SIDE;
    const rows = Array.from({ length: side }, (_, y) => (y === 0 || y === side - 1 ? '#'.repeat(side) : `#${' '.repeat(side - 2)}#`));
    rows[1] = `#@$.${' '.repeat(side - 5)}#`;
    const largest = compilePlainBoard(pushKind.create({}).rules!.load({ board: rows }).state!);
    expect(largest.size).toBe((side - 2) ** 2);
    expect(patternsFit(largest)).toBe(true);
    // A probe key holds a cell in one UTF-16 unit below its own marker: 0xffff cells would wrap.
    expect(patternsFit({ ...largest, size: 0xfffe })).toBe(true);
    expect(patternsFit({ ...largest, size: 0xffff })).toBe(false);
  });
});
