/**
 * Searches that run in slices and are paused between phases of a solve (race.ts, both-ways.ts):
 * one out of budget goes on when granted more, finding what an unbroken run finds; a bound
 * lowered while it runs proves a solution of that cost optimal; and the player's walks on a big
 * board (reach.ts: one A* walk per cell next to a box) agree with a flood of the room.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src-shared/engine/rng.ts';
import { compilePlainBoard, reverseBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { startBothWays } from '../../src-shared/rulesets/push/solver/both-ways.ts';
import { PlayerReach, TARGETED_WALKS_FROM } from '../../src-shared/rulesets/push/solver/reach.ts';
import { searchPlain, startPlain } from '../../src-shared/rulesets/push/solver/search.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, stateOf } from '../support/microban.ts';

const optimal = readMicrobanOptimal();

describe('a search paused out of budget', () => {
  it('goes on when granted more and finds the optimum an unbroken run finds', () => {
    for (const [level, objective] of [
      [5, 'moves'],
      [80, 'pushes'],
      [60, 'moves'],
    ] as const) {
      const board = compilePlainBoard(microbanState(level));
      const whole = searchPlain(board, { objective, budget: 1_000_000 });
      expect(whole.status).toBe('solved');
      const run = startPlain(board, { objective, budget: 50 });
      let result = run.run(Infinity);
      let pauses = 0;
      // Granted 50 states at a time: every pause is out of budget, and the search resumes.
      while (result?.status === 'budget' && pauses < 10_000) {
        pauses++;
        run.setBudget(run.stored + 50);
        result = run.run(Infinity);
      }
      expect(pauses).toBeGreaterThan(3);
      expect(result).toMatchObject({ status: 'solved', cost: whole.cost });
      expect(run.stored).toBe(whole.stored);
      const known = objective === 'moves' ? optimal[level - 1].moves : optimal[level - 1].pushes;
      expect(result!.cost).toBe(known);
    }
  });

  it('run both ways in slices, paused and resumed, ends as one run does', () => {
    const board = compilePlainBoard(microbanState(60));
    const reversed = reverseBoard(board);
    const whole = startBothWays(board, reversed, { objective: 'moves', budget: 1_000_000 }).run(Infinity)!;
    const sliced = startBothWays(board, reversed, { objective: 'moves', budget: 1_000_000 });
    let result = sliced.run(100);
    let slices = 1;
    for (; result === undefined && slices < 10_000; slices++) result = sliced.run(100);
    expect(slices).toBeGreaterThan(2);
    expect(result).toMatchObject({ status: 'solved', cost: whole.cost, nodes: whole.nodes, stored: whole.stored });
  });
});

describe('a bound lowered while a search runs', () => {
  it('proves a solution of that cost optimal: the exact search ends unsolvable at its f layer', () => {
    const level = 30;
    const known = optimal[level - 1].moves!;
    const board = compilePlainBoard(microbanState(level));
    const run = startPlain(board, { objective: 'moves', budget: 1_000_000 });
    expect(run.run(20)).toBeUndefined();
    run.setUpperBound(known);
    const result = run.run(Infinity)!;
    expect(result.status).toBe('unsolvable');
    expect(result.lowerBound).toBe(known);
    // One too low, and nothing cheaper exists either: a bound below the optimum is never "proven".
    const below = startPlain(board, { objective: 'moves', budget: 1_000_000, upperBound: known - 1 }).run(Infinity)!;
    expect(below.status).toBe('unsolvable');
    expect(below.lowerBound).toBeLessThan(known);
  });

  it('a weighted search drops what it queued above the new bound and finds only cheaper solutions', () => {
    const board = compilePlainBoard(microbanState(60));
    const first = searchPlain(board, { objective: 'moves', budget: 1_000_000, weight: 4 });
    expect(first.status).toBe('solved');
    const run = startPlain(board, { objective: 'moves', budget: 1_000_000, weight: 4 });
    run.run(10);
    run.setUpperBound(first.cost!);
    const again = run.run(Infinity)!;
    if (again.status === 'solved') expect(again.cost).toBeLessThan(first.cost!);
    else expect(again.status).toBe('unsolvable');
  });
});

describe('walks on a big board', () => {
  /** Plain BFS distances from `from` around the boxes. */
  function bfsFrom(nbr: Int32Array, size: number, from: number, boxAt: Int32Array): Int32Array {
    const dist = new Int32Array(size).fill(-1);
    dist[from] = 0;
    const queue = [from];
    for (let head = 0; head < queue.length; head++) {
      const c = queue[head];
      for (let d = 0; d < 4; d++) {
        const m = nbr[c * 4 + d];
        if (m >= 0 && boxAt[m] < 0 && dist[m] < 0) {
          dist[m] = dist[c] + 1;
          queue.push(m);
        }
      }
    }
    return dist;
  }

  it('the walks to the cells next to a few boxes are the shortest ones, and unreachable cells stay unmarked', () => {
    const rng = new Rng('targeted-walks');
    for (let trial = 0; trial < 30; trial++) {
      const side = 40 + rng.int(30);
      // A room with walls scattered in it (some walks detour, some cells are cut off) and a few boxes.
      const grid = Array.from({ length: side }, (_, y) =>
        Array.from({ length: side }, (_, x): string => (x === 0 || y === 0 || x === side - 1 || y === side - 1 || rng.int(100) < 18 ? '#' : ' ')),
      );
      const free: [number, number][] = [];
      for (let y = 1; y < side - 1; y++) for (let x = 1; x < side - 1; x++) if (grid[y][x] === ' ') free.push([x, y]);
      const pick = (): [number, number] => free.splice(rng.int(free.length), 1)[0];
      const boxCount = 1 + rng.int(5);
      const [px, py] = pick();
      grid[py][px] = '@';
      for (let i = 0; i < boxCount; i++) {
        const [bx, by] = pick();
        grid[by][bx] = '$';
        const [gx, gy] = pick();
        grid[gy][gx] = '.';
      }
      const board = compilePlainBoard(stateOf(grid.map((row) => row.join(''))));
      if (board.size < TARGETED_WALKS_FROM) continue;
      const reach = new PlayerReach(board);
      const boxAt = new Int32Array(board.size).fill(-1);
      board.boxes.forEach((b, i) => (boxAt[b] = i));
      const count = reach.markTargets(board.boxes, boxAt);
      const stamp = reach.flood(board.player, boxAt, count);
      const truth = bfsFrom(board.nbr, board.size, board.player, boxAt);
      // The targets: the free cells next to a box.
      const targets = new Set<number>();
      for (const b of board.boxes) for (let d = 0; d < 4; d++) if (board.nbr[b * 4 + d] >= 0 && boxAt[board.nbr[b * 4 + d]] < 0) targets.add(board.nbr[b * 4 + d]);
      expect(count).toBe(targets.size);
      for (const c of targets) {
        if (truth[c] < 0) expect(reach.seen[c]).not.toBe(stamp);
        else {
          expect(reach.seen[c]).toBe(stamp);
          expect(reach.walk[c]).toBe(truth[c]);
        }
      }
    }
  });
});
