import { describe, expect, it } from 'vitest';
import { kindJsonSchemas } from '../../src-shared/engine/text/json-schemas.ts';
import { allKinds } from '../../src-shared/rulesets/registry.ts';
import { z } from 'zod';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';
import { microbanLevels, microbanState, pushRules } from '../support/microban.ts';

describe('push kind on the ruleset contract', () => {
  it('is registered by name', () => {
    expect(rulesetKind('push')).toBe(pushKind);
    expect(rulesetKind('toString')).toBeUndefined();
  });

  it('warns of settings it does not know (a typo would otherwise leave the default in force), naming the likely one', () => {
    const { rules, diagnostics } = pushKind.create({ pushstrength: 3, ice: { enabled: true, boxSlide: true } });
    expect(rules).toBeDefined();
    expect(diagnostics).toMatchObject([
      { severity: 'warning', code: 'push.config.unknown', path: 'pushstrength' },
      { severity: 'warning', code: 'push.config.unknown', path: 'ice.boxSlide' },
    ]);
    expect(diagnostics[0].message).toContain("did you mean 'pushStrength'");
    expect(pushKind.create({ pushStrength: 2, ice: { enabled: false } }).diagnostics).toEqual([]);
  });

  it('refuses an invalid config with diagnostics instead of throwing', () => {
    const { rules, diagnostics } = pushKind.create({ pushStrength: 0, doors: { opensWhen: 'sometimes' } });
    expect(rules).toBeUndefined();
    expect(diagnostics.map((d) => d.path)).toEqual(expect.arrayContaining(['pushStrength', 'doors.opensWhen']));
  });

  it('publishes JSON Schemas for its config and level documents', () => {
    const config = z.toJSONSchema(pushKind.configSchema) as { properties: Record<string, unknown> };
    const level = z.toJSONSchema(pushKind.levelSchema) as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(config.properties)).toEqual(expect.arrayContaining(['pushStrength', 'ice', 'doors', 'teleporters']));
    expect(level.required).toContain('board');
    // As input documents: a config may leave out every field (each has a default).
    const schemas = kindJsonSchemas(pushKind);
    expect(schemas.config.required ?? []).toEqual([]);
    expect((schemas.config.properties as Record<string, { default?: unknown }>).pushStrength.default).toBe(1);
    expect(schemas.level.required).toEqual(['board']);
    // Every kind's documents have one.
    for (const kind of allKinds()) {
      const { config, level } = kindJsonSchemas(kind);
      expect(config.type, kind.kind).toBe('object');
      expect(level.type, kind.kind).toBe('object');
    }
  });

  it('every setting of every kind\'s rules config says what it changes in play (the rule inspector\'s hover text)', () => {
    const undescribed: string[] = [];
    const walk = (schema: Record<string, unknown>, path: string): void => {
      if (typeof schema.description !== 'string' || schema.description.length < 20) undescribed.push(path);
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [name, child] of Object.entries(properties)) walk(child, path ? `${path}.${name}` : name);
    };
    for (const kind of allKinds()) walk(kindJsonSchemas(kind).config, kind.kind);
    expect(undescribed).toEqual([]);
  });

  it('loads hostile documents into diagnostics, never exceptions', () => {
    const inputs: unknown[] = [undefined, null, 7, 'text', [], {}, { board: [1, 2] }, { board: ['#'.repeat(5000)] }, { board: ['#@#'], ice: [[-1, 0]] }];
    for (const input of inputs) {
      const loaded = pushRules.load(input);
      expect(loaded.state).toBeUndefined();
      expect(loaded.diagnostics.length).toBeGreaterThan(0);
    }
  });

  it('a state saved as a level loads back to the same position', () => {
    let state = microbanState(7);
    for (const dir of ['l', 'l', 'u'] as const) state = pushRules.step(state, dir).state;
    const saved = pushRules.serialize(state, { title: 'Saved' });
    expect(saved.title).toBe('Saved');
    const loaded = pushRules.load(saved).state!;
    expect(pushRules.key(loaded)).toBe(pushRules.key(state));
  });

  it('keeps mechanics when saving a state', () => {
    const level = {
      board: ['#######', '#@ $ .#', '#     #', '#######'],
      ice: [[2, 2]] as [number, number][],
      buttons: [{ at: [3, 2] as [number, number], link: 'A' }],
      doors: [{ at: [4, 2] as [number, number], link: 'A' }],
      teleporters: [{ a: [1, 2] as [number, number], b: [5, 2] as [number, number] }],
      heavy: [[3, 1]] as [number, number][],
    };
    const state = pushRules.load(level).state!;
    const saved = pushRules.serialize(state);
    expect(saved).toMatchObject({ ice: level.ice, buttons: level.buttons, doors: level.doors, teleporters: level.teleporters, heavy: level.heavy });
  });

  it('a saved position keeps the board width: an open right edge and mechanisms there stay', () => {
    const open = pushRules.load({ board: ['#.$  ', '#@   '] }).state!;
    const saved = pushRules.serialize(open);
    expect(saved.board).toEqual(['#.$  ', '#@']);
    expect(pushRules.key(pushRules.load(saved).state!)).toBe(pushRules.key(open));
    const iced = pushRules.load({ board: ['#####  ', '#@$.#', '#####'], ice: [[6, 0]] }).state!;
    expect(pushRules.load(pushRules.serialize(iced)).state).toBeDefined();
  });

  it('decodes no command from the names of Object members', () => {
    for (const word of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) expect(pushRules.decodeCommand(word)).toBeUndefined();
  });

  it('the search key ignores which box is which, and the move counters', () => {
    const a = pushRules.load({ board: ['#######', '#@$ $.#', '#    .#', '#######'] }).state!;
    const swapped = { ...a, boxes: [...a.boxes].reverse(), moves: 9 };
    expect(pushRules.key(swapped)).toBe(pushRules.key(a));
    expect(pushRules.canonical(swapped)).not.toBe(pushRules.canonical(a));
  });

  it('decodes commands by letter or word and encodes pushes in upper case', () => {
    expect(pushRules.decodeCommand('U')).toBe('u');
    expect(pushRules.decodeCommand('left')).toBe('l');
    expect(pushRules.decodeCommand('x')).toBeUndefined();
    const start = microbanState(2);
    const decoded = pushRules.decodeSolution('rddlruulduullddr');
    expect(pushRules.encodeSolution(start, decoded.commands!)).toBe('rddLruulDuullddR');
    expect(pushRules.decodeSolution('rdq').diagnostics[0].code).toBe('lurd.symbol');
  });

  it('draws a board view with terrain and pieces', () => {
    const view = pushRules.view(pushRules.load(microbanLevels()[0]).state!);
    expect(view.width).toBe(6);
    expect(view.terrain.filter((t) => t === 'goal')).toHaveLength(2);
    expect(view.pieces.filter((p) => p.kind === 'box')).toHaveLength(2);
    expect(view.pieces.find((p) => p.kind === 'player')).toMatchObject({ x: 2, y: 3 });
  });

  it('its lower bound is admissible: never above the optimal remaining moves', () => {
    const state = microbanState(5);
    expect(pushRules.lowerBound!(state)).toBeLessThanOrEqual(25);
    expect(pushRules.lowerBound!(state)).toBeGreaterThan(0);
  });
});
