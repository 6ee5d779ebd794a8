/**
 * The push kind keeps the lines it proved optimal in the host's solver tables (solver/lines.ts): a
 * solve from a position along one answers from it, the same cost a fresh search proves, without
 * searching; positions off every line, other rules and the other objective search afresh.
 */
import { describe, expect, it } from 'vitest';
import type { SolverTables } from '../../src-shared/engine/ruleset.ts';
import { PUSH_LINES_NAME, pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { statesAlong } from '../../src-shared/engine/play/replay.ts';
import { hintFrom } from '../../src-shared/verify/verify.ts';
import { microbanLevels, pushRules } from '../support/microban.ts';

function memoryTables(): SolverTables & { readonly names: () => string[] } {
  const kept = new Map<string, Uint8Array>();
  return { get: (name) => kept.get(name), put: (name, data) => void kept.set(name, data), names: () => [...kept.keys()] };
}

describe('solved lines kept in the solver tables', () => {
  it('answer a solve from any position along an optimal line without a search', () => {
    const tables = memoryTables();
    const start = pushRules.load(microbanLevels()[4]).state!;
    const first = pushRules.solve!(start, { tables });
    expect(first).toMatchObject({ status: 'solved', optimal: true });
    expect(first.solver).not.toBe(PUSH_LINES_NAME);
    expect(tables.names()).toHaveLength(1);
    const line = statesAlong(pushRules, start, first.solution!);
    for (const at of [0, 1, Math.floor(line.length / 2), line.length - 2]) {
      const kept = pushRules.solve!(line[at], { tables });
      expect(kept).toMatchObject({ status: 'solved', optimal: true, solver: PUSH_LINES_NAME, nodes: 0 });
      // The same cost a fresh search proves from there.
      const fresh = pushRules.solve!(line[at], {});
      expect(kept.solution!.length).toBe(fresh.solution!.length);
      expect(hintFrom(pushRules, line[at], { tables }).distance).toBe(fresh.solution!.length);
    }
  });

  it('search afresh off the line, for the other objective and under other rules', () => {
    const tables = memoryTables();
    const start = pushRules.load(microbanLevels()[4]).state!;
    const solved = pushRules.solve!(start, { tables });
    // A step away from the first move of the line is (on this level) off it.
    const other = pushRules.commands(start).map((c) => pushRules.step(start, c)).find((r) => r.changed && pushRules.key(r.state) !== pushRules.key(pushRules.step(start, solved.solution![0]).state));
    expect(other).toBeDefined();
    const off = pushRules.solve!(other!.state, { tables });
    expect(off.solver).not.toBe(PUSH_LINES_NAME);
    expect(pushRules.solve!(start, { tables, objective: 'pushes' }).solver).not.toBe(PUSH_LINES_NAME);
    const strong = pushKind.create({ pushStrength: 2 }).rules!;
    expect(strong.solve!(strong.load(microbanLevels()[4]).state!, { tables, budget: 2000 }).solver).not.toBe(PUSH_LINES_NAME);
  });

  it('a table that cannot be read is treated as empty', () => {
    const tables = memoryTables();
    const start = pushRules.load(microbanLevels()[4]).state!;
    pushRules.solve!(start, { tables });
    tables.put(tables.names()[0], new Uint8Array([123, 34, 120]));
    expect(pushRules.solve!(start, { tables })).toMatchObject({ status: 'solved', optimal: true });
    expect(pushRules.solve!(start, { tables }).solver).toBe(PUSH_LINES_NAME);
  });
});
