/**
 * The anytime solve for push levels with mechanics (solver/mechanics/solve.ts, the compiled path):
 * under push strength 2 it proves our exact table's value (../shared/data/sokoban/
 * microban_I_strength2_optimal.csv, an exact BFS) on a sample of Microban I; a solution comes
 * before the proof (a stop or a small budget during the proof keeps it as a bound, with a lower
 * bound that never passes the optimum), and a larger budget never gives a worse result. The
 * generic A* over the real `step` stays as the reference (its own tests below).
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { PUSH_MECHANICS_NAME, solveMechanics } from '../../src-shared/rulesets/push/solver/mechanics/solve.ts';
import { findPlainLine, plainStateBytes } from '../../src-shared/rulesets/push/solver/index.ts';
import { compileMechanics } from '../../src-shared/rulesets/push/solver/mechanics/board.ts';
import { mechanicsStateBytes } from '../../src-shared/rulesets/push/solver/mechanics/search.ts';
import { astar, bfs } from '../../src-shared/search/generic.ts';
import { MAX_VERIFY_BUDGET } from '../../src-shared/search/budget.ts';
import { strength2Table } from '../support/push-sets.ts';
import { microbanLevels, microbanState, pushRules } from '../support/microban.ts';

const strong = pushKind.create({ pushStrength: 2 }).rules!;
const table = strength2Table();
const stateOf = (level: number) => strong.load(microbanLevels()[level - 1]).state!;

describe('push mechanics: the anytime solve', () => {
  it('proves the strength-2 optimum of our exact table on a sample of Microban I', () => {
    // A fast sample across the set (each well under a second at the default budget).
    // 116 pushes chains between single-box pushes: each child's matching must start from its parent's.
    for (const level of [1, 2, 3, 4, 5, 6, 8, 9, 20, 26, 32, 46, 52, 67, 82, 103, 116, 154]) {
      const result = strong.solve!(stateOf(level), {});
      expect(result.solver).toBe(PUSH_MECHANICS_NAME);
      expect(result, `Microban ${level}`).toMatchObject({ status: 'solved', optimal: true });
      expect(result.solution!.length, `Microban ${level}`).toBe(table[level - 1]);
      expect(replay(strong, stateOf(level), result.solution!).status).toBe('won');
    }
  });

  it('solves Microban 139 under strength 2 at the default budget (a plain line, replayed through the real rules)', () => {
    // No table value (our exact BFS did not finish it): a floor, at least a solution that wins.
    const result = strong.solve!(stateOf(139), {});
    expect(result.status).toBe('solved');
    expect(replay(strong, stateOf(139), result.solution!).status).toBe('won');
  });

  it('solves Microban 153 under strength 2 at the default budget (the plain feature-space line, replayed)', () => {
    // The plain race finds no line within the budget here (ten boxes through one door into a
    // one-wide column, some 340 pushes); the feature-space search does, in about 265,000 states.
    // Its progress counts every phase's states: the bar moves while the plain searches run too.
    let reported = 0;
    let reports = 0;
    const result = strong.solve!(stateOf(153), { progress: (p) => ((reported = Math.max(reported, p.stored)), reports++) });
    expect(result.status).toBe('solved');
    expect(result.stored).toBeLessThanOrEqual(400_000);
    expect(reported).toBeGreaterThan(300_000);
    expect(reported).toBeLessThanOrEqual(result.stored);
    expect(reports).toBeGreaterThan(100);
    expect(replay(strong, stateOf(153), result.solution!).status).toBe('won');
  });

  it('takes plain lines only where every one is legal: not with a box too heavy to push alone', () => {
    const board = ['#######', '#@$ $.#', '#   . #', '#######'];
    const level = { board, heavy: [[4, 1]] as [number, number][] };
    const board1 = compileMechanics(pushKind.create({ pushStrength: 1, heavyWeight: 2 }).rules!.load(level).state!);
    const board2 = compileMechanics(pushKind.create({ pushStrength: 2, heavyWeight: 2 }).rules!.load(level).state!);
    expect(board1.strengthOnly).toBe(false);
    expect(board2.strengthOnly).toBe(true);
    expect(compileMechanics(pushKind.create({ pushStrength: 1, heavyWeight: 2 }).rules!.load({ board }).state!).strengthOnly).toBe(true);
  });

  it('the plain feature-space line keeps within its budget, stops when told, and wins where it has room', () => {
    const plain = microbanState(153);
    const small = findPlainLine(plain, { budget: 2_000 });
    expect(small.status).toBe('budget');
    expect(small.solution).toBeUndefined();
    expect(small.stored).toBeLessThanOrEqual(2_000);
    let polls = 0;
    const stopped = findPlainLine(plain, { budget: 400_000, shouldStop: () => ++polls > 3 });
    expect(stopped.status).toBe('stopped');
    expect(stopped.solution).toBeUndefined();
    // Under a memory cap: no more states than it holds at the plain solver's bytes a state.
    const capped = findPlainLine(plain, { budget: 400_000, memoryBytes: 3_000 * plainStateBytes(plain.boxes.length, plain.board.width * plain.board.height) });
    expect(capped.status).toBe('budget');
    expect(capped.stored).toBeLessThanOrEqual(3_000);
    expect(capped.stored).toBeGreaterThan(2_000);
    const line = findPlainLine(microbanState(93), { budget: 50_000 });
    expect(line.status).toBe('solved');
    expect(replay(pushRules, microbanState(93), line.solution!).status).toBe('won');
  });

  it('a stop during the proof keeps the first solution as a bound with the proven lower bound', () => {
    const level = 35;
    const best = table[level - 1]!;
    // Stopped after k progress reports (one every 1,024 expansions), for several k: a stop before
    // any solution is a budget with no line; after one, the line stays as a bound.
    let keptAsBound = 0;
    for (const k of [1, 3, 8, 16]) {
      let reports = 0;
      const result = strong.solve!(stateOf(level), { progress: () => reports++, shouldStop: () => reports >= k });
      if (result.optimal) continue;
      expect(result.stoppedBy, `stopped after ${k} reports`).toBe('stopped');
      if (result.lowerBound !== undefined) expect(result.lowerBound).toBeLessThanOrEqual(best);
      if (result.status !== 'solved') continue;
      expect(replay(strong, stateOf(level), result.solution!).status).toBe('won');
      expect(result.solution!.length).toBeGreaterThanOrEqual(best);
      expect(result.reason).toMatch(/bound on the par/);
      keptAsBound++;
    }
    expect(keptAsBound).toBeGreaterThanOrEqual(1);
  });

  it('a larger budget never gives a worse result, and each better solution is told as it is held', () => {
    const level = 83;
    const best = table[level - 1]!;
    let last: { cost: number; optimal: boolean; lowerBound: number } | undefined;
    for (const budget of [2_000, 8_000, 20_000, 60_000, 400_000]) {
      // Each better solution is told as it is held (SolveOptions.found): the last is the one returned.
      const told: number[] = [];
      const result = strong.solve!(stateOf(level), { budget, found: (value) => told.push(value) });
      const cost = result.solution?.length ?? Infinity;
      for (let k = 1; k < told.length; k++) expect(told[k]).toBeLessThan(told[k - 1]);
      expect(told[told.length - 1] ?? Infinity, `budget ${budget}`).toBe(cost);
      const lowerBound = result.optimal ? cost : (result.lowerBound ?? 0);
      expect(lowerBound, `budget ${budget}`).toBeLessThanOrEqual(best);
      if (result.solution) expect(replay(strong, stateOf(level), result.solution).status).toBe('won');
      if (last) {
        expect(cost, `budget ${budget}`).toBeLessThanOrEqual(last.cost);
        if (last.optimal) expect(result.optimal).toBe(true);
      }
      last = { cost, optimal: result.optimal, lowerBound };
    }
    expect(last).toMatchObject({ cost: best, optimal: true });
  });

  it('a time-led run divides its time among the phases: Microban 153 under strength 2 is solved and the proof runs', () => {
    // The clock is the solver's own polls (one each POLL_WORK units of work), so the run is the
    // same on any machine. Given the whole time, the plain race alone ran (no line for 153 in 10 s
    // of CPU) and no proof ever began: no lower bound. Its share of the time each, the
    // feature-space line comes (about 265,000 states) and the proof reports how far it got.
    const limit = 3_200;
    let polls = 0;
    const result = strong.solve!(stateOf(153), { budget: MAX_VERIFY_BUDGET, timeSpent: () => polls / limit, shouldStop: () => ++polls > limit });
    expect(result).toMatchObject({ status: 'solved', optimal: false, stoppedBy: 'stopped' });
    expect(replay(strong, stateOf(153), result.solution!).status).toBe('won');
    expect(result.lowerBound).toBeGreaterThan(0);
    expect(result.lowerBound).toBeLessThanOrEqual(result.solution!.length);
    // Said as the plain solver says it, the counts grouped.
    expect(result.reason).toMatch(/^The time limit or a cancel stopped the solver after \d{1,3}(,\d{3})+ states: \d+ moves is a bound on the par/);
  });

  it('ends as budget, stopped by memory, within what the memory cap holds', () => {
    const state = stateOf(93);
    const perState = mechanicsStateBytes(state.boxes.length, state.board.width * state.board.height);
    const result = solveMechanics(state, 'moves', { budget: 10_000_000, memoryBytes: 5_000 * perState });
    expect(result).toMatchObject({ stoppedBy: 'memory', optimal: false });
    expect(result.stored).toBeLessThanOrEqual(5_000);
    expect(result.reason).toMatch(/memory cap/);
  });
});

describe('generic A*: weight, a known cost and the proven bound', () => {
  const state = stateOf(3);
  const optimum = bfs(strong, state).solution!.length;

  it('weighted finds a solution, not called optimal; cut at the optimum nothing cheaper exists', () => {
    const weighted = astar(strong, state, { weight: 3 });
    expect(weighted).toMatchObject({ status: 'solved', optimal: false });
    expect(weighted.solution!.length).toBeGreaterThanOrEqual(optimum);
    expect(astar(strong, state, { upperBound: optimum }).status).toBe('unsolvable');
    expect(astar(strong, state, { upperBound: optimum + 1 }).solution!.length).toBe(optimum);
  });

  it('out of budget, its lower bound never exceeds the optimum', () => {
    for (const budget of [50, 200, 800]) {
      const result = astar(strong, state, { budget });
      if (result.status === 'budget') expect(result.lowerBound).toBeLessThanOrEqual(optimum);
    }
  });
});
