// @vitest-environment happy-dom
/**
 * The level list for a campaign of a hundred levels and more: a table a designer scans (size, the
 * counted piece, par, the kind's figures, status, last verified), sortable, searchable, filtered
 * by status, go to level by number, a per-level Verify with a budget from its menu, the selection
 * kept across refreshes, and only the rows in view in the DOM for a thousand levels.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignDetail, LevelRow } from '../../src-shared/api/studio-api.ts';
import { DEFAULT_STATE_BUDGET, MAX_VERIFY_BUDGET } from '../../src-shared/search/budget.ts';
import { useLibraryStore } from '../../src-renderer/src/stores/library.ts';
import { LIBRARY_CHANGE_DELAY_MS } from '../../src-renderer/src/stores/live.ts';
import { COMPACT_STORAGE_KEY, useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { withoutPosition } from '../../src-renderer/src/services/level-table.ts';
import { MENU_MARGIN } from '../../src-renderer/src/composables/menu-placement.ts';
import { CAMPAIGN, CAMPAIGN_DETAIL, LEVELS, MICROBAN_1, MICROBAN_2, MICROBAN_3 } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
});

const BADGES = ['verified', 'stale', 'verified-bound', 'unverified', 'budget'] as const;
const BOARDS = [MICROBAN_1, MICROBAN_2, MICROBAN_3];

/** A campaign of `count` levels: Microban 1-3 in turn, titled by number, par rising and falling. */
function bigCampaign(count: number): CampaignDetail {
  const levels: LevelRow[] = Array.from({ length: count }, (_, i) => {
    const badge = BADGES[i % BADGES.length];
    const par = badge === 'unverified' || badge === 'budget' ? null : 10 + ((i * 37) % 200);
    return {
      ...LEVELS[0],
      id: 1000 + i,
      position: i + 1,
      title: String(i + 1),
      content: BOARDS[i % 3],
      contentHash: `big-${i % 3}`,
      badge,
      par,
      figures: (par === null ? {} : { pushes: Math.floor(par / 3) }) as Record<string, number>,
      optimal: badge === 'verified',
      parBound: null,
      verifiedAt: par === null ? null : '2025-03-04T10:00:00Z',
    };
  });
  return { campaign: { ...CAMPAIGN_DETAIL.campaign, levelCount: count }, levels };
}

function bigBridge(count: number, overrides = {}): MemoryBridge {
  const detail = bigCampaign(count);
  return new MemoryBridge({
    'library.summary': () => ({ libraryPath: '/tmp/big.gridwright', campaigns: [{ ...CAMPAIGN, levelCount: count }] }),
    'library.campaign': () => detail,
    ...overrides,
  });
}

async function open(bridge: MemoryBridge): Promise<Mounted> {
  current = await mountStudio(bridge);
  return current;
}

const rows = (m: Mounted) => m.wrapper.findAll('[data-testid="level-row"]');
const positions = (m: Mounted) => rows(m).map((r) => Number(r.attributes('data-position')));

async function scrollList(m: Mounted, top: number): Promise<void> {
  const viewport = m.wrapper.get('[data-testid="level-list"]').element as HTMLElement;
  viewport.scrollTop = top;
  viewport.dispatchEvent(new Event('scroll'));
  await settle();
}

describe('level list', () => {
  it('keeps only the rows in view in the DOM for 1,000 levels, and scrolling shows later ones', async () => {
    const m = await open(bigBridge(1000));
    expect(m.wrapper.get('[data-testid="level-count"]').text()).toBe('1000 levels');
    expect(rows(m).length).toBeGreaterThan(5);
    expect(rows(m).length).toBeLessThan(60);
    expect(positions(m)[0]).toBe(1);
    await scrollList(m, 40 * 700);
    expect(rows(m).length).toBeLessThan(60);
    expect(positions(m)).toContain(710);
    expect(positions(m)).not.toContain(1);
  });

  it('shows size, the counted piece, par, pushes, status and last verified; a title that repeats the number is not shown twice', async () => {
    const m = await open(new MemoryBridge());
    const first = rows(m)[0];
    expect(first.get('[data-testid="level-size"]').text()).toBe('6×7');
    // Microban 1 has two boxes; the column is the campaign's most numerous piece, named by the kind.
    expect(first.get('[data-testid="level-pieces"]').text()).toBe('2');
    expect(m.wrapper.get('[data-testid="sort-pieces"]').text()).toContain('Box');
    expect(m.wrapper.get('[data-testid="sort-pushes"]').text()).toContain('Pushes');
    expect(first.get('[data-testid="level-figure-pushes"]').text()).toBe('8');
    expect(first.get('[data-testid="level-verified"]').text()).toMatch(/2025/);
    expect(rows(m)[2].get('[data-testid="level-verified"]').text()).toBe('–');
    expect(first.find('[data-testid="level-title"] .visually-hidden').exists()).toBe(true);
  });

  it('a stale level shows its previous par, marked stale, not a bare dash', async () => {
    const stale: LevelRow = { ...LEVELS[0], badge: 'stale', par: null, figures: {}, optimal: null, stalePar: 33 };
    const m = await open(new MemoryBridge({ 'library.campaign': () => ({ ...CAMPAIGN_DETAIL, levels: [stale, ...CAMPAIGN_DETAIL.levels.slice(1)] }) }));
    const par = rows(m)[0].get('[data-testid="level-par"]');
    expect(par.get('[data-testid="level-stale-par"]').text()).toBe('33 (stale)');
    expect(par.attributes('data-par')).toBe('');
    expect(par.attributes('title')).toMatch(/other rules or content/);
  });

  it('sorts by each column, both ways, missing pars last', async () => {
    const m = await open(bigBridge(20));
    await m.wrapper.get('[data-testid="sort-par"]').trigger('click');
    const pars = () => rows(m).map((r) => r.get('[data-testid="level-par"]').attributes('data-par'));
    const ascending = pars();
    const known = ascending.filter((p) => p !== '').map(Number);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(ascending.slice(known.length).every((p) => p === '')).toBe(true);
    expect(m.wrapper.get('[data-testid="sort-par"]').attributes('data-sort')).toBe('ascending');
    await m.wrapper.get('[data-testid="sort-par"]').trigger('click');
    const descending = pars().filter((p) => p !== '').map(Number);
    expect(descending).toEqual([...known].reverse());
    await m.wrapper.get('[data-testid="sort-badge"]').trigger('click');
    // What needs work first: budget exceeded before stale before verified.
    const badges = rows(m).map((r) => r.attributes('data-badge'));
    expect(badges.indexOf('budget')).toBeLessThan(badges.indexOf('stale'));
    expect(badges.lastIndexOf('stale')).toBeLessThan(badges.indexOf('verified'));
  });

  it('a new sort shows its top, even with the selection far down', async () => {
    const m = await open(bigBridge(300));
    press('g', { ctrlKey: true }, document.body);
    await settle();
    await m.wrapper.get('[data-testid="goto-input"]').setValue('250');
    await m.wrapper.get('[data-testid="goto-dialog"]').trigger('submit');
    await settle();
    expect(positions(m)).toContain(250);
    await m.wrapper.get('[data-testid="sort-par"]').trigger('click');
    await settle();
    expect(rows(m)[0].attributes('data-row-index')).toBe('0');
  });

  it('filters by status and searches titles and numbers', async () => {
    const m = await open(bigBridge(40));
    await m.wrapper.get('[data-testid="level-status-filter"]').setValue('stale');
    expect(new Set(rows(m).map((r) => r.attributes('data-badge')))).toEqual(new Set(['stale']));
    expect(m.wrapper.get('[data-testid="level-count"]').text()).toBe('8 of 40 levels');
    await m.wrapper.get('[data-testid="level-filter-clear"]').trigger('click');
    await m.wrapper.get('[data-testid="level-search"]').setValue('37');
    expect(positions(m)).toEqual([37]);
    await m.wrapper.get('[data-testid="level-search"]').setValue('nothing like it');
    expect(m.wrapper.find('[data-testid="level-list-none"]').exists()).toBe(true);
  });

  it('goes to a level by number with Ctrl+G (also in the palette), scrolling it into view', async () => {
    const m = await open(bigBridge(155));
    press('g', { ctrlKey: true }, document.body);
    await settle();
    await m.wrapper.get('[data-testid="goto-input"]').setValue('999');
    await m.wrapper.get('[data-testid="goto-dialog"]').trigger('submit');
    expect(m.wrapper.get('[data-testid="goto-dialog"]').text()).toContain('from 1 to 155');
    await m.wrapper.get('[data-testid="goto-input"]').setValue('120');
    await m.wrapper.get('[data-testid="goto-dialog"]').trigger('submit');
    await settle();
    expect(m.wrapper.find('[data-testid="goto-dialog"]').exists()).toBe(false);
    expect(useLibraryStore().selectedLevelId).toBe(1000 + 119);
    expect(document.activeElement?.getAttribute('data-position')).toBe('120');
    press('P', { ctrlKey: true, shiftKey: true }, document.body);
    await settle();
    const ids = m.wrapper.findAll('[data-testid="command-item"]').map((i) => i.attributes('data-command'));
    expect(ids).toContain('library.goToLevel');
  });

  it('keeps the selection across a refresh after a verification', async () => {
    const m = await open(bigBridge(300));
    await m.wrapper.get('[data-testid="level-search"]').setValue('250');
    await rows(m)[0].trigger('click');
    await m.wrapper.get('[data-testid="level-search"]').setValue('');
    m.bridge.emit('library.changed', { campaignId: CAMPAIGN.id, levelIds: [1000 + 249] });
    await new Promise((resolve) => setTimeout(resolve, LIBRARY_CHANGE_DELAY_MS + 30));
    await settle();
    expect(useLibraryStore().selectedLevelId).toBe(1000 + 249);
    expect(positions(m)).toContain(250);
  });

  it('compact rows drop the thumbnails and are remembered', async () => {
    let m = await open(new MemoryBridge());
    expect(m.wrapper.find('[data-testid="level-thumbnail"]').exists()).toBe(true);
    await m.wrapper.get('[data-testid="level-compact"]').setValue(true);
    await settle();
    expect(m.wrapper.find('[data-testid="level-thumbnail"]').exists()).toBe(false);
    expect(localStorage.getItem(COMPACT_STORAGE_KEY)).toBe('true');
    m.wrapper.unmount();
    document.body.innerHTML = '';
    m = await open(new MemoryBridge());
    expect(useUiStore().compactList).toBe(true);
    expect(m.wrapper.find('[data-testid="level-thumbnail"]').exists()).toBe(false);
  });

  /** The list, and the Verify dialog of level LEVELS[index] opened from its menu (Shift+F10). */
  async function openVerifyDialog(index: number): Promise<Awaited<ReturnType<typeof open>>> {
    const m = await open(new MemoryBridge());
    const row = m.wrapper.get(`[data-testid="level-row"][data-level-id="${LEVELS[index].id}"]`);
    await row.trigger('click');
    press('F10', { shiftKey: true }, row.element);
    await settle();
    await m.wrapper.get('[data-testid="level-menu-verify"]').trigger('click');
    await settle();
    return m;
  }

  it('verifies one level with a budget from its menu (Shift+F10), through jobs.verify', async () => {
    const m = await openVerifyDialog(2);
    const budget = m.wrapper.get('[data-testid="verify-dialog"] [data-testid="verify-budget"]');
    expect((budget.element as HTMLInputElement).value).toBe(String(DEFAULT_STATE_BUDGET));
    await budget.setValue('many');
    expect(m.wrapper.get('[data-testid="verify-submit"]').attributes('disabled')).toBeDefined();
    await budget.setValue('4,000,000');
    await m.wrapper.get('[data-testid="verify-form"]').trigger('submit');
    await settle();
    expect(m.bridge.callsTo('jobs.verify')).toEqual([{ campaignId: CAMPAIGN.id, levelIds: [LEVELS[2].id], budget: 4_000_000 }]);
    expect(m.wrapper.find('[data-testid="verify-dialog"]').exists()).toBe(false);
  });

  it('verifies with a time limit in seconds when one is given, and refuses one that is no number', async () => {
    const m = await openVerifyDialog(1);
    const limit = m.wrapper.get('[data-testid="verify-dialog"] [data-testid="verify-time-limit"]');
    expect((limit.element as HTMLInputElement).value).toBe('');
    await limit.setValue('soon');
    expect(m.wrapper.get('[data-testid="verify-submit"]').attributes('disabled')).toBeDefined();
    expect(m.wrapper.get('[data-testid="verify-time-limit-help"]').text()).toMatch(/whole number of seconds/);
    await limit.setValue('90000');
    expect(m.wrapper.get('[data-testid="verify-time-limit-help"]').text()).toMatch(/1 to 86,400 seconds/);
    await limit.setValue(' 30 ');
    expect(m.wrapper.get('[data-testid="verify-submit"]').attributes('disabled')).toBeUndefined();
    await m.wrapper.get('[data-testid="verify-form"]').trigger('submit');
    await settle();
    expect(m.bridge.callsTo('jobs.verify')).toEqual([{ campaignId: CAMPAIGN.id, levelIds: [LEVELS[1].id], budget: DEFAULT_STATE_BUDGET, timeLimitMs: 30_000 }]);
  });

  it('verifies by time alone when the budget is left empty and a time limit given (time-led, as cli solve --budget none)', async () => {
    const m = await openVerifyDialog(1);
    await m.wrapper.get('[data-testid="verify-dialog"] [data-testid="verify-budget"]').setValue('');
    expect(m.wrapper.get('[data-testid="verify-submit"]').attributes('disabled')).toBeDefined();
    expect(m.wrapper.get('[data-testid="verify-budget-help"]').text()).toMatch(/give a time limit/);
    // A time limit typed wrong is its own field's error; a comma is no separator in seconds.
    await m.wrapper.get('[data-testid="verify-time-limit"]').setValue('1,5');
    expect(m.wrapper.get('[data-testid="verify-time-limit-help"]').text()).toMatch(/whole number of seconds/);
    expect(m.wrapper.get('[data-testid="verify-budget-help"]').text()).toMatch(/Positions the solver may store/);
    expect(m.wrapper.get('[data-testid="verify-submit"]').attributes('disabled')).toBeDefined();
    await m.wrapper.get('[data-testid="verify-time-limit"]').setValue('60');
    expect(m.wrapper.get('[data-testid="verify-budget-help"]').text()).toMatch(/No state budget/);
    await m.wrapper.get('[data-testid="verify-form"]').trigger('submit');
    await settle();
    expect(m.bridge.callsTo('jobs.verify')).toEqual([{ campaignId: CAMPAIGN.id, levelIds: [LEVELS[1].id], budget: MAX_VERIFY_BUDGET, timeLimitMs: 60_000 }]);
  });

  it('a right click opens the same menu; the par tooltip of a level out of budget says what to do', async () => {
    const m = await open(bigBridge(10));
    const budgetRow = rows(m).find((r) => r.attributes('data-badge') === 'budget')!;
    expect(budgetRow.get('[data-testid="level-par"]').attributes('title')).toMatch(/larger budget/);
    await budgetRow.trigger('contextmenu', { clientX: 100, clientY: 100 });
    expect(m.wrapper.find('[data-testid="level-menu"]').exists()).toBe(true);
  });

  it('keeps the menu in the window where it opens at the bottom right (the row Ctrl+G scrolls to is often the last in view)', async () => {
    const m = await open(bigBridge(10));
    const size = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'level-menu' ? new DOMRect(0, 0, 200, 60) : new DOMRect(0, 0, 0, 0);
    });
    try {
      await rows(m)[0].trigger('contextmenu', { clientX: window.innerWidth - 20, clientY: window.innerHeight - 10 });
      await settle();
      const style = (m.wrapper.get('[data-testid="level-menu"]').element as HTMLElement).style;
      expect(style.top).toBe(`${window.innerHeight - 60 - MENU_MARGIN}px`);
      expect(style.left).toBe(`${window.innerWidth - 200 - MENU_MARGIN}px`);
      await m.wrapper.get('[data-testid="level-menu-backdrop"]').trigger('click');
      await rows(m)[0].trigger('contextmenu', { clientX: 100, clientY: 120 });
      await settle();
      expect((m.wrapper.get('[data-testid="level-menu"]').element as HTMLElement).style.top).toBe('120px');
    } finally {
      size.mockRestore();
    }
  });

  it('shows the campaign notes whole, and folds them', async () => {
    const comments = Array.from({ length: 9 }, (_, i) => `Note line ${i + 1} of a long preface.`);
    const m = await open(new MemoryBridge({ 'library.campaign': () => ({ ...CAMPAIGN_DETAIL, campaign: { ...CAMPAIGN_DETAIL.campaign, comments } }) }));
    const notes = m.wrapper.get('[data-testid="campaign-notes"]');
    expect(notes.findAll('p').map((p) => p.text())).toEqual(comments);
    await m.wrapper.get('[data-testid="campaign-notes-toggle"]').trigger('click');
    expect((notes.element as HTMLElement).style.display).toBe('none');
  });
});

describe('titles beside the number', () => {
  it('drop the number they start with, keeping words that only begin with it', () => {
    expect(withoutPosition('148', 148)).toBe('');
    expect(withoutPosition("148 'from (Original 18)'", 148)).toBe("'from (Original 18)'");
    expect(withoutPosition('12. Corner', 12)).toBe('Corner');
    expect(withoutPosition('1234', 12)).toBe('1234');
    expect(withoutPosition('Corner', 12)).toBe('Corner');
  });
});
