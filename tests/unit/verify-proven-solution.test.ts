/**
 * A proof made elsewhere (the candidates bench) becomes a verification only after the same replay a
 * solver's solution gets: it must win, in the par it claims.
 */
import { describe, expect, it } from 'vitest';
import { defaultPushRules } from '../../src-shared/rulesets/push/kind.ts';
import { verifyLevel, verifyProvenSolution } from '../../src-shared/verify/verify.ts';

const rules = defaultPushRules();
const level = { title: 'corridor', board: ['#######', '#@ $ .#', '#######'] };
const proof = { solution: 'rrr', par: 3, optimal: true, solver: 'bench', budget: 1000 };

describe('verifyProvenSolution', () => {
  it('a proof that replays to a win in its par is the record a solver would give, under these rules', () => {
    const proven = verifyProvenSolution(rules, level, proof)!;
    const solved = verifyLevel(rules, level);
    expect(proven).toMatchObject({ status: 'solved', optimal: true, par: 3, value: 3, solver: 'bench', budget: 1000, rulesFingerprint: rules.fingerprint, contentHash: solved.contentHash });
    expect(proven.metrics).toEqual(solved.metrics);
  });

  it('refuses a proof whose replay does not win or costs another par', () => {
    expect(verifyProvenSolution(rules, level, { ...proof, solution: 'rr' })).toBeUndefined();
    expect(verifyProvenSolution(rules, level, { ...proof, par: 2 })).toBeUndefined();
    expect(verifyProvenSolution(rules, level, { ...proof, solution: 'xyz' })).toBeUndefined();
    expect(verifyProvenSolution(rules, { board: ['###'] }, proof)).toBeUndefined();
  });
});
