import { describe, expect, it } from 'vitest';
import { canonicalJson, levelContentHash, rulesFingerprint } from '../../src-shared/engine/fingerprint.ts';
import { History, play } from '../../src-shared/engine/play/history.ts';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanLevels, microbanState, pushRules } from '../support/microban.ts';

describe('rules fingerprint', () => {
  it('canonical JSON sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('is the same for an empty config and the explicit defaults', () => {
    const a = pushKind.create({}).rules!.fingerprint;
    const b = pushKind.create(pushKind.configSchema.parse({})).rules!.fingerprint;
    expect(a).toBe(b);
    expect(a).toMatch(/^push@1:[0-9a-f]{24}$/);
  });

  it('changes with any rule setting, the rules version or the kind', () => {
    const base = pushKind.create({}).rules!.fingerprint;
    expect(pushKind.create({ pushStrength: 2 }).rules!.fingerprint).not.toBe(base);
    expect(pushKind.create({ doors: { opensWhen: 'any' } }).rules!.fingerprint).not.toBe(base);
    const config = pushKind.configSchema.parse({});
    expect(rulesFingerprint('push', 2, config)).not.toBe(base);
    expect(rulesFingerprint('maze', 1, config)).not.toBe(base);
  });

  it('a level content hash ignores title, author, comments and notes but not the board', () => {
    const level = microbanLevels()[0];
    const renamed = { ...level, title: 'Renamed', author: 'Someone', comments: ['x'], notes: { k: 'v' } };
    expect(levelContentHash('push', renamed)).toBe(levelContentHash('push', level));
    const moved = { ...level, board: level.board.map((row, y) => (y === 4 ? row.replace('$', ' ') : row)) };
    expect(levelContentHash('push', moved)).not.toBe(levelContentHash('push', level));
  });
});

describe('history: undo, redo, restart', () => {
  it('undo and redo walk the recorded states and commands', () => {
    const history = new History(microbanState(1));
    for (const dir of ['d', 'l', 'u'] as const) play(pushRules, history, dir);
    expect(history.commands).toEqual(['d', 'l', 'u']);
    const afterThree = history.state;
    history.undo();
    history.undo();
    expect(history.commands).toEqual(['d']);
    expect(history.canRedo).toBe(true);
    history.redo();
    history.redo();
    expect(history.state).toBe(afterThree);
  });

  it('a new command after undo drops the redo line', () => {
    const history = new History(microbanState(1));
    play(pushRules, history, 'd');
    play(pushRules, history, 'l');
    history.undo();
    play(pushRules, history, 'r');
    expect(history.commands).toEqual(['d', 'r']);
    expect(history.canRedo).toBe(false);
  });

  it('a refused command is journaled but does not become a step', () => {
    const history = new History(microbanState(1));
    const result = play(pushRules, history, 'l'); // the box on its goal is against the wall
    expect(result.changed).toBe(false);
    expect(history.length).toBe(0);
    expect(history.journal).toEqual([{ type: 'command', command: 'l' }]);
  });

  it('restart returns to the start and keeps the way back on the redo line', () => {
    const history = new History(microbanState(1));
    play(pushRules, history, 'd');
    play(pushRules, history, 'l');
    const end = history.state;
    expect(history.restart()).toBe(history.initial);
    history.redo();
    history.redo();
    expect(history.state).toBe(end);
    expect(history.journal.map((e) => e.type)).toEqual(['command', 'command', 'restart', 'redo', 'redo']);
  });

  it('counts undos and hints for scoring; undo does not take a hint back', () => {
    const history = new History(microbanState(1));
    history.recordHint('d');
    play(pushRules, history, 'd');
    history.undo();
    expect(history.undoCount).toBe(1);
    expect(history.hintCount).toBe(1);
    // An undo with nothing to undo is no undo.
    history.undo();
    expect(history.undoCount).toBe(1);
  });

  it('a hint asked again from the same position is the same hint: counted and journaled once', () => {
    const history = new History(microbanState(1));
    for (let i = 0; i < 4; i++) history.recordHint('d');
    expect(history.hintCount).toBe(1);
    expect(history.journal.filter((e) => e.type === 'hint')).toHaveLength(1);
    // Back at the start by undo or restart: still the same position, still the same hint.
    play(pushRules, history, 'd');
    history.undo();
    expect(history.recordHint('d')).toBe(false);
    play(pushRules, history, 'd');
    history.restart();
    expect(history.recordHint('d')).toBe(false);
    // A new position is a new hint.
    history.redo();
    expect(history.recordHint('l')).toBe(true);
    expect(history.hintCount).toBe(2);
  });

  it('hands out a copy of its journal, which cannot change the history', () => {
    const history = new History(microbanState(1));
    play(pushRules, history, 'd');
    const journal = history.journal as unknown as unknown[];
    journal.length = 0;
    expect(history.journal).toEqual([{ type: 'command', command: 'd' }]);
  });
});

describe('replay', () => {
  const optimal = readMicrobanOptimal();

  it('is deterministic: the same commands give the same state hash at every step', () => {
    const commands = pushRules.decodeSolution(optimal[2].moveOptimalLurd!).commands!;
    const a = replay(pushRules, microbanState(3), commands);
    const b = replay(pushRules, microbanState(3), commands);
    expect(a.frames.map((f) => f.hash)).toEqual(b.frames.map((f) => f.hash));
    expect(new Set(a.frames.map((f) => f.hash)).size).toBe(a.frames.length);
    expect(a.status).toBe('won');
    expect(a.frames).toHaveLength(commands.length + 1);
  });

  it('keeps pinned hashes so a rules change that alters play is caught', () => {
    const commands = pushRules.decodeSolution(optimal[0].moveOptimalLurd!).commands!;
    const frames = replay(pushRules, microbanState(1), commands).frames;
    expect([frames[0].hash, frames[frames.length - 1].hash]).toMatchSnapshot();
  });

  it('every recorded optimal solution in the table replays to a win with its move and push counts', () => {
    const levels = microbanLevels();
    let checked = 0;
    for (const row of optimal) {
      if (!row.moveOptimalLurd) continue;
      const start = pushRules.load(levels[row.level - 1]).state!;
      const result = replay(pushRules, start, pushRules.decodeSolution(row.moveOptimalLurd).commands!);
      expect(result.status, `level ${row.level}`).toBe('won');
      expect(result.firstRefused).toBeUndefined();
      expect(result.final.moves).toBe(row.moves);
      expect(result.final.pushes).toBe(row.pushesOfMoveOptimal);
      expect(pushRules.encodeSolution(start, pushRules.decodeSolution(row.moveOptimalLurd).commands!)).toBe(row.moveOptimalLurd);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(145);
  });

  it('reports the first command the rules refused', () => {
    const result = replay(pushRules, microbanState(1), ['d', 'r', 'r', 'r', 'r']);
    expect(result.firstRefused).toBeDefined();
  });
});
