/**
 * The push solve is anytime within one budget and one stop: a solution first, then shorter ones,
 * then the proof. A larger budget never gives a worse result, and a stop that comes while the
 * exact search runs still returns the best solution found, labelled a bound (`par <= N`) with the
 * proven lower bound (`at least L`); `optimal` only when proven.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import { SolveLedger } from '../../src-shared/rulesets/push/solver/ledger.ts';
import { QUICK, attemptName } from '../../src-shared/rulesets/push/solver/attempts.ts';
import type { RaceEntry } from '../../src-shared/rulesets/push/solver/race.ts';
import { StopPoll } from '../../src-shared/search/stop-poll.ts';
import type { SolveResult } from '../../src-shared/engine/ruleset.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, pushRules } from '../support/microban.ts';

const optimal = readMicrobanOptimal();

/** How good a result is: solved beats not, fewer moves beat more, proven beats not. */
function rank(result: SolveResult<unknown>): [number, number, number] {
  return [result.status === 'solved' ? 1 : 0, -(result.solution?.length ?? Infinity), result.optimal ? 1 : 0];
}

describe('anytime push solve', () => {
  for (const level of [65, 146]) {
    it(`Microban ${level} by moves: a larger budget never gives a worse result`, () => {
      let before: [number, number, number] = [0, -Infinity, 0];
      for (const budget of [10_000, 30_000, 100_000]) {
        const result = solvePlainPush(microbanState(level), { objective: 'moves', budget });
        const now = rank(result);
        expect(now[0], `solved at ${budget}`).toBeGreaterThanOrEqual(before[0]);
        if (now[0] === before[0]) expect(now[1], `moves at ${budget}`).toBeGreaterThanOrEqual(before[1]);
        if (now[1] === before[1] && now[0] === 1) expect(now[2], `proof at ${budget}`).toBeGreaterThanOrEqual(before[2]);
        const known = optimal[level - 1].moves;
        if (result.solution && known !== undefined) {
          expect(result.solution.length).toBeGreaterThanOrEqual(known);
          if (result.optimal) expect(result.solution.length).toBe(known);
        }
        before = now;
      }
    });
  }

  it('a stop during the exact search returns the best solution found as a bound, with the proven lower bound', () => {
    // Microban 123 by moves: the quick searches find a solution within the first 10,000 states;
    // the exact search is still far from the proof when the host stops it at 60,000.
    const state = microbanState(123);
    let stored = 0;
    const result = solvePlainPush(state, { objective: 'moves', budget: 10_000_000, progress: (p) => (stored = Math.max(stored, p.stored)), shouldStop: () => stored > 60_000 });
    expect(result).toMatchObject({ status: 'solved', optimal: false, stoppedBy: 'stopped' });
    expect(replay(pushRules, state, result.solution!).status).toBe('won');
    expect(result.solution!.length).toBeGreaterThanOrEqual(optimal[122].moves!);
    expect(result.lowerBound).toBeGreaterThan(0);
    expect(result.lowerBound).toBeLessThanOrEqual(optimal[122].moves!);
    expect(result.reason).toMatch(/is a bound on the par, not a proven one/);
  });

  it("reports how each search of the race for a first solution ran (raceReport): the exact one first, the winner marked, the states adding up", () => {
    // Microban 123 by moves, as above: a quick search wins the race for a first solution.
    let report: readonly RaceEntry[] = [];
    const result = solvePlainPush(microbanState(123), { objective: 'moves', budget: 100_000, raceReport: (entries) => (report = entries) });
    expect(result.status).toBe('solved');
    expect(report.map((e) => e.name)).toEqual(['exact (both ways)', ...QUICK.map(attemptName)]);
    expect(report.filter((e) => e.won)).toHaveLength(1);
    expect(report[0].won).toBe(false);
    // The winner, and the exact search, which has the first turn, stored states.
    expect(report.find((e) => e.won)!.stored).toBeGreaterThan(0);
    expect(report[0].stored).toBeGreaterThan(0);
    // No host clock: no time; the plain searches measure no progress.
    expect(report.every((e) => e.time === undefined && e.progress === undefined)).toBe(true);
    expect(report.reduce((sum, e) => sum + e.stored, 0)).toBeLessThanOrEqual(result.stored);
  });

  it('tells the host each better solution as it holds it (SolveOptions.found): falling values, the first long before the end, the last the one returned', () => {
    // Microban 123 by moves, stopped at 60,000 states (as above): a first solution from the
    // quick searches, then shorter ones from the polish.
    const state = microbanState(123);
    let stored = 0;
    const told: { value: number; stored: number }[] = [];
    const result = solvePlainPush(state, {
      objective: 'moves',
      budget: 10_000_000,
      progress: (p) => (stored = Math.max(stored, p.stored)),
      found: (value) => told.push({ value, stored }),
      shouldStop: () => stored > 60_000,
    });
    expect(result.status).toBe('solved');
    expect(told.length).toBeGreaterThan(0);
    for (let k = 1; k < told.length; k++) expect(told[k].value).toBeLessThan(told[k - 1].value);
    expect(told[told.length - 1].value).toBe(result.solution!.length);
    expect(told[0].stored).toBeLessThan(30_000);
    // A par the exact search proves on its own is told once, at its value.
    const proven: number[] = [];
    const small = solvePlainPush(microbanState(1), { objective: 'moves', found: (value) => proven.push(value) });
    expect(small.optimal).toBe(true);
    expect(proven).toEqual([small.solution!.length]);
  });

  it('a time-led run (a large budget and a time limit) divides the time: it polishes before the time is up and never ends early', () => {
    // Time is counted in nodes expanded here (deterministic): the run has 200,000 of them. The same
    // run with the stop alone spends them all on the exact search and never shortens its bound.
    const level = 123;
    const run = (timeLed: boolean): SolveResult<unknown> => {
      let nodes = 0;
      const limit = 200_000;
      return solvePlainPush(microbanState(level), {
        objective: 'moves',
        budget: 100_000_000,
        progress: (p) => (nodes = Math.max(nodes, p.nodes)),
        shouldStop: () => nodes > limit,
        ...(timeLed ? { timeSpent: () => nodes / limit } : {}),
      });
    };
    const stopOnly = run(false);
    const timeLed = run(true);
    for (const result of [stopOnly, timeLed]) {
      expect(result).toMatchObject({ status: 'solved', optimal: false, stoppedBy: 'stopped' });
      expect(replay(pushRules, microbanState(level), result.solution!).status).toBe('won');
      expect(result.solution!.length).toBeGreaterThanOrEqual(optimal[level - 1].moves!);
      expect(result.lowerBound).toBeLessThanOrEqual(optimal[level - 1].moves!);
    }
    expect(timeLed.solution!.length).toBeLessThan(stopOnly.solution!.length);
    expect(timeLed.lowerBound).toBeGreaterThanOrEqual(stopOnly.lowerBound!);
  });
});

describe('the ledger of a time-led run', () => {
  it('reads its rate so far as the total it will reach, never above the budget', () => {
    let time = 0;
    const ledger = new SolveLedger(1_000_000, new StopPoll(), () => time);
    const stored = { nodes: 0, stored: 0, bytesPerState: 0 };
    const run = { get stored() { return stored.stored; }, get nodes() { return stored.nodes; } } as never;
    time = 0.1; // precomputations: no states yet
    ledger.begin();
    ledger.follow(run);
    expect(ledger.total).toBe(1_000_000); // no rate yet
    time = 0.2;
    expect(ledger.total).toBe(1_000_000); // nothing stored yet (a search building its tables): no rate either
    time = 0.3;
    stored.stored = 50_000; // 50,000 states in 0.2 of the time: 175,000 more in the 0.7 left
    expect(ledger.total).toBe(225_000);
    expect(ledger.left).toBe(175_000);
    time = 1;
    expect(ledger.left).toBe(0);
    const fast = new SolveLedger(100_000, new StopPoll(), () => time);
    time = 0;
    fast.begin();
    fast.follow(run);
    time = 0.5;
    stored.stored = 80_000;
    expect(fast.total).toBe(100_000); // the rate would reach 160,000 states: the budget leads
    expect(new SolveLedger(7, new StopPoll()).total).toBe(7);
  });

  it('with a live cap, counts against the memory only the searches still followed', () => {
    const ledger = new SolveLedger(150_000, new StopPoll(), () => 0, 100_000);
    const a = { stored: 0, nodes: 0 };
    const b = { stored: 0, nodes: 0 };
    ledger.follow(a as never);
    ledger.follow(b as never);
    a.stored = 70_000;
    b.stored = 30_000;
    expect(ledger.left).toBe(0);
    expect(ledger.fullBy).toBe('memory');
    // Settled (its tables dropped), a search gives its room back; its states stay spent, and the
    // budget, on every state stored, is now the tighter.
    ledger.settle(a as never);
    expect(ledger.liveStored).toBe(30_000);
    expect(ledger.spent).toBe(100_000);
    expect(ledger.left).toBe(50_000);
    expect(ledger.fullBy).toBe('budget');
    b.stored = 80_000;
    expect(ledger.left).toBe(0);
    expect(ledger.fullBy).toBe('budget');
  });
});
