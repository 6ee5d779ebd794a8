/**
 * The race's turns (race.ts): entrants get states in proportion to their shares, and one that
 * reports its progress and has stalled gets a quarter of its share, until it moves again, unless
 * it is steady.
 *
 * The entrants are scripted searches (each turn stores as many states as nodes it may expand):
 * the scheduling is what is tested; the real searches race in the full-size tests.
 */
import { describe, expect, it } from 'vitest';
import { SolveLedger } from '../../src-shared/rulesets/push/solver/ledger.ts';
import { SearchRace, type Entrant } from '../../src-shared/rulesets/push/solver/race.ts';
import type { PlainSearchRun } from '../../src-shared/rulesets/push/solver/search-types.ts';
import { StopPoll } from '../../src-shared/search/stop-poll.ts';

/** A search that stores one state a node and never ends; `moving` says whether its progress rises as it goes. */
class Scripted implements PlainSearchRun {
  stored = 0;
  nodes = 0;
  lowerBound = 0;
  bytesPerState = 0;
  progressAt: number | undefined;
  private budget: number;
  moving: boolean | undefined;

  constructor(budget: number, moving: boolean | undefined) {
    this.budget = budget;
    this.moving = moving;
    this.progressAt = moving === undefined ? undefined : 0;
  }

  run(maxNodes: number) {
    const room = Math.min(maxNodes, this.budget - this.stored);
    if (room <= 0) return { status: 'budget' as const, lowerBound: 0, nodes: this.nodes, stored: this.stored, bytesPerState: 0 };
    this.stored += room;
    this.nodes += room;
    if (this.moving) this.progressAt = this.stored;
    return undefined;
  }

  setBudget(states: number): void {
    this.budget = states;
  }

  setUpperBound(): void {}
}

function race(kinds: readonly (boolean | undefined)[], limit: number, steady: readonly boolean[] = []): Scripted[] {
  const runs: Scripted[] = [];
  const entrants: Entrant[] = kinds.map((moving, i) => ({
    share: 1,
    counted: true,
    steady: steady[i],
    start: (budget: number) => (runs[i] = new Scripted(budget, moving)),
  }));
  const ledger = new SolveLedger(10_000_000, new StopPoll(() => false));
  const searchRace = new SearchRace(entrants, ledger);
  expect(searchRace.runUntil(limit)).toBeUndefined();
  return runs;
}

describe('the race for a first solution', () => {
  it('gives entrants of equal shares about equal states while they move or do not say', () => {
    const [a, b, c] = race([true, undefined, true], 300_000);
    for (const run of [a, b, c]) expect(run.stored).toBeGreaterThan(95_000);
  });

  it('gives a stalled entrant a quarter of its share once it has stored 20,000 states past its last progress', () => {
    const [moving, stalled, silent] = race([true, false, undefined], 450_000);
    // The stalled one stops at 20,000 until the others have four times as many, then takes a
    // quarter of what each takes.
    expect(stalled.stored).toBeLessThan(0.3 * moving.stored);
    expect(stalled.stored).toBeGreaterThan(0.2 * moving.stored);
    expect(Math.abs(moving.stored - silent.stored)).toBeLessThan(2_000);
  });

  it('never holds back a steady entrant, stalled or not', () => {
    const [moving, steadyStalled, stalled] = race([true, false, false], 450_000, [false, true, false]);
    expect(Math.abs(moving.stored - steadyStalled.stored)).toBeLessThan(2_000);
    expect(stalled.stored).toBeLessThan(0.3 * moving.stored);
  });

  it('gives a stalled entrant its share again when it moves', () => {
    const runs: Scripted[] = [];
    const entrants: Entrant[] = [true, false].map((moving, i) => ({ share: 1, counted: true, start: (budget: number) => (runs[i] = new Scripted(budget, moving)) }));
    const searchRace = new SearchRace(entrants, new SolveLedger(10_000_000, new StopPoll(() => false)));
    searchRace.runUntil(200_000);
    expect(runs[1].stored).toBeLessThan(0.3 * runs[0].stored);
    runs[1].moving = true;
    searchRace.runUntil(600_000);
    // Moving again, it takes turns until its load matches the other's.
    expect(Math.abs(runs[0].stored - runs[1].stored)).toBeLessThan(2_000);
  });
});

describe('the race at a memory cap on its live states (a time-led run, ledger.ts liveCap)', () => {
  it('drops its largest entrant, a stalled one first, gives its room to the others, and keeps the last one', () => {
    const runs: Scripted[] = [];
    const kinds = [true, false, true];
    const entrants: Entrant[] = kinds.map((moving, i) => ({ share: 1, counted: true, start: (budget: number) => (runs[i] = new Scripted(budget, moving)) }));
    const ledger = new SolveLedger(10_000_000, new StopPoll(() => false), () => 0, 60_000);
    const searchRace = new SearchRace(entrants, ledger);
    expect(searchRace.runUntil(Infinity)).toBeUndefined();
    // The stalled one left first (with fewer states than the others: it was held back), then the
    // larger of the moving ones; the last one filled the room the others gave back.
    expect([0, 1, 2].map((i) => searchRace.alive(i))).toEqual([false, false, true]);
    expect(runs[1].stored).toBeLessThan(runs[0].stored);
    expect(runs[2].stored).toBeGreaterThan(runs[0].stored);
    expect(ledger.liveStored).toBeLessThanOrEqual(60_000);
    expect(ledger.spent).toBeGreaterThan(100_000);
    expect(ledger.fullBy).toBe('memory');
  });

  it('without a live cap, the same race ends when its states reach the budget, every entrant still in it', () => {
    const entrants: Entrant[] = [true, false, true].map((moving) => ({ share: 1, counted: true, start: (budget: number) => new Scripted(budget, moving) }));
    const ledger = new SolveLedger(60_000, new StopPoll(() => false), () => 0);
    const searchRace = new SearchRace(entrants, ledger);
    expect(searchRace.runUntil(Infinity)).toBeUndefined();
    expect([0, 1, 2].map((i) => searchRace.alive(i))).toEqual([true, true, true]);
    expect(ledger.spent).toBe(60_000);
  });
});

describe("the race's report (PushSolveOptions.raceReport, the set bench's --race)", () => {
  it("gives each entrant's name, states, share of the host's time, progress and stall, and keeps them once the searches are released", () => {
    // The host's clock: a millionth of the time limit for each state stored.
    let storedInAll = 0;
    const runs: Scripted[] = [];
    const entrants: Entrant[] = [true, false].map((moving, i) => ({
      share: i === 0 ? 2 : 1,
      counted: true,
      name: `search ${i}`,
      start: (budget: number) => {
        const run = new Scripted(budget, moving);
        const step = run.run.bind(run);
        run.run = (maxNodes: number) => {
          const before = run.stored;
          const result = step(maxNodes);
          storedInAll += run.stored - before;
          return result;
        };
        return (runs[i] = run);
      },
    }));
    const ledger = new SolveLedger(10_000_000, new StopPoll(() => false), () => storedInAll / 1_000_000);
    const searchRace = new SearchRace(entrants, ledger);
    expect(searchRace.runUntil(300_000)).toBeUndefined();
    searchRace.release();
    const [first, second] = searchRace.report();
    expect(first).toMatchObject({ name: 'search 0', share: 2, stored: runs[0].stored, progressAt: runs[0].stored, stalled: false, won: false });
    expect(second).toMatchObject({ name: 'search 1', share: 1, stored: runs[1].stored, progressAt: 0, stalled: true, won: false });
    // Each one's time is the host's clock over its own turns: its states here.
    expect(first.time).toBeCloseTo(runs[0].stored / 1_000_000, 9);
    expect(second.time).toBeCloseTo(runs[1].stored / 1_000_000, 9);
    expect(first.time! + second.time!).toBeCloseTo(0.3, 2);
  });

  it('names the winner, and gives no time where the host gave no clock', () => {
    const solved = { status: 'solved' as const, lowerBound: 0, nodes: 1, stored: 1, bytesPerState: 0, path: [], cost: 0 };
    const winner: PlainSearchRun = { run: () => solved, setBudget: () => {}, setUpperBound: () => {}, nodes: 1, stored: 1, lowerBound: 0, bytesPerState: 0 };
    const entrants: Entrant[] = [{ share: 1, counted: true, start: () => winner }];
    const searchRace = new SearchRace(entrants, new SolveLedger(1_000, new StopPoll(() => false)));
    expect(searchRace.runUntil(Infinity)?.index).toBe(0);
    expect(searchRace.report()).toEqual([{ name: 'entrant 0', share: 1, stored: 1, stalled: false, won: true }]);
  });
});
