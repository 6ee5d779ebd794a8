import { describe, expect, it } from 'vitest';
import { cell, play, start, where } from '../support/push-play.ts';
import type { Direction } from '../../src-shared/rulesets/push/schema.ts';
import { pushStatus, stepPush } from '../../src-shared/rulesets/push/step.ts';
import { viewPush } from '../../src-shared/rulesets/push/view.ts';


const CORRIDOR = ['#######', '#@ $ .#', '#######'];

describe('push rules: plain Sokoban', () => {
  it('the player walks onto a free floor cell', () => {
    const s = start(CORRIDOR);
    const r = stepPush(s, 'r');
    expect(r.changed).toBe(true);
    expect(where(r.state, r.state.player)).toEqual([2, 1]);
    expect(r.events).toEqual([{ type: 'move', entity: 'player', from: { x: 1, y: 1 }, to: { x: 2, y: 1 } }]);
  });

  it('the player cannot walk into a wall: a bump, and the same state back', () => {
    const s = start(CORRIDOR);
    const r = stepPush(s, 'l');
    expect(r.changed).toBe(false);
    expect(r.state).toBe(s);
    expect(r.events).toEqual([{ type: 'bump', entity: 'player', from: { x: 1, y: 1 }, to: { x: 0, y: 1 } }]);
  });

  it('the player cannot walk off the grid', () => {
    const s = start(['@ ', '$.']);
    const r = stepPush(s, 'u');
    expect(r.changed).toBe(false);
    expect(r.events).toEqual([{ type: 'bump', entity: 'player', from: { x: 0, y: 0 } }]);
  });

  it('walking into a box pushes it one cell', () => {
    const s = play(start(CORRIDOR), 'r');
    const r = stepPush(s, 'r');
    expect(where(r.state, r.state.boxes[0])).toEqual([4, 1]);
    expect(where(r.state, r.state.player)).toEqual([3, 1]);
    expect(r.events.map((e) => e.type)).toEqual(['move', 'push']);
    expect(r.events[1]).toEqual({ type: 'push', entity: 'box:0', from: { x: 3, y: 1 }, to: { x: 4, y: 1 } });
  });

  it('a box cannot be pushed into a wall', () => {
    const s = start(['#####', '#@$#.', '#####']);
    const r = stepPush(s, 'r');
    expect(r.changed).toBe(false);
    expect(r.state).toBe(s);
    expect(r.events.map((e) => e.type)).toEqual(['bump']);
  });

  it('a box cannot be pushed into another box with strength 1 (two boxes are too heavy)', () => {
    const s = start(['#######', '#@$$..#', '#######']);
    const r = stepPush(s, 'r');
    expect(r.changed).toBe(false);
    expect(r.state).toBe(s);
  });

  it('pushing the last box onto the last goal wins, with a win event', () => {
    const s = play(start(CORRIDOR), 'rr');
    expect(pushStatus(s)).toBe('playing');
    const r = stepPush(s, 'r');
    expect(pushStatus(r.state)).toBe('won');
    expect(r.events.map((e) => e.type)).toEqual(['move', 'push', 'win']);
  });

  it('a won state refuses every command, with no events', () => {
    const won = play(start(CORRIDOR), 'rrr');
    for (const d of ['u', 'd', 'l', 'r'] as const) {
      const r = stepPush(won, d);
      expect(r).toEqual({ state: won, events: [], changed: false });
      expect(r.state).toBe(won);
    }
  });

  it('an unknown direction is refused without events', () => {
    const s = start(CORRIDOR);
    const r = stepPush(s, 'x' as Direction);
    expect(r).toEqual({ state: s, events: [], changed: false });
  });

  it('a level without goals is never won', () => {
    expect(pushStatus(start(['#####', '#@$ #', '#####']))).toBe('playing');
  });

  it('every move counts a move; a move that pushes also counts a push', () => {
    const s = start(CORRIDOR);
    const after = play(s, 'rrl');
    expect(after.moves).toBe(3);
    expect(after.pushes).toBe(1);
    const bumped = stepPush(start(CORRIDOR), 'u').state;
    expect(bumped.moves).toBe(0);
  });

  it('never changes its input state; a walk keeps the same boxes array', () => {
    const s = start(CORRIDOR);
    Object.freeze(s);
    Object.freeze(s.boxes);
    const boxes = [...s.boxes];
    const walked = stepPush(s, 'r').state;
    expect(walked.boxes).toBe(s.boxes);
    const pushed = stepPush(walked, 'r').state;
    expect(pushed.boxes).not.toBe(walked.boxes);
    expect([...s.boxes]).toEqual(boxes);
    expect(s.player).toBe(cell(s, 1, 1));
    expect(s.moves).toBe(0);
  });
});

describe('push rules: heavy boxes and push strength', () => {
  const ROW = ['########', '#@$$  .#', '#.######'];
  const HEAVY = ['#######', '#@$  .#', '#######'];

  it('strength 2 pushes two light boxes at once', () => {
    const s = start(ROW, {}, { pushStrength: 2 });
    const r = stepPush(s, 'r');
    expect(r.changed).toBe(true);
    expect(r.state.boxes.map((b) => where(s, b))).toEqual([[3, 1], [4, 1]]);
    expect(r.state.pushes).toBe(1);
    // One push event per box, the front box first.
    expect(r.events.map((e) => e.entity)).toEqual(['player', 'box:1', 'box:0']);
  });

  it('a heavy box cannot be pushed with strength 1', () => {
    const s = start(HEAVY, { heavy: [[2, 1]] });
    expect(stepPush(s, 'r').changed).toBe(false);
  });

  it('strength 2 pushes one heavy box', () => {
    const s = start(HEAVY, { heavy: [[2, 1]] }, { pushStrength: 2 });
    expect(where(s, stepPush(s, 'r').state.boxes[0])).toEqual([3, 1]);
  });

  it('strength 2 cannot push a heavy box and a light box together', () => {
    const s = start(ROW, { heavy: [[2, 1]] }, { pushStrength: 2 });
    expect(stepPush(s, 'r').changed).toBe(false);
    const t = start(ROW, { heavy: [[3, 1]] }, { pushStrength: 2 });
    expect(stepPush(t, 'r').changed).toBe(false);
  });

  it('a strong push still needs a free cell beyond the chain', () => {
    const s = start(['######', '#@$$#.', '#.####'], {}, { pushStrength: 3 });
    expect(stepPush(s, 'r').changed).toBe(false);
  });
});

describe('push view', () => {
  it('draws terrain per cell and the player and boxes as pieces', () => {
    const s = start(['  ####', '###@.#', '#  $*#', '######']);
    const v = viewPush(s);
    expect(v.width).toBe(6);
    expect(v.height).toBe(4);
    expect(v.terrain.slice(0, 6)).toEqual(['outside', 'outside', 'wall', 'wall', 'wall', 'wall']);
    expect(v.terrain[cell(s, 4, 1)]).toBe('goal');
    expect(v.terrain[cell(s, 3, 1)]).toBe('floor');
    expect(v.pieces).toEqual([
      { id: 'box:0', kind: 'box', x: 3, y: 2 },
      { id: 'box:1', kind: 'box', x: 4, y: 2, variant: 'on-goal' },
      { id: 'player', kind: 'player', x: 3, y: 1 },
    ]);
  });

  it('marks heavy boxes, on a goal or not', () => {
    const s = start(['######', '#@$*.#', '######'], { heavy: [[2, 1], [3, 1]] });
    expect(viewPush(s).pieces.filter((p) => p.kind === 'box').map((p) => p.variant)).toEqual(['heavy', 'heavy-on-goal']);
  });

  it('draws ice as terrain and mechanisms as pieces with stable ids', () => {
    const s = start(['########', '#@$  . #', '########'], {
      ice: [[3, 1]],
      buttons: [{ at: [2, 1], link: 'a' }],
      doors: [{ at: [6, 1], link: 'a' }],
      teleporters: [{ a: [1, 1], b: [4, 1] }],
    }, { doors: { pressedBy: 'boxes' } });
    const v = viewPush(s);
    expect(v.terrain[cell(s, 3, 1)]).toBe('ice');
    expect(v.terrain[cell(s, 2, 1)]).toBe('floor');
    const byId = new Map(v.pieces.map((p) => [p.id, p]));
    expect(byId.get(`button:${cell(s, 2, 1)}`)).toMatchObject({ kind: 'button', variant: 'pressed', label: 'a' });
    expect(byId.get(`door:${cell(s, 6, 1)}`)).toMatchObject({ kind: 'door', variant: 'open' });
    expect(byId.get(`teleporter:${cell(s, 1, 1)}`)).toMatchObject({ kind: 'teleporter', label: '1' });
    expect(byId.get(`teleporter:${cell(s, 4, 1)}`)).toMatchObject({ kind: 'teleporter', label: '1' });
    // The box leaves the button: the door closes and the button pops up.
    const off = viewPush(play(s, 'r'));
    const offById = new Map(off.pieces.map((p) => [p.id, p]));
    expect(offById.get(`door:${cell(s, 6, 1)}`)?.variant).toBe('closed');
    expect(offById.get(`button:${cell(s, 2, 1)}`)?.variant).toBe(undefined);
  });

  it('leaves out mechanics the config disables', () => {
    const s = start(['#####', '#@$.#', '#####'], { ice: [[2, 1]], buttons: [{ at: [2, 1], link: 'a' }] }, {
      ice: { enabled: false }, doors: { enabled: false },
    });
    const v = viewPush(s);
    expect(v.terrain[cell(s, 2, 1)]).toBe('floor');
    expect(v.pieces.map((p) => p.kind)).toEqual(['box', 'player']);
  });
});
