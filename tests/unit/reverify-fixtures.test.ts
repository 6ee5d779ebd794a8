/**
 * Re-verification of small hand-made levels with known outcomes, through the worker's own job
 * function (solve again, replay each recording against the step hashes stored under the old
 * rules, categorise): enabling ice, and doors opening on `any` button instead of `all`.
 */
import { describe, expect, it } from 'vitest';
import { stepHashes } from '../../src-shared/engine/play/replay.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import type { PushLevel } from '../../src-shared/rulesets/push/schema.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { reverifyJob, type ReverifyResult } from '../../src-main/jobs/types/reverify.ts';

type Config = Record<string, unknown>;

/** Verified and recorded under `before`, re-verified under `after`: the job's result. */
function reverify(before: Config, after: Config, level: PushLevel, played: string[][] = []): ReverifyResult & { oldPar: number | null } {
  const old = pushKind.create(before).rules!;
  const previous = verifyLevel(old, level);
  const start = old.load(level).state!;
  // The intended solution is the old optimum; other recordings are plays under the old rules.
  const lines = [[...old.decodeSolution(previous.solution!).commands!], ...played];
  const recordings = lines.map((commands, i) => {
    const decoded = commands.map((c) => old.decodeCommand(c)!);
    const won = old.status(decoded.reduce((s, c) => old.step(s, c).state, start)) === 'won';
    return { id: i + 1, commands, stepHashes: stepHashes(old, start, decoded), status: won ? 'won' : 'playing', intended: i === 0 };
  });
  const result = reverifyJob.run(
    { type: 'reverify', kind: 'push', config: after, level, budget: 100_000, previous: { status: previous.status, par: previous.par, optimal: previous.optimal }, recordingIds: [], recordings, tooLong: [], row: { campaignName: 'fixtures', position: 1, title: null } },
    {},
  );
  return { ...result, oldPar: previous.par };
}

describe('enabling ice', () => {
  const ICE_OFF = { ice: { enabled: false } };
  it('a box that now slides to its goal: par 4 -> 1; the old solution diverges at step 1 and wins early, and is no shortcut (its refused steps cost nothing)', () => {
    const result = reverify(ICE_OFF, {}, { board: ['########', '#@$   .#', '########'], ice: [[3, 1], [4, 1], [5, 1]] });
    expect([result.oldPar, result.verification.par]).toEqual([4, 1]);
    expect(result.impact).toEqual(['par-changed', 'recording-diverges', 'recording-wins-early']);
    expect(result.recordings).toMatchObject([{ wins: true, winsAt: 1, divergesAt: 1, value: 1 }]);
  });

  it('a goal in the middle of the ice: the box slides past it, newly unsolvable; the old solution diverges at step 1 and no longer wins', () => {
    const result = reverify(ICE_OFF, {}, { board: ['#######', '#@$ . #', '#######'], ice: [[3, 1], [4, 1], [5, 1]] });
    expect(result.verification.status).toBe('unsolvable');
    expect(result.impact).toEqual(['newly-unsolvable', 'recording-diverges', 'recording-no-longer-wins']);
    expect(result.recordings).toMatchObject([{ wins: false, divergesAt: 1 }]);
  });

  it('a level without ice is unchanged', () => {
    const result = reverify(ICE_OFF, {}, { board: ['######', '#@ $.#', '######'] });
    expect(result.impact).toEqual(['unchanged']);
    expect(result.recordings).toMatchObject([{ wins: true, winsAt: null, divergesAt: null }]);
  });
});

describe('doors: all -> any of their buttons', () => {
  const ALL = { doors: { opensWhen: 'all' } };
  const ANY = { doors: { opensWhen: 'any' } };
  // The door (1,3) is the short way to the box; its second button (6,2) is never pressed together with the first (1,2).
  const TWO_BUTTONS: PushLevel = {
    board: ['########', '#@     #', '# #### #', '# #    #', '#  $ . #', '#      #', '########'],
    buttons: [{ at: [1, 2], link: 'A' }, { at: [6, 2], link: 'A' }],
    doors: [{ at: [1, 3], link: 'A' }],
  };

  it('standing on one button opens the door now: par 16 -> 6, a shortcut past the intended long way, and a play that bumped into the door diverges at that step', () => {
    // Down onto the first button, down again into the door: refused under `all`.
    const result = reverify(ALL, ANY, TWO_BUTTONS, [['d', 'd']]);
    expect([result.oldPar, result.verification.par]).toEqual([16, 6]);
    expect(result.impact).toEqual(['par-changed', 'better-than-intended', 'recording-diverges']);
    expect(result.recordings).toMatchObject([{ intended: true, wins: true, divergesAt: null, value: 16 }, { intended: false, wins: false, divergesAt: 2 }]);
  });

  it('a door with one button opens the same either way: unchanged', () => {
    const result = reverify(ALL, ANY, { ...TWO_BUTTONS, buttons: [{ at: [1, 2], link: 'A' }] });
    expect(result.impact).toEqual(['unchanged']);
    expect(result.verification.par).toBe(6);
  });
});
