/**
 * The host's stop is asked by work done (search/stop-poll.ts) in every search and table build, so
 * a cancel lands within a bounded amount of work however large each step is. Counted, never timed
 * (the push-limits bench prints the gaps in milliseconds): a stop that fires at its k-th poll ends
 * the work within a few steps of it.
 */
import { describe, expect, it } from 'vitest';
import { neighbourTable } from '../../src-shared/rulesets/sliding/board.ts';
import { buildCompleteTable } from '../../src-shared/rulesets/sliding/solver/complete-table.ts';
import { PARTITION_663, buildPartitionTables } from '../../src-shared/rulesets/sliding/solver/pattern-db.ts';
import { astar, bfs } from '../../src-shared/search/generic.ts';
import { POLL_WORK, StopPoll } from '../../src-shared/search/stop-poll.ts';
import { pushRules, stateOf } from '../support/microban.ts';
import { pushRoom } from '../support/push-rooms.ts';

/** A stop that fires at its `at`-th poll, counting the polls. */
function stopAt(at: number): { readonly shouldStop: () => boolean; readonly polls: () => number } {
  let polls = 0;
  return { shouldStop: () => ++polls >= at, polls: () => polls };
}

describe('the stop poll', () => {
  it('asks the host once per POLL_WORK units of work and latches its answer', () => {
    const stop = stopAt(3);
    const poll = new StopPoll(stop.shouldStop);
    let units = 0;
    while (!poll.tick(100)) units += 100;
    expect(stop.polls()).toBe(3);
    expect(units).toBeGreaterThanOrEqual(2 * POLL_WORK);
    // Each poll comes with the tick that crosses POLL_WORK (the excess is not carried over).
    expect(units).toBeLessThan(3 * (POLL_WORK + 100));
    expect(poll.tick(1)).toBe(true);
    expect(poll.now()).toBe(true);
    expect(stop.polls()).toBe(3);
  });
});

describe('generic searches on a state that is slow to step', () => {
  // 400 boxes with ice (a mechanic, so the generic searches solve it): each child's key is about
  // 1,900 characters, so 1,024 expansions between polls (as the searches once did) take a second.
  const board = pushRoom(60, 400, 'stop-polls');
  const ice: [number, number][] = [];
  for (let y = 5; y < 59; y += 5) for (let x = 20; x < 40; x++) if (board[y][x] === ' ') ice.push([x, y]);
  const state = stateOf(board, { ice });

  for (const [name, search] of [
    ['A*', astar],
    ['BFS', bfs],
  ] as const) {
    it(`${name} stops within a few expansions of the host's stop`, () => {
      const stop = stopAt(1);
      const result = search(pushRules, state, { shouldStop: stop.shouldStop });
      expect(result).toMatchObject({ status: 'budget', stoppedBy: 'stopped', optimal: false });
      expect(stop.polls()).toBe(1);
      expect(result.nodes).toBeGreaterThan(0);
      expect(result.nodes).toBeLessThanOrEqual(16);
    });
  }
});

describe('sliding table builds', () => {
  it('the 3x3 complete table asks the host far more often than it reports progress', () => {
    // Progress comes every 65,536 expansions; a stop at the 10th poll lands before the first report.
    const stop = stopAt(10);
    let reports = 0;
    const table = buildCompleteTable(9, neighbourTable(3, 3), { shouldStop: stop.shouldStop, progress: () => reports++ });
    expect(table).toBeUndefined();
    expect(stop.polls()).toBe(10);
    expect(reports).toBe(0);
    // A full build polls throughout (181,440 arrangements, each a few dozen units of work).
    const full = stopAt(Infinity);
    expect(buildCompleteTable(9, neighbourTable(3, 3), { shouldStop: full.shouldStop })).toBeDefined();
    expect(full.polls()).toBeGreaterThan(50);
  });

  it('the 4x4 pattern databases stop within a few polls, long before their first progress report', () => {
    const stop = stopAt(10);
    let reports = 0;
    const tables = buildPartitionTables(PARTITION_663, { shouldStop: stop.shouldStop, progress: () => reports++ });
    expect(tables).toBeUndefined();
    expect(stop.polls()).toBe(10);
    expect(reports).toBe(0);
  });
});
