/** Verification records made up for tests of how records are joined (verify/parts.ts, verify/known.ts). */
import type { Verification } from '../../src-shared/verify/record.ts';

/** A push record by moves that ran out of time with no solution, under rules 'f' and content 'h', with `fields` over it. */
export const verificationRecord = (fields: Partial<Verification>): Verification => ({
  kind: 'push',
  status: 'budget',
  optimal: false,
  objective: 'moves',
  value: null,
  par: null,
  provenBound: null,
  solution: null,
  nodes: 10,
  stored: 100,
  ms: 50,
  budget: 1000,
  stoppedBy: 'time',
  solver: 'push-astar/1',
  metrics: {},
  diagnostics: [],
  rulesFingerprint: 'f',
  contentHash: 'h',
  ...fields,
});

/** `verificationRecord` solved at `value` (its par), with a solution of that length. */
export const solvedRecord = (value: number, fields: Partial<Verification> = {}): Verification =>
  verificationRecord({ status: 'solved', value, par: value, solution: 'r'.repeat(value), ...fields });
