import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { History, play } from '../../src-shared/engine/play/history.ts';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';
import { slidingKind } from '../../src-shared/rulesets/sliding/kind.ts';
import { hintFrom, verifyLevel } from '../../src-shared/verify/verify.ts';

// Everything below goes through the registry and the contract only, as a host does.
const kind = rulesetKind('sliding')!;
const rules: AnyRules = kind.create({}).rules!;
const start = (level: object) => rules.load(level).state!;
const LEVEL = { title: 'Eight', width: 3, height: 3, tiles: [1, 2, 3, 4, 0, 6, 7, 5, 8] };

describe('sliding kind on the ruleset contract', () => {
  it('is registered by name, with its formats and generators', () => {
    expect(kind).toBe(slidingKind);
    expect(kind.objectives).toEqual([{ id: 'moves', sense: 'minimise', unit: 'move', label: 'Moves' }]);
    expect(kind.formats.map((f) => f.id)).toEqual(['json', 'tiles']);
    expect(kind.generators.map((g) => g.id)).toEqual(['sliding-campaign', 'sliding-shuffle']);
  });

  it('has a minimal config whose fingerprint ignores spelled-out defaults', () => {
    expect(kind.configSchema.parse({})).toEqual({});
    expect(kind.create({}).rules!.fingerprint).toBe(kind.create(undefined).rules!.fingerprint);
    expect(rules.fingerprint).toMatch(/^sliding@1:/);
    expect(kind.create(7).diagnostics[0].code).toBe('sliding.config.schema');
  });

  it('publishes a JSON Schema for its level documents', () => {
    const schema = z.toJSONSchema(kind.levelSchema) as { required: string[]; properties: Record<string, unknown> };
    expect(schema.required).toEqual(expect.arrayContaining(['width', 'height', 'tiles']));
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['title', 'author', 'comments', 'notes', 'goal']));
  });

  it('loads hostile documents into diagnostics, never exceptions', () => {
    const inputs: unknown[] = [undefined, null, 7, 'text', [], {}, { tiles: 'abc' }, { width: 6, height: 6, tiles: [] }, { width: 2, height: 2, tiles: [1, 2, 3, 3] }, { tiles: [[1, 2], [3]] }];
    for (const input of inputs) {
      const loaded = rules.load(input);
      expect(loaded.state).toBeUndefined();
      expect(loaded.diagnostics.length).toBeGreaterThan(0);
    }
  });

  it('a blank move slides the neighbouring tile into the blank, with a slide event', () => {
    const s = start(LEVEL);
    const up = rules.step(s, 'u');
    expect(up.changed).toBe(true);
    expect(Array.from(up.state.tiles)).toEqual([1, 0, 3, 4, 2, 6, 7, 5, 8]);
    expect(up.events).toEqual([{ type: 'slide', entity: 'tile:2', from: { x: 1, y: 0 }, to: { x: 1, y: 1 } }]);
    const edge = rules.step(up.state, 'u');
    expect(edge.changed).toBe(false);
    expect(edge.events[0].type).toBe('bump');
  });

  it('is won when every tile is home; a won board refuses moves', () => {
    let s = start(LEVEL);
    s = rules.step(s, 'd').state;
    const last = rules.step(s, 'r');
    expect(last.events.map((e) => e.type)).toEqual(['slide', 'win']);
    expect(rules.status(last.state)).toBe('won');
    expect(rules.step(last.state, 'l').changed).toBe(false);
    const first = start({ width: 2, height: 2, goal: 'blank-first', tiles: [1, 0, 2, 3] });
    expect(rules.status(rules.step(first, 'l').state)).toBe('won');
  });

  it('draws floor and numbered tiles, marking the ones at home; the blank is no piece', () => {
    const view = rules.view(start(LEVEL));
    expect(view.terrain).toEqual(new Array(9).fill('floor'));
    expect(view.pieces).toHaveLength(8);
    expect(view.pieces.find((p) => p.id === 'tile:5')).toEqual({ id: 'tile:5', kind: 'tile', x: 1, y: 2, label: '5' });
    expect(view.pieces.find((p) => p.id === 'tile:1')!.variant).toBe('home');
  });

  it('a click on a tile next to the blank slides it; arrows move the tile the arrow way', () => {
    const s = start(LEVEL); // blank at (1,1)
    expect(rules.commandAt!(s, { x: 1, y: 0 })).toBe('u');
    expect(rules.commandAt!(s, { x: 1, y: 2 })).toBe('d');
    expect(rules.commandAt!(s, { x: 0, y: 1 })).toBe('l');
    expect(rules.commandAt!(s, { x: 2, y: 1 })).toBe('r');
    expect(rules.commandAt!(s, { x: 0, y: 0 })).toBeUndefined();
    expect(rules.commandAt!(s, { x: 1, y: 1 })).toBeUndefined();
    // ArrowUp lifts the tile below the blank: the blank goes down.
    const bound = (key: string) => rules.keyBindings.find((b) => b.key === key)?.command;
    expect(bound('ArrowUp')).toBe('d');
    expect(bound('ArrowLeft')).toBe('r');
    expect(bound('w')).toBe('d');
    const lifted = rules.step(s, rules.decodeCommand(bound('ArrowUp')!)!).state;
    expect(lifted.tiles[4]).toBe(5);
    // The glyph shows the tile's way, so the hint and the key agree.
    expect(rules.commandGlyph('d')).toBe('↑');
    expect(rules.commandGlyph('u')).toBe('↓');
  });

  it('encodes solutions as the blank\'s directions and decodes them, with diagnostics for junk', () => {
    const s = start(LEVEL);
    expect(rules.encodeSolution(s, ['d', 'r'])).toBe('dr');
    expect(rules.decodeSolution('D r\n')).toEqual({ commands: ['d', 'r'], diagnostics: [] });
    expect(rules.decodeSolution('dx').diagnostics[0]).toMatchObject({ code: 'sliding.solution.symbol', column: 2 });
    expect(rules.decodeCommand('up')).toBe('u');
    expect(rules.decodeCommand('north')).toBeUndefined();
    // Names of Object members are no commands, and a step given one changes nothing.
    for (const word of ['constructor', '__proto__', 'toString', 'valueOf']) {
      expect(rules.decodeCommand(word)).toBeUndefined();
      expect(rules.step(s, word as never).changed).toBe(false);
    }
  });

  it('key ignores the move counter; canonical keeps it', () => {
    const s = start(LEVEL);
    const back = rules.step(rules.step(s, 'u').state, 'd').state;
    expect(rules.key(back)).toBe(rules.key(s));
    expect(rules.canonical(back)).not.toBe(rules.canonical(s));
  });

  it('a state saved as a level loads back to the same position', () => {
    const moved = rules.step(start(LEVEL), 'l').state;
    const saved = rules.serialize(moved, { title: 'Saved' }) as { title: string; tiles: number[]; goal: string };
    expect(saved).toMatchObject({ title: 'Saved', width: 3, height: 3, goal: 'blank-last', tiles: [1, 2, 3, 0, 4, 6, 7, 5, 8] });
    expect(rules.key(rules.load(saved).state)).toBe(rules.key(moved));
  });

  it('verifies through the generic verification: par, solution, metrics', () => {
    const record = verifyLevel(rules, LEVEL);
    expect(record).toMatchObject({ kind: 'sliding', status: 'solved', optimal: true, par: 2, solution: 'dr', solver: 'sliding-table/1', value: 2, objective: 'moves' });
    expect(record.metrics).toMatchObject({ width: 3, height: 3, inversions: 2, manhattan: 2, linearConflictBound: 2, par: 2 });
    const invalid = verifyLevel(rules, { width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 8, 7, 0] });
    expect(invalid.status).toBe('invalid');
    expect(invalid.diagnostics[0].code).toBe('sliding.unsolvable');
  });

  it('plays with undo and a hint from the current position', () => {
    const history = new History(start({ width: 3, height: 3, tiles: [4, 1, 3, 7, 2, 6, 0, 5, 8] }));
    const hint = hintFrom(rules, history.state);
    expect(hint).toMatchObject({ status: 'solved', command: 'u', distance: 6, optimal: true });
    play(rules, history, 'r');
    expect(hintFrom(rules, history.state).distance).toBe(7);
    history.undo();
    expect(hintFrom(rules, history.state).distance).toBe(6);
  });

  it('the lower bound is admissible: never above the solver\'s par', () => {
    for (const tiles of [[8, 6, 7, 2, 5, 4, 3, 0, 1], [4, 1, 3, 7, 2, 6, 0, 5, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8]]) {
      const s = start({ width: 3, height: 3, tiles });
      expect(rules.lowerBound!(s)).toBeLessThanOrEqual(rules.solve!(s, {}).solution!.length);
    }
  });
});
