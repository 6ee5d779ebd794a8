import { describe, expect, it } from 'vitest';
import type { SolverTables } from '../../src-shared/engine/ruleset.ts';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { defaultSlidingRules } from '../../src-shared/rulesets/sliding/kind.ts';

describe('sliding solver while another process builds the pattern database', () => {
  it('solves a 4x4 board optimally with Manhattan and linear conflicts instead of waiting', () => {
    const rules = defaultSlidingRules();
    // Six moves from the goal (blank last): the blank went up the right column, then along the top.
    const level = { width: 4, height: 4, tiles: [0, 1, 2, 3, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12] };
    const state = rules.load(level).state!;
    const calls: string[] = [];
    const busy: SolverTables = {
      get: (name) => {
        calls.push(`get ${name}`);
        return undefined;
      },
      put: (name) => calls.push(`put ${name}`),
      claim: (name) => {
        calls.push(`claim ${name}`);
        return false;
      },
    };
    const result = rules.solve!(state, { tables: busy });
    expect(result.status).toBe('solved');
    expect(result.optimal).toBe(true);
    expect(result.solver).not.toMatch(/pdb/i);
    expect(calls.some((c) => c.startsWith('claim'))).toBe(true);
    expect(calls.some((c) => c.startsWith('put'))).toBe(false);
    expect(replay(rules, state, result.solution!).status).toBe('won');
    expect(result.solution).toHaveLength(6);
  });
});
