// @vitest-environment happy-dom
/**
 * Hints and proofs as a new user meets them: the hinted move is a real button, a hint asked again
 * from the same position counts once, sliding moves read the way the player presses them with the
 * moving tile highlighted, a level that ran out of budget says so at once, the proof panel labels
 * its figures and says why the search stopped, per-level Verify, the kind's words for metrics,
 * and actions that need the host are disabled while it is away.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import VerifyBudgetForm from '../../src-renderer/src/views/verify/VerifyBudgetForm.vue';
import type { CampaignDetail, CampaignSummary, LevelDetail, LevelRow } from '../../src-shared/api/studio-api.ts';
import type { Verification } from '../../src-shared/verify/record.ts';
import { MAX_VERIFY_BUDGET } from '../../src-shared/search/budget.ts';
import { useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { CAMPAIGN, LEVELS, levelDetail } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

function verification(extra: Partial<Verification> = {}): Verification {
  return {
    kind: 'push', status: 'solved', optimal: true, objective: 'moves', value: 16, par: 16, provenBound: null, solution: 'rddLruulDuullddR',
    nodes: 2_585_653, stored: 400_000, ms: 812, budget: 400_000, stoppedBy: null, solver: 'push-astar/1',
    metrics: { pushes: 4, floorCells: 14, meanBranching: 2.5 }, diagnostics: [], rulesFingerprint: CAMPAIGN.rulesFingerprint, contentHash: 'hash-12',
    ...extra,
  };
}

async function openLevel(bridge: MemoryBridge, id: number): Promise<Mounted> {
  current = await mountStudio(bridge);
  const row = current.wrapper.get(`[data-testid="level-row"][data-level-id="${id}"]`);
  await row.trigger('click');
  (row.element as HTMLElement).focus();
  press('Enter');
  await settle();
  return current;
}

const withVerification = (v: Verification, detail: Partial<LevelDetail> = {}) =>
  new MemoryBridge({ 'library.level': ({ levelId }) => ({ ...levelDetail(LEVELS.find((l) => l.id === levelId)!), verification: v, ...detail }) });

const text = (m: Mounted, id: string) => m.wrapper.get(`[data-testid="${id}"]`).text();

describe('hints', () => {
  it('the hinted move is a button that plays it, with its key', async () => {
    const m = await openLevel(new MemoryBridge(), LEVELS[1].id);
    press('h');
    await settle();
    const move = m.wrapper.get('[data-testid="hint-move"]');
    expect(move.element.tagName).toBe('BUTTON');
    expect(text(m, 'hint-key')).toBe('→');
    await move.trigger('click');
    await settle();
    expect(text(m, 'hud-moves')).toBe('1');
    expect(m.wrapper.find('[data-testid="hint-panel"]').exists()).toBe(false);
  });

  it('a hint search stopped by its time limit says so, not that it ran out of budget (the job\'s stoppedBy)', async () => {
    const bridge = new MemoryBridge({ 'play.hint': () => ({ status: 'budget', command: null, distance: null, optimal: false, stoppedBy: 'time' }) });
    const m = await openLevel(bridge, LEVELS[1].id);
    press('h');
    await settle();
    const said = m.wrapper.get('[data-testid="hint-budget"]');
    expect(said.attributes('data-stopped-by')).toBe('time');
    expect(said.text()).toBe('The hint search reached its time limit before it found a move from this position.');
  });

  it('H pressed four times at the same position counts one hint', async () => {
    const m = await openLevel(new MemoryBridge(), LEVELS[1].id);
    for (let i = 0; i < 4; i++) {
      press('h');
      await settle();
    }
    expect(m.bridge.callsTo('play.hint').length).toBe(4);
    expect(text(m, 'hint-count')).toBe('1');
    expect(m.wrapper.find('[data-testid="hint-panel"]').exists()).toBe(true);
  });

  it('a level whose verification ran out of budget says so at once, with what to do; asking anyway still works', async () => {
    const v = verification({ status: 'budget', optimal: false, value: null, par: null, solution: null, stoppedBy: 'budget', metrics: {} });
    const m = await openLevel(withVerification(v, { badge: 'budget', par: null }), LEVELS[1].id);
    press('h');
    await settle();
    expect(m.bridge.callsTo('play.hint')).toEqual([]);
    expect(text(m, 'hint-budget-known')).toContain('400,000');
    expect(text(m, 'hint-panel')).toMatch(/larger budget/);
    await m.wrapper.get('[data-testid="hint-ask-anyway"]').trigger('click');
    await settle();
    expect(m.bridge.callsTo('play.hint').length).toBe(1);
    expect(m.wrapper.find('[data-testid="hint-move"]').exists()).toBe(true);
  });

  it('a cancelled hint says so quietly, with no error', async () => {
    const m = await openLevel(new MemoryBridge({ 'play.hint': () => ({ code: 'internal', message: 'The job was cancelled.' }) }), LEVELS[1].id);
    press('h');
    await settle();
    expect(m.wrapper.find('[data-testid="hint-cancelled"]').exists()).toBe(true);
    expect(m.wrapper.find('[data-testid="toast"][data-kind="error"]').exists()).toBe(false);
  });
});

describe('sliding hints and solutions read as the player presses', () => {
  const SLIDING: CampaignSummary = { ...CAMPAIGN, id: 9, name: 'Tiles', kind: 'sliding', levelCount: 1, badges: { verified: 1 } };
  // The blank is bottom left: the blank's moves r, r slide tiles 7 and 8 left.
  const ROW: LevelRow = { ...LEVELS[0], id: 91, position: 1, title: 'Two moves', kind: 'sliding', content: { width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8] }, contentHash: 'tiles-1', par: 2, figures: {} };
  const DETAIL: CampaignDetail = { campaign: { ...SLIDING, comments: [], rulesConfig: {} }, levels: [ROW] };
  const bridge = () =>
    new MemoryBridge({
      'library.summary': () => ({ libraryPath: '/tmp/tiles.gridwright', campaigns: [SLIDING] }),
      'library.campaign': () => DETAIL,
      'library.level': () => ({
        ...levelDetail(ROW),
        campaignId: SLIDING.id,
        campaignName: SLIDING.name,
        verification: verification({ kind: 'sliding', solution: 'rr', par: 2, value: 2, solver: 'sliding-table/1', metrics: { inversions: 2, manhattan: 2 } }),
      }),
      'play.hint': () => ({ status: 'solved', command: 'r', distance: 2, optimal: true }),
    });

  it('shows the solution as the arrows the player presses and the hint as the tile’s direction', async () => {
    const m = await openLevel(bridge(), ROW.id);
    expect(text(m, 'verification-solution-glyphs')).toBe('←←');
    press('h');
    await settle();
    expect(m.wrapper.get('[data-testid="hint-move"]').text()).toContain('←');
    expect(text(m, 'hint-key')).toBe('←');
  });

  it('highlights the tile that moves as well as where it goes', async () => {
    const m = await openLevel(bridge(), ROW.id);
    press('h');
    await settle();
    const cells = m.wrapper.findAll('[data-testid="board-highlight"]').map((h) => `${h.attributes('data-role')}@${h.attributes('data-x')},${h.attributes('data-y')}`);
    expect(cells.sort()).toEqual(['from@1,2', 'to@0,2']);
  });

  it('labels the kind’s metrics in its own words, with a tooltip', async () => {
    const m = await openLevel(bridge(), ROW.id);
    const label = m.wrapper.get('[data-testid="metric-label-inversions"]');
    expect(label.text()).toBe('Inversions');
    expect(label.attributes('title')).toMatch(/wrong order/);
  });

  it('labels the text export by the kind’s own format', async () => {
    current = await mountStudio(bridge());
    expect(current.wrapper.get('[data-testid="export-sok"]').text()).toBe('Export Sliding tiles text (.tiles)');
  });
});

describe('proof panel', () => {
  it('labels stored states against the budget and expanded positions, each with a tooltip', async () => {
    const m = await openLevel(withVerification(verification()), LEVELS[1].id);
    expect(text(m, 'verification-stored')).toBe('400,000 of 400,000');
    expect(text(m, 'verification-nodes')).toBe('2,585,653');
    expect(m.wrapper.get('[data-testid="verification-nodes"]').attributes('title')).toMatch(/more than the budget/);
    const labels = m.wrapper.get('[data-testid="verification-panel"]').findAll('dt').map((d) => d.text());
    expect(labels).toEqual(expect.arrayContaining(['States stored', 'Positions expanded']));
    expect(labels).not.toContain('Nodes');
  });

  it('says a run led by time alone had no state budget (the most a verification may ask counts as none)', async () => {
    const m = await openLevel(withVerification(verification({ budget: MAX_VERIFY_BUDGET, stored: 427_674, stoppedBy: 'time' })), LEVELS[1].id);
    expect(text(m, 'verification-stored')).toBe('427,674 (no state budget)');
  });

  it('says why the search stopped early, in the proof panel', async () => {
    const reason = 'The exact search stored 400,000 states without proving its bound.';
    const v = verification({ optimal: false, stoppedBy: 'budget', diagnostics: [{ severity: 'info', code: 'solve.stopped', message: reason }] });
    const m = await openLevel(withVerification(v, { badge: 'verified-bound' }), LEVELS[1].id);
    expect(text(m, 'verification-stopped')).toContain(reason);
    expect(m.wrapper.findAll('[data-testid="verification-diagnostic"]').length).toBe(0);
    // Ran out: the budget offered is ten times the one used.
    expect((m.wrapper.get('[data-testid="verification-panel"] [data-testid="verify-budget"]').element as HTMLInputElement).value).toBe('4000000');
  });

  it('a new budget offered (after a run that ran out) replaces the one typed, and keeps the time limit typed', async () => {
    const offered = ref(400_000);
    const Host = defineComponent(() => () => h(VerifyBudgetForm, { campaignId: CAMPAIGN.id, levelIds: [LEVELS[1].id], initialBudget: offered.value }));
    current = await mountStudio(new MemoryBridge(), Host);
    await current.wrapper.get('[data-testid="verify-budget"]').setValue('50000');
    await current.wrapper.get('[data-testid="verify-time-limit"]').setValue('30');
    offered.value = 4_000_000;
    await settle();
    expect((current.wrapper.get('[data-testid="verify-budget"]').element as HTMLInputElement).value).toBe('4000000');
    expect((current.wrapper.get('[data-testid="verify-time-limit"]').element as HTMLInputElement).value).toBe('30');
  });

  it('Verify in the Level view verifies this level with the budget given', async () => {
    const m = await openLevel(withVerification(verification()), LEVELS[1].id);
    await m.wrapper.get('[data-testid="verification-panel"] [data-testid="verify-budget"]').setValue('1000000');
    await m.wrapper.get('[data-testid="verification-panel"] [data-testid="verify-form"]').trigger('submit');
    await settle();
    expect(m.bridge.callsTo('jobs.verify')).toEqual([{ campaignId: CAMPAIGN.id, levelIds: [LEVELS[1].id], budget: 1_000_000 }]);
  });

  it('labels push metrics from the kind’s messages, not raw keys', async () => {
    const m = await openLevel(withVerification(verification()), LEVELS[1].id);
    expect(text(m, 'metric-label-floorCells')).toBe('Floor cells');
    expect(text(m, 'metric-label-meanBranching')).toBe('Mean branching');
    expect(m.wrapper.get('[data-testid="metric-label-meanBranching"]').attributes('title')).toMatch(/available/);
  });
});

describe('while the host is away', () => {
  it('disables what needs it, with the reason as the tooltip', async () => {
    const m = await openLevel(new MemoryBridge(), LEVELS[1].id);
    const ui = useUiStore();
    ui.connection = { state: 'closed', attempt: 2, retryInMs: 4000, authRejected: false, reconnected: false };
    await settle();
    const hint = m.wrapper.get('[data-testid="hint-button"]');
    expect(hint.attributes('disabled')).toBeDefined();
    expect(hint.attributes('title')).toMatch(/not answering/);
    press('h');
    await settle();
    expect(m.bridge.callsTo('play.hint')).toEqual([]);
    ui.show('library');
    await settle();
    const verifyAll = m.wrapper.get('[data-testid="verify-all"]');
    expect(verifyAll.attributes('disabled')).toBeDefined();
    expect(verifyAll.attributes('title')).toMatch(/not answering/);
    // A refused token is away too, in the bridge's words.
    ui.connection = { state: 'closed', attempt: 1, authRejected: true, reconnected: false };
    await settle();
    expect(m.wrapper.get('[data-testid="export-json"]').attributes('title')).toMatch(/refused/);
    ui.connection = { state: 'open', attempt: 0, authRejected: false, reconnected: true };
    await settle();
    expect(m.wrapper.get('[data-testid="verify-all"]').attributes('disabled')).toBeUndefined();
  });
});
