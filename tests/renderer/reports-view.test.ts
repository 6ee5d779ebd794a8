// @vitest-environment happy-dom
/**
 * The Reports view: the list of impact reports, one report as a table with its counts per
 * category and filters, a row opening its level, and a diverging recording opening in the replay
 * scrubber (the Replays view) at the step where it first differs.
 */
import { describe, expect, it } from 'vitest';
import type { ImpactReport } from '../../src-shared/api/reports.ts';
import type { ReplayDetail } from '../../src-shared/api/replays.ts';
import { useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { MICROBAN_2, MICROBAN_2_SOLUTION } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle } from './support/mount.ts';

const REPORT: ImpactReport = {
  id: 5, batchId: 3, scope: 'campaign', label: 'Re-verify Microban', campaignId: 1,
  oldFingerprints: ['push@1:old'], newFingerprints: ['push@1:new'], levels: 4, done: 4, state: 'done',
  oldRules: [{ fingerprint: 'push@1:old', ruleset: 'Push default', number: 2, note: 'heavier boxes' }],
  newRules: [{ fingerprint: 'push@1:new', ruleset: 'Push default', number: 3, note: null }],
  counts: { unchanged: 1, 'par-changed': 1, 'recording-diverges': 1, 'first-verification': 1, budget: 1 }, unproven: 2, createdAt: '2025-02-01T10:00:00Z',
  rows: [
    { levelId: 11, campaignName: 'Microban', position: 1, title: '1', status: 'solved', par: 33, oldPar: 33, impact: ['unchanged'], recordings: [], proven: false },
    { levelId: 12, campaignName: 'Microban', position: 2, title: '2', status: 'solved', par: 16, oldPar: 18, impact: ['par-changed', 'recording-diverges'],
      recordings: [{ id: 9, wins: false, divergesAt: 4, winsAt: null, undecodableAt: null, intended: true, value: 16 }], proven: true },
    { levelId: 13, campaignName: 'Microban', position: 3, title: '3', status: 'solved', par: 41, oldPar: null, impact: ['first-verification'], recordings: [], proven: false },
    { levelId: 14, campaignName: 'Microban', position: 4, title: '4', status: 'budget', par: null, oldPar: 38, impact: ['budget'],
      recordings: [{ id: 10, wins: true, divergesAt: null, winsAt: null, undecodableAt: null, intended: true, value: 38 }], proven: true },
  ],
};

/** The diverging recording as the scrubber reads it: an imported solution, its line its journal. */
const RECORDING_9: ReplayDetail = {
  id: 9, levelId: 12, name: null, outcome: 'won', current: false, steps: 16, moves: 16, undos: 0, hints: 0, durationMs: null, createdAt: '2025-01-01T00:00:00Z',
  intended: true, source: 'import', campaignId: 1, kind: 'push', config: {}, rulesFingerprint: 'push@1:new', recordedFingerprint: 'push@1:old', content: MICROBAN_2,
  journal: [...MICROBAN_2_SOLUTION.toLowerCase()].map((command) => ({ type: 'command' as const, command })), stepHashes: null, par: 16, reference: null,
};

function bridge(): MemoryBridge {
  const { rows: _rows, ...summary } = REPORT;
  return new MemoryBridge({
    'reports.list': () => ({ reports: [summary] }),
    'reports.get': () => REPORT,
    'replays.get': () => RECORDING_9,
    'replays.curve': () => ({ recordingId: 9, rulesFingerprint: 'push@1:new', steps: 16, state: 'none', chunks: [] }),
  });
}

describe('the Reports view', () => {
  it('lists the reports; a report shows its counts, filters its rows, and opens a diverging recording at its step', async () => {
    const { wrapper, bridge: host, protocolErrors } = await mountStudio(bridge());
    useUiStore().show('reports');
    await settle();
    const item = wrapper.get('[data-testid="report-item"]');
    expect(item.text()).toContain('Re-verify Microban');
    // The title is made in the studio's language from the scope and the campaign's name.
    useUiStore().setLocale('zh-CN');
    await settle();
    expect(wrapper.get('[data-testid="report-item"]').text()).toContain('重新验证 Microban');
    useUiStore().setLocale('en');
    await settle();
    await item.trigger('click');
    await settle();
    const counts = Object.fromEntries(wrapper.findAll('[data-testid="report-filter"]').map((b) => [b.attributes('data-category'), b.get('[data-testid="report-count"]').text()]));
    expect(counts).toEqual({ unchanged: '1', 'first-verification': '1', 'par-changed': '1', 'recording-diverges': '1', budget: '1' });
    // What changed comes first, worst first; the unchanged level is folded away until asked for.
    const positions = () => wrapper.findAll('[data-testid="report-row"]').map((r) => r.attributes('data-position'));
    expect(positions()).toEqual(['2', '4', '3']);
    await wrapper.get('[data-testid="report-unchanged-toggle"]').trigger('click');
    expect(positions()).toEqual(['2', '4', '3', '1']);
    await wrapper.get('[data-testid="report-unchanged-toggle"]').trigger('click');
    // The rules compared by version number and note, not by hash.
    expect(wrapper.get('[data-testid="report-fingerprints"]').text()).toBe('Rules compared: Push default v2 (“heavier boxes”) → Push default v3');
    // A budget row: the par is unproven, but the intended solution still wins.
    const budget = wrapper.get('[data-testid="report-row"][data-position="4"]');
    expect(budget.text()).toContain('38 → not proven');
    expect(budget.get('[data-testid="report-budget-note"]').text()).toBe('Par not proven under the new rules (budget); the intended solution still wins in 38 moves.');

    await wrapper.get('[data-testid="report-filter"][data-category="par-changed"]').trigger('click');
    expect(wrapper.findAll('[data-testid="report-row"]').map((r) => r.attributes('data-position'))).toEqual(['2']);
    await wrapper.get('[data-testid="report-filter-all"]').trigger('click');
    await wrapper.get('[data-testid="report-only-unproven"]').setValue(true);
    expect(wrapper.findAll('[data-testid="report-row"]').map((r) => r.attributes('data-position'))).toEqual(['3']);
    await wrapper.get('[data-testid="report-only-unproven"]').setValue(false);

    const link = wrapper.get('[data-testid="report-open-recording"]');
    expect(link.text()).toContain('diverges at step 4');
    await link.trigger('click');
    await settle();
    // The recording opens on the Replays view's main board, where the play diverges.
    expect(useUiStore().view).toBe('replays');
    expect(host.callsTo('replays.get')).toEqual([{ recordingId: 9 }]);
    expect(wrapper.get('[data-testid="replays-view"] [data-testid="replay-board"]').attributes('data-step')).toBe('4');
    // An imported solution has no time offsets: no "0.0 s" is shown for it.
    expect(wrapper.find('[data-testid="replay-time"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="replay-summary"]').text()).not.toContain('Time');
    // The step controls are drawn as icons, not as characters a font may lack (⏮ ⏭ ⇤ ⇥).
    for (const id of ['replay-first', 'replay-prev-marker', 'replay-back', 'replay-forward', 'replay-next-marker', 'replay-last']) {
      const button = wrapper.get(`[data-testid="${id}"]`);
      expect(button.find('svg path').exists()).toBe(true);
      expect(button.text()).toBe('');
    }
    expect(protocolErrors).toEqual([]);
    wrapper.unmount();
  });

  it('a row opens its level', async () => {
    const { wrapper, bridge: host } = await mountStudio(bridge());
    useUiStore().show('reports');
    await settle();
    await wrapper.get('[data-testid="report-item"]').trigger('click');
    await settle();
    await wrapper.get('[data-testid="report-row"][data-position="3"] [data-testid="report-open-level"]').trigger('click');
    await settle();
    expect(useUiStore().view).toBe('level');
    expect(host.callsTo('library.level')).toContainEqual({ levelId: 13, campaignId: REPORT.campaignId });
    wrapper.unmount();
  });
});
