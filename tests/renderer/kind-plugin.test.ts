// @vitest-environment happy-dom
/**
 * A kind that lives outside the build (the tests' walk kind, added with `registerKind`) plays in
 * the Level view with no edit to the renderer: its HUD, its terrain drawn through its appearance,
 * its fog with memory, a key with a modifier, a step that costs 2, and a lost state.
 */
/// <reference types="vite/client" />
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerKind, unregisterKind } from '../../src-shared/rulesets/registry.ts';
import { walkKind } from '../support/walk-kind.ts';
import { WALK_ROW } from './support/fixtures.ts';
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

async function openWalk(): Promise<Mounted['wrapper']> {
  current = await mountStudio(new MemoryBridge(WALK_HANDLERS));
  const row = current.wrapper.get(`[data-testid="level-row"][data-level-id="${WALK_ROW.id}"]`);
  await row.trigger('click');
  (row.element as HTMLElement).focus();
  press('Enter');
  await settle();
  return current.wrapper;
}

async function keys(...presses: (string | [string, KeyboardEventInit])[]): Promise<void> {
  for (const p of presses) {
    if (typeof p === 'string') press(p);
    else press(p[0], p[1]);
    await settle();
  }
}

const text = (wrapper: Mounted['wrapper'], testid: string) => wrapper.get(`[data-testid="${testid}"]`).text();
const cell = (wrapper: Mounted['wrapper'], x: number) => wrapper.get(`[data-testid="play-area"] [data-testid="board-cell"][data-x="${x}"]`);
const visibility = (wrapper: Mounted['wrapper']) => wrapper.findAll('[data-testid="play-area"] [data-testid="board-cell"]').map((c) => c.attributes('data-visibility'));
const playerAt = (wrapper: Mounted['wrapper']) => wrapper.get('[data-testid="play-area"] [data-piece-id="player"]').attributes('data-x');

describe('a kind registered from outside the build', () => {
  it('shows its HUD: steps, and steps left out of the limit', async () => {
    const wrapper = await openWalk();
    expect(text(wrapper, 'hud-steps')).toBe('0');
    expect(text(wrapper, 'hud-stepsLeft')).toBe('6 / 6');
    expect(wrapper.get('[data-counter="stepsLeft"]').text()).toContain('left');
    await keys('ArrowRight');
    expect(text(wrapper, 'hud-steps')).toBe('1');
    expect(text(wrapper, 'hud-stepsLeft')).toBe('5 / 6');
  });

  it('draws its pit and exit as its appearance says', async () => {
    const wrapper = await openWalk();
    const pit = cell(wrapper, 4);
    expect([pit.attributes('data-terrain'), pit.attributes('data-shape'), pit.attributes('data-tone')]).toEqual(['pit', 'fill', 'danger']);
    expect(pit.classes()).toContain('tone-danger');
    const exit = cell(wrapper, 6);
    expect([exit.attributes('data-terrain'), exit.attributes('data-shape'), exit.attributes('data-tone'), exit.attributes('data-overlay')]).toEqual(['exit', 'fill', 'goal', 'mark']);
    expect(wrapper.find('[data-testid="play-area"] path.overlay.shape-mark.tone-goal').exists()).toBe(true);
    const player = wrapper.get('[data-testid="play-area"] [data-piece-id="player"]');
    expect([player.attributes('data-shape'), player.attributes('data-tone')]).toEqual(['player', 'player']);
  });

  it('draws the shapes and tones it declares itself, with no rule in the renderer for them', async () => {
    const wrapper = await openWalk();
    const chasm = wrapper.get('[data-testid="play-area"] .layer-overlays .shape.shape-chasm.tone-moss');
    expect(chasm.get('path.body').attributes('d')).toBe('M0.1 0.5L0.3 0.3L0.5 0.5L0.7 0.3L0.9 0.5');
    expect(chasm.get('path.body').classes()).toContain('paint-line');
    // Its own tone's colours ride on the shape as the variables every paint uses, by theme.
    expect(chasm.attributes('style')).toContain('--c: light-dark(#4f7a3a, #7fb069)');
  });

  it('shows its HUD items with icons and what the player holds as an inventory', async () => {
    const wrapper = await openWalk();
    expect(wrapper.get('[data-counter="steps"] [data-testid="hud-icon"] .shape').classes()).toEqual(expect.arrayContaining(['shape-player', 'tone-player']));
    const boots = wrapper.get('[data-testid="hud-inventory"] [data-testid="hud-held-boots"]');
    expect(boots.get('.shape').classes()).toEqual(expect.arrayContaining(['shape-boot', 'tone-moss']));
    expect(boots.attributes('data-count')).toBe('1');
    expect(wrapper.find('[data-counter="stepsLeft"]').attributes('data-low')).toBeUndefined();
    await keys('ArrowRight', 'ArrowLeft', 'ArrowRight', 'ArrowLeft', 'ArrowRight');
    expect(wrapper.get('[data-counter="stepsLeft"]').attributes('data-low')).toBe('true');
  });

  it('hides cells far from the player and remembers those seen, across a restart too', async () => {
    const wrapper = await openWalk();
    expect(visibility(wrapper)).toEqual(['visible', 'visible', 'visible', 'hidden', 'hidden', 'hidden', 'hidden']);
    expect(wrapper.find('[data-testid="board-fog"] .fog-hidden').exists()).toBe(true);
    await keys('ArrowRight', 'ArrowRight');
    expect(visibility(wrapper)).toEqual(['visible', 'visible', 'visible', 'visible', 'visible', 'hidden', 'hidden']);
    await keys('ArrowLeft', 'ArrowLeft');
    expect(visibility(wrapper)).toEqual(['visible', 'visible', 'visible', 'remembered', 'remembered', 'hidden', 'hidden']);
    expect(wrapper.find('[data-testid="board-fog"] .fog-remembered').exists()).toBe(true);
    await keys('z', 'z');
    expect(playerAt(wrapper)).toBe('2');
    await keys('r');
    expect(text(wrapper, 'hud-steps')).toBe('0');
    expect(visibility(wrapper)).toEqual(['visible', 'visible', 'visible', 'remembered', 'remembered', 'hidden', 'hidden']);
  });

  it('Shift+ArrowRight jumps two cells and counts 2 steps', async () => {
    const wrapper = await openWalk();
    await keys(['ArrowRight', { shiftKey: true }]);
    expect(playerAt(wrapper)).toBe('2');
    expect(text(wrapper, 'hud-steps')).toBe('2');
    expect(text(wrapper, 'hud-stepsLeft')).toBe('4 / 6');
  });

  it('walking into the pit loses, and restart plays again', async () => {
    const wrapper = await openWalk();
    await keys('ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight');
    const lost = wrapper.get('[data-testid="lost-banner"]');
    expect(lost.text()).toContain('Lost');
    expect(wrapper.find('[data-testid="solved-banner"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="hint-button"]').attributes('disabled')).toBeDefined();
    // A lost play takes no more moves.
    await keys('ArrowRight');
    expect(text(wrapper, 'hud-steps')).toBe('4');
    await wrapper.get('[data-testid="lost-restart"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="lost-banner"]').exists()).toBe(false);
    expect(text(wrapper, 'hud-steps')).toBe('0');
  });

  it('jumping the pit reaches the exit within the limit', async () => {
    const wrapper = await openWalk();
    await keys('ArrowRight', 'ArrowRight', 'ArrowRight', ['ArrowRight', { shiftKey: true }], 'ArrowRight');
    expect(wrapper.get('[data-testid="solved-banner"]').text()).toContain('6 steps');
    expect(text(wrapper, 'hud-stepsLeft')).toBe('0 / 6');
  });

  it('needs no edit in the renderer: no file under src-renderer names the kind', () => {
    const sources = import.meta.glob(['../../src-renderer/**/*.{ts,vue,css,html}', '!**/node_modules/**'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
    expect(Object.keys(sources).length).toBeGreaterThan(40);
    const naming = Object.entries(sources).filter(([path, source]) => /walk/i.test(path) || /walk/i.test(source)).map(([path]) => path);
    expect(naming).toEqual([]);
  });
});
