// @vitest-environment happy-dom
/**
 * Kinds whose commands name a piece besides a cell (a tray's pieces: `selectables`) get a strip
 * in the Level view: each piece a radio with its name; Tab / Shift+Tab with the board focused
 * moves the selection, and a click sends `commandAt(state, cell, selected)`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rulesFingerprint } from '../../src-shared/engine/fingerprint.ts';
import type { AnyRulesetKind, Selectable } from '../../src-shared/engine/ruleset.ts';
import { clearRulesCache } from '../../src-shared/rulesets/rules-cache.ts';
import { registerKind, unregisterKind } from '../../src-shared/rulesets/registry.ts';
import { walkKind, type WalkState } from '../support/walk-kind.ts';
import { WALK_CAMPAIGN, WALK_DETAIL, WALK_ROW, walkLevelDetail } from './support/fixtures.ts';
import { MemoryBridge, WALK_HANDLERS } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

/** The walk, played by picking a move from a tray (step or jump) and clicking the cell to go to. */
const strip = (width: number) => ({ width, height: 1, terrain: Array<string>(width).fill('floor'), pieces: [] });
const TRAY: readonly Selectable[] = [
  { id: 'step', label: 'Step one cell', view: strip(1) },
  { id: 'jump', label: 'Jump two cells', view: strip(3) },
];
const trayKind: AnyRulesetKind = {
  ...walkKind,
  kind: 'tray',
  messages: { en: { ...walkKind.messages!.en, 'kind.label': 'Tray walk' } },
  create(config) {
    const created = walkKind.create(config);
    if (!created.rules) return created;
    const rules = created.rules;
    return {
      ...created,
      rules: {
        ...rules,
        kind: 'tray',
        fingerprint: rulesFingerprint('tray', 1, config ?? {}),
        selectables: () => TRAY,
        commandAt: (state: WalkState, cell: { x: number }, selection?: string) =>
          selection === 'jump' ? (cell.x === state.at + 2 ? 'J' : undefined) : cell.x === state.at + 1 ? 'r' : cell.x === state.at - 1 ? 'l' : undefined,
      },
    };
  },
};

const TRAY_HANDLERS = {
  ...WALK_HANDLERS,
  'library.summary': () => ({ libraryPath: '/tmp/tray.gridwright', campaigns: [{ ...WALK_CAMPAIGN, kind: 'tray' }] }),
  'library.campaign': () => ({ ...WALK_DETAIL, campaign: { ...WALK_DETAIL.campaign, kind: 'tray' }, levels: [{ ...WALK_ROW, kind: 'tray' }] }),
  'library.level': () => ({ ...walkLevelDetail(), kind: 'tray' }),
};

beforeAll(() => registerKind(trayKind));
afterAll(() => {
  unregisterKind(trayKind.kind);
  clearRulesCache();
});

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

async function openTray(): Promise<Mounted['wrapper']> {
  current = await mountStudio(new MemoryBridge(TRAY_HANDLERS));
  const row = current.wrapper.get('[data-testid="level-row"]');
  await row.trigger('click');
  (row.element as HTMLElement).focus();
  press('Enter');
  await settle();
  return current.wrapper;
}

const checked = (wrapper: Mounted['wrapper']) => wrapper.findAll('[data-testid="selectable"]').filter((s) => s.attributes('aria-checked') === 'true').map((s) => s.attributes('data-id'));
const steps = (wrapper: Mounted['wrapper']) => wrapper.get('[data-testid="hud-steps"]').text();

async function clickCell(wrapper: Mounted['wrapper'], x: number): Promise<void> {
  await wrapper.get(`[data-testid="play-area"] [data-testid="board-cell"][data-x="${x}"]`).trigger('click');
  await settle();
}

describe('selection strip', () => {
  it('lists the pieces with their names, the first selected', async () => {
    const wrapper = await openTray();
    const strip = wrapper.get('[data-testid="selection-strip"]');
    expect(strip.attributes('role')).toBe('radiogroup');
    expect(strip.attributes('aria-label')).toContain('Tab');
    expect(strip.findAll('[role="radio"]').map((r) => r.attributes('aria-label'))).toEqual(['Step one cell', 'Jump two cells']);
    expect(checked(wrapper)).toEqual(['step']);
  });

  it('draws every picture at one size per cell, so a longer piece reads longer', async () => {
    const wrapper = await openTray();
    const sizes = wrapper.findAll('[data-testid="selectable-picture"]').map((p) => [p.attributes('style')]);
    expect(sizes).toEqual([['width: 10px; height: 10px;'], ['width: 30px; height: 10px;']]);
  });

  it('a click on a cell sends the command for the selected piece', async () => {
    const wrapper = await openTray();
    await clickCell(wrapper, 2);
    expect(steps(wrapper)).toBe('0');
    await clickCell(wrapper, 1);
    expect(steps(wrapper)).toBe('1');
    await wrapper.findAll('[data-testid="selectable"]')[1].trigger('click');
    expect(checked(wrapper)).toEqual(['jump']);
    await clickCell(wrapper, 3);
    expect(steps(wrapper)).toBe('3');
    expect(wrapper.get('[data-testid="play-area"] [data-piece-id="player"]').attributes('data-x')).toBe('3');
  });

  it('Tab and Shift+Tab move the selection while the board has the focus', async () => {
    const wrapper = await openTray();
    const stage = wrapper.get('[data-testid="play-area"]').element as HTMLElement;
    stage.focus();
    await settle();
    press('Tab', {}, stage);
    await settle();
    expect(checked(wrapper)).toEqual(['jump']);
    press('Tab', {}, stage);
    await settle();
    expect(checked(wrapper)).toEqual(['step']);
    press('Tab', { shiftKey: true }, stage);
    await settle();
    expect(checked(wrapper)).toEqual(['jump']);
    // Elsewhere Tab moves the focus as usual.
    const restart = wrapper.get('[data-testid="restart-button"]').element as HTMLElement;
    restart.focus();
    await settle();
    expect(document.activeElement).toBe(restart);
    const event = press('Tab', {}, restart);
    expect(event.defaultPrevented).toBe(false);
    expect(checked(wrapper)).toEqual(['jump']);
  });

  it('the palette names the selection commands with their keys', async () => {
    const wrapper = await openTray();
    (wrapper.get('[data-testid="play-area"]').element as HTMLElement).focus();
    await settle();
    press('F1');
    await settle();
    const items = wrapper.findAll('[data-testid="command-item"]');
    const next = items.find((i) => i.attributes('data-command') === 'play.selectNext');
    expect(next?.get('[data-testid="command-shortcut"]').text()).toBe('Tab');
  });
});
