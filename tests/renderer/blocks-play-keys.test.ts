// @vitest-environment happy-dom
/**
 * Playing a tray kind (blocks) from the keyboard: Enter where the selected piece does not fit says
 * so under the board (and the next aim clears it), and after the game is lost Tab on the board
 * stays the tray's, so it never carries the focus to the banner's Restart for the next Enter.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CampaignSummary, LevelDetail, LevelRow } from '../../src-shared/api/studio-api.ts';
import { LEVELS } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

// A checkerboard: a single cell fits only on a '.', and one placement fills no line. One tray of one piece.
const CHECKER = Array.from({ length: 8 }, (_, y) => (y % 2 === 0 ? '.#.#.#.#' : '#.#.#.#.'));
const CONTENT = { rows: CHECKER, trays: [['#']], goal: 'clear' };
const CAMPAIGN: CampaignSummary = { id: 5, name: 'Trays', kind: 'blocks', levelCount: 1, credit: null, rulesetId: 5, rulesFingerprint: 'blocks@2:0', badges: { unverified: 1 } };
const ROW: LevelRow = { ...LEVELS[0], id: 51, kind: 'blocks', title: 'Checker', content: CONTENT, contentHash: 'h51', badge: 'unverified', par: null, optimal: null, parBound: null, figures: {} };
const DETAIL: LevelDetail = {
  ...ROW, campaignId: CAMPAIGN.id, campaignName: CAMPAIGN.name, author: null, comments: [], source: 'hand', provenance: null, rulesConfig: {}, rulesFingerprint: CAMPAIGN.rulesFingerprint, verification: null,
};

async function openLevel(): Promise<Mounted> {
  current = await mountStudio(
    new MemoryBridge({
      'library.summary': () => ({ libraryPath: '/home/designer/trays.gridwright', campaigns: [CAMPAIGN] }),
      'library.campaign': () => ({ campaign: { ...CAMPAIGN, comments: [], rulesConfig: {} }, levels: [ROW] }),
      'library.level': () => DETAIL,
    }),
  );
  const row = current.wrapper.get('[data-testid="level-row"]');
  await row.trigger('click');
  (row.element as HTMLElement).focus();
  press('Enter');
  await settle();
  (current.wrapper.get('[data-testid="play-area"]').element as HTMLElement).focus();
  await settle();
  return current;
}

async function keys(...list: string[]): Promise<KeyboardEvent[]> {
  const events: KeyboardEvent[] = [];
  for (const key of list) {
    events.push(press(key));
    await settle();
  }
  return events;
}

describe('a tray kind played from the keyboard', () => {
  it('says why Enter placed nothing where the piece does not fit, until the aim moves', async () => {
    const m = await openLevel();
    const refusal = () => m.wrapper.get('[data-testid="play-refusal"]');
    // Tab picks the piece, the first arrow puts the aim at (0,0), the next at (1,0): a filled cell.
    await keys('Tab', 'ArrowRight', 'ArrowRight', 'Enter');
    expect(refusal().text()).toBe('The selected piece does not fit there: aim elsewhere or pick another piece (Tab).');
    expect(refusal().attributes('data-refused')).toBe('1,0');
    expect(refusal().attributes('role')).toBe('status');
    expect(m.wrapper.find('[data-testid="lost-banner"]').exists()).toBe(false);
    await keys('ArrowLeft');
    expect(refusal().text()).toBe('');
  });

  it('after a loss, Tab on the board stays there and the next Enter restarts nothing', async () => {
    const m = await openLevel();
    const stage = m.wrapper.get('[data-testid="play-area"]').element;
    // The only piece placed at (0,0): the script is spent and the board not clear, so the game is lost.
    await keys('Tab', 'ArrowRight', 'Enter');
    expect(m.wrapper.find('[data-testid="lost-banner"]').exists()).toBe(true);
    expect(m.wrapper.get('[data-testid="play-refusal"]').text()).toBe('');
    const [tab] = await keys('Tab');
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(stage);
    await keys('Enter');
    expect(m.wrapper.find('[data-testid="lost-banner"]').exists()).toBe(true);
  });
});
