/**
 * The matching bound kept from node to node (bound.ts `matchParent`: rows of the boxes whose side
 * changed are solved again, one or two by one, more at once): along a random walk of positions
 * far apart, each child's bound equals a matching solved from scratch for that child.
 */
import { describe, expect, it } from 'vitest';
import { MatchingBound } from '../../src-shared/rulesets/push/solver/bound.ts';
import { compilePlainBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { microbanState, pushRules } from '../support/microban.ts';
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
