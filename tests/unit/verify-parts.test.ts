/**
 * A level verified in parts at once (verify/parts.ts, SolveOptions.part): the whole's record is
 * the best part's, with the tightest bound any part proved and the work of all of them; the push
 * solver's race is split so that every search runs in exactly one part, on full-size levels only
 * (elsewhere the first part is the one solve, its proof kept); and real parts of real levels,
 * each verified as the CLI's threads verify them.
 */
import { describe, expect, it } from 'vitest';
import { defaultPushRules, pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { PUSH_MECHANICS_NAME } from '../../src-shared/rulesets/push/solver/mechanics/solve.ts';
import { QUICK, QUICK_FULL_SIZE, inPart, raceShare } from '../../src-shared/rulesets/push/solver/attempts.ts';
import { bestOfParts } from '../../src-shared/verify/parts.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { microbanLevels } from '../support/microban.ts';
import { pushSetLevels } from '../support/push-sets.ts';
import { solvedRecord, verificationRecord } from '../support/verification-records.ts';

const record = verificationRecord;
const solved = solvedRecord;

describe('bestOfParts', () => {
  it('keeps a solution before none, then the better value, with the work of all the parts and the longest time', () => {
    const whole = bestOfParts([record({ provenBound: 40, ms: 90 }), solved(60, { provenBound: 30 }), solved(52, { nodes: 5, stored: 7, ms: 70 })], 'minimise');
    expect(whole).toMatchObject({ status: 'solved', value: 52, par: 52, optimal: false, provenBound: 40, nodes: 25, stored: 207, ms: 90, stoppedBy: 'time' });
    // A maximised objective keeps the larger value, and the least upper bound.
    expect(bestOfParts([solved(12, { provenBound: 20 }), solved(15, { provenBound: 18 })], 'maximise')).toMatchObject({ value: 15, provenBound: 18 });
  });

  it('calls a solution optimal when another part proved a bound it meets, and a proven part before a shorter-looking bound', () => {
    // The first part's exact search proved at least 52; the second found 52.
    expect(bestOfParts([record({ provenBound: 52 }), solved(52)], 'minimise')).toMatchObject({ value: 52, optimal: true, provenBound: null, stoppedBy: null });
    expect(bestOfParts([solved(52, { optimal: true, stoppedBy: null }), solved(60)], 'minimise')).toMatchObject({ value: 52, optimal: true });
    // A proof that there is no solution beats running out.
    expect(bestOfParts([record({}), record({ status: 'unsolvable', optimal: true, stoppedBy: null })], 'minimise').status).toBe('unsolvable');
    expect(() => bestOfParts([], 'minimise')).toThrow(/no part/);
    // A part that ended its phases early (budget) does not speak for the whole, stopped by the time limit.
    expect(bestOfParts([solved(40, { stoppedBy: 'budget' }), solved(45, { stoppedBy: 'time' })], 'minimise')).toMatchObject({ value: 40, stoppedBy: 'time' });
  });
});

describe("the push race's parts", () => {
  it('puts every search in exactly one part, the full-size race in two of about equal shares; one process races all but those raced only in parts', () => {
    for (const list of [QUICK, QUICK_FULL_SIZE]) {
      for (const of of [2, 3]) {
        const parts = Array.from({ length: of }, (_, index) => inPart(list, { index, of }));
        expect(parts.flat().length).toBe(list.length);
        expect(new Set(parts.flat()).size).toBe(list.length);
      }
      for (const one of [undefined, { index: 0, of: 1 }]) expect(inPart(list, one)).toEqual(list.filter((a) => !a.partsOnly));
    }
    expect(QUICK.filter((a) => a.partsOnly)).toEqual([]);
    // The variants with every advisor (one with room connectivity) race only in parts (attempts.ts), as their share of a part's time needs.
    expect(QUICK_FULL_SIZE.filter((a) => a.partsOnly)).toEqual([expect.objectContaining({ steady: true, lane: 0 }), expect.objectContaining({ steady: true, lane: 0 })]);
    expect(inPart(QUICK_FULL_SIZE, undefined)).toHaveLength(QUICK_FULL_SIZE.length - 2);
    // In time (the states shares, the backwards searches' at their time share counted at their
    // rate, about 12 times the feature-space searches'): the first part carries the backwards
    // search and the variants with every advisor (attempts.ts), so it holds more, under twice the
    // second's.
    const timeOf = (part: number): number => inPart(QUICK_FULL_SIZE, { index: part, of: 2 }).reduce((sum, a) => sum + (a.direction === 'pull' ? raceShare(a, true) / 12 : raceShare(a, true)), part === 0 ? 1 : 0);
    expect(timeOf(0) / timeOf(1)).toBeGreaterThan(0.75);
    expect(timeOf(0) / timeOf(1)).toBeLessThan(2);
    expect(inPart(QUICK_FULL_SIZE, { index: 0, of: 2 }).filter((a) => a.direction === 'pull')).toHaveLength(1);
  });

  it('splits only a full-size race: a Microban level in two parts is the one solve in the first (its proof kept), the second ends at once', () => {
    const rules = defaultPushRules();
    for (const level of [5, 60, 112]) {
      const input = microbanLevels()[level - 1];
      const one = verifyLevel(rules, input, { budget: 200_000 });
      const parts = [0, 1].map((index) => verifyLevel(rules, input, { budget: 200_000, part: { index, of: 2 } }));
      expect(parts[0], `Microban ${level}`).toMatchObject({ status: one.status, optimal: one.optimal, par: one.par, nodes: one.nodes, stored: one.stored });
      expect(parts[1]).toMatchObject({ status: 'budget', nodes: 0, stored: 0 });
      expect(bestOfParts(parts, 'minimise')).toMatchObject({ status: one.status, optimal: one.optimal, par: one.par });
    }
  });

  it('does not split the mechanics path: under push strength 2 the first part is the one solve, the second ends at once', () => {
    const strong = pushKind.create({ pushStrength: 2 }).rules!;
    for (const level of [3, 40]) {
      const input = microbanLevels()[level - 1];
      const one = verifyLevel(strong, input, { budget: 100_000 });
      const parts = [0, 1].map((index) => verifyLevel(strong, input, { budget: 100_000, part: { index, of: 2 } }));
      expect(one.solver, `Microban ${level}`).toBe(PUSH_MECHANICS_NAME);
      expect(parts[0], `Microban ${level}`).toMatchObject({ status: one.status, optimal: one.optimal, par: one.par, nodes: one.nodes, stored: one.stored });
      expect(parts[1]).toMatchObject({ status: 'budget', nodes: 0, stored: 0 });
      expect(bestOfParts(parts, 'minimise')).toMatchObject({ status: one.status, optimal: one.optimal, par: one.par, nodes: one.nodes });
    }
  });

  it('on a full-size level each part races its own searches: both find a line, the second without the exact search', () => {
    const rules = defaultPushRules();
    for (const level of [2, 7]) {
      const input = pushSetLevels('xsokoban')[level - 1];
      const parts = [0, 1].map((index) => verifyLevel(rules, input, { budget: 150_000, part: { index, of: 2 } }));
      for (const part of parts) expect(part, `XSokoban ${level}`).toMatchObject({ status: 'solved', optimal: false });
      // Different searches: different work, and on 7 different lines.
      expect(parts[0].nodes).not.toBe(parts[1].nodes);
      const whole = bestOfParts(parts, 'minimise');
      expect(whole.par).toBe(Math.min(parts[0].par!, parts[1].par!));
      expect(whole.nodes).toBe(parts[0].nodes + parts[1].nodes);
    }
  });
});
