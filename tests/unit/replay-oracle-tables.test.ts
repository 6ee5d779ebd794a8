/**
 * The distance oracle gives every search the same solver tables (the search facet's
 * `SolveOptions.tables`), so what a kind's solve keeps there for one state serves the next:
 * the host's storage when it offers one, else the oracle's own in memory; `shareTables: false`
 * gives only what the host gave. Checked through a kind's solve that records what it is handed.
 */
import { describe, expect, it } from 'vitest';
import type { SolveOptions, SolverTables } from '../../src-shared/engine/contract/search.ts';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import { rulesFor } from '../../src-shared/rulesets/rules-cache.ts';
import { DistanceOracle, memorySolverTables, type OracleOptions } from '../../src-shared/verify/distance.ts';

const sliding = rulesFor('sliding', {}).rules!;
/** Boards not on one another's optimal line: each costs a search. */
const BOARDS = [[1, 2, 3, 4, 0, 5], [1, 2, 0, 4, 5, 3], [0, 2, 3, 1, 4, 5], [2, 0, 3, 1, 4, 5]];

/** Sliding rules whose solve records the tables it is handed and what an earlier solve left there. */
function recordingRules(): { rules: AnyRules; handed: (SolverTables | undefined)[]; leftBefore: (number | undefined)[] } {
  const handed: (SolverTables | undefined)[] = [];
  const leftBefore: (number | undefined)[] = [];
  const rules = Object.create(sliding) as AnyRules & { solve: NonNullable<AnyRules['solve']> };
  rules.solve = (state: unknown, options?: SolveOptions) => {
    handed.push(options?.tables);
    leftBefore.push(options?.tables?.get('probe')?.[0]);
    options?.tables?.put('probe', new Uint8Array([handed.length]));
    return sliding.solve!(state, options);
  };
  return { rules, handed, leftBefore };
}

function answerAll(options: OracleOptions) {
  const recorded = recordingRules();
  const oracle = new DistanceOracle(recorded.rules, options);
  for (const tiles of BOARDS) oracle.distance(sliding.load({ width: 3, height: 2, tiles }).state);
  return { ...recorded, solves: oracle.solves };
}

describe('the oracle shares solver tables between its searches', () => {
  it('keeps its own tables when the host offers none: a later search finds what an earlier one left', () => {
    const { handed, leftBefore, solves } = answerAll({});
    expect(solves).toBeGreaterThanOrEqual(3);
    expect(handed).toHaveLength(solves);
    expect(handed[0]).toBeDefined();
    expect(new Set(handed).size).toBe(1);
    expect(leftBefore[0]).toBeUndefined();
    expect(leftBefore.slice(1)).toEqual(handed.slice(1).map((_, i) => i + 1));
  });

  it('hands on the host\'s tables as they are', () => {
    const host = memorySolverTables();
    const { handed } = answerAll({ tables: host });
    expect(handed.every((t) => t === host)).toBe(true);
    expect(host.get('probe')).toBeDefined();
  });

  it('with sharing off, gives no tables of its own', () => {
    const { handed } = answerAll({ shareTables: false });
    expect(handed.every((t) => t === undefined)).toBe(true);
  });
});
