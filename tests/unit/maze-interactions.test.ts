/**
 * Maze mechanisms together: the orders a step's pipeline must keep (seed 001's pitfalls) pinned
 * one rule per test.
 */
import { describe, expect, it } from 'vitest';
import { mazeStart, play, where } from '../support/maze.ts';

describe('maze: mechanisms together', () => {
  it('a slide on ice opens a door on its way when a key is held, using the key', () => {
    const { rules, state } = mazeStart(['#########', '#k@--D.X#', '#########']);
    const holding = play(rules, state, 'lr');
    expect(holding.keys).toBe(1);
    const through = play(rules, holding, 'r');
    expect(where(through)).toEqual([5, 1]);
    expect(through.keys).toBe(0);
    expect(through.cells[9 + 5]).toBe('.');
  });

  it('a slide pushes a boulder in its way, and stops where the boulder stops', () => {
    const { rules, state } = mazeStart(['#########', '#@--o.#X#', '#......##', '#########']);
    const slid = play(rules, state, 'r');
    expect(where(slid)).toEqual([4, 1]);
    expect(slid.cells[1 * 9 + 5]).toBe('o');
  });

  it('a boulder cannot be pushed onto spikes, ice or crumbling floor', () => {
    for (const under of ['^', '-', '~']) {
      const { rules, state } = mazeStart(['#######', `#@o${under}.X`, '#.....#', '#######'].map((r) => r.padEnd(7, '#')));
      expect(rules.step(state, 'r').changed, under).toBe(false);
    }
  });

  it('the player on a plate does not press it: only a boulder opens the gate', () => {
    const { rules, state } = mazeStart(['######', '#@_G.X', '######'].map((r) => r.padEnd(6, '#')));
    const onPlate = play(rules, state, 'r');
    expect(rules.step(onPlate, 'r').changed).toBe(false);
  });

  it('with two plates, one boulder is not enough', () => {
    const { rules, state } = mazeStart(['#########', '#@o_..._#', '#......G#', '#######X#', '#########']);
    const one = play(rules, state, 'r');
    expect(one.cells.includes('G')).toBe(true);
  });

  it('jumping off crumbling floor leaves a pit behind, as walking off does', () => {
    const { rules, state } = mazeStart(['########', '#f@~..X#', '########']);
    const jumped = play(rules, state, 'lrrR');
    expect(where(jumped)).toEqual([5, 1]);
    expect(jumped.cells[8 + 3]).toBe('x');
  });

  it('the hook flies over crumbling floor without breaking it', () => {
    const { rules, state } = mazeStart(['########', '#g@~x.+#', '#####X##', '########']);
    const pulled = play(rules, state, 'lr>');
    expect(pulled.cells[8 + 3]).toBe('~');
  });

  it('a jump cannot pass over a boulder, a wall or a door, nor land in a pit', () => {
    for (const row of ['#f@o.X#', '#f@#.X#', '#f@D.X#', '#f@.xX#']) {
      const { rules, state } = mazeStart(['#######', row, '#######']);
      expect(rules.step(play(rules, state, 'lr'), 'R').changed, row).toBe(false);
    }
  });

  it('a jump costs 2 steps and spikes are judged at the count after it', () => {
    // Up when (t + 0) % 4 < 2: at t = 4 (after l, r and a jump) they are up, at t = 3 they are not.
    const { rules, state } = mazeStart(['########', '#f@.^.X#', '########'], { spikes: { period: 4, duty: 2, phase: 0 } });
    const landed = play(rules, state, 'lrR');
    expect(rules.counters(landed).steps).toBe(4);
    expect(landed.hearts).toBe(2);
  });

  it('a recall moves time on: the spikes are judged 3 steps later', () => {
    const { rules, state } = mazeStart(['#####', '#@^X#', '#####'], { spikes: { period: 4, duty: 2, phase: 0 } });
    // r at t = 1: up, a heart. m then r: t = 4, up again. r, then m: t = 4 standing on them, up.
    expect(play(rules, state, 'r').hearts).toBe(2);
    expect(play(rules, state, 'mr').hearts).toBe(2);
    expect(play(rules, state, 'wwr').hearts).toBe(3);
  });

  it('the exit on the last allowed step wins; a jump past the limit loses even onto the exit', () => {
    const { rules, state } = mazeStart(['######', '#@..X#', '######'], { tightness: 1 }, 3);
    expect(rules.status(play(rules, state, 'rrr'))).toBe('won');
    const feathered = mazeStart(['#######', '#@f.X.#', '#######'], { tightness: 1 }, 2);
    const jumped = play(feathered.rules, feathered.state, 'rR');
    expect(where(jumped)).toEqual([4, 1]);
    expect(rules.counters(jumped).steps).toBe(3);
    expect(rules.status(jumped)).toBe('lost');
  });

  it('a lost maze refuses every command, a wait and a recall included', () => {
    const { rules, state } = mazeStart(['#####', '#@.X#', '#...#', '#####'], { tightness: 1 }, 2);
    const out = play(rules, state, 'du');
    expect(rules.status(out)).toBe('lost');
    for (const c of ['r', 'w', 'm', 'R', '>'] as const) expect(rules.step(out, c).changed).toBe(false);
  });
});
