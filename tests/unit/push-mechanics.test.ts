import { describe, expect, it } from 'vitest';
import type { PushState } from '../../src-shared/rulesets/push/board.ts';
import { cell, play, start, where } from '../support/push-play.ts';

import { doorIsOpen, pressedLinks, stepPush } from '../../src-shared/rulesets/push/step.ts';

const types = (r: { events: readonly { type: string }[] }): string[] => r.events.map((e) => e.type);
const icy = (y: number, ...xs: number[]): [number, number][] => xs.map((x) => [x, y]);

describe('ice', () => {
  it('a box pushed onto ice slides until blocked', () => {
    const s = start(['#######', '#@$  .#', '#######'], { ice: icy(1, 3, 4, 5) });
    const r = stepPush(s, 'r');
    expect(where(s, r.state.boxes[0])).toEqual([5, 1]);
    expect(where(s, r.state.player)).toEqual([2, 1]);
    expect(types(r)).toEqual(['move', 'push', 'slide', 'win']);
    expect(r.events[2]).toEqual({
      type: 'slide', entity: 'box:0', from: { x: 3, y: 1 }, to: { x: 5, y: 1 }, path: [{ x: 4, y: 1 }, { x: 5, y: 1 }],
    });
  });

  it('a sliding box stops on the first non-ice cell it enters', () => {
    const s = start(['########', '#@$   .#', '########'], { ice: icy(1, 3, 4) });
    expect(where(s, stepPush(s, 'r').state.boxes[0])).toEqual([5, 1]);
  });

  it('the player slides across ice', () => {
    const s = start(['#######', '#@   $#', '#.#####'], { ice: icy(1, 2, 3) });
    const r = stepPush(s, 'r');
    expect(where(s, r.state.player)).toEqual([4, 1]);
    expect(types(r)).toEqual(['move', 'slide']);
    expect(r.state.moves).toBe(1);
  });

  it('a sliding player does not push the box it runs into', () => {
    const s = start(['#######', '#@  $ #', '#.#####'], { ice: icy(1, 2, 3) });
    const r = stepPush(s, 'r');
    expect(where(s, r.state.player)).toEqual([3, 1]);
    expect(where(s, r.state.boxes[0])).toEqual([4, 1]);
    expect(r.state.pushes).toBe(0);
  });

  it('a player behind a sliding box stops behind it', () => {
    const s = start(['#######', '#@$   #', '#.#####'], { ice: icy(1, 2, 3, 4, 5) });
    const r = stepPush(s, 'r');
    expect(where(s, r.state.boxes[0])).toEqual([5, 1]);
    expect(where(s, r.state.player)).toEqual([4, 1]);
    expect(r.events.map((e) => `${e.type}:${e.entity}`)).toEqual(['move:player', 'push:box:0', 'slide:box:0', 'slide:player']);
  });

  it('a pushed chain on ice slides front box first, the rear box stopping behind it', () => {
    const s = start(['########', '#@$$   #', '#..#####'], { ice: icy(1, 3, 4, 5, 6) }, { pushStrength: 2 });
    const r = stepPush(s, 'r');
    expect(r.state.boxes.map((b) => where(s, b))).toEqual([[5, 1], [6, 1]]);
    expect(r.events.filter((e) => e.type === 'slide').map((e) => e.entity)).toEqual(['box:1', 'box:0']);
  });

  it('ice disabled by the config is plain floor', () => {
    const s = start(['#######', '#@$  .#', '#######'], { ice: icy(1, 2, 3, 4, 5) }, { ice: { enabled: false } });
    const r = stepPush(s, 'r');
    expect(where(s, r.state.boxes[0])).toEqual([3, 1]);
    expect(types(r)).toEqual(['move', 'push']);
  });

  it('with boxesSlide off only the player slides', () => {
    const s = start(['#######', '#@$  .#', '#######'], { ice: icy(1, 2, 3, 4) }, { ice: { boxesSlide: false } });
    const r = stepPush(s, 'r');
    expect(where(s, r.state.boxes[0])).toEqual([3, 1]);
    expect(where(s, r.state.player)).toEqual([2, 1]); // it would slide, but the box is in the way
  });

  it('a box resting on ice does not slide when something else moves', () => {
    const s = start(['######', '#@ $.#', '#    #', '######'], { ice: icy(1, 3) });
    const r = stepPush(s, 'd');
    expect(where(s, r.state.boxes[0])).toEqual([3, 1]);
  });
});

describe('teleporters', () => {
  const ROOMS = ['#########', '#@  # $.#', '#########'];

  it('carries the player who steps on a pad to its pair', () => {
    const s = start(ROOMS, { teleporters: [{ a: [2, 1], b: [5, 1] }] });
    const r = stepPush(s, 'r');
    expect(where(s, r.state.player)).toEqual([5, 1]);
    expect(r.events[1]).toEqual({ type: 'teleport', entity: 'player', from: { x: 2, y: 1 }, to: { x: 5, y: 1 } });
    // Standing on the arrival pad does nothing until the player steps on a pad again.
    expect(where(s, play(r.state, 'r').boxes[0])).toEqual([7, 1]);
  });

  it('does not carry the player when a box stands on the other pad', () => {
    const s = start(ROOMS, { teleporters: [{ a: [2, 1], b: [6, 1] }] });
    const r = stepPush(s, 'r');
    expect(where(s, r.state.player)).toEqual([2, 1]);
    expect(types(r)).toEqual(['move']);
  });

  it('does not carry boxes unless carryBoxes is on', () => {
    const level = ['#########', '#@$ #  .#', '#########'];
    const pads = { teleporters: [{ a: [3, 1], b: [6, 1] }] };
    expect(where(start(level), stepPush(start(level, pads), 'r').state.boxes[0])).toEqual([3, 1]);
    const r = stepPush(start(level, pads, { teleporters: { carryBoxes: true } }), 'r');
    expect(r.state.boxes.map((b) => where(r.state, b))).toEqual([[6, 1]]);
    expect(r.events.map((e) => `${e.type}:${e.entity}`)).toEqual(['move:player', 'push:box:0', 'teleport:box:0']);
  });

  it('a teleported thing does not slide on ice at the arrival pad', () => {
    const s = start(ROOMS, { teleporters: [{ a: [2, 1], b: [5, 1] }], ice: icy(1, 5) });
    expect(where(s, stepPush(s, 'r').state.player)).toEqual([5, 1]);
  });

  it('a player sliding onto a pad is carried', () => {
    const s = start(['#########', '#@   #  #', '#$.######', '#########'], { ice: icy(1, 2), teleporters: [{ a: [3, 1], b: [7, 1] }] });
    expect(where(s, stepPush(s, 'r').state.player)).toEqual([7, 1]);
  });

  it('a pad on ice that a slide only crosses does not fire: only the cell where a move ends triggers', () => {
    // The pad at (2,1) is on ice: the player steps onto it and slides on to (4,1), past it.
    const s = start(['########', '#@    .#', '#$######', '########'], { ice: icy(1, 2, 3), teleporters: [{ a: [2, 1], b: [5, 1] }] });
    const r = stepPush(s, 'r');
    expect(types(r)).toEqual(['move', 'slide']);
    expect(where(s, r.state.player)).toEqual([4, 1]);
  });

  it('disabled teleporters are plain floor', () => {
    const s = start(ROOMS, { teleporters: [{ a: [2, 1], b: [5, 1] }] }, { teleporters: { enabled: false } });
    expect(where(s, stepPush(s, 'r').state.player)).toEqual([2, 1]);
  });
});

describe('buttons and doors', () => {
  // Button at (3,1); its door at (3,2), right below it.
  const GATE = ['#######', '#@$ ###', '#   .##', '#######'];
  const gate = (config: Record<string, unknown> = {}) =>
    start(GATE, { buttons: [{ at: [3, 1], link: 'g' }], doors: [{ at: [3, 2], link: 'g' }] }, config);

  it('a closed door blocks the player', () => {
    const s = play(gate(), 'dr');
    const r = stepPush(s, 'r');
    expect(r.changed).toBe(false);
    expect(doorIsOpen(s, cell(s, 3, 2))).toBe(false);
  });

  it('a closed door blocks a pushed box', () => {
    const s = start(['######', '#@$ .#', '######'], { doors: [{ at: [3, 1], link: 'g' }], buttons: [{ at: [1, 1], link: 'h' }] });
    expect(stepPush(s, 'r').changed).toBe(false);
  });

  it('a box pushed onto a button next to its door opens it at the end of that same step: push, then open', () => {
    const s = gate();
    const r = stepPush(s, 'r');
    expect(types(r)).toEqual(['move', 'push', 'open']);
    expect(r.events[2]).toEqual({ type: 'open', entity: `door:${cell(s, 3, 2)}`, to: { x: 3, y: 2 } });
    expect(pressedLinks(r.state)).toEqual([true]);
    // The very next moves pass through the doorway.
    const through = play(r.state, 'drr');
    expect(where(s, through.player)).toEqual([4, 2]);
  });

  it('the player presses a button only when pressedBy includes the player', () => {
    const walk = ['######', '#@ $.#', '######'];
    const mech = { buttons: [{ at: [2, 1], link: 'g' }], doors: [{ at: [1, 1], link: 'g' }] };
    // The player starts in the doorway; stepping onto the button keeps the door open.
    expect(types(stepPush(start(walk, mech), 'r'))).toEqual(['move']);
    expect(types(stepPush(start(walk, mech, { doors: { pressedBy: 'boxes' } }), 'r'))).toEqual(['move', 'close']);
  });

  describe('sliding on ice across a button', () => {
    const LANE = ['#########', '#@$    .#', '#### ####', '#########'];
    const mech = { buttons: [{ at: [4, 1], link: 'g' }], doors: [{ at: [4, 2], link: 'g' }] };

    it('a box sliding across a button does not press it', () => {
      const s = start(LANE, { ...mech, ice: icy(1, 3, 4, 5, 6) });
      const r = stepPush(s, 'r');
      expect(where(s, r.state.boxes[0])).toEqual([7, 1]);
      expect(types(r)).toEqual(['move', 'push', 'slide', 'win']);
      expect(doorIsOpen(r.state, cell(s, 4, 2))).toBe(false);
    });

    it('a box that stops on the button presses it', () => {
      const s = start(LANE, { ...mech, ice: icy(1, 3) });
      const r = stepPush(s, 'r');
      expect(where(s, r.state.boxes[0])).toEqual([4, 1]);
      expect(types(r)).toEqual(['move', 'push', 'slide', 'open']);
    });
  });

  describe('two boxes on the buttons of one door', () => {
    // Buttons at (3,1) and (5,1); the door at (4,3) below.
    const YARD = ['#########', '#@$   $ #', '#       #', '#### ####', '#########'];
    const mech = { buttons: [{ at: [3, 1], link: 'g' }, { at: [5, 1], link: 'g' }], doors: [{ at: [4, 3], link: 'g' }] };
    const door = (s: PushState) => doorIsOpen(s, cell(s, 4, 3));

    it("'all' needs both buttons pressed", () => {
      const s = play(start(YARD, mech, { doors: { opensWhen: 'all' } }), 'r');
      expect(door(s)).toBe(false);
      const walked = play(s, 'drrrrru');
      const r = stepPush(walked, 'l');
      expect(types(r)).toEqual(['move', 'push', 'open']);
      expect(door(r.state)).toBe(true);
    });

    it("'any' needs one button pressed", () => {
      const r = stepPush(start(YARD, mech, { doors: { opensWhen: 'any' } }), 'r');
      expect(types(r)).toEqual(['move', 'push', 'open']);
    });

    it("pushing a chain of two boxes onto both buttons in one step with strength 2 opens an 'all' door", () => {
      const s = start(['########', '#@$$   #', '### ####', '########'],
        { buttons: [{ at: [3, 1], link: 'g' }, { at: [4, 1], link: 'g' }], doors: [{ at: [3, 2], link: 'g' }] },
        { pushStrength: 2, doors: { opensWhen: 'all', pressedBy: 'boxes' } });
      expect(doorIsOpen(s, cell(s, 3, 2))).toBe(false);
      const r = stepPush(s, 'r');
      expect(types(r)).toEqual(['move', 'push', 'push', 'open']);
    });
  });

  it('doors change only at the end of a step: a door released this step still lets a slide through, then closes behind it', () => {
    // The box starts on the button, holding the door at (4,1) open; pushed, it slides off the
    // button, through the doorway and onto the goal, and the player slides after it.
    const s = start(['########', '#@$   .#', '########'], {
      ice: icy(1, 2, 3, 4, 5),
      buttons: [{ at: [2, 1], link: 'a' }],
      doors: [{ at: [4, 1], link: 'a' }],
    });
    const door = cell(s, 4, 1);
    expect(doorIsOpen(s, door)).toBe(true);
    const r = stepPush(s, 'r');
    expect(types(r)).toEqual(['move', 'push', 'slide', 'slide', 'close', 'win']);
    expect(where(s, r.state.boxes[0])).toEqual([6, 1]);
    expect(where(s, r.state.player)).toEqual([5, 1]);
    expect(doorIsOpen(r.state, door)).toBe(false);
  });

  it('a player sliding across a button does not press it; one that stops on it does', () => {
    const mech = { buttons: [{ at: [3, 1], link: 'g' }], doors: [{ at: [3, 2], link: 'g' }] };
    const rows = ['########', '#@    .#', '#$# ####', '########'];
    const across = stepPush(start(rows, { ...mech, ice: icy(1, 2, 3, 4) }), 'r');
    expect(types(across)).toEqual(['move', 'slide']);
    const stops = stepPush(start(rows, { ...mech, ice: icy(1, 2) }), 'r');
    expect(types(stops)).toEqual(['move', 'slide', 'open']);
  });

  describe('two boxes on one button', () => {
    // The button at (3,1) starts pressed by a box; its door is at (4,2).
    const LINE = ['########', '#@$$   #', '#### ###', '########'];
    const mech = { buttons: [{ at: [3, 1], link: 'g' }], doors: [{ at: [4, 2], link: 'g' }] };

    it('a chain hands the button from one box to the next in one step: it stays pressed, the door never closes', () => {
      const s = start(LINE, mech, { pushStrength: 2, doors: { pressedBy: 'boxes' } });
      const door = cell(s, 4, 2);
      expect(doorIsOpen(s, door)).toBe(true);
      const r = stepPush(s, 'r');
      expect(types(r)).toEqual(['move', 'push', 'push']);
      expect(r.state.boxes.map((b) => where(s, b)).sort()).toEqual([
        [3, 1],
        [4, 1],
      ]);
      expect(doorIsOpen(r.state, door)).toBe(true);
      expect(pressedLinks(r.state)).toEqual([true]);
    });

    it('a box pushed off the button with no other box following releases it and the door closes', () => {
      const s = start(['########', '#@ $   #', '#### ###', '########'], mech, { doors: { pressedBy: 'boxes' } });
      const door = cell(s, 4, 2);
      expect(doorIsOpen(s, door)).toBe(true);
      const r = stepPush(play(s, 'r'), 'r');
      expect(types(r)).toEqual(['move', 'push', 'close']);
      expect(doorIsOpen(r.state, door)).toBe(false);
    });

    it('a second box cannot be pushed onto a button a box already holds', () => {
      const s = start(LINE, mech, { doors: { pressedBy: 'boxes' } });
      expect(stepPush(s, 'r').changed).toBe(false);
    });
  });

  describe('a door never closes on a box or the player', () => {
    // The player starts on the button; a box stands in the doorway at (3,1).
    const HALL = ['#######', '#@ $ .#', '#######'];
    const mech = { buttons: [{ at: [1, 1], link: 'g' }], doors: [{ at: [3, 1], link: 'g' }] };

    it('releasing the button while a box stands in the doorway leaves the door open until the doorway is clear', () => {
      const s = start(HALL, mech);
      const door = cell(s, 3, 1);
      const released = stepPush(s, 'r');
      expect(types(released)).toEqual(['move']);
      expect(doorIsOpen(released.state, door)).toBe(true);
      // Pushing the box out puts the player in the doorway: still open.
      const pushed = stepPush(released.state, 'r');
      expect(types(pushed)).toEqual(['move', 'push']);
      expect(doorIsOpen(pushed.state, door)).toBe(true);
      // Once the doorway is clear it closes, and then it blocks.
      const left = stepPush(pushed.state, 'l');
      expect(left.events[1]).toEqual({ type: 'close', entity: `door:${door}`, to: { x: 3, y: 1 } });
      expect(stepPush(left.state, 'r').changed).toBe(false);
    });

    it('a door with the player in it stays open and closes once the player steps out', () => {
      const s = start(['######', '#@ $.#', '######'], { buttons: [{ at: [2, 1], link: 'g' }], doors: [{ at: [1, 1], link: 'g' }] },
        { doors: { pressedBy: 'boxes' } });
      expect(doorIsOpen(s, s.player)).toBe(true);
      const out = stepPush(s, 'r');
      expect(types(out)).toEqual(['move', 'close']);
      expect(stepPush(out.state, 'l').changed).toBe(false);
    });
  });

  it('doors disabled by the config never block', () => {
    const s = play(gate({ doors: { enabled: false } }), 'd');
    expect(types(stepPush(s, 'r'))).toEqual(['move']);
  });

  it('a door whose link has no button never opens', () => {
    const s = start(['######', '#@ $.#', '######'], { doors: [{ at: [2, 1], link: 'lost' }] });
    expect(stepPush(s, 'r').changed).toBe(false);
  });
});
