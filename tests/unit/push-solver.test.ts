import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { Rng } from '../../src-shared/engine/rng.ts';
import { pushMetrics } from '../../src-shared/rulesets/push/metrics.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { stateBudget } from '../../src-shared/search/budget.ts';
import type { PushState } from '../../src-shared/rulesets/push/board.ts';
import { bfs, astar } from '../../src-shared/search/generic.ts';
import { TIGHTEN_MOST, solvePlainPush, tightenStates } from '../../src-shared/rulesets/push/solver/index.ts';
import { hintFrom, verifyLevel } from '../../src-shared/verify/verify.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanLevels, microbanState, pushRules, stateOf } from '../support/microban.ts';

const optimal = readMicrobanOptimal();

/** Levels the fast suite solves both ways in well under a second each (the bench runs all 155). */
const FAST_LEVELS = Array.from({ length: 97 }, (_, i) => i + 1).filter((n) => n !== 93);

describe('push solver: optimality', () => {
  it('finds the move-optimal par of the optimal table on the fast Microban subset', () => {
    const wrong: string[] = [];
    for (const n of FAST_LEVELS) {
      const expected = optimal[n - 1].moves;
      if (expected === undefined) continue;
      const result = solvePlainPush(microbanState(n), { objective: 'moves', budget: 2_000_000, noFallback: true });
      if (result.status !== 'solved' || result.solution!.length !== expected || !result.optimal) {
        wrong.push(`level ${n}: ${result.status} ${result.solution?.length} != ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds the push-optimal par of the optimal table on the fast Microban subset', () => {
    const wrong: string[] = [];
    for (const n of FAST_LEVELS) {
      const expected = optimal[n - 1].pushes;
      if (expected === undefined) continue;
      const state = microbanState(n);
      const result = solvePlainPush(state, { objective: 'pushes', budget: 2_000_000, noFallback: true });
      const pushes = result.solution ? replay(pushRules, state, result.solution).final.pushes : -1;
      if (result.status !== 'solved' || pushes !== expected) wrong.push(`level ${n}: ${result.status} ${pushes} != ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it('agrees with the generic breadth-first search wherever that search finishes', () => {
    let compared = 0;
    for (let n = 1; n <= 40; n++) {
      const state = microbanState(n);
      const reference = bfs(pushRules, state, { budget: 150_000 });
      if (reference.status !== 'solved') continue;
      const fast = solvePlainPush(state, { objective: 'moves', noFallback: true });
      expect(fast.solution?.length, `level ${n}`).toBe(reference.solution!.length);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(15);
  });

  it('generic A* with the push lower bound agrees with breadth-first search', () => {
    for (const n of [1, 2, 3, 4, 9, 12]) {
      const state = microbanState(n);
      const a = astar(pushRules, state, { budget: 400_000 });
      const b = bfs(pushRules, state, { budget: 400_000 });
      expect(a.status).toBe('solved');
      expect(a.solution!.length, `level ${n}`).toBe(b.solution!.length);
      expect(a.nodes).toBeLessThanOrEqual(b.nodes);
    }
  });

  it('generic A* stays optimal where the bound falls by two in one move (spare boxes, ice)', () => {
    // Three boxes, two goals: the nearest-box sum over goals can drop by two in one move, and A*
    // without reopening closed states once returned 26 moves here (BFS: 25).
    const level = { board: ['########', '## @  $#', '# $ . .#', '#  # ###', '#  $   #', '##     #', '########'], ice: [[2, 4]] as [number, number][] };
    const state = stateOf(level.board, { ice: level.ice });
    expect(astar(pushRules, state).solution!.length).toBe(25);
    expect(pushRules.solve!(state).solution!.length).toBe(25);
    expect(bfs(pushRules, state).solution!.length).toBe(25);
  });

  it('generic A* agrees with breadth-first search on random levels with ice and spare boxes', () => {
    const rng = new Rng('astar-vs-bfs');
    let compared = 0;
    for (let round = 0; round < 400 && compared < 120; round++) {
      const width = 6 + rng.int(3);
      const height = 5 + rng.int(3);
      const grid = Array.from({ length: height }, (_, y) =>
        Array.from({ length: width }, (_, x): string => (x === 0 || y === 0 || x === width - 1 || y === height - 1 || rng.int(6) === 0 ? '#' : ' ')),
      );
      const free: [number, number][] = [];
      for (let y = 1; y < height - 1; y++) for (let x = 1; x < width - 1; x++) if (grid[y][x] === ' ') free.push([x, y]);
      const boxes = 2 + rng.int(3);
      if (free.length < boxes + 5) continue;
      for (let i = free.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [free[i], free[j]] = [free[j], free[i]];
      }
      const [px, py] = free[0];
      grid[py][px] = '@';
      for (let i = 1; i <= boxes; i++) grid[free[i][1]][free[i][0]] = '$';
      for (let i = boxes + 1; i <= boxes + 2; i++) grid[free[i][1]][free[i][0]] = '.';
      const loaded = pushRules.load({ board: grid.map((row) => row.join('')), ice: [free[boxes + 3]] });
      if (!loaded.state) continue;
      const reference = bfs(pushRules, loaded.state, { budget: 100_000 });
      if (reference.status !== 'solved') continue;
      const a = astar(pushRules, loaded.state, { budget: 100_000 });
      expect(a.solution?.length, grid.map((row) => row.join('')).join('/')).toBe(reference.solution!.length);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(60);
  });

  it('every solution it returns wins when replayed through the rules', () => {
    for (const n of [6, 16, 33, 60]) {
      const state = microbanState(n);
      const result = solvePlainPush(state, { objective: 'moves' });
      expect(replay(pushRules, state, result.solution!).status).toBe('won');
    }
  });
});

describe('push solver: budgets and unsolvable positions', () => {
  it('reports budget exceeded as its own status, not as solvable', () => {
    const result = solvePlainPush(microbanState(93), { objective: 'moves', budget: 5_000, noFallback: true });
    expect(result.status).toBe('budget');
    expect(result.stoppedBy).toBe('budget');
    expect(result.optimal).toBe(false);
    expect(result.solution).toBeUndefined();
    expect(result.stored).toBeLessThanOrEqual(5_000);
  });

  it('no search stores more states than the budget, however small, with the fallbacks on', () => {
    for (const budget of [10, 300, 2_000]) {
      for (const objective of ['moves', 'pushes'] as const) {
        const result = solvePlainPush(microbanState(5), { objective, budget });
        expect(result.stored, `${objective} at ${budget}`).toBeLessThanOrEqual(budget);
        if (result.status !== 'solved' || !result.optimal) expect(result.stoppedBy).toBe('budget');
      }
    }
    const tiny = solvePlainPush(microbanState(5), { objective: 'moves', budget: 10 });
    expect(tiny.status).toBe('budget');
  });

  it('labels a fallback solution found after the budget ran out as not proven optimal, never below par', () => {
    const n = 65;
    const result = solvePlainPush(microbanState(n), { objective: 'moves', budget: 3_000 });
    expect(result.status).toBe('solved');
    // A floor: a stronger solver may prove it; then it must be the optimum, and only then optimal.
    if (result.optimal) expect(result.solution!.length).toBe(optimal[n - 1].moves);
    else expect(result.stoppedBy).toBe('budget');
    expect(result.solution!.length).toBeGreaterThanOrEqual(optimal[n - 1].moves!);
    expect(replay(pushRules, microbanState(n), result.solution!).status).toBe('won');
  });

  it('after the budget runs out with a solution, cheaper ones found by short weighted searches tighten the par bound', () => {
    // Microban 146 by moves at the default 400,000 states: the quick searches find 151 moves and
    // the exact search runs out; weighted searches cut at the best so far reach 51, the optimum
    // (proven by the bench with more states).
    const state = microbanState(146);
    const result = solvePlainPush(state, { objective: 'moves', budget: 400_000 });
    // A floor: at least today's result (the optimum, unproven); proven is better still.
    expect(result.status).toBe('solved');
    expect(result.solution!.length).toBe(51);
    if (!result.optimal) expect(result).toMatchObject({ stoppedBy: 'budget', lowerBound: expect.any(Number) });
    if (!result.optimal) expect(result.lowerBound).toBeLessThan(51);
    expect(replay(pushRules, state, result.solution!).status).toBe('won');
  });

  it('tightens a bound by moves with a share of the budget, but never more than TIGHTEN_MOST states', () => {
    // At the default budget the share (1/32, or 1/16 for a walked-out bound) is what counts; at a
    // bench's 90,000,000 it was millions of states the proof then lacked (Microban 146 by moves).
    expect(tightenStates(400_000, false)).toBe(12_500);
    expect(tightenStates(400_000, true)).toBe(25_000);
    expect(tightenStates(90_000_000, false)).toBe(TIGHTEN_MOST);
    expect(tightenStates(90_000_000, true)).toBe(TIGHTEN_MOST);
    expect(TIGHTEN_MOST).toBeLessThanOrEqual(1_000_000);
  });

  it('calls a fallback solution optimal when it meets the lower bound the stopped search proved', () => {
    // Microban 146 by pushes without merging its mirror images: the exact search stops having
    // proved 14, and a search after it finds 14 pushes. (At 1,500 states each phase once had the
    // whole budget; with one budget for all of them it takes 24,000.)
    const state = microbanState(146);
    const result = solvePlainPush(state, { objective: 'pushes', budget: 24_000, symmetry: false });
    expect(result).toMatchObject({ status: 'solved', optimal: true });
    expect(replay(pushRules, state, result.solution!).final.pushes).toBe(14);
  });

  it('proves a position unsolvable when no push sequence wins', () => {
    // Both boxes are stuck side by side against the top wall; neither goal can be reached.
    const state = stateOf(['#######', '#  $$ #', '#     #', '#  .. #', '#  @  #', '#######']);
    expect(solvePlainPush(state, { objective: 'moves' }).status).toBe('unsolvable');
    expect(bfs(pushRules, state).status).toBe('unsolvable');
  });

  it('stops when the host asks it to', () => {
    let polls = 0;
    const result = solvePlainPush(microbanState(93), { objective: 'moves', budget: 10_000_000, shouldStop: () => ++polls > 2 });
    expect(result.status).toBe('budget');
    expect(result.stoppedBy).toBe('stopped');
  });

  it('asks the host about stopping after every expansion on a big board, where one expansion is slow', () => {
    // 128x128 with 20 boxes: by pushes, each expansion floods the room once per child.
    const grid = Array.from({ length: 128 }, (_, y) => Array.from({ length: 128 }, (_, x): string => (x === 0 || y === 0 || x === 127 || y === 127 ? '#' : ' ')));
    grid[1][1] = '@';
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 4; j++) {
        grid[20 + 20 * j][8 + 6 * i] = '$';
        grid[20 + 20 * j][90 + 6 * i] = '.';
      }
    }
    let polls = 0;
    const result = solvePlainPush(stateOf(grid.map((row) => row.join(''))), { objective: 'pushes', shouldStop: () => ++polls > 3 });
    expect(result.stoppedBy).toBe('stopped');
    expect(result.nodes).toBeLessThanOrEqual(8);
  });

  it('a board with no goal is never won, so it is unsolvable (not solved by doing nothing)', () => {
    const state = stateOf(['#######', '#@ $  #', '#######']);
    for (const objective of ['moves', 'pushes'] as const) {
      expect(solvePlainPush(state, { objective })).toMatchObject({ status: 'unsolvable', optimal: true });
    }
    expect(hintFrom(pushRules, state).status).toBe('unsolvable');
    // With mechanics too, at once (the generic search would have run to its budget).
    const iced = stateOf(['#######', '#@ $  #', '#######'], { ice: [[4, 1]] });
    expect(pushRules.solve!(iced, { budget: 50 })).toMatchObject({ status: 'unsolvable', optimal: true, nodes: 0 });
  });

  it('takes a budget that is not a whole number of states sensibly: NaN is the default, fractions round down', () => {
    expect(stateBudget(undefined, 400_000)).toBe(400_000);
    expect(stateBudget(Number.NaN, 400_000)).toBe(400_000);
    expect(stateBudget(2.9, 400_000)).toBe(2);
    expect(stateBudget(0, 400_000)).toBe(1);
    expect(stateBudget(-5, 400_000)).toBe(1);
    expect(stateBudget(Infinity, 400_000)).toBe(Number.MAX_SAFE_INTEGER);
    const record = verifyLevel(pushRules, microbanLevels()[0], { budget: Number.NaN });
    expect(record).toMatchObject({ status: 'solved', budget: 400_000 });
  });
});

describe('hints', () => {
  it('a hint from any position on or off the optimal path leaves exactly one move fewer', () => {
    for (const n of [1, 3, 7, 15]) {
      let state = microbanState(n);
      // Wander off the best path first: a hint must be from the current position.
      for (const dir of ['l', 'u', 'r'] as const) state = pushRules.step(state, dir).state;
      for (let k = 0; k < 6; k++) {
        const hint = hintFrom(pushRules, state, { budget: 400_000 });
        expect(hint.status).toBe('solved');
        if (hint.distance === 0) break;
        const next = pushRules.step(state, hint.command!).state;
        const after = hintFrom(pushRules, next, { budget: 400_000 });
        expect(after.distance, `level ${n} step ${k}`).toBe(hint.distance! - 1);
        state = next;
      }
    }
  });

  it('a won position needs no hint', () => {
    const won = stateOf(['#####', '#@*.#', '#####'].map((r, i) => (i === 1 ? '#@ *#' : r)));
    expect(hintFrom(pushRules, won)).toMatchObject({ status: 'solved', distance: 0 });
  });
});

describe('verification records', () => {
  it('records par, pushes, the LURD solution and metrics for a solved level', () => {
    const record = verifyLevel(pushRules, microbanLevels()[0], { budget: 400_000 });
    expect(record).toMatchObject({ kind: 'push', status: 'solved', optimal: true, value: 33, par: 33, objective: 'moves' });
    expect(record.solution).toBe(optimal[0].moveOptimalLurd);
    expect(record.metrics).toMatchObject({ boxes: 2, goals: 2, pushes: 8 });
    expect(record.metrics.boxLines).toBeGreaterThan(0);
    expect(record.metrics.boxChanges).toBeGreaterThan(0);
    expect(record.metrics.meanBranching).toBeGreaterThan(0);
    expect(record.rulesFingerprint).toBe(pushRules.fingerprint);
    expect(record.contentHash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('counts as branching only the pushes the rules allow: not into a closed door, not a heavy box', () => {
    const board = ['######', '#@$ .#', '#    #', '######'];
    // Two pushes at the start: the box right, or left from (3,1), reached round the lower row.
    expect(pushMetrics(stateOf(board), []).meanBranching).toBe(2);
    const shut = stateOf(board, { doors: [{ at: [3, 1], link: 'g' }], buttons: [{ at: [4, 2], link: 'g' }] });
    expect(pushRules.step(shut, 'r').changed).toBe(false);
    expect(pushMetrics(shut, []).meanBranching).toBe(0);
    // The won end is no choice of push, whatever the rules: plain and mechanics boards agree.
    const lane = ['########', '#@ $ . #', '#      #', '########'];
    const strong = pushKind.create({ pushStrength: 2 }).rules!;
    expect(pushMetrics(stateOf(lane), ['r', 'r', 'r']).meanBranching).toBe(pushMetrics(strong.load({ board: lane }).state!, ['r', 'r', 'r']).meanBranching);
    const heavy = stateOf(board, { heavy: [[2, 1]] });
    expect(pushRules.step(heavy, 'r').changed).toBe(false);
    expect(pushMetrics(heavy, []).meanBranching).toBe(0);
  });

  it('refuses to verify a solution that passes through an ended game', () => {
    // Rules that call the position after the first move lost, as a maze kind might: the solver
    // knows nothing of it, and its solution must not verify.
    const lossy = { ...pushRules, status: (s: PushState) => (s.moves === 1 ? ('lost' as const) : pushRules.status(s)) };
    expect(() => verifyLevel(lossy, microbanLevels()[1])).toThrow(/ended game/);
    expect(verifyLevel(pushRules, microbanLevels()[1]).status).toBe('solved');
  });

  it('keeps the proven lower bound when the budget stops the proof', () => {
    const n = 65;
    const record = verifyLevel(pushRules, microbanLevels()[n - 1], { budget: 3_000 });
    expect(record.status).toBe('solved');
    // A floor: proven, the record needs no bound; unproven, it keeps the one the search proved.
    if (record.optimal) return expect(record).toMatchObject({ par: optimal[n - 1].moves, provenBound: null, stoppedBy: null });
    expect(record.stoppedBy).toBe('budget');
    expect(record.provenBound).toBeGreaterThan(0);
    expect(record.provenBound).toBeLessThanOrEqual(optimal[n - 1].moves!);
    expect(record.par).toBeGreaterThanOrEqual(optimal[n - 1].moves!);
    expect(verifyLevel(pushRules, microbanLevels()[0], { budget: 400_000 }).provenBound).toBeNull();
  });

  it('marks a level that fails lint as invalid without searching', () => {
    const record = verifyLevel(pushRules, { board: ['#####', '#@$.#', '#@  #', '#####'] });
    expect(record.status).toBe('invalid');
    expect(record.nodes).toBe(0);
    expect(record.diagnostics.map((d) => d.code)).toContain('push.player.multiple');
  });

  it('marks a document that is not a level as invalid', () => {
    for (const input of [null, 42, 'garbage', { board: 'not rows' }, { board: [] }]) {
      expect(verifyLevel(pushRules, input).status).toBe('invalid');
    }
  });

  it('solves levels with mechanics through the compiled mechanics path', () => {
    const level = {
      board: ['#########', '#@ $   .#', '#########'],
      ice: [[4, 1], [5, 1]] as [number, number][],
    };
    const record = verifyLevel(pushRules, level);
    expect(record.status).toBe('solved');
    expect(record.solver).toBe('push-mechanics/2');
    // The box slides across the ice to the goal: two pushes move it five cells.
    const bfsResult = bfs(pushRules, pushRules.load(level).state!);
    expect(record.par).toBe(bfsResult.solution!.length);
  });
});
