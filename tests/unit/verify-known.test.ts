/**
 * What the library keeps of a level under one rules fingerprint and content (verify/known.ts): a
 * new run joined with the latest stored one. A run that found less leaves the par, its solution
 * and its proof; a better value or a tighter bound replaces them; a run of other rules, content,
 * objective or kind, or an invalid one, speaks alone.
 */
import { describe, expect, it } from 'vitest';
import { joinKnown } from '../../src-shared/verify/known.ts';
import type { Verification } from '../../src-shared/verify/record.ts';
import { solvedRecord, verificationRecord } from '../support/verification-records.ts';

const record = (fields: Partial<Verification>): Verification => verificationRecord({ stoppedBy: 'budget', ...fields });
const solved = (value: number, fields: Partial<Verification> = {}): Verification => solvedRecord(value, { stoppedBy: null, metrics: { pushes: value - 1 }, ...fields });

describe('joinKnown', () => {
  it('a run that found nothing keeps the par, solution, metrics and proof found before, with that run\'s figures', () => {
    const before = solved(40, { optimal: true, ms: 9000, nodes: 5000, budget: 5_000_000 });
    const after = record({ ms: 20, budget: 1000, stoppedBy: 'budget' });
    expect(joinKnown(before, after, 'minimise')).toEqual(before);
    // A cancelled run, or one stopped by its time limit, the same.
    expect(joinKnown(before, record({ stoppedBy: 'cancelled' }), 'minimise')).toEqual(before);
    expect(joinKnown(before, solved(44, { stoppedBy: 'time' }), 'minimise')).toEqual(before);
  });

  it('a shorter solution replaces a longer one; the tighter proven bound of the two stays, and a solution that meets it is optimal', () => {
    const before = solved(60, { provenBound: 50 });
    expect(joinKnown(before, solved(55, { provenBound: 42 }), 'minimise')).toMatchObject({ par: 55, provenBound: 50, optimal: false, solution: 'r'.repeat(55) });
    expect(joinKnown(before, solved(50, { provenBound: 30 }), 'minimise')).toMatchObject({ par: 50, provenBound: null, optimal: true, stoppedBy: null });
    // A run with no solution but a tighter bound tightens the bound of the par found before.
    expect(joinKnown(before, record({ provenBound: 58 }), 'minimise')).toMatchObject({ par: 60, provenBound: 58, optimal: false });
    expect(joinKnown(before, record({ provenBound: 60 }), 'minimise')).toMatchObject({ par: 60, provenBound: null, optimal: true });
    // The longer solution found later does not replace the shorter one.
    expect(joinKnown(solved(55), solved(60), 'minimise')).toMatchObject({ par: 55 });
  });

  it('for a maximised objective the higher value wins and the bound is the lower of the two', () => {
    const before = solved(120, { objective: 'points', provenBound: 200 });
    const joined = joinKnown(before, solved(100, { objective: 'points', provenBound: 150 }), 'maximise');
    expect(joined).toMatchObject({ par: 120, provenBound: 150 });
    expect(joinKnown(joined, solved(150, { objective: 'points' }), 'maximise')).toMatchObject({ par: 150, optimal: true, provenBound: null });
  });

  it('proofs: a proof that there is no solution stands before a run that ran out; equals go to the newer run', () => {
    const none = record({ status: 'unsolvable', stoppedBy: null, ms: 7 });
    expect(joinKnown(none, record({ ms: 3 }), 'minimise')).toEqual(none);
    const again = record({ status: 'unsolvable', stoppedBy: null, ms: 5 });
    expect(joinKnown(none, again, 'minimise')).toEqual(again);
    expect(joinKnown(solved(40), solved(40, { ms: 1 }), 'minimise').ms).toBe(1);
  });

  it('another question, an invalid record, or nothing before: the new run speaks alone', () => {
    const before = solved(40, { optimal: true });
    const weaker = record({});
    for (const other of [{ rulesFingerprint: 'g' }, { contentHash: 'i' }, { objective: 'pushes' }, { kind: 'sliding' }]) {
      expect(joinKnown({ ...before, ...other }, weaker, 'minimise')).toEqual(weaker);
    }
    const invalid = record({ status: 'invalid', stoppedBy: null });
    expect(joinKnown(before, invalid, 'minimise')).toEqual(invalid);
    expect(joinKnown(invalid, weaker, 'minimise')).toEqual(weaker);
    expect(joinKnown(undefined, weaker, 'minimise')).toEqual(weaker);
  });
});
