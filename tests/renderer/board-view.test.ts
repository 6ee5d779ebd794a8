// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { BoardView as Picture } from '../../src-shared/engine/ruleset.ts';
import { defaultPushRules } from '../../src-shared/rulesets/push/kind.ts';
import BoardView from '../../src-renderer/src/components/BoardView.vue';
import { MICROBAN_1, MICROBAN_3 } from './support/fixtures.ts';

const rules = defaultPushRules();

function viewOf(level: unknown): Picture {
  const loaded = rules.load(level);
  if (!loaded.state) throw new Error('level did not load');
  return rules.view(loaded.state);
}

describe('BoardView', () => {
  it('draws every cell and every piece of a Microban level', () => {
    const view = viewOf(MICROBAN_3);
    const wrapper = mount(BoardView, { props: { view, label: 'Microban 3', detailed: true } });
    const cells = wrapper.findAll('[data-testid="board-cell"]');
    expect(cells).toHaveLength(view.width * view.height);
    cells.forEach((cell, i) => {
      expect(cell.attributes('data-terrain')).toBe(view.terrain[i]);
      expect(Number(cell.attributes('data-x'))).toBe(i % view.width);
      expect(Number(cell.attributes('data-y'))).toBe(Math.floor(i / view.width));
    });
    const pieces = wrapper.findAll('[data-testid="board-piece"]');
    expect(pieces.map((p) => [p.attributes('data-piece-id'), p.attributes('data-kind'), p.attributes('data-x'), p.attributes('data-y')])).toEqual(
      view.pieces.map((p) => [p.id, p.kind, String(p.x), String(p.y)]),
    );
    expect(wrapper.get('svg').attributes('viewBox')).toBe(`0 0 ${view.width} ${view.height}`);
  });

  it('marks a box on a goal with its variant', () => {
    const view = viewOf(MICROBAN_1);
    const wrapper = mount(BoardView, { props: { view, label: 'Microban 1', detailed: true } });
    const onGoal = wrapper.findAll('[data-kind="box"]').filter((p) => p.attributes('data-variant') === 'on-goal');
    expect(onGoal).toHaveLength(view.pieces.filter((p) => p.variant === 'on-goal').length);
    expect(onGoal[0].classes()).toContain('variant-on-goal');
  });

  it('draws mechanisms with their variants and labels', () => {
    const view = viewOf({
      board: ['#######', '#@ $  #', '#  $ .#', '#    .#', '#######'],
      buttons: [{ at: [4, 3], link: 'A' }],
      doors: [{ at: [2, 3], link: 'A' }],
      teleporters: [{ a: [1, 3], b: [5, 1] }],
      heavy: [[3, 2]],
      ice: [[4, 1]],
    });
    const wrapper = mount(BoardView, { props: { view, label: 'mechanics', detailed: true } });
    const kinds = wrapper.findAll('[data-testid="board-piece"]').map((p) => `${p.attributes('data-kind')}:${p.attributes('data-variant') ?? ''}`);
    expect(kinds).toEqual(view.pieces.map((p) => `${p.kind}:${p.variant ?? ''}`));
    expect(kinds).toContain('door:closed');
    expect(kinds).toContain('box:heavy');
    expect(wrapper.findAll('text.label').map((t) => t.text())).toEqual(view.pieces.filter((p) => p.label).map((p) => p.label));
    expect(wrapper.find('[data-terrain="ice"]').exists()).toBe(true);
  });

  it('still draws terrain and pieces it does not know', () => {
    const view: Picture = { width: 2, height: 1, terrain: ['lava', 'floor'], pieces: [{ id: 'gem:1', kind: 'gem', x: 1, y: 0, label: 'G' }] };
    const wrapper = mount(BoardView, { props: { view, label: 'future kind', detailed: true } });
    expect(wrapper.get('[data-terrain="lava"]').classes()).toContain('terrain-other');
    expect(wrapper.get('[data-kind="gem"]').classes()).toContain('piece-other');
    expect(wrapper.get('[data-kind="gem"] text').text()).toBe('G');
  });

  it('draws a thumbnail as one path per terrain, with the same pieces', () => {
    const view = viewOf(MICROBAN_3);
    const wrapper = mount(BoardView, { props: { view, label: 'thumbnail' } });
    expect(wrapper.findAll('[data-testid="board-cell"]')).toHaveLength(0);
    const walls = view.terrain.filter((t) => t === 'wall').length;
    expect(wrapper.get('path.terrain-wall').attributes('d')?.match(/M/g)).toHaveLength(walls);
    expect(wrapper.findAll('[data-testid="board-piece"]')).toHaveLength(view.pieces.length);
  });

  it('outlines highlighted cells', () => {
    const view = viewOf(MICROBAN_1);
    const wrapper = mount(BoardView, { props: { view, label: 'hint', detailed: true, highlights: [{ x: 3, y: 3 }] } });
    const h = wrapper.get('[data-testid="board-highlight"]');
    expect([h.attributes('data-x'), h.attributes('data-y')]).toEqual(['3', '3']);
  });
});
