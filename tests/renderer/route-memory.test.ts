// @vitest-environment happy-dom
/**
 * A reload lands where the designer was: the view, the campaign and the level are kept in the
 * address (and in storage for a reopened window), and the editor reopened on a level offers its
 * unsaved draft at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_STORAGE_KEY } from '../../src-renderer/src/stores/route.ts';
import { CAMPAIGN, LEVELS } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  localStorage.clear();
  history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});

const shownView = (m: Mounted) => m.wrapper.get('.app').attributes('data-view');

describe('the route across a reload', () => {
  it('the address keeps the view, campaign and level as the designer moves, and a reload opens them again', async () => {
    current = await mountStudio(new MemoryBridge());
    const row = current.wrapper.get(`[data-testid="level-row"][data-level-id="${LEVELS[2].id}"]`);
    await row.trigger('dblclick');
    await settle();
    expect(shownView(current)).toBe('level');
    expect(location.hash).toBe(`#view=level&campaign=${CAMPAIGN.id}&level=${LEVELS[2].id}`);
    current.wrapper.unmount();

    current = await mountStudio(new MemoryBridge(), undefined, { reopen: true });
    await settle();
    expect(shownView(current)).toBe('level');
    expect(current.wrapper.get('[data-testid="level-view"] [data-testid="level-title"]').text()).toBe('3');
  });

  it('a reopened window (no address) takes the route it kept, and the editor offers its draft at once', async () => {
    localStorage.setItem(ROUTE_STORAGE_KEY, `view=editor&campaign=${CAMPAIGN.id}&level=${LEVELS[1].id}`);
    localStorage.setItem(`gridwright.draft.${LEVELS[1].id}`, JSON.stringify({ content: { board: ['#####', '#@$.#', '#####'] }, at: Date.now() }));
    current = await mountStudio(new MemoryBridge(), undefined, { reopen: true });
    await settle();
    expect(shownView(current)).toBe('editor');
    expect(current.wrapper.find('[data-testid="draft-offer"]').exists()).toBe(true);
  });

  it('a route to a level that is gone opens the library', async () => {
    history.replaceState(null, '', `/#view=level&campaign=${CAMPAIGN.id}&level=999`);
    current = await mountStudio(new MemoryBridge(), undefined, { reopen: true });
    await settle();
    expect(shownView(current)).toBe('library');
  });
});
