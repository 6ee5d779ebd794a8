// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useLibraryStore } from '../../src-renderer/src/stores/library.ts';
import { LIBRARY_CHANGE_DELAY_MS } from '../../src-renderer/src/stores/live.ts';
import { useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { CAMPAIGN, LEVELS } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

async function open(bridge?: MemoryBridge): Promise<Mounted> {
  current = await mountStudio(bridge);
  return current;
}

describe('library view', () => {
  it('lists the campaign levels with thumbnails, badges and par (≤ for a bound)', async () => {
    const { wrapper } = await open();
    const rows = wrapper.findAll('[data-testid="level-row"]');
    expect(rows.map((r) => r.get('[data-testid="level-title"]').text())).toEqual(['1', '2', '3']);
    expect(rows.map((r) => r.get('[data-testid="level-badge"]').attributes('data-badge'))).toEqual(['verified', 'verified-bound', 'unverified']);
    expect(rows.map((r) => r.get('[data-testid="level-badge"]').text())).toEqual(['verified', 'par bound', 'not yet verified']);
    expect(rows.map((r) => r.get('[data-testid="level-par"]').text())).toEqual(['33', '≤ 18', '–']);
    // A bound's tooltip gives the least the par can be.
    expect(rows[1].get('[data-testid="level-par"]').attributes('title')).toContain('between 16 and 18');
    for (const row of rows) expect(row.find('[data-testid="level-thumbnail"] svg').exists()).toBe(true);
  });

  it('shows campaigns with kind, level count and badge counts, and the library path and credit in the header', async () => {
    const { wrapper } = await open();
    const items = wrapper.findAll('[data-testid="campaign-item"]');
    expect(items.map((i) => i.get('[data-testid="campaign-name"]').text())).toEqual(['Microban', 'Empty set']);
    expect(items[0].get('[data-testid="campaign-level-count"]').text()).toBe('3 levels');
    expect(items[0].get('[data-testid="campaign-kind"]').text()).toBe('push');
    expect(items[0].findAll('[data-testid="campaign-badge-count"]').map((b) => `${b.attributes('data-badge')}=${b.text()}`)).toEqual(['verified=1', 'verified-bound=1', 'unverified=1']);
    expect(wrapper.get('[data-testid="library-path"]').text()).toBe('/home/designer/levels.gridwright');
    expect(wrapper.get('[data-testid="campaign-credit"]').text()).toBe(CAMPAIGN.credit);
  });

  it('moves through levels with the arrow keys and opens one with Enter', async () => {
    const { wrapper, bridge } = await open();
    const first = wrapper.get('[data-testid="level-row"]');
    (first.element as HTMLElement).focus();
    press('ArrowDown');
    await settle();
    expect(useLibraryStore().selectedLevelId).toBe(LEVELS[1].id);
    expect(document.activeElement?.getAttribute('data-level-id')).toBe(String(LEVELS[1].id));
    // The inspector beside the list shows the selected level's par with its proven least.
    expect(wrapper.get('[data-testid="library-level-par"]').text()).toBe('16 to 18 (not proven)');
    press('Enter');
    await settle();
    expect(useUiStore().view).toBe('level');
    expect(bridge.callsTo('library.level')).toEqual([{ levelId: LEVELS[1].id, campaignId: CAMPAIGN.id }]);
  });

  it('Verify all starts jobs.verify for the campaign', async () => {
    const { wrapper, bridge } = await open();
    await wrapper.get('[data-testid="verify-all"]').trigger('click');
    await settle();
    expect(bridge.callsTo('jobs.verify')).toEqual([{ campaignId: CAMPAIGN.id }]);
  });

  it('says what to do when the library has no campaigns', async () => {
    const { wrapper } = await open(new MemoryBridge({ 'library.summary': () => ({ libraryPath: '/tmp/new.gridwright', campaigns: [] }) }));
    const empty = wrapper.get('[data-testid="empty-campaigns"]');
    expect(empty.text()).toContain('Import');
    expect(wrapper.find('[data-testid="level-row"]').exists()).toBe(false);
  });

  it('refetches once for a burst of library.changed events', async () => {
    const { bridge } = await open();
    const before = bridge.callsTo('library.campaign').length;
    for (const level of LEVELS) bridge.emit('library.changed', { campaignId: CAMPAIGN.id, levelIds: [level.id] });
    await new Promise((resolve) => setTimeout(resolve, LIBRARY_CHANGE_DELAY_MS + 30));
    await settle();
    expect(bridge.callsTo('library.campaign').length).toBe(before + 1);
  });

  it('a change to a campaign that is not shown refetches only the summary', async () => {
    const { bridge } = await open();
    const before = bridge.callsTo('library.campaign').length;
    const summaries = bridge.callsTo('library.summary').length;
    bridge.emit('library.changed', { campaignId: 77, levelIds: [] });
    await new Promise((resolve) => setTimeout(resolve, LIBRARY_CHANGE_DELAY_MS + 30));
    await settle();
    expect(bridge.callsTo('library.summary').length).toBe(summaries + 1);
    expect(bridge.callsTo('library.campaign').length).toBe(before);
  });

  it('an API error becomes a toast with the host message and what to do next', async () => {
    const { wrapper } = await open(new MemoryBridge({ 'jobs.verify': () => ({ code: 'internal', message: 'The worker pool is not running.' }) }));
    await wrapper.get('[data-testid="verify-all"]').trigger('click');
    await settle();
    const toast = wrapper.get('[data-testid="toast"][data-kind="error"]');
    expect(toast.get('[data-testid="toast-title"]').text()).toBe('Could not start the verification');
    expect(toast.get('[data-testid="toast-detail"]').text()).toBe('The worker pool is not running.');
    expect(toast.get('[data-testid="toast-advice"]').text()).toMatch(/Try again/);
  });

  it('the command palette lists every command with its shortcut', async () => {
    const { wrapper } = await open();
    press('P', { ctrlKey: true, shiftKey: true }, document.body);
    await settle();
    const palette = wrapper.get('[data-testid="command-palette"]');
    const items = palette.findAll('[data-testid="command-item"]');
    const shortcut = (i: (typeof items)[number]) => {
      const kbd = i.find('[data-testid="command-shortcut"]');
      return kbd.exists() ? kbd.text() : '';
    };
    const byId = new Map(items.map((i) => [i.attributes('data-command'), shortcut(i)]));
    expect(byId.size).toBeGreaterThan(15);
    expect(byId.get('palette.open')).toContain('Ctrl+Shift+P');
    expect(byId.get('library.verifyAll')).toBe('Ctrl+Shift+Enter');
    expect(byId.get('play.undo')).toBe('Z / Ctrl+Z');
    // Moves come from the open level's rules: none while no level is open.
    expect(byId.has('play.move.u')).toBe(false);
    press('Escape', {}, palette.get('input').element);
    await settle();
    expect(wrapper.find('[data-testid="command-palette"]').exists()).toBe(false);
  });

  it('the theme toggle switches and persists the theme', async () => {
    const { wrapper } = await open();
    expect(document.documentElement.dataset.theme).toBe('dark');
    await wrapper.get('[data-testid="theme-toggle"]').trigger('click');
    await settle();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('gridwright.theme')).toBe('light');
    await wrapper.get('[data-testid="theme-toggle"]').trigger('click');
  });
});
