// @vitest-environment happy-dom
/**
 * The scrubber's controls the other files leave out (issue 24): the mouse wheel over the board
 * steps; play runs at the chosen speed (the timeline's own timer, driven by fake timers) and pause
 * stops it; the zoom narrows the overview to a range around the step; the intended solution stands
 * beside the play after as many moves as its line; the distance shown is a placeholder until
 * known and "at least L" where only a bound is.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReplayCurve, ReplayDetail } from '../../src-shared/api/replays.ts';
import { TIMELINE_STEP_MS } from '../../src-renderer/src/services/play/timeline.ts';
import { useReplaysStore } from '../../src-renderer/src/stores/replays.ts';
import { useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { MICROBAN_2, MICROBAN_2_SOLUTION } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  vi.useRealTimers();
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

const LINE = [...MICROBAN_2_SOLUTION.toLowerCase()];
// A move up taken back (an undo at step 2), then the solution.
const JOURNAL = [{ type: 'command' as const, command: 'u', t: 0 }, { type: 'undo' as const, t: 500 }, ...LINE.map((command, i) => ({ type: 'command' as const, command, t: 1000 + i * 100 }))];
const DETAIL: ReplayDetail = {
  id: 4, levelId: 12, name: null, outcome: 'won', current: true, steps: 17, moves: 16, undos: 1, hints: 0, durationMs: 2500, createdAt: '2025-01-01T00:00:00Z',
  intended: false, source: 'play', campaignId: 1, kind: 'push', config: {}, rulesFingerprint: 'f', recordedFingerprint: 'f', content: MICROBAN_2,
  journal: JOURNAL, stepHashes: null, par: 16, reference: { source: 'intended', commands: LINE },
};
// Step 0 exact, step 1 a bound only, the rest not known yet.
const CURVE: ReplayCurve = { recordingId: 4, rulesFingerprint: 'f', steps: JOURNAL.length, state: 'done', chunks: [{ from: 0, to: 1, steps: [{ distance: 16, dead: false }, { distance: null, lowerBound: 15, dead: false }] }] };

async function open(): Promise<Mounted> {
  current = await mountStudio(new MemoryBridge({ 'replays.get': () => DETAIL, 'replays.curve': () => CURVE }));
  useUiStore().show('replays');
  await useReplaysStore().open(4);
  await settle();
  return current;
}

const step = (m: Mounted): string | undefined => m.wrapper.get('[data-testid="replay-board"]').attributes('data-step');

describe('the scrubber\'s controls', () => {
  it('the wheel over the board steps forward and back', async () => {
    const m = await open();
    const board = m.wrapper.get('[data-testid="replay-board"]');
    await board.trigger('wheel', { deltaY: 100 });
    await board.trigger('wheel', { deltaY: 100 });
    expect(step(m)).toBe('2');
    await board.trigger('wheel', { deltaY: -100 });
    expect(step(m)).toBe('1');
  });

  it('plays at the chosen speed and pauses', async () => {
    const m = await open();
    vi.useFakeTimers();
    await m.wrapper.get('[data-testid="replay-speed"]').setValue('4');
    await m.wrapper.get('[data-testid="replay-play"]').trigger('click');
    vi.advanceTimersByTime((TIMELINE_STEP_MS / 4) * 3);
    await settle();
    expect(step(m)).toBe('3');
    await m.wrapper.get('[data-testid="replay-pause"]').trigger('click');
    vi.advanceTimersByTime(TIMELINE_STEP_MS * 10);
    await settle();
    expect(step(m)).toBe('3');
    expect(m.wrapper.find('[data-testid="replay-play"]').exists()).toBe(true);
  });

  it('zooms the overview into a range around the step', async () => {
    // 50 steps of wandering before the undo: a window around step 0 leaves the undo out.
    const wander = Array.from({ length: 50 }, (_, i) => ({ type: 'command' as const, command: i % 2 ? 'd' : 'u', t: i * 100 }));
    const long = { ...DETAIL, journal: [...wander, ...JOURNAL.map((e) => ({ ...e, t: e.t + 5000 }))] };
    current = await mountStudio(new MemoryBridge({ 'replays.get': () => long, 'replays.curve': () => ({ ...CURVE, steps: long.journal.length }) }));
    useUiStore().show('replays');
    await useReplaysStore().open(4);
    await settle();
    const markers = (): (string | undefined)[] => current!.wrapper.findAll('[data-testid="overview-marker"]').map((e) => e.attributes('data-step'));
    expect(markers()).toEqual(['52']);
    await current.wrapper.get('[data-testid="replay-zoom"]').trigger('click');
    expect(markers()).toEqual([]);
    // The slider spans the window: step 10 is half way along a window of steps 0..20.
    await current.wrapper.get('[data-testid="replay-scrubber"]').setValue('500');
    expect(step(current)).toBe('10');
    await current.wrapper.get('[data-testid="replay-zoom"]').trigger('click');
    expect(markers()).toEqual(['52']);
  });

  it('shows the intended solution after as many moves as the play\'s line, and the distance as known so far', async () => {
    const m = await open();
    const view = m.wrapper.get('[data-testid="replays-view"]');
    const here = (): string => m.wrapper.get('[data-testid="replay-here"]').text();
    expect(here()).toBe('16 left');
    await view.trigger('keydown', { key: 'ArrowRight' });
    expect(here()).toBe('at least 15 left');
    expect(m.wrapper.get('[data-testid="replay-reference"]').attributes('data-step')).toBe('1');
    await view.trigger('keydown', { key: 'ArrowRight' });
    // The undo took the move back: the line is empty again, so the intended solution stands at its start.
    expect(m.wrapper.get('[data-testid="replay-reference"]').attributes('data-step')).toBe('0');
    expect(here()).toBe('distance not known yet');
    for (let i = 0; i < 5; i++) await view.trigger('keydown', { key: 'ArrowRight' });
    expect(m.wrapper.get('[data-testid="replay-reference"]').attributes('data-step')).toBe('5');
  });
});
