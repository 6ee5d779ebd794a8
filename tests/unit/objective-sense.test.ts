/**
 * Objectives both ways (issue 26): the one vocabulary of "better" (engine/contract/objective.ts),
 * the generic search for a maximised objective (search/best-score.ts), verification that does not
 * ask a score to end won, and the impact report's "better than intended" by sense. The maximised
 * kind is tests/support/score-kind.ts (Harvest); the minimised side is the walk kind and push.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestInterval, betterOf, boundSign, comparedWith, isBetter, senseOf } from '../../src-shared/engine/ruleset.ts';
import { bestScore } from '../../src-shared/search/best-score.ts';
import { checkRecording, impactOf } from '../../src-shared/verify/impact.ts';
import { hintFrom, verifyLevel } from '../../src-shared/verify/verify.ts';
import { statesAlong } from '../../src-shared/engine/play/replay.ts';
import { bruteBestScore, harvestKind, type HarvestCommand } from '../support/score-kind.ts';
import { walkKind } from '../support/walk-kind.ts';

const harvest = harvestKind.create({}).rules!;
const blind = harvestKind.create({ bound: false }).rules!;
const walk = walkKind.create({}).rules!;

describe('the objective vocabulary', () => {
  it('says better, worse and the bound sign by sense', () => {
    expect(isBetter('minimise', 3, 5)).toBe(true);
    expect(isBetter('maximise', 3, 5)).toBe(false);
    expect(isBetter('maximise', 5, 5)).toBe(false);
    expect(betterOf('minimise', 7, 4)).toBe(4);
    expect(betterOf('maximise', 7, 4)).toBe(7);
    expect(comparedWith('maximise', 9, 6)).toBe('better');
    expect(comparedWith('minimise', 9, 6)).toBe('worse');
    expect(comparedWith('minimise', 6, 6)).toBe('same');
    expect(boundSign('minimise')).toBe('≤');
    expect(boundSign('maximise')).toBe('≥');
    expect(bestInterval('minimise', 48, 43)).toEqual({ low: 43, high: 48 });
    expect(bestInterval('maximise', 48, 53)).toEqual({ low: 48, high: 53 });
    expect(senseOf(harvest.objectives)).toBe('maximise');
    expect(senseOf(walk.objectives, 'steps')).toBe('minimise');
  });
});

describe('the generic search for a maximised objective', () => {
  const rows = fc
    .tuple(fc.array(fc.constantFrom('.', '.', 'x', '1', '2', '5', '9'), { minLength: 1, maxLength: 9 }), fc.nat({ max: 9 }), fc.integer({ min: 1, max: 8 }))
    .map(([cells, at, moves]) => {
      const start = at % (cells.length + 1);
      return { row: [...cells.slice(0, start), 'S', ...cells.slice(start)].join(''), moves };
    });

  it('finds the best score every line of commands could reach, proven, with the bound and without it', () => {
    fc.assert(
      fc.property(rows, (level) => {
        const state = harvest.load(level).state!;
        const truth = bruteBestScore(harvest, state);
        for (const rules of [harvest, blind]) {
          const result = bestScore(rules, state, 'points');
          expect(result).toMatchObject({ status: 'solved', optimal: true });
          const end = statesAlong(rules, state, result.solution!).at(-1)!;
          expect(end.points).toBe(truth);
        }
      }),
      { numRuns: 150, seed: 26 },
    );
  });

  it('the bound proves the best with fewer expansions than exhausting the game', () => {
    const state = harvest.load({ row: '9.S.........1', moves: 12 }).state!;
    const bounded = bestScore(harvest, state, 'points');
    const exhaustive = bestScore(blind, state, 'points');
    expect(bounded.optimal && exhaustive.optimal).toBe(true);
    expect(bounded.nodes).toBeLessThan(exhaustive.nodes);
  });

  it('out of budget: the best line found stands, not proven, with a proven upper bound on the best', () => {
    const level = { row: '1.1.1.1.S.1.1.1.9', moves: 14 };
    const state = harvest.load(level).state!;
    const truth = bruteBestScore(harvest, state);
    const cut = bestScore(harvest, state, 'points', { budget: 6 });
    expect(cut).toMatchObject({ status: 'solved', optimal: false, stoppedBy: 'budget' });
    const reached = statesAlong(harvest, state, cut.solution!).at(-1)!.points;
    expect(reached).toBeLessThanOrEqual(truth);
    expect(cut.upperBound).toBeGreaterThanOrEqual(truth);
    // Without a bound nothing is proven on the other side.
    expect(bestScore(blind, state, 'points', { budget: 6 }).upperBound).toBeUndefined();
  });

  it('a stop from the host answers with the best found so far', () => {
    // Large enough that the search does the work between two polls of the host's stop.
    const state = harvest.load({ row: `${'1.'.repeat(15)}S${'.1'.repeat(15)}`, moves: 120 }).state!;
    expect(bestScore(blind, state, 'points', { shouldStop: () => true })).toMatchObject({ status: 'solved', optimal: false, stoppedBy: 'stopped' });
  });
});

describe('verification of a maximised objective', () => {
  it('does not ask for a won end: the best score reached is the par, the line ending where it ends', () => {
    // Right three moves take the 5; the 9 lies past a pit, and the 3 on the left costs the 5.
    const record = verifyLevel(harvest, { row: '3.S..5x9', moves: 4 });
    expect(record).toMatchObject({ status: 'solved', optimal: true, objective: 'points', value: 5, par: 5, solution: 'rrr', provenBound: null });
    const end = statesAlong(harvest, harvest.load({ row: '3.S..5x9', moves: 4 }).state!, ['r', 'r', 'r']).at(-1)!;
    expect(harvest.status(end)).toBe('playing');
  });

  it('a line that ends the game (lost) counts at the score it reached', () => {
    const record = verifyLevel(harvest, { row: 'S9x', moves: 5 });
    expect(record).toMatchObject({ status: 'solved', optimal: true, par: 9 });
    expect(verifyLevel(harvest, { row: 'S..', moves: 2 })).toMatchObject({ status: 'solved', optimal: true, par: 0 });
  });

  it('out of budget: solved, not proven, the par a floor and the proven bound a ceiling on the best', () => {
    const level = { row: '1.1.1.1.S.1.1.1.9', moves: 14 };
    const truth = bruteBestScore(harvest, harvest.load(level).state!);
    const record = verifyLevel(harvest, level, { budget: 6 });
    expect(record).toMatchObject({ status: 'solved', optimal: false, stoppedBy: 'budget' });
    expect(record.par!).toBeLessThanOrEqual(truth);
    expect(record.provenBound!).toBeGreaterThanOrEqual(truth);
  });

  it('a minimised objective is as before: the walk still has to win, its bound is a lower bound', () => {
    expect(verifyLevel(walk, { row: 'S.x.x.E' })).toMatchObject({ status: 'solved', optimal: true, par: 6, provenBound: null });
    const limited = walkKind.create({ stepLimit: 3 }).rules!;
    expect(verifyLevel(limited, { row: 'S.x.E' }).status).toBe('unsolvable');
  });

  it('hints say the points still to score along the best line', () => {
    const state = harvest.load({ row: '3.S..5x9', moves: 4 }).state!;
    expect(hintFrom(harvest, state)).toMatchObject({ status: 'solved', command: 'r', distance: 5, optimal: true });
    const after = harvest.step(harvest.step(harvest.step(state, 'r').state, 'r').state, 'r').state;
    expect(hintFrom(harvest, after)).toMatchObject({ status: 'solved', distance: 0, optimal: true });
  });
});

describe('the impact report by sense', () => {
  const solved = (par: number) => ({ status: 'solved' as const, par, optimal: true });
  const intendedScoring = (value: number) => ({ id: 1, wins: false, winsAt: null, divergesAt: null, undecodableAt: null, value, intended: true, wonWhenMade: false });

  it('a recording of a maximised kind is worth the points it scores', () => {
    const start = harvest.load({ row: '3.S..5x9', moves: 4 }).state!;
    const commands: HarvestCommand[] = ['l', 'l'];
    expect(checkRecording(harvest, start, { id: 1, commands, stepHashes: null, status: 'lost', intended: true })).toMatchObject({ value: 3 });
  });

  it('better than intended means a higher score when maximising, fewer moves when minimising', () => {
    // The intended line scored 3; the best is now 5.
    expect(impactOf({ sense: 'maximise', previous: solved(3), current: solved(5), recordings: [intendedScoring(3)] })).toEqual(['par-changed', 'better-than-intended']);
    // A lower best score is no better line than the intended one (it is worse: the par changed).
    expect(impactOf({ sense: 'maximise', previous: solved(5), current: solved(3), recordings: [intendedScoring(5)] })).toEqual(['par-changed']);
    // The same figures minimised read the other way round.
    expect(impactOf({ sense: 'minimise', previous: solved(5), current: solved(3), recordings: [intendedScoring(5)] })).toEqual(['par-changed', 'better-than-intended']);
    expect(impactOf({ sense: 'minimise', previous: solved(3), current: solved(5), recordings: [intendedScoring(3)] })).toEqual(['par-changed']);
  });
});
