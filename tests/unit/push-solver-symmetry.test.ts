/**
 * Symmetric boards: the push search keeps one of each set of positions that are turns or mirror
 * images of each other. It must find the same par as the search that keeps them all, on a path
 * that plays from the real start (the stored positions are images, so the path is mapped back),
 * and store fewer states. Also the turn-taking of the two-way search.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { compilePlainBoard, reverseBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { LayerGrowth, nextTurn } from '../../src-shared/rulesets/push/solver/both-ways.ts';
import { pathToMoves, solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import { searchPlain, type PushObjective } from '../../src-shared/rulesets/push/solver/search.ts';
import { boardSymmetries } from '../../src-shared/rulesets/push/solver/symmetry.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, pushRules, stateOf } from '../support/microban.ts';

const optimal = readMicrobanOptimal();

describe('board symmetries', () => {
  it('finds every turn and mirror image that keeps walls and goals', () => {
    // Microban 146: a square ring, symmetric under all eight.
    expect(boardSymmetries(compilePlainBoard(microbanState(146)))).toHaveLength(7);
    // Microban 1 has none.
    expect(boardSymmetries(compilePlainBoard(microbanState(1)))).toHaveLength(0);
    // A 5 x 3 room with the goals in the middle column: left-right, up-down, half turn.
    const room = compilePlainBoard(stateOf(['#######', '#  .  #', '# $.$ #', '#  .@ #', '#######'], {}));
    expect(boardSymmetries(room)).toHaveLength(3);
  });

  it('backwards, also keeps the start: its boxes as a set and its player', () => {
    // Microban 145: the walls and goals have all eight; the start's player (top middle) keeps only
    // the left-right mirror.
    const board = compilePlainBoard(microbanState(145));
    expect(boardSymmetries(board)).toHaveLength(7);
    expect(boardSymmetries(reverseBoard(board), { boxes: true, player: 'cell' })).toHaveLength(1);
    // By pushes only the player's area counts: Microban 95's start player is off every axis, but
    // its area is the whole ring.
    const ring = reverseBoard(compilePlainBoard(microbanState(95)));
    expect(boardSymmetries(ring, { boxes: true, player: 'cell' })).toHaveLength(1);
    expect(boardSymmetries(ring, { boxes: true, player: 'region' }).length).toBeGreaterThan(1);
  });

  it('maps cells onto floor cells, goals onto goals, and back', () => {
    const board = compilePlainBoard(microbanState(93));
    for (const { map, inverse } of boardSymmetries(board)) {
      for (let c = 0; c < board.size; c++) {
        expect(inverse[map[c]]).toBe(c);
        expect(board.goal[map[c]]).toBe(board.goal[c]);
        // Neighbours stay neighbours.
        for (let d = 0; d < 4; d++) {
          const m = board.nbr[c * 4 + d];
          if (m >= 0) expect([0, 1, 2, 3].some((e) => board.nbr[map[c] * 4 + e] === map[m])).toBe(true);
        }
      }
    }
  });
});

describe('search on symmetric boards', () => {
  // Symmetric Microban levels, quick both ways: 7, 95 and 142 (eight, two and four maps).
  const cases: [number, PushObjective, 'push' | 'pull'][] = [];
  for (const n of [7, 95, 142]) for (const objective of ['moves', 'pushes'] as const) for (const direction of ['push', 'pull'] as const) cases.push([n, objective, direction]);

  it.each(cases)('level %i by %s, %s: the same par, fewer states, a path that plays from the real start', (n, objective, direction) => {
    const state = microbanState(n);
    const board = compilePlainBoard(state);
    const searched = direction === 'pull' ? reverseBoard(board) : board;
    const merged = searchPlain(searched, { objective, budget: 2_000_000, direction });
    const plain = searchPlain(searched, { objective, budget: 2_000_000, direction, symmetry: false });
    const par = objective === 'moves' ? optimal[n - 1].moves : optimal[n - 1].pushes;
    expect(merged.cost).toBe(par);
    expect(plain.cost).toBe(par);
    expect(merged.stored).toBeLessThan(plain.stored);
    const moves = pathToMoves(board, merged);
    const played = replay(pushRules, state, moves);
    expect(played.status).toBe('won');
    expect(played.firstRefused).toBeUndefined();
    expect(objective === 'moves' ? moves.length : played.final.pushes).toBe(par);
  });

  it('weighted searches on symmetric boards give paths that play', () => {
    for (const n of [93, 146]) {
      const state = microbanState(n);
      const board = compilePlainBoard(state);
      for (const direction of ['push', 'pull'] as const) {
        const result = searchPlain(direction === 'pull' ? reverseBoard(board) : board, { objective: 'pushes', budget: 200_000, weight: 4, direction });
        if (result.status !== 'solved') continue;
        const played = replay(pushRules, state, pathToMoves(board, result));
        expect(played.status).toBe('won');
        expect(played.final.pushes).toBe(result.cost);
      }
    }
  });

  it('weighted backwards by moves finds the optimum of a ring level in few states (the bound the solver starts from)', () => {
    // Microban 146: 51 moves (proven by the exact backward search in about 100 s); forwards,
    // weighted search finds 63.
    const state = microbanState(146);
    const board = compilePlainBoard(state);
    const result = searchPlain(reverseBoard(board), { objective: 'moves', budget: 150_000, weight: 4, direction: 'pull', upperBound: 63 });
    expect(result.status).toBe('solved');
    const moves = pathToMoves(board, result);
    expect(moves).toHaveLength(51);
    expect(replay(pushRules, state, moves).status).toBe('won');
  });

  it('the solver proves a par on a symmetric level whose plain search runs out', () => {
    // Microban 105 by moves: 75, in 1.7 M states without merging images and about 0.4 M with.
    const state = microbanState(105);
    const result = solvePlainPush(state, { objective: 'moves', budget: 1_000_000 });
    expect(result).toMatchObject({ status: 'solved', optimal: true });
    expect(result.solution).toHaveLength(75);
    expect(replay(pushRules, state, result.solution!).status).toBe('won');
  });
});

describe('two-way turn taking', () => {
  const fake = () => ({ stored: 0, lowerBound: 10 });
  const grow = (search: { stored: number; lowerBound: number }, growth: LayerGrowth, layers: number[]) => {
    for (const size of layers) {
      search.stored += size;
      search.lowerBound++;
      growth.observe();
    }
  };

  it('extrapolates the next layers from how the last ones grew', () => {
    const search = fake();
    const growth = new LayerGrowth(search);
    grow(search, growth, [100, 200]);
    expect(growth.ready).toBe(false);
    grow(search, growth, [400]);
    expect(growth.ready).toBe(true);
    // Doubling: the next layer is about 800, the two after it 800 + 1600.
    expect(growth.statesTo(search.lowerBound + 1)).toBeCloseTo(800);
    expect(growth.statesTo(search.lowerBound + 2)).toBeCloseTo(2400);
    expect(growth.statesTo(search.lowerBound)).toBe(0);
    // Work done in the current layer counts, and a layer bigger than expected raises the guess.
    search.stored += 400;
    expect(growth.statesTo(search.lowerBound + 1)).toBeCloseTo(400);
    // 1,000 done: the layer is taken to be half as big again, 1,500.
    search.stored += 600;
    expect(growth.statesTo(search.lowerBound + 1)).toBeCloseTo(500);
  });

  it('a side one layer behind but growing slowly is cheaper to advance than one that explodes', () => {
    const ahead = fake();
    const behind = fake();
    const aheadGrowth = new LayerGrowth(ahead);
    const behindGrowth = new LayerGrowth(behind);
    grow(ahead, aheadGrowth, [1000, 3000, 9000, 27000]);
    grow(behind, behindGrowth, [100, 110, 121]);
    const target = Math.max(ahead.lowerBound, behind.lowerBound) + 1;
    expect(behindGrowth.statesTo(target)).toBeLessThan(aheadGrowth.statesTo(target));
  });

  /** Forwards and backwards searches with their growth models, both starting at bound 10. */
  const pair = () => {
    const searches = [fake(), fake()] as const;
    const growth = [new LayerGrowth(searches[0]), new LayerGrowth(searches[1])] as const;
    return { searches, growth };
  };

  it('gives the turn to the side with fewer states until both have grown a few layers', () => {
    const { searches, growth } = pair();
    grow(searches[0], growth[0], [10, 20]);
    grow(searches[1], growth[1], [100]);
    expect(nextTurn(growth, Infinity)).toBe(0);
    searches[0].stored += 200;
    expect(nextTurn(growth, Infinity)).toBe(1);
  });

  it('once both are ready, to the side expected to reach the target for fewer states', () => {
    const { searches, growth } = pair();
    grow(searches[0], growth[0], [1000, 3000, 9000]);
    grow(searches[1], growth[1], [5000, 5500, 6050]);
    // Forwards stores fewer states but its layers triple; backwards grows by a tenth a layer.
    expect(searches[0].stored).toBeLessThan(searches[1].stored);
    expect(nextTurn(growth, Infinity)).toBe(1);
  });

  it('to a ready side when the other is stuck in one layer larger than all the first needs', () => {
    const stuckAt = (lowerBound: number, pending: number) => {
      const { searches, growth } = pair();
      grow(searches[0], growth[0], [1000, 1000, 1000, 1000, 1000]); // bound 15, about 1,050 a layer
      if (lowerBound !== searches[1].lowerBound) {
        searches[1].lowerBound = lowerBound;
        growth[1].observe();
      }
      searches[1].stored += pending;
      growth[1].observe();
      expect(growth[0].ready && !growth[1].ready).toBe(true);
      // Backwards has fewer states: by Pohl's rule alone it would go.
      expect(searches[1].stored).toBeLessThan(searches[0].stored);
      return growth;
    };
    // Four layers to go forwards (to 19) cost about 4,500 states; backwards has spent 4,800 in one.
    expect(nextTurn(stuckAt(10, 4_800), Infinity)).toBe(0);
    // Not while the stuck layer is smaller than that.
    expect(nextTurn(stuckAt(10, 2_500), Infinity)).toBe(1);
    // Nor when the stuck side is one layer from the target (a solution of 16 is known).
    expect(nextTurn(stuckAt(15, 4_800), 16)).toBe(1);
  });

  it('never lets a side fall below its share of the states', () => {
    const { searches, growth } = pair();
    grow(searches[0], growth[0], [100, 300, 900]);
    grow(searches[1], growth[1], [10_000, 10_000, 10_000]);
    // The estimates favour backwards (forwards triples a layer), but forwards holds less than a
    // sixteenth of the states: it goes.
    expect(searches[0].stored).toBeLessThan((searches[0].stored + searches[1].stored) / 16);
    expect(nextTurn(growth, Infinity)).toBe(0);
    searches[0].stored += 1_000;
    expect(nextTurn(growth, Infinity)).toBe(1);
  });
});
