import { describe, expect, it } from 'vitest';
import { Rng } from '../../src-shared/engine/rng.ts';
import { validatePushLevel } from '../../src-shared/rulesets/push/board.ts';
import { readPushJson } from '../../src-shared/rulesets/push/formats/json.ts';
import { MAX_LURD_MOVES, parseLurd } from '../../src-shared/rulesets/push/formats/lurd.ts';
import { readXsb, writeXsb } from '../../src-shared/rulesets/push/formats/xsb.ts';
import type { CollectionReadResult } from '../../src-shared/engine/ruleset.ts';
import { jsonErrorOffset } from '../../src-shared/engine/text/json-text.ts';
import type { PushLevel } from '../../src-shared/rulesets/push/schema.ts';

const codes = (r: { diagnostics: readonly { code: string }[] }): string[] => r.diagnostics.map((d) => d.code);
const GOOD = '#####\n#@$.#\n#####';

/** Every level kept must be a valid PushLevel and every diagnostic well formed. */
function expectSane(r: CollectionReadResult<PushLevel>): void {
  for (const level of r.collection.levels) expect(validatePushLevel(level).diagnostics).toEqual([]);
  // Every level found has a place in the text; a kept board has a line for each of its rows.
  if (r.found) {
    expect(r.found.length).toBe(r.collection.levels.length + r.rejected);
    r.collection.levels.forEach((level, i) => {
      const rows = r.found![r.levelNumbers[i] - 1].rowLines;
      if (rows) expect(rows.length).toBe(level.board.length);
    });
  }
  for (const d of r.diagnostics) {
    expect(d.code).toMatch(/^[a-z]+(\.[a-z-]+)+$/);
    expect(d.message.length).toBeGreaterThan(0);
    expect(['error', 'warning', 'info']).toContain(d.severity);
  }
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
}

describe('XSB: hostile input', () => {
  it('survives seeded random garbage bytes', () => {
    const rng = new Rng('xsb-garbage');
    const alphabet = '#  .$*@+-_|0123456789;:\t\r\n\n\n\u0000\uFEFF\uD800Comment:Title-End';
    for (let round = 0; round < 200; round++) {
      let text = '';
      const length = rng.int(2000);
      for (let i = 0; i < length; i++) text += rng.int(4) === 0 ? String.fromCharCode(rng.int(256)) : alphabet[rng.int(alphabet.length)];
      const r = readXsb(text);
      expectSane(r);
      // Whatever was kept survives the canonical writer.
      const again = readXsb(writeXsb(r.collection));
      expect(again.collection.levels.map((l) => l.board)).toEqual(r.collection.levels.map((l) => l.board));
    }
  });

  it('handles a 10 MB single line with one refusal (its time is printed by `npm run bench -- fuzz`)', () => {
    const walls = timed(() => readXsb('#'.repeat(10_000_000)));
    expect(codes(walls.value)).toEqual(['xsb.row.too-long']);
    expect(walls.value.rejected).toBe(1);
    const garbage = timed(() => readXsb('x'.repeat(5_000_000) + ' '.repeat(5_000_000) + 'y'));
    expect(codes(garbage.value)).toContain('xsb.no-levels');
    const spaces = timed(() => readXsb(`a${' '.repeat(10_000_000)}:`));
    expect(codes(spaces.value)).toContain('xsb.no-levels');
    const rle = timed(() => readXsb('9#|'.repeat(3_400_000)));
    expect(codes(rle.value)).toEqual(['xsb.board.too-tall']);
  });

  it('keeps good levels around garbled and unclosed ones, with line numbers for the bad', () => {
    const text = [
      '; 1', '', GOOD, '',
      '; 2', '', '#####', '#@$x#', '#', '', // garbled row
      '; 3', '', GOOD, 'Comment:', 'never closed', '',
      '; 4', '', '#####', '#@\u0000.#', '#####', '',
      '; 5', '', GOOD, '',
    ].join('\n');
    const r = readXsb(text);
    expectSane(r);
    expect(r.collection.levels.map((l) => l.title)).toEqual(['1', '3', '5']);
    expect(r.rejected).toBe(2);
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toMatchObject([
      { code: 'xsb.board.symbol', level: 2, line: 10, column: 4 },
      { code: 'xsb.board.symbol', level: 4, line: 24, column: 3 },
    ]);
    expect(errors[1].message).toContain('U+0000');
    expect(r.diagnostics.find((d) => d.code === 'xsb.comment.unclosed')?.line).toBe(18);
  });

  it('reports unknown symbols inside a board block, even a garbled first row', () => {
    const r = readXsb('#x###\n#@$.#\n#####\n');
    expect(r.diagnostics).toMatchObject([{ code: 'xsb.board.symbol', line: 1, column: 2, cell: { x: 1, y: 0 } }]);
  });

  it('reports a board garbled on every row as a bad level, so later levels keep their numbers', () => {
    const r = readXsb(['; A', GOOD, '', '; B', '#x###', '#@$x#', '#x###', '', '; C', GOOD, '', '# a remark', '# and another one'].join('\n'));
    expect(r.collection.levels.map((l) => l.title)).toEqual(['A', 'C']);
    expect(r.levelNumbers).toEqual([1, 3]);
    expect(r.rejected).toBe(1);
    expect(r.diagnostics.map((d) => [d.code, d.level, d.line])).toEqual([
      ['xsb.board.symbol', 2, 7],
      ['xsb.board.symbol', 2, 8],
      ['xsb.board.symbol', 2, 9],
    ]);
    // Where each level found is, and its title (a rejected one's too).
    expect(r.found?.map((f) => [f.line, f.title])).toEqual([
      [2, 'A'],
      [7, 'B'],
      [12, 'C'],
    ]);
  });

  it('reads a banner of # and words as text, not as a garbled board', () => {
    const r = readXsb(['######## v2.0 ########', '######## by X ########', '', '; A', GOOD].join('\n'));
    expect(r.diagnostics).toEqual([]);
    expect(r.levelNumbers).toEqual([1]);
    expect(r.collection.levels[0].title).toBe('A');
  });

  it('gives the line of every board row, run-length rows and blank inner rows included', () => {
    const r = readXsb('; T\n#####\n#@$.#|#####\n\n');
    expect(r.found?.[0].rowLines).toEqual([2, 3, 3]);
    const gap = readXsb('; T\n####\n#@$.#\n-\n#####\n');
    expect(gap.found?.[0].rowLines).toEqual([2, 3, 4, 5]);
  });

  it('reads a line starting with # away from any board as text, not as a board', () => {
    const r = readXsb('# My levels\n\n' + GOOD + '\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.collection.levels[0].title).toBe('# My levels');
  });

  it('reads 10,000 levels, every title in place', () => {
    const make = (n: number): string => Array.from({ length: n }, (_, i) => `; ${i + 1}\n\n${GOOD}\n`).join('\n');
    const large = timed(() => readXsb(make(10_000)));
    expect(large.value.collection.levels).toHaveLength(10_000);
    expect(large.value.collection.levels[9999].title).toBe('10000');
    expect(large.value.diagnostics).toEqual([]);
  });

  it('caps run-length bombs instead of expanding them', () => {
    const wide = timed(() => readXsb('999999999#\n#@$.#\n#####\n'));
    expect(codes(wide.value)).toEqual(['xsb.row.too-long']);
    const floor = readXsb('#999999999 \n#@$.#\n#####\n');
    expect(floor.diagnostics).toEqual([]);
    expect(floor.collection.levels[0].board[0]).toBe('#');
    const huge = readXsb('99999999999999999999999999999999#\n');
    expect(codes(huge)).toEqual(['xsb.row.too-long']);
    const tall = readXsb('#|'.repeat(200));
    expect(codes(tall)).toEqual(['xsb.board.too-tall']);
    expect(readXsb('#12\n').diagnostics[0]?.code).toBe('xsb.board.rle');
  });

  it('caps the number of diagnostics for a flood of bad levels', () => {
    const r = readXsb(Array.from({ length: 5000 }, () => '###\n#x#').join('\n\n'));
    expect(r.rejected).toBe(5000);
    expect(r.diagnostics.length).toBeLessThanOrEqual(1001);
    expect(r.diagnostics.at(-1)?.code).toBe('xsb.diagnostics.truncated');
  });
});

describe('LURD: hostile input', () => {
  it('refuses run-length bombs without expanding them', () => {
    const bomb = timed(() => parseLurd('999999999(999999999(999999999l))'));
    expect(codes(bomb.value)).toEqual(['lurd.too-long']);
    expect(codes(parseLurd(`${MAX_LURD_MOVES + 1}r`))).toEqual(['lurd.too-long']);
    // Passed at the 'r' after the count: column 4 plus the count's digits.
    expect(parseLurd(`rr\nlu ${MAX_LURD_MOVES}r`).diagnostics[0]).toMatchObject({ code: 'lurd.too-long', line: 2, column: 4 + String(MAX_LURD_MOVES).length });
    expect(parseLurd(`${MAX_LURD_MOVES}r`).moves).toHaveLength(MAX_LURD_MOVES);
  });

  it('does no work for empty groups repeated many times', () => {
    const r = timed(() => parseLurd(`999999999(${'999999999()'.repeat(10_000)}l)`));
    expect(codes(r.value)).toEqual(['lurd.too-long']);
    const empty = timed(() => parseLurd('999999999(999999999(999999999()))'));
    expect(empty.value.moves).toEqual([]);
  });

  it('refuses deep nesting and caps the list of unknown characters', () => {
    expect(codes(parseLurd(`${'('.repeat(100_000)}l${')'.repeat(100_000)}`))).toEqual(['lurd.nesting']);
    const garbage = parseLurd('x'.repeat(1_000_000));
    expect(garbage.diagnostics.length).toBeLessThanOrEqual(20);
  });
});

describe('JSON: hostile input', () => {
  it('survives seeded random garbage and deep nesting', () => {
    const rng = new Rng('json-garbage');
    const alphabet = '{}[]",:0123456789 \n"board""#@$."levels"truefalsenull\\';
    for (let round = 0; round < 300; round++) {
      let text = '';
      const length = rng.int(300);
      for (let i = 0; i < length; i++) text += alphabet[rng.int(alphabet.length)];
      expectSane(readPushJson(text));
    }
    expectSane(readPushJson('['.repeat(200_000)));
    expectSane(readPushJson(`${'['.repeat(5000)}${']'.repeat(5000)}`));
  });

  it('gives the problems of a lone level the line it starts on, and names every level found', () => {
    const r = readPushJson('\n{"title": "lone", "board": ["#@$.#"], "ice": [[1e308, 1]]}');
    expect(r.rejected).toBe(1);
    for (const d of r.diagnostics) expect(d.line).toBe(2);
    expect(r.found).toEqual([{ line: 2, title: 'lone' }]);
    const list = readPushJson('[\n{"title": "a", "board": ["#####", "#@$.#", "#####"]},\n{"title": "b", "board": [1]}\n]');
    expect(list.found).toEqual([
      { line: 2, title: 'a' },
      { line: 3, title: 'b' },
    ]);
  });

  it('lists a bounded number of problems for many bad levels', () => {
    const r = timed(() => readPushJson(`[${Array.from({ length: 50_000 }, () => '{"board":[1]}').join(',')}]`));
    expect(r.value.rejected).toBe(50_000);
    expect(r.value.diagnostics.length).toBe(1001);
    expect(r.value.diagnostics[0]).toMatchObject({ level: 1, line: 1, path: '[0].board[0]' });
  });

  it('finds where JSON goes wrong exactly when JSON.parse refuses it (seeded random texts)', () => {
    const rng = new Rng('json-offset');
    const alphabet = '{}[]",:0123456789 -.eE\ntruefalsenull\\"ab';
    for (let round = 0; round < 20_000; round++) {
      let text = '';
      const length = rng.int(14);
      for (let i = 0; i < length; i++) text += alphabet[rng.int(alphabet.length)];
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      const offset = jsonErrorOffset(text);
      expect(offset === -1, JSON.stringify(text)).toBe(valid);
      if (!valid) expect(offset).toBeLessThanOrEqual(text.length);
    }
    expect(jsonErrorOffset('['.repeat(1_000_000))).toBe(1_000_000);
  });

  it('reports a document that is not a level', () => {
    expect(codes(readPushJson('42'))).toEqual(['json.not-levels']);
    expect(readPushJson('\n\n  42').diagnostics[0].line).toBe(3);
    // Syntax errors whose engine message names no position still get a line and column.
    expect(readPushJson('[\n{"board": ["#@$.#"]},\n]').diagnostics[0]).toMatchObject({ code: 'json.syntax', line: 3, column: 1 });
    expect(readPushJson('{"board":}').diagnostics[0]).toMatchObject({ code: 'json.syntax', line: 1, column: 10 });
    // The file's own text may say "position 5"; the place is still the real one.
    expect(readPushJson('["position 5",\n\n ]').diagnostics[0]).toMatchObject({ line: 3, column: 2 });
    // A broken literal is faulted where it goes wrong, and at the end when the text runs out.
    expect(jsonErrorOffset('[tru]')).toBe(4);
    expect(jsonErrorOffset('tru')).toBe(3);
    expect(jsonErrorOffset('"ab\\')).toBe(4);
    expect(codes(readPushJson(''))).toEqual(['json.syntax']);
  });
});
