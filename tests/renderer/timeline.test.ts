/**
 * The one step-playback implementation (services/play/timeline.ts) that recordings and the
 * editor's "Show solution" share: a line is stepped once through the real rules, seek clamps to
 * it, refused steps are marked, and play advances on the instance's own timer (two timelines do
 * not share state), pausing after the last board has shown.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { createTimeline } from '../../src-renderer/src/services/play/timeline.ts';

const rules = pushKind.create({}).rules!;
const start = rules.load({ board: ['#######', '#@$  .#', '#######'] }).state;

function line(text: string): unknown[] {
  const { commands } = rules.decodeSolution(text);
  if (!commands) throw new Error(`cannot decode ${text}`);
  return [...commands];
}

/** Where the player stands on the shown board. */
function playerAt(timeline: ReturnType<typeof createTimeline>): number | undefined {
  return timeline.frame.value?.pieces.find((p) => p.kind === 'player')?.x;
}

describe('timeline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('steps a line once under the rules and seeks within it', () => {
    const timeline = createTimeline();
    expect(timeline.loaded.value).toBe(false);
    expect(timeline.frame.value).toBeNull();
    timeline.load(rules, start, line('lrrr'));
    expect(timeline.length.value).toBe(4);
    expect(timeline.step.value).toBe(0);
    expect(playerAt(timeline)).toBe(1);
    // The first step walks into the wall: refused, the board unchanged.
    expect([1, 2, 3, 4].map((k) => timeline.replay.value?.refused(k))).toEqual([true, false, false, false]);
    timeline.seek(4);
    expect(playerAt(timeline)).toBe(4);
    timeline.seek(99);
    expect(timeline.step.value).toBe(4);
    timeline.seek(-3);
    expect(timeline.step.value).toBe(0);
    expect(timeline.stepBy(-1)).toBe(false);
    expect(timeline.stepBy(1)).toBe(true);
    expect(timeline.step.value).toBe(1);
  });

  it('plays on its own timer, shows the last board one interval, then pauses', () => {
    const a = createTimeline();
    const b = createTimeline();
    a.load(rules, start, line('rrr'));
    b.load(rules, start, line('rr'));
    a.play(100);
    expect(a.playing.value).toBe(true);
    expect(b.playing.value).toBe(false);
    vi.advanceTimersByTime(100);
    expect(a.step.value).toBe(1);
    expect(b.step.value).toBe(0);
    vi.advanceTimersByTime(200);
    expect(a.step.value).toBe(3);
    expect(a.playing.value).toBe(true);
    vi.advanceTimersByTime(100);
    expect(a.playing.value).toBe(false);
    expect(a.step.value).toBe(3);
    // Played again from the end: it starts over.
    a.play(100);
    expect(a.step.value).toBe(0);
    a.pause();
    vi.advanceTimersByTime(500);
    expect(a.step.value).toBe(0);
  });

  it('loading or clearing stops a playing line', () => {
    const timeline = createTimeline();
    timeline.load(rules, start, line('rrr'));
    timeline.play(100);
    timeline.clear();
    expect(timeline.playing.value).toBe(false);
    expect(timeline.frame.value).toBeNull();
    vi.advanceTimersByTime(500);
    expect(timeline.step.value).toBe(0);
    timeline.load(rules, start, line('rrr'));
    timeline.play(100);
    timeline.load(rules, start, line('r'));
    expect(timeline.playing.value).toBe(false);
    expect(timeline.length.value).toBe(1);
  });
});
