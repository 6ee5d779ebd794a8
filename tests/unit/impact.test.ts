/**
 * The impact report's categories for one level, from crafted rule changes with known outcomes:
 * push strength 1 -> 2 (two boxes in a row can be pushed), and the replay of recordings made
 * under the old rules against their stored step hashes.
 */
import { describe, expect, it } from 'vitest';
import { stepHashes } from '../../src-shared/engine/play/replay.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { checkRecording, impactOf, type RecordingToCheck } from '../../src-shared/verify/impact.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';

const weak = pushKind.create({}).rules!;
const strong = pushKind.create({ pushStrength: 2 }).rules!;

// Two boxes in a row before their goals: strength 2 pushes both at once and saves the walk round.
const ROW = { board: ['#########', '#       #', '#       #', '# @$$ ..#', '#       #', '#       #', '#########'] };

function recordingOf(rules: typeof weak, level: object, commands: string[], intended = false): RecordingToCheck & { wonWhenMade: boolean } {
  const start = rules.load(level).state!;
  const decoded = commands.map((c) => rules.decodeCommand(c)!);
  const won = rules.status(decoded.reduce((s, c) => rules.step(s, c).state, start)) === 'won';
  return { id: 1, commands, stepHashes: stepHashes(rules, start, decoded), status: won ? 'won' : 'playing', intended, wonWhenMade: won };
}

describe('impact of a rule change on one level', () => {
  it('raising push strength to 2: par changes, the intended solution is now beaten (shortcut), and a recording that bumped diverges at that step', () => {
    const before = verifyLevel(weak, ROW);
    const after = verifyLevel(strong, ROW);
    expect(after.par!).toBeLessThan(before.par!);
    const intended = recordingOf(weak, ROW, [...weak.decodeSolution(before.solution!).commands!], true);
    const check = checkRecording(strong, strong.load(ROW).state!, intended);
    // The old optimum never pushes two boxes at once: it plays the same under strength 2, but is no longer the shortest.
    expect(check).toMatchObject({ wins: true, divergesAt: null, value: before.par });
    expect(impactOf({ sense: 'minimise', previous: before, current: after, recordings: [{ ...check, wonWhenMade: true }] })).toEqual(['par-changed', 'better-than-intended']);
    // A recording that bumped into the two boxes under strength 1 (the bump is kept, refused) diverges at that step.
    const bumped = recordingOf(weak, ROW, ['u', 'd', 'r', 'r']);
    const replayed = checkRecording(strong, strong.load(ROW).state!, bumped);
    expect(replayed.divergesAt).toBe(3);
    expect(impactOf({ sense: 'minimise', previous: before, current: after, recordings: [{ ...replayed, wonWhenMade: false }] })).toEqual(['par-changed', 'recording-diverges']);
  });

  it('the same rules: unchanged, and a first run is a first verification', () => {
    const v = verifyLevel(weak, ROW);
    const rec = recordingOf(weak, ROW, [...weak.decodeSolution(v.solution!).commands!], true);
    const check = { ...checkRecording(weak, weak.load(ROW).state!, rec), wonWhenMade: true };
    expect(check).toMatchObject({ wins: true, divergesAt: null, winsAt: null });
    expect(impactOf({ sense: 'minimise', previous: v, current: v, recordings: [check] })).toEqual(['unchanged']);
    expect(impactOf({ sense: 'minimise', previous: null, current: v, recordings: [] })).toEqual(['first-verification']);
  });

  it('a recording that wins before its last command, and one that no longer wins', () => {
    const v = verifyLevel(weak, ROW);
    const solution = [...weak.decodeSolution(v.solution!).commands!];
    const early = { ...checkRecording(weak, weak.load(ROW).state!, recordingOf(weak, ROW, solution)), winsAt: null };
    const extra = checkRecording(weak, weak.load(ROW).state!, { id: 2, commands: [...solution, 'l'], stepHashes: null, status: 'won', intended: false });
    expect(extra.winsAt).toBe(solution.length);
    expect(impactOf({ sense: 'minimise', previous: v, current: v, recordings: [{ ...extra, wonWhenMade: true }] })).toEqual(['recording-wins-early']);
    const lost = { ...early, wins: false, wonWhenMade: true };
    expect(impactOf({ sense: 'minimise', previous: v, current: v, recordings: [lost] })).toEqual(['recording-no-longer-wins']);
    const garbled = checkRecording(weak, weak.load(ROW).state!, { id: 3, commands: ['r', 'x'], stepHashes: null, status: 'playing', intended: false });
    expect(garbled.undecodableAt).toBe(2);
  });

  it('statuses that end a proof: newly unsolvable, budget, invalid', () => {
    const solved = { status: 'solved' as const, par: 10, optimal: true };
    expect(impactOf({ sense: 'minimise', previous: solved, current: { status: 'unsolvable', par: null, optimal: true }, recordings: [] })).toEqual(['newly-unsolvable']);
    expect(impactOf({ sense: 'minimise', previous: solved, current: { status: 'budget', par: null, optimal: false }, recordings: [] })).toEqual(['budget']);
    expect(impactOf({ sense: 'minimise', previous: solved, current: { status: 'invalid', par: null, optimal: false }, recordings: [] })).toEqual(['invalid']);
  });
});
