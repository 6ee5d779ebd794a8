/**
 * The maze's HUD through the display contract: counters with icons (steps, steps left, hearts,
 * recalls left) and what is held as the inventory, each icon a piece the appearance draws.
 */
import { describe, expect, it } from 'vitest';
import { mazeStart, play } from '../support/maze.ts';

describe('maze HUD', () => {
  it('counts steps, steps left, hearts and recalls, each with an icon the appearance draws', () => {
    const { rules, state } = mazeStart(['#######', '#@...X#', '#######'], { tightness: 0.8, recalls: 2 }, 4);
    const hud = rules.hud(state);
    expect(hud.map((h) => [h.id, h.role ?? 'counter'])).toEqual([['steps', 'counter'], ['stepsLeft', 'counter'], ['hearts', 'counter'], ['recallsLeft', 'counter']]);
    expect(hud.find((h) => h.id === 'recallsLeft')).toMatchObject({ value: 2, max: 2 });
    for (const item of hud) if (item.icon?.piece) expect(Object.keys(rules.appearance.pieces)).toContain(item.icon.piece);
  });

  it('shows keys and bombs held (with their count) as the inventory, and marks the last steps as low', () => {
    const { rules, state } = mazeStart(['#########', '#kk@b.DX#', '#########'], { tightness: 0.5 }, 6);
    const after = play(rules, state, 'llrrr');
    const held = rules.hud(after).filter((h) => h.role === 'held');
    expect(held.map((h) => [h.id, h.value, h.icon?.piece])).toEqual([['keys', 2, 'key'], ['bombs', 1, 'bomb']]);
    const stepsLeft = rules.hud(after).find((h) => h.id === 'stepsLeft');
    expect(stepsLeft).toMatchObject({ value: 7, max: 12, low: false });
    expect(rules.hud(play(rules, after, 'lrlrl')).find((h) => h.id === 'stepsLeft')).toMatchObject({ value: 2, low: true });
  });
});
