/**
 * Why a search stopped, said everywhere: the state budget, the memory cap on its tables, the
 * host's time limit or a cancel (SolveResult.stoppedBy, the record, the CLI's JSON).
 */
import { describe, expect, it } from 'vitest';
import { plainStateBytes, solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { astar } from '../../src-shared/search/generic.ts';
import { MAX_VERIFY_BUDGET, statesWithin } from '../../src-shared/search/budget.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { microbanLevels, microbanState, pushRules } from '../support/microban.ts';

describe('the memory cap on a search', () => {
  it('holds the states that fit, and says when it is the tighter limit', () => {
    expect(statesWithin(1000, undefined, 50)).toEqual({ states: 1000, byMemory: false });
    expect(statesWithin(1000, 10_000, 50)).toEqual({ states: 200, byMemory: true });
    expect(statesWithin(100, 10_000, 50)).toEqual({ states: 100, byMemory: false });
  });

  it('ends the plain solver as budget, stopped by memory, within what the cap holds', () => {
    const state = microbanState(93);
    const perState = plainStateBytes(state.boxes.length, state.board.width * state.board.height);
    const result = solvePlainPush(state, { objective: 'moves', budget: 10_000_000, memoryBytes: 20_000 * perState });
    expect(result.stoppedBy).toBe('memory');
    expect(result.optimal).toBe(false);
    expect(result.stored).toBeLessThanOrEqual(20_000);
    expect(result.reason).toMatch(/memory cap of 1 MB \(20,000 states at \d+ bytes each, under the budget of 10,000,000 states\) ran out/);
    // The same level with room for the budget: the budget is what stops it.
    expect(solvePlainPush(state, { objective: 'moves', budget: 20_000 }).stoppedBy).toBe('budget');
  });

  it('time-led, caps the states its live searches hold: the race drops its largest entrant at the cap and goes on', () => {
    // The clock is the solver's own polls. With a state budget the cap is on every state stored
    // (above); time-led, a search settled gives its tables back, so the run goes on past them.
    const state = microbanState(93);
    const perState = plainStateBytes(state.boxes.length, state.board.width * state.board.height);
    let polls = 0;
    const result = solvePlainPush(state, { objective: 'moves', budget: MAX_VERIFY_BUDGET, memoryBytes: 20_000 * perState, timeSpent: () => polls / 2_000, shouldStop: () => ++polls > 2_000 });
    expect(result.stored).toBeGreaterThan(30_000);
    expect(result.stoppedBy).toBe('memory');
    expect(result.reason).toMatch(/memory cap of 1 MB \(20,000 states/);
    // It searched further than the run the cap ends at its 20,000th state: a higher bound.
    const capped = solvePlainPush(state, { objective: 'moves', budget: 10_000_000, memoryBytes: 20_000 * perState });
    expect(result.lowerBound).toBeGreaterThan(capped.lowerBound!);
  });

  it('ends the generic A* (push mechanics) as budget, stopped by memory', () => {
    const rules = pushKind.create({ pushStrength: 2 }).rules!;
    const state = rules.load(microbanLevels()[92]).state!;
    const result = astar(rules, state, { budget: 10_000_000, memoryBytes: 2_000_000 });
    expect(result).toMatchObject({ status: 'budget', stoppedBy: 'memory', optimal: false });
    expect(result.stored).toBeLessThan(10_000);
    expect(result.reason).toMatch(/memory cap of 2 MB/);
    expect(rules.solve!(state, { budget: 3000 }).stoppedBy).toBe('budget');
  });
});

describe('a stop by the host', () => {
  it('is named by the host that owns it (time limit or cancel); unnamed it stays `stopped`', () => {
    const level = microbanLevels()[92];
    let polls = 0;
    const shouldStop = (): boolean => ++polls > 3;
    const options = { budget: 10_000_000, shouldStop };
    expect(verifyLevel(pushRules, level, { ...options, stopCause: () => 'time' }).stoppedBy).toBe('time');
    polls = 0;
    expect(verifyLevel(pushRules, level, { ...options, stopCause: () => 'cancelled' }).stoppedBy).toBe('cancelled');
    polls = 0;
    expect(verifyLevel(pushRules, level, options).stoppedBy).toBe('stopped');
    // A budget is the solver's own reason: the host's cause does not replace it.
    expect(verifyLevel(pushRules, level, { budget: 2000, stopCause: () => 'time' }).stoppedBy).toBe('budget');
  });
});
