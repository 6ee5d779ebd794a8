// @vitest-environment happy-dom
import type { DOMWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { LIBRARY_CHANGE_DELAY_MS } from '../../src-renderer/src/stores/live.ts';
import { CAMPAIGN_DETAIL, LEVELS, MICROBAN_2_SOLUTION, levelDetail } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

const KEY_OF: Record<string, string> = { u: 'ArrowUp', d: 'ArrowDown', l: 'ArrowLeft', r: 'ArrowRight' };

/** Opens Microban 2 in the level view the way a designer does: select it and press Enter. */
async function openLevel2(bridge = new MemoryBridge()): Promise<Mounted> {
  current = await mountStudio(bridge);
  const row = current.wrapper.get(`[data-testid="level-row"][data-level-id="${LEVELS[1].id}"]`);
  await row.trigger('click');
  (row.element as HTMLElement).focus();
  press('Enter');
  await settle();
  return current;
}

function player(wrapper: Mounted['wrapper']): string {
  const p = wrapper.get('[data-testid="play-area"] [data-piece-id="player"]');
  return `${p.attributes('data-x')},${p.attributes('data-y')}`;
}

function counter(wrapper: Mounted['wrapper'], id: string): string {
  return (wrapper.get(`[data-testid="${id}"]`) as DOMWrapper<Element>).text();
}

async function type(keys: string): Promise<void> {
  for (const ch of keys) {
    press(KEY_OF[ch.toLowerCase()] ?? ch);
    await settle();
  }
}

/** A bridge whose levels carry an unproven verification (par 18, 4 pushes) with a lower bound. */
function boundBridge(objective: 'moves' | 'pushes', lowerBound: number, contentHash?: string): MemoryBridge {
  const verification = {
    kind: 'push', status: 'solved' as const, optimal: false, objective, value: objective === 'moves' ? 18 : 4, par: 18, provenBound: lowerBound, solution: 'rrrr',
    nodes: 5, stored: 5, ms: 1, budget: 400_000, stoppedBy: 'budget' as const, solver: 'push-astar/1', metrics: { pushes: 4 }, diagnostics: [],
    rulesFingerprint: CAMPAIGN_DETAIL.campaign.rulesFingerprint,
  };
  return new MemoryBridge({
    'library.level': ({ levelId }) => {
      const level = LEVELS.find((l) => l.id === levelId)!;
      return { ...levelDetail(level), verification: { ...verification, contentHash: contentHash ?? level.contentHash } };
    },
  });
}

describe('level view', () => {
  it('shows the board large with title, par and badge', async () => {
    const { wrapper } = await openLevel2();
    expect(wrapper.get('[data-testid="level-view"] [data-testid="level-title"]').text()).toBe('2');
    expect(wrapper.get('[data-testid="level-view"] [data-testid="level-par"]').text()).toBe('par ≤ 18');
    expect(wrapper.get('[data-testid="level-view"] [data-testid="level-badge"]').attributes('data-badge')).toBe('verified-bound');
    expect(wrapper.findAll('[data-testid="play-area"] [data-testid="board-cell"]')).toHaveLength(6 * 7);
    expect(player(wrapper)).toBe('3,2');
  });

  it('the inspector shows a par that is not proven as the range the solver pinned down', async () => {
    const { wrapper } = await openLevel2(boundBridge('moves', 15));
    expect(wrapper.get('[data-testid="verification-par"]').text()).toBe('15 to 18 (not proven)');
    expect(wrapper.get('[data-testid="verification-pushes"]').text()).toBe('≤ 4');
  });

  it('a bound proven by pushes goes with the pushes, not the par in moves', async () => {
    const { wrapper } = await openLevel2(boundBridge('pushes', 3));
    expect(wrapper.get('[data-testid="verification-par"]').text()).toBe('≤ 18');
    expect(wrapper.get('[data-testid="verification-pushes"]').text()).toBe('3 to 4 (not proven)');
  });

  it('a proof of other content (the level edited since) is called stale, though its rules are current', async () => {
    const { wrapper } = await openLevel2(boundBridge('moves', 15, 'an older content hash'));
    expect(wrapper.get('[data-testid="verification-stale"]').text()).toMatch(/before the level was last edited/);
    wrapper.unmount();
    const again = await openLevel2(boundBridge('moves', 15));
    expect(again.wrapper.find('[data-testid="verification-stale"]').exists()).toBe(false);
  });

  it('moves with arrow keys and WASD, undoes with Z, redoes with Y, restarts with R', async () => {
    const { wrapper } = await openLevel2();
    await type('r');
    expect(player(wrapper)).toBe('4,2');
    expect(counter(wrapper, 'hud-moves')).toBe('1');
    await type('s');
    expect(player(wrapper)).toBe('4,3');
    await type('z');
    expect(player(wrapper)).toBe('4,2');
    expect(counter(wrapper, 'hud-moves')).toBe('1');
    press('z', { ctrlKey: true });
    await settle();
    expect(player(wrapper)).toBe('3,2');
    await type('y');
    expect(player(wrapper)).toBe('4,2');
    press('Z', { ctrlKey: true, shiftKey: true });
    await settle();
    expect(player(wrapper)).toBe('4,3');
    press('r');
    await settle();
    expect(player(wrapper)).toBe('3,2');
    expect(counter(wrapper, 'hud-moves')).toBe('0');
  });

  it('a push moves the box and counts a push', async () => {
    const { wrapper } = await openLevel2();
    await type('rddL');
    expect(counter(wrapper, 'hud-moves')).toBe('4');
    expect(counter(wrapper, 'hud-pushes')).toBe('1');
    expect(wrapper.find('[data-testid="play-area"] [data-piece-id="box:2"][data-x="2"][data-y="4"]').exists()).toBe(true);
  });

  it('the known solution of Microban 2 typed as keys wins', async () => {
    const { wrapper } = await openLevel2();
    expect(wrapper.find('[data-testid="solved-banner"]').exists()).toBe(false);
    await type(MICROBAN_2_SOLUTION);
    const banner = wrapper.get('[data-testid="solved-banner"]');
    expect(banner.text()).toContain('Solved');
    expect(counter(wrapper, 'hud-moves')).toBe(String(MICROBAN_2_SOLUTION.length));
    expect(counter(wrapper, 'hud-pushes')).toBe(String(MICROBAN_2_SOLUTION.replace(/[a-z]/g, '').length));
    // A won level takes no more moves, but undo still works.
    await type('l');
    expect(counter(wrapper, 'hud-moves')).toBe(String(MICROBAN_2_SOLUTION.length));
    await type('z');
    expect(wrapper.find('[data-testid="solved-banner"]').exists()).toBe(false);
  });

  it('H asks play.hint with the commands played so far and shows the move and the distance', async () => {
    const { wrapper, bridge } = await openLevel2();
    await type('rd');
    await type('h');
    expect(bridge.callsTo('play.hint')).toEqual([{ levelId: LEVELS[1].id, campaignId: CAMPAIGN_DETAIL.campaign.id, commands: ['r', 'd'] }]);
    const move = wrapper.get('[data-testid="hint-move"]');
    expect(move.attributes('data-command')).toBe('r');
    expect(move.text()).toContain('Play →');
    expect(wrapper.get('[data-testid="hint-distance"]').text()).toBe('16 moves to solve from here');
    expect(wrapper.find('[data-testid="board-highlight"]').exists()).toBe(true);
    expect(counter(wrapper, 'hint-count')).toBe('1');
    // A move makes the hint obsolete; the hint stays counted in the journal.
    await type('u');
    expect(wrapper.find('[data-testid="hint-panel"]').exists()).toBe(false);
    expect(counter(wrapper, 'hint-count')).toBe('1');
  });

  it('a hint that arrives after the player moved on is dropped', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const bridge = new MemoryBridge();
    const slow = bridge.invoke.bind(bridge);
    bridge.invoke = (async (channel: never, request: never) => {
      if (channel === 'play.hint') await gate;
      return slow(channel, request);
    }) as typeof bridge.invoke;
    const { wrapper } = await openLevel2(bridge);
    await type('h');
    await type('r');
    release();
    await settle();
    expect(wrapper.find('[data-testid="hint-panel"]').exists()).toBe(false);
  });

  it('PageDown and PageUp go to the next and previous level of the campaign', async () => {
    const { wrapper, bridge } = await openLevel2();
    press('PageDown');
    await settle();
    expect(bridge.callsTo('library.level').at(-1)).toEqual({ levelId: LEVELS[2].id, campaignId: CAMPAIGN_DETAIL.campaign.id });
    expect(wrapper.get('[data-testid="level-view"] [data-testid="level-title"]').text()).toBe('3');
    press('PageUp');
    await settle();
    expect(wrapper.get('[data-testid="level-view"] [data-testid="level-title"]').text()).toBe('2');
  });

  it('a new verification updates the badge and keeps the play-test; a changed document restarts it', async () => {
    let served = levelDetail(LEVELS[1]);
    const bridge = new MemoryBridge({ 'library.level': () => served });
    const { wrapper } = await openLevel2(bridge);
    await type('rd');
    served = { ...served, badge: 'verified', par: 16, optimal: true };
    bridge.emit('library.changed', { campaignId: served.campaignId, levelIds: [served.id] });
    await new Promise((resolve) => setTimeout(resolve, LIBRARY_CHANGE_DELAY_MS + 30));
    await settle();
    expect(wrapper.get('[data-testid="level-view"] [data-testid="level-badge"]').attributes('data-badge')).toBe('verified');
    expect(counter(wrapper, 'hud-moves')).toBe('2');
    served = { ...served, contentHash: 'hash-new' };
    bridge.emit('library.changed', { campaignId: served.campaignId, levelIds: [served.id] });
    await new Promise((resolve) => setTimeout(resolve, LIBRARY_CHANGE_DELAY_MS + 30));
    await settle();
    expect(counter(wrapper, 'hud-moves')).toBe('0');
    expect(wrapper.get('[data-testid="toast"]').text()).toContain('restarted');
  });

  it('after a rules change (a revert) the recordings are judged again against the rules now current', async () => {
    let served = levelDetail(LEVELS[1]);
    const recording = (id: number, fingerprint: string) => ({
      id, levelId: served.id, name: `made under ${fingerprint}`, outcome: 'won' as const, current: fingerprint === served.rulesFingerprint, steps: 16, moves: 16, undos: 0, hints: 0,
      durationMs: 1000, createdAt: '2025-01-01T00:00:00Z', intended: false, source: 'play' as const,
    });
    const bridge = new MemoryBridge({ 'library.level': () => served, 'recordings.list': () => ({ recordings: [recording(2, 'rules-b'), recording(1, 'rules-a')] }) });
    served = { ...served, rulesFingerprint: 'rules-b' };
    const { wrapper } = await openLevel2(bridge);
    const staleNames = () => wrapper.findAll('[data-testid="recording-row"].stale').map((row) => row.text());
    expect(staleNames()).toEqual([expect.stringContaining('made under rules-a')]);
    served = { ...served, rulesFingerprint: 'rules-a' };
    bridge.emit('library.changed', { campaignId: served.campaignId, levelIds: [] });
    await new Promise((resolve) => setTimeout(resolve, LIBRARY_CHANGE_DELAY_MS + 30));
    await settle();
    expect(staleNames()).toEqual([expect.stringContaining('made under rules-b')]);
  });

  it('Escape goes back to the library', async () => {
    const { wrapper } = await openLevel2();
    press('Escape');
    await settle();
    expect(wrapper.find('[data-testid="library-view"]').exists()).toBe(true);
  });
});
