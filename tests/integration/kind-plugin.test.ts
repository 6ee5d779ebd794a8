/**
 * A kind that lives outside the build (tests/support/walk-kind.ts) plugs in with one
 * `registerKind` call and runs through everything the built-in kinds do: verification with step
 * costs and losing states, hints, the rules cache and the command line. Its Level view is in
 * tests/renderer/kind-plugin.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerKind, rulesetKind, unregisterKind } from '../../src-shared/rulesets/registry.ts';
import { rulesFor } from '../../src-shared/rulesets/rules-cache.ts';
import { costAlong } from '../../src-shared/engine/play/replay.ts';
import { hintFrom, verifyLevel } from '../../src-shared/verify/verify.ts';
import { runCli } from '../../src-main/host/cli.ts';
import { walkKind, type WalkCommand } from '../support/walk-kind.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('walk');

beforeAll(() => {
  registerKind(walkKind);
});

afterAll(() => {
  unregisterKind('walk');
});

const rules = () => rulesFor('walk', {}).rules!;

describe('a kind registered from outside the build', () => {
  it('is found by name, and its rules come from the shared cache', () => {
    expect(rulesetKind('walk')).toBe(walkKind);
    expect(rulesFor('walk', {}).rules).toBe(rulesFor('walk', { stepLimit: 0, sight: 2 }).rules);
    expect(() => registerKind(walkKind)).toThrow(/registered already/);
  });

  it('verifies with the cost of each step: a jump costs 2, and the par counts steps', () => {
    const record = verifyLevel(rules(), { row: 'S.x.x.E' });
    expect(record).toMatchObject({ status: 'solved', optimal: true, objective: 'steps', value: 6, par: 6, solution: 'rJJr' });
    expect(record.metrics).toMatchObject({ length: 7, pits: 2 });
  });

  it('never passes through a lost state: a pit ends the walk, and so does the step limit', () => {
    // Walking straight on would step into the pit: the only way over is the jump.
    expect(verifyLevel(rules(), { row: 'S.x.E' }).solution).toBe('rJr');
    const limited = rulesFor('walk', { stepLimit: 3 }).rules!;
    expect(verifyLevel(limited, { row: 'S.x.E' })).toMatchObject({ status: 'unsolvable', optimal: true });
    expect(verifyLevel(limited, { row: 'S..E' })).toMatchObject({ status: 'solved', par: 3 });
    const lint = verifyLevel(rules(), { row: 'S..x.' });
    expect(lint.status).toBe('invalid');
    expect(lint.diagnostics.map((d) => d.code)).toContain('walk.exit');
  });

  it('gives hints whose distance drops by the cost of the hinted step', () => {
    const r = rules();
    let state = r.load({ row: 'S.x.x.E' }).state!;
    let hint = hintFrom(r, state);
    expect(hint).toMatchObject({ status: 'solved', command: 'r', distance: 6, optimal: true });
    const seen: WalkCommand[] = [];
    while (hint.command !== undefined) {
      const step = r.step(state, hint.command as WalkCommand);
      const next = hintFrom(r, step.state);
      expect(next.distance).toBe(hint.distance! - (step.cost ?? 1));
      seen.push(hint.command as WalkCommand);
      state = step.state;
      hint = next;
    }
    expect(r.status(state)).toBe('won');
    expect(costAlong(r, r.load({ row: 'S.x.x.E' }).state!, seen).cost).toBe(6);
  });

  it('solves its own files on the command line', async () => {
    const file = join(dir, 'two.walk');
    writeFileSync(file, '; Over one pit\nS.x.E\n; Blocked\nSxxE\n');
    const out: string[] = [];
    const code = await runCli(['solve', file, '--json'], { out: (l) => out.push(l), err: (l) => out.push(l), resolvePath: (p) => p });
    const lines = out.map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ level: 1, title: 'Over one pit', status: 'solved', value: 4, unit: 'step', sense: 'minimise', par: 4, solution: 'rJr', optimal: true });
    // A walk counts steps, not moves: the name kept for push and sliding scripts stays empty.
    expect(lines[0].moves).toBeNull();
    expect(lines[1]).toMatchObject({ level: 2, title: 'Blocked', status: 'unsolvable' });
    expect(code).toBe(1);
  });
});
