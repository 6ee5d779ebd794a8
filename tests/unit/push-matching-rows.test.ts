/**
 * The matching bound kept from node to node (bound.ts `matchParent`: rows of the boxes whose side
 * changed are solved again, one or two by one, more at once): along a random walk of positions
 * far apart, each child's bound equals a matching solved from scratch for that child. A matching
 * of 65,536 cells or more (256 boxes) is solved row by row with stop polls, and past two changed
 * rows from scratch: the same bounds, and the stop is asked.
 */
import { describe, expect, it } from 'vitest';
import { MatchingBound } from '../../src-shared/rulesets/push/solver/bound.ts';
import { compilePlainBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { StopPoll } from '../../src-shared/search/stop-poll.ts';
import { microbanState, pushRules, stateOf } from '../support/microban.ts';
import { pushSetLevels } from '../support/push-sets.ts';
import { seededRandom as random } from '../support/seeded-random.ts';

function walk(board: CompiledBoard, seed: number, steps: number): { moved: number[]; checked: number } {
  const next = random(seed);
  const n = board.boxes.length;
  const live = Array.from({ length: board.size }, (_, c) => c).filter((c) => !board.dead[c]);
  const boxes = Int32Array.from(board.boxes);
  const boxAt = new Int32Array(board.size).fill(-1);
  boxes.forEach((c, i) => (boxAt[c] = i));
  const kept = new MatchingBound(board, n);
  kept.startBound(boxes, board.player);
  const moved: number[] = [];
  let checked = 0;
  for (let step = 0; step < steps; step++) {
    // Move a few boxes (none, one, two, or many: far-apart nodes) to free live cells.
    const k = [0, 1, 2, Math.floor(n / 2), n][Math.floor(next() * 5)];
    for (let m = 0; m < k; m++) {
      const i = Math.floor(next() * n);
      const to = live[Math.floor(next() * live.length)];
      if (boxAt[to] >= 0) continue;
      boxAt[boxes[i]] = -1;
      boxes[i] = to;
      boxAt[to] = i;
    }
    moved.push(k);
    const free = Array.from({ length: board.size }, (_, c) => c).filter((c) => boxAt[c] < 0);
    const player = free[Math.floor(next() * free.length)];
    kept.matchParent(boxes, player);
    // The node itself (a box left where it is), and children: some box to a free live cell, the
    // player where it was (the other boxes keep the sides the node gave them).
    expect(kept.childBound(0, boxes[0], player), `step ${step}`).toBe(new MatchingBound(board, n).startBound(boxes, player));
    checked++;
    for (let tries = 0; tries < 4; tries++) {
      const i = Math.floor(next() * n);
      const to = live[Math.floor(next() * live.length)];
      if (boxAt[to] >= 0 || player === to) continue;
      const child = Int32Array.from(boxes, (c, j) => (j === i ? to : c));
      const fresh = new MatchingBound(board, n).startBound(child, player);
      expect(kept.childBound(i, to, player), `step ${step}`).toBe(fresh);
      checked++;
    }
  }
  return { moved, checked };
}

describe('the matching bound kept from node to node', () => {
  it('gives every child the bound a matching from scratch gives, however many rows changed', () => {
    let checked = 0;
    const boards = [
      ...pushSetLevels('xsokoban').slice(0, 6).map((level) => compilePlainBoard(pushRules.load(level).state! as never)),
      ...[2, 60, 153].map((m) => compilePlainBoard(microbanState(m))),
    ];
    boards.forEach((board, k) => (checked += walk(board, 100 + k, 120).checked));
    expect(checked).toBeGreaterThan(1500);
  });
});

describe('a matching of 65,536 cells or more', () => {
  it('is solved row by row with stop polls, and kept from node to node, to the bounds of one solve', () => {
    // A room of 38 x 38 floor: 256 goals on a grid at even cells, 256 boxes at the odd cells
    // beside them, the player in a corner.
    const rows: string[] = ['#'.repeat(40)];
    for (let y = 1; y < 39; y++) {
      let row = '#';
      for (let x = 1; x < 39; x++) {
        const goal = x % 2 === 0 && y % 2 === 0 && x <= 32 && y <= 32;
        const box = x % 2 === 1 && y % 2 === 1 && x >= 3 && x <= 33 && y >= 3 && y <= 33;
        row += x === 1 && y === 1 ? '@' : goal ? '.' : box ? '$' : ' ';
      }
      rows.push(row + '#');
    }
    rows.push('#'.repeat(40));
    const board = compilePlainBoard(stateOf(rows));
    const n = board.boxes.length;
    expect(n * board.goals.length).toBeGreaterThanOrEqual(1 << 16);
    let asked = 0;
    const poll = new StopPoll(() => (asked++, false));
    const kept = new MatchingBound(board, n, poll);
    const boxes = Int32Array.from(board.boxes);
    const oneSolve = (player: number): number => new MatchingBound(board, n).startBound(boxes, player);
    expect(kept.startBound(boxes, board.player)).toBe(oneSolve(board.player));
    const next = random(7);
    const free = Array.from({ length: board.size }, (_, c) => c).filter((c) => !board.dead[c]);
    const boxAt = new Int32Array(board.size).fill(-1);
    boxes.forEach((c, i) => (boxAt[c] = i));
    // One, two (one row at a time), then five and fifty boxes moved (from scratch, with polls).
    for (const k of [1, 2, 5, 50, 1, 2]) {
      for (let moved = 0; moved < k; ) {
        const i = Math.floor(next() * n);
        const to = free[Math.floor(next() * free.length)];
        if (boxAt[to] >= 0 || to === board.player) continue;
        boxAt[boxes[i]] = -1;
        boxes[i] = to;
        boxAt[to] = i;
        moved++;
      }
      kept.matchParent(boxes, board.player);
      expect(kept.childBound(0, boxes[0], board.player), `${k} moved`).toBe(oneSolve(board.player));
    }
    expect(asked).toBeGreaterThan(0);
  });
});
