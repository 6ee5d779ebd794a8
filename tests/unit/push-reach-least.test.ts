/**
 * The player's key by pushes without its region (reach.ts `leastIn`): the least cell of the
 * player's region, found by a walk that ends at the board's least free cell, against the whole
 * flood of `regionMin`, on XSokoban and Microban boards with random boxes (dense ones make
 * pockets, where the walk cannot end early) and the player on every free cell of a sample.
 */
import { describe, expect, it } from 'vitest';
import { compilePlainBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { PlayerReach } from '../../src-shared/rulesets/push/solver/reach.ts';
import { microbanState, pushRules } from '../support/microban.ts';
import { pushSetLevels } from '../support/push-sets.ts';
import { seededRandom as random } from '../support/seeded-random.ts';

function boards(): CompiledBoard[] {
  const xsokoban = [1, 10, 29, 50, 90].map((n) => compilePlainBoard(pushRules.load(pushSetLevels('xsokoban')[n - 1]).state! as never));
  const microban = [1, 60, 153].map((n) => compilePlainBoard(microbanState(n)));
  return [...xsokoban, ...microban];
}

describe('PlayerReach.leastIn', () => {
  it("is regionMin's cell from every start, and leaves regionMin's region as it was", () => {
    const next = random(1204);
    let positions = 0;
    let pockets = 0;
    for (const board of boards()) {
      const reach = new PlayerReach(board);
      const boxAt = new Int32Array(board.size).fill(-1);
      for (let trial = 0; trial < 30; trial++) {
        boxAt.fill(-1);
        const density = 0.05 + next() * 0.5;
        for (let c = 0; c < board.size; c++) if (next() < density) boxAt[c] = 0;
        const free = [...Array(board.size).keys()].filter((c) => boxAt[c] < 0);
        if (free.length === 0) continue;
        // The region of one cell stays readable across the walks (inRegion).
        const kept = free[Math.floor(next() * free.length)];
        const keptLeast = reach.regionMin(kept, boxAt);
        const inKept = free.filter((c) => reach.inRegion(c));
        for (let k = 0; k < 12; k++) {
          const from = free[Math.floor(next() * free.length)];
          const least = reach.leastIn(from, boxAt);
          if (least !== free[0]) pockets++;
          positions++;
          expect(least).toBe(new PlayerReach(board).regionMin(from, boxAt));
        }
        expect(free.filter((c) => reach.inRegion(c))).toEqual(inKept);
        expect(inKept).toContain(keptLeast);
      }
    }
    expect(positions).toBeGreaterThan(2000);
    // Both kinds of walk were tried: those that end at the least free cell and those that cannot.
    expect(pockets).toBeGreaterThan(100);
    expect(positions - pockets).toBeGreaterThan(100);
  });
});
