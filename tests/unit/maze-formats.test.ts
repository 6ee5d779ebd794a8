/** The maze's text (.maze) and JSON formats: round trips, problems with their lines, sniffing. */
import { describe, expect, it } from 'vitest';
import { formatFor } from '../../src-shared/rulesets/registry.ts';
import { mazeJsonFormat, mazeTextFormat, readMazeJson, readMazeText, writeMazeJson, writeMazeText } from '../../src-shared/rulesets/maze/formats/index.ts';
import { LEGEND } from '../../src-shared/rulesets/maze/schema.ts';
import type { MazeLevel } from '../../src-shared/rulesets/maze/schema.ts';
import { mazeKind } from '../../src-shared/rulesets/maze/kind.ts';
import { mazeRules } from '../support/maze.ts';
import { MAZE_JSON_SEED, MAZE_TEXT_SEED, TILES_SEED, XSB_SEED } from '../support/hostile-files.ts';

const levels: MazeLevel[] = [
  { title: 'Keys', author: 'A. Maker', par: 6, comments: ['first', 'second'], notes: { Zone: 'east' }, chapter: 2, rows: ['#######', '#@.k.D#', '#####X#'] },
  { rows: ['##########', '#@^~x-%bfX', '#_oG+gtLh#', '##########'] },
];

describe('maze text format', () => {
  it('writes a collection that reads back the same', () => {
    const text = writeMazeText({ title: 'Halls', levels });
    expect(text).toContain('Par: 6\nChapter: 2\n#######\n#@.k.D#');
    const read = readMazeText(text);
    expect(read.diagnostics).toEqual([]);
    expect(read.collection).toEqual({ title: 'Halls', levels });
  });

  it('every legend character reads as a cell, one character each', () => {
    const row = LEGEND.map((e) => e.char).join('');
    const read = readMazeText(`${row}\n${row}\n${row}\n`);
    expect(read.collection.levels[0].rows).toEqual([row, row, row]);
  });

  it('keeps good mazes around bad ones, with the level number and line of each problem', () => {
    const text = ['#####', '#@.X#', '#####', '', '#####', '#@.X', '#####', '', 'Par: many', '#####', '#@.X#', '#####', '', '#####', '#@?X#', '#####'].join('\n');
    const read = readMazeText(text);
    expect(read.collection.levels).toHaveLength(1);
    expect(read.rejected).toBe(3);
    expect(read.levelNumbers).toEqual([1]);
    expect(read.diagnostics.map((d) => [d.code, d.level, d.line])).toEqual([
      ['maze.text.rows.ragged', 2, 6],
      ['maze.text.par', 3, 9],
      ['maze.text.line', 4, 15],
      ['maze.text.rows.split', 4, 16],
    ]);
  });

  it('reads hostile text into diagnostics, never exceptions, in linear time', () => {
    for (const text of ['', '\uFEFF', '#'.repeat(100_000), '@X\n'.repeat(5000), ':;:;', '\u0000\u0001', 'Title: x\n'.repeat(1000), '#@X\n#.#\n#.#\n'.repeat(2000)]) {
      const read = readMazeText(text);
      expect(read.collection.levels.length + read.rejected).toBe(read.found?.length ?? 0);
      expect(read.diagnostics.length).toBeLessThanOrEqual(1001);
    }
  });

  it('sniffs its own files surely and leaves push and sliding text alone', () => {
    expect(mazeTextFormat.sniff(MAZE_TEXT_SEED)).toBe(2);
    expect(mazeTextFormat.sniff(XSB_SEED)).toBe(0);
    expect(mazeTextFormat.sniff(TILES_SEED)).toBe(0);
    expect(mazeTextFormat.sniff(MAZE_JSON_SEED)).toBe(0);
    expect(formatFor('halls.maze', MAZE_TEXT_SEED)?.kind.kind).toBe('maze');
  });
});

describe('maze JSON format', () => {
  it('writes a tagged collection, rows one per line, that reads back the same', () => {
    const text = writeMazeJson({ title: 'Halls', levels });
    expect(text).toContain('"format": "gridwright.maze/1"');
    expect(text).toContain('        "#@.k.D#",\n');
    const read = readMazeJson(text);
    expect(read.diagnostics).toEqual([]);
    expect(read.collection).toEqual({ title: 'Halls', levels });
  });

  it('accepts a bare level and an array of levels; refuses bad rows with the level and path', () => {
    expect(readMazeJson(JSON.stringify(levels[0])).collection.levels).toEqual([levels[0]]);
    expect(readMazeJson(JSON.stringify(levels)).collection.levels).toEqual(levels);
    const read = readMazeJson(JSON.stringify([levels[0], { rows: ['###', '#@?', '###'] }, { rows: 'nope' }, { rows: ['#@X', '#.#', '###'], par: -3 }]));
    expect(read.collection.levels).toHaveLength(1);
    expect(read.rejected).toBe(3);
    expect(read.diagnostics.every((d) => d.severity === 'error' && d.level !== undefined && d.line !== undefined)).toBe(true);
  });

  it('sniffs tagged and untagged maze JSON surely, and is chosen over the other kinds for .json', () => {
    expect(mazeJsonFormat.sniff(MAZE_JSON_SEED)).toBe(2);
    expect(mazeJsonFormat.sniff(JSON.stringify(levels[1]))).toBe(2);
    expect(mazeJsonFormat.sniff('{"format": "gridwright.push/1", "rows": []}')).toBe(0);
    expect(mazeJsonFormat.sniff('{"board": ["#@$.#"]}')).toBe(0);
    expect(formatFor('halls.json', MAZE_JSON_SEED)?.kind.kind).toBe('maze');
    expect(formatFor('halls.json', JSON.stringify(levels[1]))?.kind.kind).toBe('maze');
    expect(formatFor('p.json', '{"board": ["#####", "#@$.#", "#####"]}')?.kind.kind).toBe('push');
  });
});

describe('maze editing', () => {
  it('a maze goes to the editor grid and back unchanged but for its par, and a blank room is walls round floor', () => {
    const editing = mazeRules().editing!;
    const grid = editing.toGrid(levels[1]);
    expect(grid.cells[10 + 1]).toEqual({ item: { id: 'player' } });
    expect(editing.fromGrid(grid, levels[1])).toEqual(levels[1]);
    const { par: _par, ...unproven } = levels[0];
    expect(editing.fromGrid(editing.toGrid(levels[0]), levels[0])).toEqual(unproven);
    expect(editing.blank(4, 3).rows).toEqual(['####', '#..#', '####']);
  });

  it('the palette offers only the mechanics the rules allow, and has a word for each in both languages', () => {
    const all = mazeRules().editing!.palette.map((e) => e.id);
    expect(all).toEqual(expect.arrayContaining(['wall', 'exit', 'player', 'door', 'key', 'ice', 'hook', 'anchor']));
    const doorsOnly = mazeRules({ mechanics: ['door'] }).editing!.palette.map((e) => e.id);
    expect(doorsOnly).toEqual(expect.arrayContaining(['door', 'key']));
    expect(doorsOnly).not.toContain('ice');
    for (const locale of ['en', 'zh-CN']) for (const id of all) expect(mazeKind.messages?.[locale]?.[`palette.${id}`], `${locale} ${id}`).toBeTruthy();
  });
});
