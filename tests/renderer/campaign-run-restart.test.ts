// @vitest-environment happy-dom
/**
 * A campaign run (a play mode with `campaignRun`: seed 001's no-light night, here the walk kind's
 * one-life run) means "back to level 1 on failure": the `r` key, like the play bar's button, opens
 * the campaign's first level again instead of restarting the level being played. Out of the mode
 * `r` restarts the level in place.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail, LevelRow } from '../../src-shared/api/studio-api.ts';
import { registerKind, unregisterKind } from '../../src-shared/rulesets/registry.ts';
import { walkKind } from '../support/walk-kind.ts';
import { WALK_CAMPAIGN, WALK_DETAIL, WALK_ROW, walkLevelDetail } from './support/fixtures.ts';
import { MemoryBridge, WALK_HANDLERS } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

beforeAll(() => registerKind(walkKind));
afterAll(() => unregisterKind(walkKind.kind));

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

const SECOND: LevelRow = { ...WALK_ROW, id: 72, position: 2, title: 'Second walk', content: { row: 'S.....E', title: 'Second walk' }, contentHash: 'hash-72' };
const DETAIL: CampaignDetail = { ...WALK_DETAIL, campaign: { ...WALK_DETAIL.campaign, levelCount: 2 }, levels: [WALK_ROW, SECOND] };

function bridge(): MemoryBridge {
  return new MemoryBridge({
    ...WALK_HANDLERS,
    'library.summary': () => ({ libraryPath: '/home/designer/walks.gridwright', campaigns: [{ ...WALK_CAMPAIGN, levelCount: 2 }] }),
    'library.campaign': () => DETAIL,
    'library.level': ({ levelId }) => (levelId === SECOND.id ? { ...walkLevelDetail(), id: SECOND.id, position: 2, title: SECOND.title, content: SECOND.content, contentHash: SECOND.contentHash } : walkLevelDetail()),
  });
}

async function openSecond(): Promise<Mounted> {
  current = await mountStudio(bridge());
  const row = current.wrapper.get(`[data-testid="level-row"][data-level-id="${SECOND.id}"]`);
  await row.trigger('click');
  (row.element as HTMLElement).focus();
  press('Enter');
  await settle();
  return current;
}

const title = (m: Mounted) => m.wrapper.get('[data-testid="level-view"] [data-testid="level-title"]').text();
const steps = (m: Mounted) => m.wrapper.get('[data-testid="hud-steps"]').text();

async function keys(...names: string[]): Promise<void> {
  for (const key of names) {
    press(key);
    await settle();
  }
}

describe('restart in a campaign run', () => {
  it('out of a run, r restarts the level being played', async () => {
    const m = await openSecond();
    expect(title(m)).toBe(SECOND.title);
    await keys('ArrowRight', 'ArrowRight');
    expect(steps(m)).toBe('2');
    await keys('r');
    expect(title(m)).toBe(SECOND.title);
    expect(steps(m)).toBe('0');
  });

  it('in the one-life run, r goes back to the first level of the campaign', async () => {
    const m = await openSecond();
    await m.wrapper.get('[data-testid="play-mode"]').setValue('one-life');
    await settle();
    expect(m.wrapper.get('[data-testid="run-progress"]').text()).toMatch(/2/);
    (m.wrapper.get('[data-testid="play-area"]').element as HTMLElement).focus();
    await keys('ArrowRight');
    expect(steps(m)).toBe('1');
    const before = m.bridge.callsTo('library.level').length;
    await keys('r');
    expect(m.bridge.callsTo('library.level').slice(before)).toContainEqual(expect.objectContaining({ levelId: WALK_ROW.id }));
    expect(title(m)).toBe(WALK_ROW.title);
    expect(steps(m)).toBe('0');
    // Still in the run, on level 1 of 2.
    expect(m.wrapper.get('[data-testid="run-progress"]').text()).toMatch(/1/);
  });
});
