/**
 * The replay curve of a maximised objective (issue 26), with the tests' Harvest kind (a score,
 * tests/support/score-kind.ts) against its plain exhaustive best: at every step of a random play
 * the most still to gain is the best final score minus the score so far, an ended game has
 * nothing left (never dead), the play leaves every best line exactly where the best reachable
 * first falls, and the summary gives the points given up. A minimised kind keeps its reading.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TimedJournalEntry } from '../../src-shared/engine/play/recording.ts';
import { ReplayTimeline } from '../../src-shared/engine/play/replay-timeline.ts';
import type { Rules } from '../../src-shared/engine/ruleset.ts';
import { slidingKind } from '../../src-shared/rulesets/sliding/kind.ts';
import { curvePoint, curveReading, summarizeReplay, wholeCurve } from '../../src-shared/verify/replay-curve.ts';
import { bruteBestScore, harvestKind, type HarvestCommand, type HarvestLevel, type HarvestState } from '../support/score-kind.ts';

const rules = harvestKind.create({}).rules! as Rules<HarvestLevel, HarvestState, HarvestCommand>;
const LEVEL: HarvestLevel = { row: '4.1.S..5x9.2', moves: 6 };

describe('the curve of a score', () => {
  it('every step: the most still to gain against an exhaustive search; divergence and points given up', () => {
    const entry = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom<HarvestCommand>('l', 'r').map((command) => ({ type: 'command' as const, command })) },
      { weight: 1, arbitrary: fc.constant({ type: 'undo' as const }) },
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (journal) => {
        const start = rules.load(LEVEL).state!;
        const timeline = new ReplayTimeline(rules, start, journal as TimedJournalEntry<HarvestCommand>[]);
        const curve = wholeCurve(timeline, rules);
        const reading = curveReading(timeline, rules);
        const best = bruteBestScore(rules, start);
        let firstFall: number | undefined;
        for (let step = 0; step <= timeline.length; step++) {
          const state = timeline.stateAt(step);
          const answer = curve[step];
          expect(answer.dead).toBe(false);
          expect(answer.distance).toBe(bruteBestScore(rules, state) - state.points);
          expect(curvePoint(answer, step, reading)).toEqual({ value: bruteBestScore(rules, state), bound: false });
          if (firstFall === undefined && bruteBestScore(rules, state) < best) firstFall = step;
        }
        const summary = summarizeReplay(timeline, curve, reading);
        const end = timeline.stateAt(timeline.length);
        expect(summary).toMatchObject({ sense: 'maximise', par: best, value: end.points, wasted: best - bruteBestScore(rules, end), divergence: firstFall ?? null });
        expect(summary.final).toBe(rules.status(end) === 'playing' ? 'playing' : 'ended');
      }),
      { numRuns: 60 },
    );
  });

  it('a search out of budget answers "at least" the best line it found, drawn dashed', () => {
    const start = rules.load({ row: '1.1.1.1.S.1.1.1.9', moves: 14 }).state!;
    const timeline = new ReplayTimeline(rules, start, []);
    const [answer] = wholeCurve(timeline, harvestKind.create({ bound: false }).rules!, { budget: 6 });
    expect(answer.distance).toBeNull();
    expect(answer.lowerBound).toBeGreaterThan(0);
    expect(answer.lowerBound!).toBeLessThanOrEqual(bruteBestScore(rules, start));
    expect(curvePoint(answer, 0, curveReading(timeline, rules))).toEqual({ value: answer.lowerBound, bound: true });
  });
});

describe('a minimised objective keeps its reading', () => {
  it('sliding: the cost left, par the optimal cost, moves wasted', () => {
    const sliding = slidingKind.create({}).rules!;
    const start = sliding.load({ width: 3, height: 2, tiles: [1, 2, 3, 4, 0, 5] }).state!;
    const timeline = new ReplayTimeline(sliding, start, ['l', 'r', 'r'].map((command) => ({ type: 'command' as const, command })));
    const curve = wholeCurve(timeline, sliding);
    const reading = curveReading(timeline, sliding);
    expect(reading.sense).toBe('minimise');
    expect(curve.map((c) => c.distance)).toEqual([1, 2, 1, 0]);
    expect(curve.map((c, step) => curvePoint(c, step, reading)?.value)).toEqual([1, 2, 1, 0]);
    expect(summarizeReplay(timeline, curve, reading)).toMatchObject({ sense: 'minimise', par: 1, moves: 3, value: 3, wasted: 2, divergence: 1, final: 'won' });
  });
});
