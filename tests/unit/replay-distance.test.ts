/**
 * The distance-to-goal curve against an independent breadth-first search on small levels: every
 * step's distance and dead mark agree with it, the kind's cheap dead answer never calls a winnable
 * position dead, the divergence from every optimal continuation is found at the right step, and
 * shared work answers a player on the optimal line with one solve.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TimedJournalEntry } from '../../src-shared/engine/play/recording.ts';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import { ReplayTimeline } from '../../src-shared/engine/play/replay-timeline.ts';
import { slidingKind } from '../../src-shared/rulesets/sliding/kind.ts';
import { DistanceOracle, deadOrDistance } from '../../src-shared/verify/distance.ts';
import { deadStretches, distanceCurve, divergenceStep, summarizeReplay, wholeCurve } from '../../src-shared/verify/replay-curve.ts';
import { bruteDistance, reachableStates } from '../support/brute-distance.ts';
import { pushRules, stateOf } from '../support/microban.ts';

const slidingRules: AnyRules = slidingKind.create({}).rules!;
const commands = (text: string): TimedJournalEntry<string>[] => [...text].map((command) => ({ type: 'command', command }));

/** One box, its goal in the top-left corner; the bottom row is dead (no goal on it). */
const ONE_BOX = ['######', '#.   #', '# $  #', '#  @ #', '######'];
/** Two boxes and two goals in a small room, where boxes can freeze against each other. */
const TWO_BOXES = ['#######', '#.  . #', '# $$  #', '#   @ #', '#######'];
const SLIDING_3X2 = { width: 3, height: 2, tiles: [1, 2, 3, 4, 0, 5] };

const CASES: { name: string; rules: AnyRules; start: () => unknown }[] = [
  { name: 'push, one box', rules: pushRules, start: () => stateOf(ONE_BOX) },
  { name: 'push, two boxes', rules: pushRules, start: () => stateOf(TWO_BOXES) },
  { name: 'sliding 3x2', rules: slidingRules, start: () => slidingRules.load(SLIDING_3X2).state },
];

describe('distance to goal against a plain breadth-first search', () => {
  for (const { name, rules, start } of CASES) {
    it(`${name}: every step of a random play has the search's distance and dead mark`, () => {
      const entry = fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('u', 'd', 'l', 'r').map((command) => ({ type: 'command' as const, command })) },
        { weight: 1, arbitrary: fc.constant({ type: 'undo' as const }) },
        { weight: 1, arbitrary: fc.constant({ type: 'restart' as const }) },
      );
      fc.assert(
        fc.property(fc.array(entry, { minLength: 1, maxLength: 40 }), (journal) => {
          const timeline = new ReplayTimeline(rules, start(), journal as TimedJournalEntry<string>[]);
          const curve = wholeCurve(timeline, rules);
          curve.forEach((answer, step) => {
            const expected = bruteDistance(rules, timeline.stateAt(step));
            expect({ step, distance: answer.distance, dead: answer.dead }).toEqual({ step, distance: expected, dead: expected === null });
          });
        }),
        { seed: 2024, numRuns: 25 },
      );
    });

    it(`${name}: the cheap dead answer is never given to a winnable position`, () => {
      for (const state of reachableStates(rules, start())) {
        if (rules.deadEnd?.(state)) expect(bruteDistance(rules, state)).toBeNull();
      }
    });
  }

  it('push answers a box pushed onto a dead square, or two boxes frozen off their goals, without a search', () => {
    const pushedDown = new ReplayTimeline(pushRules, stateOf(ONE_BOX), commands('uuld'));
    expect(pushRules.deadEnd!(pushedDown.stateAt(3))).toBe(false);
    expect(deadOrDistance(pushRules, pushedDown.stateAt(4))).toMatchObject({ dead: true, source: 'cheap' });
    const frozen = stateOf(['######', '#.. $$#', '#   $$#', '#@  ..#', '######']);
    expect(pushRules.deadEnd!(frozen)).toBe(true);
  });

  it('sliding answers a board of the wrong parity dead from the start, and the exhausted search agrees', () => {
    // A level of the wrong parity does not load: the state is built by hand, as another host might.
    const solvable = slidingRules.load({ width: 3, height: 2, tiles: [1, 2, 3, 4, 5, 0] }).state;
    const swapped = { ...solvable, tiles: Uint8Array.from([2, 1, 3, 4, 5, 0]) };
    expect(deadOrDistance(slidingRules, swapped)).toMatchObject({ dead: true, source: 'cheap' });
    expect(bruteDistance(slidingRules, swapped)).toBeNull();
  });

  it('without a cheap answer, an exhausted search says dead', () => {
    const { deadEnd: _ignored, ...withoutCheap } = pushRules;
    const state = new ReplayTimeline(pushRules, stateOf(ONE_BOX), commands('uuld')).stateAt(4);
    expect(deadOrDistance(withoutCheap as AnyRules, state)).toMatchObject({ dead: true, source: 'search' });
  });
});

describe('the curve of a play', () => {
  // ONE_BOX: the optimal line is 6 moves; the player steps aside, wanders back, then pushes the box down.
  const journal = [...commands('ul'), ...commands('r'), { type: 'undo' }, ...commands('d'), ...commands('lur'), ...commands('dd')] as TimedJournalEntry<string>[];

  it('a player on the optimal line costs one solve: its solution answers the states after it', () => {
    const start = stateOf(ONE_BOX);
    const oracle = new DistanceOracle(pushRules);
    const optimal = bruteDistance(pushRules, start)!;
    const solved = pushRules.solve!(start, {}).solution!;
    const timeline = new ReplayTimeline(pushRules, start, solved.map((command) => ({ type: 'command', command })));
    const curve = distanceCurve(timeline, oracle);
    expect(curve.map((a) => a.distance)).toEqual(Array.from({ length: optimal + 1 }, (_, k) => optimal - k));
    expect(oracle.solves).toBe(1);
    expect(divergenceStep(timeline, curve)).toBeUndefined();
  });

  it('finds the first step that leaves every optimal continuation', () => {
    const start = stateOf(ONE_BOX);
    const timeline = new ReplayTimeline(pushRules, start, journal);
    const curve = wholeCurve(timeline, pushRules);
    const brute = Array.from({ length: timeline.length + 1 }, (_, k) => bruteDistance(pushRules, timeline.stateAt(k)));
    const par = brute[0]!;
    const expected = brute.findIndex((d, k) => k > 0 && (d === null || timeline.lineCostAt(k) + d > par));
    expect(expected).toBeGreaterThan(0);
    expect(divergenceStep(timeline, curve)).toBe(expected);
  });

  it('shades the dead stretch from the step that made it dead, and sums the play up', () => {
    const start = stateOf(['######', '#.   #', '# $  #', '# @  #', '#    #', '######']);
    const timed = [...commands('lu'), { type: 'undo' }, { type: 'undo' }, ...commands('luurdd'), { type: 'hint', command: 'u' }, ...commands('l')].map((e, i) => ({ ...e, t: i === 5 ? 60_000 + i : i * 1000 })) as TimedJournalEntry<string>[];
    const timeline = new ReplayTimeline(pushRules, start, timed);
    const curve = wholeCurve(timeline, pushRules);
    const dead = curve.map((a) => a.dead);
    expect(dead.indexOf(true)).toBe(10);
    expect(deadStretches(curve)).toEqual([{ from: 10, to: 12 }]);
    const summary = summarizeReplay(timeline, curve);
    expect(summary).toMatchObject({ steps: 12, undos: 2, hints: 1, restarts: 0, par: bruteDistance(pushRules, start), final: 'dead' });
    expect(summary.longestDead).toEqual({ from: 10, to: 12, steps: 3 });
    expect(summary.longestStall).toEqual({ ms: 60_005 - 4000, step: 6 });
    expect(summary.movesMade).toBe(9);
    expect(summary.moves).toBe(7);
    expect(summary.wasted).toBeNull();
  });
});
