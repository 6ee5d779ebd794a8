/**
 * A job's search hooks (src-main/jobs/types/runtime.ts): the time limit stops the search, and a
 * time limit with no state budget of its own (the most a verification may ask, the studio's
 * Verify with the budget left empty) makes the run time-led: the solver is told the share of the
 * time used, and progress follows the time.
 */
import { describe, expect, it } from 'vitest';
import { searchHooks } from '../../src-main/jobs/types/runtime.ts';
import type { JobProgress } from '../../src-main/jobs/types/define.ts';
import { DEFAULT_STATE_BUDGET, MAX_VERIFY_BUDGET } from '../../src-shared/search/budget.ts';

function context(): { now: number; reports: JobProgress[]; clock: () => number; onProgress: (p: JobProgress) => void } {
  const c = {
    now: 1000,
    reports: [] as JobProgress[],
    clock: () => c.now,
    onProgress: (p: JobProgress) => void c.reports.push(p),
  };
  return c;
}

describe('search hooks of a job', () => {
  it('with no state budget of its own and a time limit, lead by the time: timeSpent, progress and the stop', () => {
    const c = context();
    const hooks = searchHooks(c, MAX_VERIFY_BUDGET, 10_000);
    expect(hooks.timeSpent).toBeDefined();
    c.now += 2500;
    expect(hooks.timeSpent!()).toBeCloseTo(0.25);
    hooks.progress!({ nodes: 10, stored: 100 });
    expect(c.reports.at(-1)!.progress).toBeCloseTo(0.25);
    expect(hooks.shouldStop()).toBe(false);
    expect(hooks.stopCause()).toBeUndefined();
    c.now += 7500;
    // A time-led solver may end at its share of the time before it asks the stop: the time it is.
    expect(hooks.stopCause()).toBe('time');
    expect(hooks.shouldStop()).toBe(true);
    expect(hooks.stopCause()).toBe('time');
    hooks.progress!({ nodes: 20, stored: 200 });
    // Never 1 before the job is done.
    expect(c.reports.at(-1)!.progress).toBe(0.99);
  });

  it('with a state budget, stay led by it: a time limit only stops the search (progress shows the nearer end)', () => {
    const c = context();
    const hooks = searchHooks(c, DEFAULT_STATE_BUDGET, 10_000);
    expect(hooks.timeSpent).toBeUndefined();
    c.now += 1000;
    hooks.progress!({ nodes: 10, stored: DEFAULT_STATE_BUDGET / 5 });
    expect(c.reports.at(-1)!.progress).toBeCloseTo(0.2);
    c.now += 4000;
    hooks.progress!({ nodes: 10, stored: DEFAULT_STATE_BUDGET / 5 });
    expect(c.reports.at(-1)!.progress).toBeCloseTo(0.5);
    // One state short of the most a verification may ask is a budget: not time-led.
    expect(searchHooks(context(), MAX_VERIFY_BUDGET - 1, 10_000).timeSpent).toBeUndefined();
    c.now += 5000;
    expect(hooks.shouldStop()).toBe(true);
    // No time limit, no time lead, even at the most a verification may ask.
    expect(searchHooks(context(), MAX_VERIFY_BUDGET).timeSpent).toBeUndefined();
  });
});
