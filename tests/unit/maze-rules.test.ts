/**
 * The maze's mechanisms (seed 001), one rule per test, and the orders between them that a careless
 * pipeline gets wrong.
 */
import { describe, expect, it } from 'vitest';
import { mazeRules, mazeStart, play, where } from '../support/maze.ts';

describe('maze: walking, walls and the exit', () => {
  it('a step moves one cell and costs one step; a wall refuses it and costs nothing', () => {
    const { rules, state } = mazeStart(['#####', '#@.X#', '#####']);
    const moved = rules.step(state, 'r');
    expect(moved).toMatchObject({ changed: true, cost: 1 });
    expect(where(moved.state)).toEqual([2, 1]);
    expect(rules.counters(moved.state).steps).toBe(1);
    const bumped = rules.step(state, 'u');
    expect(bumped.changed).toBe(false);
    expect(bumped.state).toBe(state);
  });

  it('reaching the exit wins, and a won maze refuses every command', () => {
    const { rules, state } = mazeStart(['#####', '#@.X#', '#####']);
    const won = play(rules, state, 'rr');
    expect(rules.status(won)).toBe('won');
    expect(rules.step(won, 'l').changed).toBe(false);
  });

  it('a level needs one start and an exit, and a config may forbid a mechanic', () => {
    const rules = mazeRules();
    expect(rules.load({ rows: ['###', '#.#', '###'] }).diagnostics.map((d) => d.code)).toEqual(['maze.start', 'maze.exit']);
    expect(rules.load({ rows: ['####', '#@X#', '##'] }).diagnostics.map((d) => d.code)).toContain('maze.rows.ragged');
    const strict = mazeRules({ mechanics: ['door'] });
    const refused = strict.load({ rows: ['#####', '#@^X#', '#####'] });
    expect(refused.state).toBeUndefined();
    expect(refused.diagnostics[0]).toMatchObject({ code: 'maze.mechanic', cell: { x: 2, y: 1 } });
  });
});

describe('maze: doors and keys, cracked walls and bombs', () => {
  it('a locked door opens only with a key, and the key is used up', () => {
    const { rules, state } = mazeStart(['#######', '#k@DDX#', '#######']);
    expect(rules.step(state, 'r').changed).toBe(false);
    const holding = play(rules, state, 'l');
    expect(rules.counters(holding).keys).toBe(1);
    const through = play(rules, holding, 'rr');
    expect(rules.counters(through).keys).toBe(0);
    expect(through.cells[through.player]).toBe('.');
    // One key, two doors: the second stays shut.
    expect(rules.step(through, 'r').changed).toBe(false);
  });

  it('a cracked wall breaks only with a bomb, one bomb per wall', () => {
    const { rules, state } = mazeStart(['#######', '#b@%%X#', '#######']);
    expect(rules.step(state, 'r').changed).toBe(false);
    const broke = play(rules, state, 'lrr');
    expect(rules.counters(broke).bombs).toBe(0);
    expect(rules.step(broke, 'r').changed).toBe(false);
  });
});

describe('maze: plates, boulders and gates', () => {
  it('a boulder pushed onto the plate sinks and opens the gate for good', () => {
    const { rules, state } = mazeStart(['######', '#@o_.#', '#..#G#', '####X#', '######']);
    expect(rules.step(state, 'd').changed).toBe(true);
    const pressed = play(rules, state, 'r');
    expect(pressed.cells[pressed.board.width + 3]).toBe('*');
    expect(pressed.cells[2 * pressed.board.width + 4]).toBe('/');
    // The sunk boulder is fixed: it cannot be pushed on, and nothing closes the gate again.
    expect(rules.step(pressed, 'r').changed).toBe(false);
    const away = play(rules, pressed, 'dl');
    expect(away.cells[2 * away.board.width + 4]).toBe('/');
  });

  it('a gate stays shut while a plate is empty, and a boulder cannot be pushed into a wall', () => {
    const { rules, state } = mazeStart(['######', '#@.o#', '#.._G', '####X', '#####'].map((r) => r.padEnd(5, '#').slice(0, 5)));
    expect(rules.step(play(rules, state, 'r'), 'r').changed).toBe(false);
    expect(state.cells.includes('G')).toBe(true);
  });

  it('a boulder pushed into a pit fills it, and the filled pit is floor', () => {
    const { rules, state } = mazeStart(['#######', '#@ox.X#', '#######']);
    expect(rules.step(state, 'r').changed).toBe(true);
    const filled = play(rules, state, 'rrrr');
    expect(filled.cells[filled.board.width + 3]).toBe('.');
    expect(rules.status(filled)).toBe('won');
  });
});

describe('maze: spikes and waiting', () => {
  const timing = { spikes: { period: 2, duty: 1, phase: 0 } };

  it('spikes are up when (step + phase) % period < duty: standing on raised spikes costs a heart', () => {
    // After the first step the count is 1: (1 + 0) % 2 = 1, not < 1, so they are down.
    const { rules, state } = mazeStart(['######', '#@^.X#', '######'], timing);
    const on = play(rules, state, 'r');
    expect(on.hearts).toBe(3);
    // Waiting a step on them: count 2, (2 % 2) = 0 < 1, up.
    const hurt = play(rules, on, 'w');
    expect(hurt.hearts).toBe(2);
  });

  it('waiting in place is a legal command that makes spikes fall', () => {
    const { rules, state } = mazeStart(['#####', '#@^X#', '#####'], { spikes: { period: 2, duty: 1, phase: 1 } });
    // Phase 1: a step at count 1 meets (1 + 1) % 2 = 0 < 1, raised spikes; waiting first meets them down.
    expect(play(rules, state, 'r').hearts).toBe(2);
    const waited = play(rules, state, 'wr');
    expect(waited.hearts).toBe(3);
    expect(rules.status(play(rules, waited, 'r'))).toBe('won');
  });

  it('losing the last heart loses the level', () => {
    const { rules, state } = mazeStart(['#####', '#@^X#', '#####'], { hearts: 1, spikes: { period: 1, duty: 1, phase: 0 } });
    const dead = play(rules, state, 'r');
    expect(rules.status(dead)).toBe('lost');
  });

  it('a heart picked up adds one', () => {
    const { rules, state } = mazeStart(['#####', '#@hX#', '#####']);
    expect(play(rules, state, 'r').hearts).toBe(4);
  });
});

describe('maze: crumbling floor, pits, the feather and the hook', () => {
  it('crumbling floor is gone once walked: it becomes a pit behind the player', () => {
    const { rules, state } = mazeStart(['######', '#@~.X#', '######']);
    const past = play(rules, state, 'rr');
    expect(past.cells[past.board.width + 2]).toBe('x');
    expect(rules.step(past, 'l').changed).toBe(false);
  });

  it('a pit refuses a step; the feather jumps one cell for 2 steps', () => {
    const { rules, state } = mazeStart(['#######', '#f@x.X#', '#######']);
    expect(rules.step(state, 'r').changed).toBe(false);
    expect(rules.step(state, 'R').changed).toBe(false);
    const feathered = play(rules, state, 'lr');
    const jumped = rules.step(feathered, 'R');
    expect(jumped).toMatchObject({ changed: true, cost: 2 });
    expect(where(jumped.state)).toEqual([4, 1]);
    expect(rules.counters(jumped.state).steps).toBe(4);
  });

  it('the hook pulls the player along a line over pits to the cell before an anchor', () => {
    const { rules, state } = mazeStart(['########', '#g@xx.+#', '#####X##', '########']);
    const hooked = play(rules, state, 'lr>');
    expect(where(hooked)).toEqual([5, 1]);
    expect(rules.step(play(rules, state, 'lr'), '<').changed).toBe(false);
    expect(rules.status(play(rules, hooked, 'd'))).toBe('won');
  });

  it('the hook needs a clear line: a wall or door between refuses it', () => {
    const { rules, state } = mazeStart(['########', '#g@x#.+#', '#####X##', '########']);
    expect(rules.step(play(rules, state, 'lr'), '>').changed).toBe(false);
  });
});

describe('maze: ice', () => {
  it('a step onto ice slides on until the player stands off ice or is stopped', () => {
    const { rules, state } = mazeStart(['########', '#@---.X#', '########']);
    const slid = rules.step(state, 'r');
    expect(where(slid.state)).toEqual([5, 1]);
    expect(slid.cost).toBe(1);
    expect(slid.events.some((e) => e.type === 'slide')).toBe(true);
  });

  it('a slide stops before a wall, on the last ice cell', () => {
    const { rules, state } = mazeStart(['#######', '#@--#X#', '#....##', '#######']);
    expect(where(rules.step(state, 'r').state)).toEqual([3, 1]);
  });
});

describe('maze: step limit and recall', () => {
  it('the step limit is par / tightness, and running out of steps loses', () => {
    const { rules, state } = mazeStart(['#######', '#@...X#', '#.....#', '#######'], { tightness: 0.8 }, 4);
    expect(state.board.limit).toBe(5);
    expect(rules.hud(state).find((h) => h.id === 'stepsLeft')).toMatchObject({ id: 'stepsLeft', value: 5, max: 5, low: false });
    expect(rules.status(play(rules, state, 'rrrr'))).toBe('won');
    const wasted = play(rules, state, 'dudud');
    expect(rules.status(wasted)).toBe('lost');
  });

  it('a recall costs 3 steps, shows the whole map for a step, and is counted per level', () => {
    const { rules, state } = mazeStart(['#########', '#@.....X#', '#########'], { recalls: 1, lightRadius: 2 });
    const recalled = rules.step(state, 'm');
    expect(recalled).toMatchObject({ changed: true, cost: 3 });
    expect(rules.counters(recalled.state)).toMatchObject({ steps: 3, recallsLeft: 0 });
    expect(rules.perceive!(recalled.state, undefined).visibility.every((v) => v === 'visible')).toBe(true);
    expect(rules.step(recalled.state, 'm').changed).toBe(false);
    const after = play(rules, recalled.state, 'r');
    expect(rules.perceive!(after, undefined).visibility.includes('hidden')).toBe(true);
  });
});

describe('maze: fog and memory', () => {
  it('the player sees their light radius, walls block light, and walked cells are remembered', () => {
    const { rules, state } = mazeStart(['############', '#@........X#', '############'], { lightRadius: 2 });
    const first = rules.perceive!(state, undefined);
    expect(first.visibility[12 + 3]).toBe('visible');
    expect(first.visibility[12 + 6]).toBe('hidden');
    let memory = first.memory;
    let s = state;
    for (let i = 0; i < 6; i++) {
      s = play(rules, s, 'r');
      memory = rules.perceive!(s, memory).memory;
    }
    const back = rules.perceive!(s, memory);
    expect(back.visibility[12 + 1]).toBe('remembered');
    expect(back.visibility[12 + 7]).toBe('visible');
    // A memory from elsewhere (hostile or stale) is read as far as it makes sense.
    expect(() => rules.perceive!(state, { nonsense: true })).not.toThrow();
    expect(rules.perceive!(state, [-1, 1e9, 'x', 15]).visibility[15]).toBe('visible');
  });

  it('a torch widens the light', () => {
    const { rules, state } = mazeStart(['##########', '#@t......X', '##########'].map((r) => r.padEnd(10, '#')), { lightRadius: 2 });
    const lit = play(rules, state, 'r');
    expect(rules.perceive!(lit, undefined).visibility[10 + 5]).toBe('visible');
    expect(rules.perceive!(play(rules, mazeStart(['##########', '#@.......X', '##########'], { lightRadius: 2 }).state, 'r'), undefined).visibility[10 + 5]).toBe('hidden');
  });
});
