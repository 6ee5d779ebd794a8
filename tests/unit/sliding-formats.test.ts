import { describe, expect, it } from 'vitest';
import { Rng } from '../../src-shared/engine/rng.ts';
import type { CollectionReadResult } from '../../src-shared/engine/ruleset.ts';
import { pushJsonFormat } from '../../src-shared/rulesets/push/formats/json.ts';
import { xsbFormat } from '../../src-shared/rulesets/push/formats/xsb.ts';
import { formatFor } from '../../src-shared/rulesets/registry.ts';
import { readSlidingJson, slidingJsonFormat, writeSlidingJson } from '../../src-shared/rulesets/sliding/formats/json.ts';
import { readSlidingText, slidingTextFormat, writeSlidingText } from '../../src-shared/rulesets/sliding/formats/text.ts';
import { validateSlidingLevel } from '../../src-shared/rulesets/sliding/level.ts';
import type { SlidingLevel } from '../../src-shared/rulesets/sliding/schema.ts';

const codes = (r: { diagnostics: readonly { code: string }[] }): string[] => r.diagnostics.map((d) => d.code);

/** Every level kept is schema-valid and every diagnostic well formed. */
function expectSane(r: CollectionReadResult<SlidingLevel>): void {
  for (const level of r.collection.levels) expect(validateSlidingLevel(level).diagnostics).toEqual([]);
  expect(r.levelNumbers).toHaveLength(r.collection.levels.length);
  for (const d of r.diagnostics) {
    expect(d.code).toMatch(/^[a-z]+(\.[a-z-]+)+$/);
    expect(d.message.length).toBeGreaterThan(0);
  }
}

const LEVEL_A: SlidingLevel = { title: 'A', width: 3, height: 3, tiles: [8, 6, 7, 2, 5, 4, 3, 0, 1] };
const LEVEL_B: SlidingLevel = { author: 'me', notes: { par: '57' }, comments: ['Korf 1'], width: 4, height: 4, goal: 'blank-first', tiles: [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3] };

describe('sliding JSON format', () => {
  it('writes a tagged collection that reads back the same, tiles on one line', () => {
    const text = writeSlidingJson({ title: 'Set', comments: ['c'], levels: [LEVEL_A, LEVEL_B] });
    expect(text).toContain('"format": "gridwright.sliding/1"');
    expect(text).toContain('"tiles": [8,6,7,2,5,4,3,0,1]');
    const read = readSlidingJson(text);
    expect(read.diagnostics).toEqual([]);
    expect(read.collection).toEqual({ title: 'Set', comments: ['c'], levels: [LEVEL_A, LEVEL_B] });
    expect(JSON.parse(text)).toBeTruthy();
  });

  it('accepts a bare level, an array of levels, tile lists and boards given as rows', () => {
    expect(readSlidingJson(JSON.stringify(LEVEL_A)).collection.levels).toEqual([LEVEL_A]);
    expect(readSlidingJson(JSON.stringify([LEVEL_A, LEVEL_B])).collection.levels).toHaveLength(2);
    const flat = readSlidingJson('[8,6,7,2,5,4,3,0,1]').collection.levels;
    expect(flat).toEqual([{ width: 3, height: 3, tiles: [8, 6, 7, 2, 5, 4, 3, 0, 1] }]);
    const rows = readSlidingJson('[[1,2,3],[4,0,6],[7,5,8]]').collection.levels;
    expect(rows).toEqual([{ width: 3, height: 3, tiles: [1, 2, 3, 4, 0, 6, 7, 5, 8] }]);
    const many = readSlidingJson('[[1,2,3,0],[8,6,7,2,5,4,3,0,1],[[1,2],[0,3]]]').collection.levels;
    expect(many.map((l) => [l.width, l.height])).toEqual([[2, 2], [3, 3], [2, 2]]);
    const rect = readSlidingJson('{"levels": [{"tiles": [[1,2,3],[4,0,5]]}]}').collection.levels;
    expect(rect).toEqual([{ width: 3, height: 2, tiles: [1, 2, 3, 4, 0, 5] }]);
  });

  it('keeps good levels around bad ones, with the level number and line of each problem', () => {
    const text = ['{"format": "gridwright.sliding/1", "levels": [', '  {"width": 3, "height": 3, "tiles": [8,6,7,2,5,4,3,0,1]},', '  {"width": 9, "height": 3, "tiles": [1]},', '  "text",', '  [1,2,3]', ']}'].join('\n');
    const read = readSlidingJson(text);
    expectSane(read);
    expect(read.collection.levels).toHaveLength(1);
    expect(read.rejected).toBe(3);
    expect(read.levelNumbers).toEqual([1]);
    const levelsAndLines = [...new Set(read.diagnostics.map((d) => `${d.level}@${d.line}`))];
    expect(levelsAndLines).toEqual(['2@3', '3@4', '4@5']);
    expect(read.diagnostics.find((d) => d.level === 2)!.path).toMatch(/^levels\[1\]/);
  });

  it('refuses another kind\'s collection and broken JSON with a diagnostic', () => {
    expect(codes(readSlidingJson('{"format": "gridwright.push/1", "levels": []}'))).toEqual(['json.format']);
    const broken = readSlidingJson('{\n"levels": [1,\n');
    expect(codes(broken)).toEqual(['json.syntax']);
    expect(broken.diagnostics[0].line).toBe(3);
    expect(codes(readSlidingJson('42'))).toEqual(['json.not-levels']);
    expect(codes(readSlidingJson('{"format": "gridwright.sliding/1"}'))).toEqual(['json.levels']);
  });

  it('sniffs its own files surely and leaves push files alone', () => {
    expect(slidingJsonFormat.sniff(writeSlidingJson({ levels: [LEVEL_A] }))).toBe(2);
    expect(slidingJsonFormat.sniff(JSON.stringify([LEVEL_A]))).toBe(2);
    expect(slidingJsonFormat.sniff('[[1,2],[3,0]]')).toBe(2);
    expect(slidingJsonFormat.sniff('{"format": "gridwright.push/1", "levels": []}')).toBe(0);
    expect(slidingJsonFormat.sniff('[{"board": ["#####", "#@$.#", "#####"]}]')).toBe(0);
    expect(slidingJsonFormat.sniff('#####\n#@$.#\n#####')).toBe(0);
    // And push's JSON format does not claim sliding files.
    expect(pushJsonFormat.sniff(writeSlidingJson({ levels: [LEVEL_A] }))).toBe(0);
  });

  it('formatFor picks the sliding kind for sliding .json and .tiles files, push for push files', () => {
    const sliding = writeSlidingJson({ levels: [LEVEL_A] });
    expect(formatFor('set.json', sliding)?.kind.kind).toBe('sliding');
    expect(formatFor('set.json', '[{"width":2,"height":2,"tiles":[1,2,3,0]}]')?.kind.kind).toBe('sliding');
    expect(formatFor('set.json', '{"format":"gridwright.push/1","levels":[]}')?.kind.kind).toBe('push');
    expect(formatFor('set.json', '[{"board":["#####","#@$.#","#####"]}]')?.kind.kind).toBe('push');
    expect(formatFor('set.tiles', '1 2\n3 0\n')?.format.id).toBe('tiles');
    expect(formatFor('set.txt', '#####\n#@$.#\n#####\n')?.kind.kind).toBe('push');
    expect(formatFor('noending', '1 2 3\n4 5 6\n7 8 0\n')?.kind.kind).toBe('sliding');
  });

  it('survives hostile input without throwing', () => {
    const rng = new Rng('sliding-json');
    const alphabet = '[]{},:"0123456789 tileswidthheightgoalformatlevels-.e\n';
    for (let round = 0; round < 300; round++) {
      let text = '';
      const length = rng.int(400);
      for (let i = 0; i < length; i++) text += alphabet[rng.int(alphabet.length)];
      expectSane(readSlidingJson(text));
    }
    const hostile = [
      '[' .repeat(100_000) + ']'.repeat(100_000),
      JSON.stringify({ tiles: new Array(1_000_000).fill(1) }),
      JSON.stringify(new Array(50_000).fill({ width: 2, height: 2, tiles: [1, 2, 3, 0] })),
      JSON.stringify({ levels: [{ width: 1e308, height: -1, tiles: [NaN, 'x', null, [[[]]]] }] }),
      JSON.stringify({ __proto__: { polluted: true }, tiles: [1, 2, 3, 0], width: 2, height: 2 }),
      JSON.stringify({ format: 'gridwright.sliding/1', title: 7, levels: [[[1, 2], [3]]] }),
    ];
    for (const text of hostile) expectSane(readSlidingJson(text));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('sliding text format (.tiles)', () => {
  it('reads boards with their metadata and writes them back', () => {
    const text = ['Title: My set', 'Author: Someone', '; about the set', '', 'Title: One', 'Goal: blank-first', 'Par: 12', '; note', '8 1 3', '4 _ 2', '7 6 5', '', '1 2', '. 3'].join('\n');
    const read = readSlidingText(text);
    expect(read.diagnostics).toEqual([]);
    expect(read.collection.title).toBe('My set');
    expect(read.collection.comments).toEqual(['about the set']);
    expect(read.collection.levels).toEqual([
      { title: 'One', goal: 'blank-first', notes: { Par: '12' }, comments: ['note'], width: 3, height: 3, tiles: [8, 1, 3, 4, 0, 2, 7, 6, 5] },
      { width: 2, height: 2, tiles: [1, 2, 0, 3] },
    ]);
    const again = readSlidingText(writeSlidingText(read.collection));
    expect(again.collection).toEqual(read.collection);
    expect(readSlidingText(writeSlidingText({ levels: [LEVEL_A, LEVEL_B] })).collection.levels).toEqual([LEVEL_A, LEVEL_B]);
  });

  it('keeps a note the text format cannot hold as a Key: value line as a comment, never misreading it', () => {
    const levels: SlidingLevel[] = [
      { width: 2, height: 2, tiles: [1, 2, 3, 0], title: 'A', notes: { Goal: 'easy', '1x': 'y', Level: '3' } },
      { width: 2, height: 2, tiles: [1, 2, 0, 3], title: 'B' },
    ];
    const r = readSlidingText(writeSlidingText({ levels }));
    expect(r.diagnostics).toEqual([]);
    expect(r.collection.levels.map((l) => l.title)).toEqual(['A', 'B']);
    expect(r.collection.levels[0]).toMatchObject({ notes: { Level: '3' }, comments: ['Goal: easy', '1x: y'] });
    expect(r.collection.levels[0].goal).toBeUndefined();
  });

  it('reports ragged rows and stray lines per level, with line numbers, and keeps the rest', () => {
    const read = readSlidingText(['1 2 3', '4 0', '', 'what is this', '1 2', '3 0', '', '2 1', '3 0'].join('\n'));
    expectSane(read);
    expect(read.collection.levels).toEqual([{ width: 2, height: 2, tiles: [2, 1, 3, 0] }]);
    expect(read.diagnostics.map((d) => [d.level, d.line, d.code])).toEqual([
      [1, 2, 'tiles.rows.ragged'],
      [2, 4, 'tiles.line'],
    ]);
  });

  it('sniffs rows of numbers, not XSB or JSON', () => {
    expect(slidingTextFormat.sniff('1 2 3\n4 5 6\n7 8 0')).toBe(2);
    expect(slidingTextFormat.sniff('#####\n#@$.#\n#####')).toBe(0);
    expect(slidingTextFormat.sniff('; 1\n\n  ####\n###  #\n#@$ .#\n######')).toBe(0);
    expect(slidingTextFormat.sniff('[1,2,3,0]')).toBe(0);
    expect(xsbFormat.sniff('1 2 3\n4 5 6\n7 8 0')).toBeLessThan(2);
  });

  it('survives garbage and huge lines', () => {
    const rng = new Rng('sliding-text');
    const alphabet = '0123456789 _.,;:\t\r\n\nTitleGoal#$@';
    for (let round = 0; round < 200; round++) {
      let text = '';
      const length = rng.int(600);
      for (let i = 0; i < length; i++) text += alphabet[rng.int(alphabet.length)];
      expectSane(readSlidingText(text));
    }
    expectSane(readSlidingText('1 '.repeat(2_000_000)));
    expectSane(readSlidingText('1 2\n'.repeat(200_000)));
    expectSane(readSlidingText(`Title: ${'x'.repeat(5_000_000)}\n1 2\n3 0`));
  });
});
