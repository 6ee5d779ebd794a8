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

  it('draws terrain and pieces as the kind\'s appearance says: a shape in a tone, overlays on top', () => {
    const view = viewOf(MICROBAN_1);
    const wrapper = mount(BoardView, { props: { view, label: 'appearance', detailed: true, appearance: rules.appearance } });
    const goal = wrapper.get('[data-terrain="goal"]');
    expect([goal.attributes('data-shape'), goal.attributes('data-tone'), goal.attributes('data-overlay')]).toEqual(['fill', 'goal', 'mark']);
    expect(goal.classes()).toEqual(expect.arrayContaining(['terrain-goal', 'tone-goal']));
    expect(wrapper.get('[data-terrain="wall"]').attributes('data-tone')).toBe('wall');
    const goals = view.terrain.filter((t) => t === 'goal').length;
    expect(wrapper.get('.layer-overlays path.shape-mark.tone-goal').attributes('d')?.match(/M/g)).toHaveLength(goals);
    const box = wrapper.get('[data-kind="box"]:not([data-variant])');
    expect([box.attributes('data-shape'), box.attributes('data-tone')]).toEqual(['box', 'box']);
    expect(box.find('.shape.shape-box.tone-box').exists()).toBe(true);
    // A variant changes the look as the kind's appearance says: a box on a goal in the success tone.
    const placed = wrapper.get('[data-kind="box"][data-variant="on-goal"]');
    expect([placed.attributes('data-shape'), placed.attributes('data-tone')]).toEqual(['box', 'success']);
    // Layers bottom to top: terrain, overlays, pieces, (visibility), host overlays.
    expect([...wrapper.get('svg').element.children].map((g) => g.getAttribute('class'))).toEqual(['layer-terrain', 'layer-overlays', 'layer-pieces', 'layer-host']);
  });

  it('covers hidden cells and dims remembered ones', () => {
    const view: Picture = { width: 3, height: 1, terrain: ['floor', 'floor', 'floor'], pieces: [], visibility: ['visible', 'remembered', 'hidden'] };
    const wrapper = mount(BoardView, { props: { view, label: 'fog', detailed: true, appearance: rules.appearance } });
    expect(wrapper.findAll('[data-testid="board-cell"]').map((c) => c.attributes('data-visibility'))).toEqual(['visible', 'remembered', 'hidden']);
    expect(wrapper.get('.fog-hidden').attributes('d')).toBe('M2 0h1v1h-1z');
    expect(wrapper.get('.fog-remembered').attributes('d')).toBe('M1 0h1v1h-1z');
    const layers = [...wrapper.get('svg').element.children].map((g) => g.getAttribute('class'));
    expect(layers.indexOf('layer-visibility')).toBe(layers.indexOf('layer-pieces') + 1);
  });

  it('marks cells with a diagnostic, the message as the mark\'s title', () => {
    const view = viewOf(MICROBAN_1);
    const marks = [{ x: 1, y: 1, severity: 'error' as const, message: 'A box can never leave this corner.' }];
    const wrapper = mount(BoardView, { props: { view, label: 'lint', detailed: true, marks } });
    const mark = wrapper.get('[data-testid="board-mark"]');
    expect([mark.attributes('data-x'), mark.attributes('data-y'), mark.attributes('data-severity')]).toEqual(['1', '1', 'error']);
    expect(mark.classes()).toContain('severity-error');
    expect(mark.get('title').text()).toBe('A box can never leave this corner.');
  });

  it('draws a brush: what an edit would put at a cell, translucent', () => {
    const view = viewOf(MICROBAN_1);
    const brush = { x: 2, y: 4, terrain: 'ice', piece: { kind: 'box' } };
    const wrapper = mount(BoardView, { props: { view, label: 'brush', detailed: true, appearance: rules.appearance, brush } });
    const drawn = wrapper.get('[data-testid="board-brush"]');
    expect([drawn.attributes('data-x'), drawn.attributes('data-y'), drawn.attributes('data-terrain'), drawn.attributes('data-kind')]).toEqual(['2', '4', 'ice', 'box']);
    expect(drawn.findAll('.shape').map((g) => g.classes().filter((c) => c.startsWith('shape-') || c.startsWith('tone-')).join(' '))).toEqual([
      'shape-fill tone-ice',
      'shape-hatch tone-ice',
      'shape-box tone-box',
    ]);
  });

  it('a thumbnail with the appearance stays one path per terrain and one per overlay', () => {
    const view = viewOf(MICROBAN_3);
    const wrapper = mount(BoardView, { props: { view, label: 'thumbnail', appearance: rules.appearance } });
    const names = new Set(view.terrain.filter((t) => t !== 'outside'));
    expect(wrapper.findAll('.layer-terrain path')).toHaveLength(names.size);
    expect(wrapper.findAll('.layer-overlays path')).toHaveLength(1);
    expect(wrapper.findAll('[data-testid="board-cell"]')).toHaveLength(0);
  });

  it('a click on a cell or a piece names that cell', async () => {
    const view = viewOf(MICROBAN_1);
    const wrapper = mount(BoardView, { props: { view, label: 'click', detailed: true, appearance: rules.appearance } });
    await wrapper.get('[data-testid="board-cell"][data-x="1"][data-y="2"]').trigger('click');
    await wrapper.get('[data-piece-id="player"] .body').trigger('click');
    const player = view.pieces.find((p) => p.id === 'player')!;
    expect(wrapper.emitted('cellClick')).toEqual([[{ x: 1, y: 2 }], [{ x: player.x, y: player.y }]]);
  });
});
