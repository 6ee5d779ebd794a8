/**
 * Goal rooms: the packing order and the search that fills the goals in it. Microban 153 is the
 * case that needs it: no other search finds any solution there, optimal or not.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { compilePlainBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { pathToMoves } from '../../src-shared/rulesets/push/solver/index.ts';
import { packingOrder, packingPlan } from '../../src-shared/rulesets/push/solver/packing.ts';
import { searchPlain } from '../../src-shared/rulesets/push/solver/search.ts';
import { BoxRoute } from '../../src-shared/rulesets/push/solver/box-route.ts';
import { pushSetLevels } from '../support/push-sets.ts';
import { microbanState, pushRules, stateOf } from '../support/microban.ts';

describe('packing order', () => {
  it('fills a dead-end column from its far end, and the doorway last', () => {
    const state = microbanState(153);
    const board = compilePlainBoard(state);
    const width = state.board.width;
    const order = packingOrder(board)!.map((c) => [board.gridOf[c] % width, Math.floor(board.gridOf[c] / width)].join());
    // The column x = 1 runs from y = 1 (dead end) down to the door at y = 7, 8.
    expect(order.slice(0, 6)).toEqual(['1,1', '1,2', '1,3', '1,4', '1,5', '1,6']);
    expect(order.slice(6).sort()).toEqual(['1,7', '1,8', '2,7', '2,8']);
    // (1,7) is pushed in from (2,7): it goes in before (2,7) is filled.
    expect(order.indexOf('1,7')).toBeLessThan(order.indexOf('2,7'));
  });

  it('fills a goal only while the player can still walk to the pushes that fill it (XSokoban 10)', () => {
    // The relaxed model lets the player stand anywhere: it put (15,3), in the room's top corner,
    // after (16,3) and (15,4), and then its only push, down from (15,1), needs the player in a
    // pocket the box seals. Each goal of the order, with the goals before it filled, must let its
    // box be pulled out to a floor cell that is no goal.
    const state = pushRules.load(pushSetLevels('xsokoban')[9]).state!;
    const board = compilePlainBoard(state);
    const order = packingOrder(board)!;
    const router = new BoxRoute(board);
    const boxAt = new Int32Array(board.size).fill(-1);
    const outside = Uint8Array.from(board.goal, (goal) => (goal ? 0 : 1));
    for (const goal of order) {
      expect(router.pullsTo(goal, outside, boxAt), `goal ${goal}`).toBe(true);
      boxAt[goal] = 0;
    }
  });

  it('puts every goal in the order once', () => {
    const board = compilePlainBoard(microbanState(10));
    const order = packingOrder(board)!;
    expect([...order].sort((a, b) => a - b)).toEqual([...board.goals].sort((a, b) => a - b));
  });

  it('fills a dead-end corridor from its far end', () => {
    const board = compilePlainBoard(stateOf(['#######', '#..$$@#', '#######']));
    const order = packingOrder(board)!;
    expect(order.map((c) => board.gridOf[c] % 7)).toEqual([1, 2]);
  });

  it('falls back to boxes parked off the goals when no start box can fill the last goal', () => {
    // Microban 22 needs a box parked off the goals before the other goal fills.
    const board = compilePlainBoard(microbanState(22));
    expect(packingOrder(board)).toHaveLength(board.goals.length);
  });

  it('parks a box first where no start box can fill a goal in its turn (XSokoban 44)', () => {
    // The goal room's corners and sides can take a box only from a pocket below it and from the
    // player's two doorways: a box is parked on each before the first goal is filled.
    const state = pushRules.load(pushSetLevels('xsokoban')[43]).state!;
    const board = compilePlainBoard(state);
    const width = state.board.width;
    const at = (c: number): string => [board.gridOf[c] % width, Math.floor(board.gridOf[c] / width)].join();
    const plan = packingPlan(board)!;
    // A search that parks no box keeps the order found without parks.
    expect(plan.order).toEqual(packingOrder(board));
    const parked = plan.parked!;
    expect([...parked.order].sort((a, b) => a - b)).toEqual([...board.goals].sort((a, b) => a - b));
    expect(parked.parks.map((p) => [at(p.goal), at(p.cell)])).toEqual([
      ['15,11', '15,12'],
      ['15,10', '16,10'],
      ['13,10', '12,10'],
    ]);
    // Each park is a floor cell off the goals, nowhere a box starts, and its box can be pulled
    // from the goal to it with the goals before that one filled.
    const router = new BoxRoute(board);
    for (const park of parked.parks) {
      expect(board.goal[park.cell]).toBe(0);
      expect(board.boxes).not.toContain(park.cell);
      const boxAt = new Int32Array(board.size).fill(-1);
      for (const goal of parked.order.slice(0, parked.order.indexOf(park.goal))) boxAt[goal] = 0;
      const only = new Uint8Array(board.size);
      only[park.cell] = 1;
      expect(router.pullsTo(park.goal, only, boxAt)).toBe(true);
    }
  });

  it('parks a box only where a start box can be brought, the goals open (XSokoban 88: not in the pocket behind its goals)', () => {
    const starts = (board: ReturnType<typeof compilePlainBoard>): Uint8Array => {
      const marks = new Uint8Array(board.size);
      for (const b of board.boxes) marks[b] = 1;
      return marks;
    };
    let parked = 0;
    for (const level of pushSetLevels('xsokoban')) {
      const board = compilePlainBoard(pushRules.load(level).state!);
      const router = new BoxRoute(board);
      const open = new Int32Array(board.size).fill(-1);
      for (const park of packingPlan(board)?.parked?.parks ?? []) {
        expect(router.pullsTo(park.cell, starts(board), open)).toBe(true);
        parked++;
      }
    }
    expect(parked).toBeGreaterThan(0);
  });

  it('parks no box where the start boxes fill every goal in turn', () => {
    expect(packingPlan(compilePlainBoard(microbanState(153)))!.parked).toBeUndefined();
    expect(packingPlan(compilePlainBoard(pushRules.load(pushSetLevels('xsokoban')[0]).state!))!.parked).toBeUndefined();
  });

  it('has none when some goal can never take a box', () => {
    // The goal at the top of the pocket could only be pushed into from below the wall.
    expect(packingOrder(compilePlainBoard(stateOf(['######', '#.####', '# $ @#', '######'])))).toBeUndefined();
  });
});

describe('search by packing order', () => {
  it('solves Microban 153, where no other search finds a solution, on a path that plays', () => {
    const state = microbanState(153);
    const board = compilePlainBoard(state);
    const result = searchPlain(board, { objective: 'pushes', budget: 2_000_000, packing: packingOrder(board) });
    expect(result.status).toBe('solved');
    const moves = pathToMoves(board, result);
    const played = replay(pushRules, state, moves);
    expect(played.status).toBe('won');
    expect(played.final.pushes).toBe(result.cost);
    // Not an optimal search: it proves no bound.
    expect(result.lowerBound).toBe(0);
  });

  it('is a plain search for some solution on a level without a goal room', () => {
    const state = microbanState(10);
    const board = compilePlainBoard(state);
    const result = searchPlain(board, { objective: 'pushes', budget: 200_000, packing: packingOrder(board) });
    expect(result.status).toBe('solved');
    expect(replay(pushRules, state, pathToMoves(board, result)).status).toBe('won');
  });
});

describe('packing order input', () => {
  it('is refused unless it lists every goal once', () => {
    const board = compilePlainBoard(microbanState(10));
    const order = packingOrder(board)!;
    expect(() => searchPlain(board, { objective: 'pushes', budget: 1000, packing: order.slice(1) })).toThrow(/every goal once/);
    expect(() => searchPlain(board, { objective: 'pushes', budget: 1000, packing: [...order.slice(1), order[1]] })).toThrow(/every goal once/);
  });
});
