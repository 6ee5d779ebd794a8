// @vitest-environment happy-dom
/**
 * The distance-to-goal curve fills in live (issue 24): while the `replay-curve` jobs run, the
 * scrubber asks `replays.curve` again and draws each answer as it arrives, without the recording
 * being opened again: a placeholder band over the steps not known yet, the exact values where a
 * chunk answered, and "at least L" (a dashed bound) where a job's budget ran out. Once the jobs
 * are done it stops asking.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReplayCurve, ReplayDetail, StepDistance } from '../../src-shared/api/replays.ts';
import { CURVE_POLL_MS, useReplaysStore } from '../../src-renderer/src/stores/replays.ts';
import { useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { CAMPAIGN, LEVELS, MICROBAN_2, MICROBAN_2_SOLUTION } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle } from './support/mount.ts';

afterEach(() => {
  vi.useRealTimers();
  history.replaceState(null, '', '/');
});

const STEPS = MICROBAN_2_SOLUTION.length;
const DETAIL: ReplayDetail = {
  id: 4, levelId: LEVELS[1]!.id, name: null, outcome: 'won', current: true, steps: STEPS, moves: STEPS, undos: 0, hints: 0, durationMs: 16_000, createdAt: '2025-01-01T00:00:00Z',
  intended: false, source: 'play', campaignId: CAMPAIGN.id, kind: 'push', config: {}, rulesFingerprint: 'f', recordedFingerprint: 'f', content: MICROBAN_2,
  journal: [...MICROBAN_2_SOLUTION.toLowerCase()].map((command, i) => ({ type: 'command' as const, command, t: i * 1000 })),
  stepHashes: null, par: STEPS, reference: null,
};
const exact = (from: number, to: number): StepDistance[] => Array.from({ length: to - from + 1 }, (_, i) => ({ distance: STEPS - from - i, dead: false }));
const curve = (state: ReplayCurve['state'], chunks: ReplayCurve['chunks']): ReplayCurve => ({ recordingId: 4, rulesFingerprint: 'f', steps: STEPS, state, chunks });

/** What the jobs have stored so far, in the order a designer would see it arrive. */
const ARRIVALS: ReplayCurve[] = [
  curve('running', []),
  curve('running', [{ from: 0, to: 7, steps: exact(0, 7) }]),
  // The last chunk's job ran out of budget on steps 8..10: only a bound is known there.
  curve('done', [
    { from: 0, to: 7, steps: exact(0, 7) },
    { from: 8, to: STEPS, steps: [...[8, 9, 10].map(() => ({ distance: null, lowerBound: 3, dead: false })), ...exact(11, STEPS)] },
  ]),
];

describe('the distance curve, live', () => {
  it('fills in as the jobs answer: placeholder, then values, then "at least L" where a budget ran out, without reopening', async () => {
    let arrived = 0;
    const { wrapper, bridge } = await mountStudio(new MemoryBridge({ 'replays.get': () => DETAIL, 'replays.curve': () => ARRIVALS[Math.min(arrived, ARRIVALS.length - 1)]! }));
    useUiStore().show('replays');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await useReplaysStore().open(4);
    await settle();
    const view = wrapper.get('[data-testid="replays-view"]');
    const here = (): string => wrapper.get('[data-testid="replay-here"]').text();
    const placeholders = (): (string | undefined)[] => wrapper.findAll('[data-testid="curve-unknown"]').map((r) => r.attributes('data-from'));
    const lines = (): number => wrapper.findAll('[data-testid="curve-line"]').length;
    const bounds = (): number => wrapper.findAll('[data-testid="curve-bound"]').length;
    /** The next poll: the jobs have stored one more answer. */
    const nextArrival = async (): Promise<void> => {
      arrived++;
      await vi.advanceTimersByTimeAsync(CURVE_POLL_MS);
      await settle();
    };

    // Nothing known yet: the whole recording is a placeholder, the jobs are said to be running.
    expect(wrapper.find('[data-testid="curve-pending"]').exists()).toBe(true);
    expect(placeholders()).toEqual(['0']);
    expect(lines()).toBe(0);
    expect(wrapper.find('[data-testid="curve-top"]').exists()).toBe(false);
    expect(here()).toBe('distance not known yet');
    expect(wrapper.get('[data-testid="replay-time"]').text()).toBe('0.0 s');

    await nextArrival();
    // The first chunk drawn; the rest still a placeholder; the step shown now has its distance.
    expect(placeholders()).toEqual(['8']);
    expect(lines()).toBe(1);
    expect(bounds()).toBe(0);
    expect(wrapper.get('[data-testid="curve-top"]').text()).toBe(String(STEPS));
    expect(here()).toBe(`${STEPS} left`);
    await view.trigger('keydown', { key: 'End' });
    expect(here()).toBe('distance not known yet');
    expect(wrapper.find('[data-testid="curve-pending"]').exists()).toBe(true);

    await nextArrival();
    // All answered: no placeholder, the bound drawn where only "at least" is known, the jobs done.
    expect(placeholders()).toEqual([]);
    expect(bounds()).toBe(1);
    expect(lines()).toBe(2);
    expect(here()).toBe('0 left');
    for (let k = 0; k < 7; k++) await view.trigger('keydown', { key: 'ArrowLeft' });
    expect(wrapper.get('[data-testid="replay-board"]').attributes('data-step')).toBe('9');
    expect(here()).toBe('at least 3 left');
    expect(wrapper.find('[data-testid="curve-pending"]').exists()).toBe(false);

    // The recording was opened once; the curve asked for once (compute), then polled until done, then no more.
    expect(bridge.callsTo('replays.get')).toEqual([{ recordingId: 4 }]);
    const asked = bridge.callsTo('replays.curve');
    expect(asked).toEqual([{ recordingId: 4, compute: true }, { recordingId: 4 }, { recordingId: 4 }]);
    await vi.advanceTimersByTimeAsync(5000);
    await settle();
    expect(bridge.callsTo('replays.curve')).toHaveLength(3);
    wrapper.unmount();
  });
});
