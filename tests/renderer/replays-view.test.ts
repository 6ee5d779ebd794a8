// @vitest-environment happy-dom
/**
 * The Replays view on a sliding recording (no kind is named in the view: sliding scrubs as push
 * does): the journal on the timeline with its undo marker, the keyboard (Right, End, Home,
 * Shift+arrows to markers), the curve filled in from `replays.curve`, the summary, a LURD-like
 * export in the kind's own text, and the address holding the recording and step.
 */
import { describe, expect, it } from 'vitest';
import type { ReplayCurve, ReplayDetail } from '../../src-shared/api/replays.ts';
import { replayRoute, useReplaysStore } from '../../src-renderer/src/stores/replays.ts';
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
/** The address's params (the route memory writes them; the campaign and level selected are there too). */
const address = (): Record<string, string> => Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
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
    const sliding = (): number => wrapper.get('[data-testid="replay-board"]').findAll('.anim-slide').length;
    await view.trigger('keydown', { key: 'ArrowRight' });
    expect(step()).toBe('1');
    // A step forward by one animates the engine's events: the tile that slid into the gap.
    expect(sliding()).toBe(1);
    expect(wrapper.get('[data-testid="replay-here"]').text()).toBe('2 left');
    await view.trigger('keydown', { key: 'ArrowRight', shiftKey: true });
    expect(step()).toBe('2');
    expect(wrapper.get('[data-testid="replay-marker"]').attributes('data-marker')).toBe('undo');
    expect(sliding()).toBe(0);
    await view.trigger('keydown', { key: 'End' });
    expect(step()).toBe('3');
    expect(wrapper.get('[data-testid="replay-here"]').text()).toBe('0 left');
    expect(address()).toMatchObject({ view: 'replays', replay: '4', step: '3' });
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
    // A jump far away shows the board at once, nothing animated.
    expect(sliding()).toBe(0);
  });

  it('shows "then and now" side by side after a rule change, and the step where they differ', async () => {
    // Two boxes in a row: under the old rules (strength 1) the last push is refused, under strength 2 it moves both.
    const ROW = { board: ['#########', '#       #', '#       #', '# @$$ ..#', '#       #', '#       #', '#########'] };
    const pushDetail: ReplayDetail = {
      ...DETAIL, kind: 'push', config: { pushStrength: 2 }, recordedConfig: {}, recordedFingerprint: 'old', content: ROW, par: null, undos: 0, steps: 4,
      journal: ['u', 'd', 'r', 'r'].map((command, i) => ({ type: 'command' as const, command, t: i * 1000 })),
    };
    const none: ReplayCurve = { ...CURVE, steps: 4, state: 'none', chunks: [] };
    const { wrapper } = await mountStudio(new MemoryBridge({ 'replays.get': () => pushDetail, 'replays.curve': () => none }));
    useUiStore().show('replays');
    await useReplaysStore().open(4);
    await settle();
    await wrapper.get('[data-testid="replays-view"]').trigger('keydown', { key: 'End' });
    expect(wrapper.get('[data-testid="replay-then"]').attributes('data-step')).toBe('4');
    const diverges = wrapper.get('[data-testid="then-diverges"]');
    expect(diverges.text()).toContain('3');
    await diverges.get('button').trigger('click');
    expect(wrapper.get('[data-testid="replay-board"]').attributes('data-step')).toBe('3');
  });

  it('opens a level\'s verification solution (no recording, no curve asked) and keeps it in the address', async () => {
    expect(replayRoute('#replay=level-2-verification&step=3')).toEqual({ target: { levelId: 2, solution: 'verification' }, step: 3 });
    expect(replayRoute('#replay=7&step=1')).toEqual({ target: 7, step: 1 });
    expect(replayRoute('#view=replays&replay=candidate-31&step=2')).toEqual({ target: { candidateId: 31 }, step: 2 });
    expect(replayRoute('#view=replays&replay=7&step=-1')).toEqual({ target: 7, step: 0 });
    globalThis.location.hash = ''; // not the previous test's recording at start
    const solved: ReplayDetail = { ...DETAIL, id: null, solution: 'verification', source: 'verification', undos: 0, journal: [{ type: 'command', command: 'r' }] };
    const { bridge } = await mountStudio(new MemoryBridge({ 'replays.get': () => solved, 'replays.curve': () => CURVE }));
    useUiStore().show('replays');
    const replays = useReplaysStore();
    expect(await replays.open({ levelId: 2, solution: 'verification' })).toBe(true);
    await settle();
    expect(bridge.callsTo('replays.get')).toEqual([{ levelId: 2, solution: 'verification' }]);
    expect(bridge.callsTo('replays.curve')).toEqual([]);
    replays.timeline.seek(1);
    await settle();
    expect(address()).toMatchObject({ view: 'replays', replay: 'level-2-verification', step: '1' });
  });

  it('offers to recompute a curve whose jobs ended with steps missing, and asks for only that', async () => {
    globalThis.location.hash = '';
    const partial: ReplayCurve = { ...CURVE, chunks: [{ from: 0, to: 1, steps: CURVE.chunks[0]!.steps.slice(0, 2) }] };
    const { wrapper, bridge } = await mountStudio(new MemoryBridge({ 'replays.get': () => DETAIL, 'replays.curve': (request: { recompute?: boolean }) => (request.recompute ? CURVE : partial) }));
    useUiStore().show('replays');
    await useReplaysStore().open(4);
    await settle();
    await wrapper.get('[data-testid="curve-recompute"]').trigger('click');
    await settle();
    expect(bridge.callsTo('replays.curve')).toEqual([{ recordingId: 4, compute: true }, { recordingId: 4, recompute: true }]);
    expect(wrapper.find('[data-testid="curve-recompute"]').exists()).toBe(false);
  });
});
