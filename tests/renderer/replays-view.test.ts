// @vitest-environment happy-dom
/**
 * The Replays view on a sliding recording (no kind is named in the view: sliding scrubs as push
 * does): the journal on the timeline with its undo marker, the keyboard (Right, End, Home,
 * Shift+arrows to markers), the curve filled in from `replays.curve`, the summary, a LURD-like
 * export in the kind's own text, and the address holding the recording and step.
 */
import { describe, expect, it } from 'vitest';
import type { ReplayCurve, ReplayDetail } from '../../src-shared/api/replays.ts';
import { useReplaysStore } from '../../src-renderer/src/stores/replays.ts';
import { useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle } from './support/mount.ts';

// Blank second to last: 'r' solves it. The player goes up, takes it back, then solves.
const LEVEL = { width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8] };
const DETAIL: ReplayDetail = {
  id: 4, levelId: 2, name: null, outcome: 'won', current: true, steps: 1, moves: 1, undos: 1, hints: 0, durationMs: 9000, createdAt: '2025-01-01T00:00:00Z',
  intended: false, source: 'play', campaignId: 1, kind: 'sliding', config: {}, rulesFingerprint: 'f', recordedFingerprint: 'f', content: LEVEL,
  journal: [{ type: 'command', command: 'u', t: 1000 }, { type: 'undo', t: 8000 }, { type: 'command', command: 'r', t: 9000 }],
  stepHashes: null, par: 1, reference: null,
};
const CURVE: ReplayCurve = { recordingId: 4, rulesFingerprint: 'f', steps: 3, state: 'done', chunks: [{ from: 0, to: 3, steps: [1, 2, 1, 0].map((distance) => ({ distance, dead: false })) }] };

describe('the Replays view', () => {
  it('scrubs a sliding recording with the keyboard, shows its curve and summary, and keeps the step in the address', async () => {
    const { wrapper, bridge } = await mountStudio(new MemoryBridge({ 'replays.get': () => DETAIL, 'replays.curve': () => CURVE }));
    useUiStore().show('replays');
    await useReplaysStore().open(4);
    await settle();
    expect(bridge.callsTo('replays.curve')).toEqual([{ recordingId: 4, compute: true }]);
    const view = wrapper.get('[data-testid="replays-view"]');
    const step = (): string | undefined => wrapper.get('[data-testid="replay-board"]').attributes('data-step');
    expect(step()).toBe('0');
    await view.trigger('keydown', { key: 'ArrowRight' });
    expect(step()).toBe('1');
    expect(wrapper.get('[data-testid="replay-here"]').text()).toBe('2 left');
    await view.trigger('keydown', { key: 'ArrowRight', shiftKey: true });
    expect(step()).toBe('2');
    expect(wrapper.get('[data-testid="replay-marker"]').attributes('data-marker')).toBe('undo');
    await view.trigger('keydown', { key: 'End' });
    expect(step()).toBe('3');
    expect(wrapper.get('[data-testid="replay-here"]').text()).toBe('0 left');
    expect(globalThis.location.hash).toBe('#replay=4&step=3');
    expect(wrapper.findAll('[data-testid="overview-marker"]').map((m) => m.attributes('data-marker'))).toEqual(['undo']);
    expect(wrapper.findAll('[data-testid="curve-line"]').length).toBeGreaterThan(0);
    expect(wrapper.findAll('[data-testid="curve-dead"]')).toHaveLength(0);
    const summary = wrapper.get('[data-testid="replay-summary"]').text();
    expect(summary).toContain('Moves 1 (par 1)');
    expect(summary).toContain('Undos 1, restarts 0, hints 0');
    expect(summary).toContain('Leaves every optimal line at step 1');
    expect((wrapper.get('[data-testid="export-text"]').element as HTMLTextAreaElement).value).toBe('r');
    await view.trigger('keydown', { key: 'Home' });
    expect(step()).toBe('0');
  });
});
