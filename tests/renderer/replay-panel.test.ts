// @vitest-environment happy-dom
/**
 * The replay scrubber as a panel any view opens in place (issue 24): from a report row and a
 * candidate row, the view staying shown beneath; the same scrubber moves to the Replays view at
 * the same step. The Level view's recordings open on the Replays view itself (the main board). The route memory is the one writer of the
 * address: it keeps the recording and step the scrubber tells it, a reload (or a reopened window)
 * restores recording and step, in the view or in the panel, and switching views and back keeps the step.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GenerationRun, Candidate } from '../../src-shared/api/candidates.ts';
import type { ImpactReport } from '../../src-shared/api/reports.ts';
import type { ReplayCurve, ReplayDetail } from '../../src-shared/api/replays.ts';
import { ROUTE_STORAGE_KEY } from '../../src-renderer/src/stores/route.ts';
import { useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { CAMPAIGN, LEVELS, MICROBAN_2, MICROBAN_2_SOLUTION } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  localStorage.clear();
  history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});

const LEVEL = LEVELS[1]!;
const DETAIL: ReplayDetail = {
  id: 4, levelId: LEVEL.id, name: 'first try', outcome: 'won', current: true, steps: 16, moves: 16, undos: 0, hints: 0, durationMs: 16_000, createdAt: '2025-01-01T00:00:00Z',
  intended: false, source: 'play', campaignId: CAMPAIGN.id, kind: 'push', config: {}, rulesFingerprint: 'f', recordedFingerprint: 'f', content: MICROBAN_2,
  journal: [...MICROBAN_2_SOLUTION.toLowerCase()].map((command, i) => ({ type: 'command' as const, command, t: i * 1000 })),
  stepHashes: null, par: 16, reference: null,
};
const NO_CURVE: ReplayCurve = { recordingId: 4, rulesFingerprint: 'f', steps: 16, state: 'none', chunks: [] };
const RECORDING = { id: 4, levelId: LEVEL.id, name: 'first try', outcome: 'won' as const, current: true, steps: 16, moves: 16, undos: 0, hints: 0, durationMs: 16_000, createdAt: '2025-01-01T00:00:00Z', intended: false, source: 'play' as const };

function bridge(handlers: ConstructorParameters<typeof MemoryBridge>[0] = {}): MemoryBridge {
  return new MemoryBridge({ 'recordings.list': () => ({ recordings: [RECORDING] }), 'replays.get': () => DETAIL, 'replays.curve': () => NO_CURVE, ...handlers });
}

const address = (): Record<string, string> => Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
const shownView = (m: Mounted): string | undefined => m.wrapper.get('.app').attributes('data-view');
const boardStep = (m: Mounted, root: string): string | undefined => m.wrapper.get(`${root} [data-testid="replay-board"]`).attributes('data-step');

/** Opens Microban 2 in the Level view the way a designer does. */
async function openLevel(b: MemoryBridge): Promise<Mounted> {
  current = await mountStudio(b);
  const row = current.wrapper.get(`[data-testid="level-row"][data-level-id="${LEVEL.id}"]`);
  await row.trigger('click');
  (row.element as HTMLElement).focus();
  press('Enter');
  await settle();
  return current;
}

describe('the scrubber panel', () => {
  it('the Level view\'s recordings open on the Replays view\'s main board, and the address keeps recording and step across views and a reload', async () => {
    const m = await openLevel(bridge());
    await m.wrapper.get('[data-testid="recording-scrub"]').trigger('click');
    await settle();
    // One way to play a recording back: the scrubber on the whole work area, no board beside the level's.
    expect(shownView(m)).toBe('replays');
    expect(m.wrapper.find('[data-testid="replay-panel"]').exists()).toBe(false);
    expect(m.wrapper.find('[data-testid="recording-player"]').exists()).toBe(false);
    expect(m.bridge.callsTo('replays.get')).toEqual([{ recordingId: 4 }]);
    const view = m.wrapper.get('[data-testid="replays-view"]');
    await view.trigger('keydown', { key: 'ArrowRight' });
    await view.trigger('keydown', { key: 'ArrowRight' });
    await settle();
    expect(boardStep(m, '[data-testid="replays-view"]')).toBe('2');
    expect(address()).toMatchObject({ view: 'replays', replay: '4', step: '2' });
    expect(address().panel).toBeUndefined();

    // Away and back: the step stays, and the address names it again.
    useUiStore().show('library');
    await settle();
    expect(address().replay).toBeUndefined();
    useUiStore().show('replays');
    await settle();
    expect(boardStep(m, '[data-testid="replays-view"]')).toBe('2');
    expect(address()).toMatchObject({ view: 'replays', replay: '4', step: '2' });
    await m.wrapper.get('[data-testid="replays-view"]').trigger('keydown', { key: 'ArrowRight' });
    await settle();
    expect(address().step).toBe('3');
    m.wrapper.unmount();

    // A reload opens the same recording at the same step.
    current = await mountStudio(bridge(), undefined, { reopen: true });
    await settle();
    expect(shownView(current)).toBe('replays');
    expect(current.bridge.callsTo('replays.get')).toEqual([{ recordingId: 4 }]);
    expect(boardStep(current, '[data-testid="replays-view"]')).toBe('3');
    expect(address()).toMatchObject({ view: 'replays', replay: '4', step: '3' });
  });

  it('a reopened window (no address) restores the panel over its view, at the kept step', async () => {
    localStorage.setItem(ROUTE_STORAGE_KEY, `view=level&campaign=${CAMPAIGN.id}&level=${LEVEL.id}&panel=replay&replay=4&step=5`);
    current = await mountStudio(bridge(), undefined, { reopen: true });
    await settle();
    expect(shownView(current)).toBe('level');
    expect(boardStep(current, '[data-testid="replay-panel"]')).toBe('5');
    await current.wrapper.get('[data-testid="replay-panel-close"]').trigger('click');
    await settle();
    expect(current.wrapper.find('[data-testid="replay-panel"]').exists()).toBe(false);
    expect(address()).toEqual({ view: 'level', campaign: String(CAMPAIGN.id), level: String(LEVEL.id) });
  });

  it('opens in place from a report row, where the play diverges', async () => {
    const report: ImpactReport = {
      id: 5, batchId: 3, scope: 'campaign', label: 'Re-verify', campaignId: CAMPAIGN.id, oldFingerprints: ['a'], newFingerprints: ['b'], levels: 1, done: 1, state: 'done',
      oldRules: [], newRules: [], counts: { 'recording-diverges': 1 }, unproven: 0, createdAt: '2025-02-01T10:00:00Z',
      rows: [{ levelId: LEVEL.id, campaignName: 'Microban', position: 2, title: '2', status: 'solved', par: 16, oldPar: 16, impact: ['recording-diverges'], recordings: [{ id: 4, wins: false, divergesAt: 6, winsAt: null, undecodableAt: null, intended: false, value: 16 }], proven: true }],
    };
    const { rows: _rows, ...summary } = report;
    current = await mountStudio(bridge({ 'reports.list': () => ({ reports: [summary] }), 'reports.get': () => report }));
    useUiStore().show('reports');
    await settle();
    await current.wrapper.get('[data-testid="report-item"]').trigger('click');
    await settle();
    await current.wrapper.get('[data-testid="report-scrub-recording"]').trigger('click');
    await settle();
    expect(shownView(current)).toBe('reports');
    expect(current.wrapper.find('[data-testid="report-row"]').exists()).toBe(true);
    expect(boardStep(current, '[data-testid="replay-panel"]')).toBe('6');
    expect(address()).toMatchObject({ view: 'reports', panel: 'replay', replay: '4', step: '6' });
    expect(current.wrapper.get('[data-testid="replay-panel-title"]').text()).toBe('Recording “first try”');

    // Open in Replays moves the same scrubber to the view, at the same step.
    await current.wrapper.get('[data-testid="replay-panel-expand"]').trigger('click');
    await settle();
    expect(shownView(current)).toBe('replays');
    expect(current.wrapper.find('[data-testid="replay-panel"]').exists()).toBe(false);
    expect(boardStep(current, '[data-testid="replays-view"]')).toBe('6');
    expect(address()).toMatchObject({ view: 'replays', replay: '4', step: '6' });
    expect(address().panel).toBeUndefined();
    expect(current.bridge.callsTo('replays.get')).toHaveLength(1);
  });

  it('opens a candidate\'s solution in place from its row, with no "new level" (no campaign yet)', async () => {
    const run: GenerationRun = {
      id: 1, batchId: null, kind: 'push', generator: 'rooms', version: 1, seed: 's', params: {}, count: 1, wanted: 1, cap: 1, state: 'done',
      statistics: { candidates: 1, accepted: 1, kept: 1, sieves: [], makeMs: 0, ms: 0 }, shardsDone: 1, shards: 1, waiting: 1, accepted: 0, createdAt: '2025-01-01T00:00:00Z', finishedAt: null,
    };
    const candidate: Candidate = { id: 31, runId: 1, index: 0, kind: 'push', content: MICROBAN_2, contentHash: 'h', par: 16, figures: { pushes: 4 }, score: 1, solution: MICROBAN_2_SOLUTION, state: 'new', recommended: true, levelId: null };
    const solved: ReplayDetail = { ...DETAIL, id: null, candidateId: 31, levelId: null, campaignId: null, name: null, source: 'verification', journal: DETAIL.journal.map(({ type, command }) => ({ type, command })) };
    current = await mountStudio(bridge({ 'candidates.runs': () => ({ runs: [run] }), 'candidates.list': () => ({ run, candidates: [candidate] }), 'replays.get': () => solved }));
    useUiStore().show('candidates');
    await settle();
    await current.wrapper.get('[data-testid="candidate-scrub"]').trigger('click');
    await settle();
    expect(shownView(current)).toBe('candidates');
    expect(current.bridge.callsTo('replays.get')).toEqual([{ candidateId: 31 }]);
    expect(current.bridge.callsTo('replays.curve')).toEqual([]);
    expect(current.wrapper.get('[data-testid="replay-panel-title"]').text()).toBe('Candidate #31’s solution');
    await current.wrapper.get('[data-testid="replay-panel-scrubber"]').trigger('keydown', { key: 'End' });
    await settle();
    expect(boardStep(current, '[data-testid="replay-panel"]')).toBe('16');
    expect(current.wrapper.find('[data-testid="replay-new-level"]').exists()).toBe(false);
    expect(address()).toMatchObject({ view: 'candidates', panel: 'replay', replay: 'candidate-31', step: '16' });
  });
});
