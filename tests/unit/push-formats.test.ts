import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatForFileName, pushFormats } from '../../src-shared/rulesets/push/formats/index.ts';
import { pushJsonFormat, readPushJson, writePushJson } from '../../src-shared/rulesets/push/formats/json.ts';
import { lurdToDirections, parseLurd, writeLurd } from '../../src-shared/rulesets/push/formats/lurd.ts';
import { readXsb, writeXsb, xsbFormat } from '../../src-shared/rulesets/push/formats/xsb.ts';
import type { LevelCollection } from '../../src-shared/engine/ruleset.ts';
import type { PushLevel } from '../../src-shared/rulesets/push/schema.ts';
import { MICROBAN_OPTIMAL_CSV, MICROBAN_PATH } from '../support/data.ts';

const microban = readFileSync(MICROBAN_PATH, 'utf8');

const codes = (r: { diagnostics: readonly { code: string }[] }): string[] => r.diagnostics.map((d) => d.code);

describe('XSB: reading Microban', () => {
  const result = readXsb(microban);

  it('reads all 155 levels without problems', () => {
    expect(result.collection.levels).toHaveLength(155);
    expect(result.diagnostics).toEqual([]);
    expect(result.rejected).toBe(0);
  });

  it('titles each level from the comment line above its board', () => {
    const titles = result.collection.levels.map((l) => l.title);
    expect(titles[0]).toBe('1');
    expect(titles[100]).toBe("101 'Lockdown'");
    expect(titles[154]).toBe("155 'The Dungeon'");
    expect(titles.slice(0, 10)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('keeps the header and its credit as collection comments', () => {
    expect(result.collection.comments).toContain('Copyright: David W. Skinner');
    expect(result.collection.comments?.[0]).toBe('Microban');
    expect(result.collection.levels[0].comments).toBeUndefined();
  });

  it("reads level 1's board exactly", () => {
    expect(result.collection.levels[0].board).toEqual(['####', '# .#', '#  ###', '#*@  #', '#  $ #', '#  ###', '####']);
  });

  it('keeps leading spaces and drops trailing ones', () => {
    expect(result.collection.levels[2].board[0]).toBe('  ####');
    for (const level of result.collection.levels) for (const row of level.board) expect(row).toBe(row.trimEnd());
  });
});

describe('XSB: round trip', () => {
  it('reads back its own canonical output of Microban unchanged', () => {
    const c1 = readXsb(microban).collection;
    const t = writeXsb(c1);
    const r2 = readXsb(t);
    expect(r2.diagnostics).toEqual([]);
    expect(r2.collection).toStrictEqual(c1);
    expect(writeXsb(r2.collection)).toBe(t);
  });

  it('writes a note XSB cannot hold as a Key: value line as a comment, never losing the levels after it', () => {
    const GOOD = ['#####', '#@$.#', '#####'];
    const c: LevelCollection<PushLevel> = {
      notes: { Comment: '' },
      levels: [
        { board: GOOD, title: 'L1', notes: { Comment: '', TITLE: 'other', '#x': 'v', '1abc': 'w', Difficulty: 'hard' } },
        { board: GOOD, title: 'L2' },
        { board: GOOD, title: 'L3', comments: ['c'] },
      ],
    };
    const r = readXsb(writeXsb(c));
    expect(r.diagnostics).toEqual([]);
    expect(r.collection.levels.map((l) => l.title)).toEqual(['L1', 'L2', 'L3']);
    // A plain key stays a note; the others come back as comments holding their text.
    expect(r.collection.levels[0].notes).toEqual({ Difficulty: 'hard' });
    expect(r.collection.levels[0].comments).toEqual(['Comment: ', 'TITLE: other', '#x: v', '1abc: w']);
    expect(r.collection.comments).toEqual(['Comment: ']);
    expect(writeXsb(r.collection)).toBe(writeXsb(readXsb(writeXsb(r.collection)).collection));
  });

  it('keeps multi-line comments and comments that look like metadata or terminators', () => {
    const c: LevelCollection<PushLevel> = {
      title: 'Tricky',
      author: 'Tester',
      notes: { Difficulty: 'hard' },
      comments: ['Title: not a title', '; not a plain comment', 'two\nlines', '', '  indented'],
      levels: [
        {
          title: 'One',
          author: 'A',
          comments: ['Comment-End:', 'a\n\nComment-End:\n\\Comment-End:\n; x\n####', 'Key: value', ''],
          notes: { Source: 'somewhere', 'Date Created': '2024-01-01' },
          board: ['#####', '#@$.#', '#####'],
        },
        { board: ['####', '#@*#', '####'] },
      ],
    };
    const t = writeXsb(c);
    const back = readXsb(t);
    expect(back.diagnostics).toEqual([]);
    expect(back.collection).toStrictEqual(c);
    expect(writeXsb(back.collection)).toBe(t);
  });

  it('does not take the last header line as the title of an untitled first level', () => {
    const c: LevelCollection<PushLevel> = { comments: ['About this set'], levels: [{ board: ['####', '#@*#', '####'] }] };
    const back = readXsb(writeXsb(c));
    expect(back.collection).toStrictEqual(c);
  });

  it('writes a row of floor only so that it stays inside the board', () => {
    const c: LevelCollection<PushLevel> = { levels: [{ title: 'gap', board: ['#####', '', '#@$.#', '#####'] }] };
    expect(readXsb(writeXsb(c)).collection).toStrictEqual(c);
  });
});

describe('XSB: lenient reading', () => {
  it('reads run-length encoded rows', () => {
    const r = readXsb('4#\n#@$.#\n5#\n');
    expect(r.collection.levels[0].board).toEqual(['####', '#@$.#', '#####']);
  });

  it('reads run-length encoded boards with | between rows', () => {
    const r = readXsb('; RLE\n\n6#|#-@$.#|#4-#|6#\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.collection.levels[0]).toEqual({ title: 'RLE', board: ['######', '# @$.#', '#    #', '######'] });
  });

  it('normalises - and _ floors to spaces', () => {
    const r = readXsb('--####\n###_-####\n#@-$-.--#\n#########\n');
    expect(r.collection.levels[0].board).toEqual(['  ####', '###  ####', '#@ $ .  #', '#########']);
  });

  it('accepts CRLF, CR and a byte order mark', () => {
    const crlf = readXsb('\uFEFF; 1\r\n\r\n#####\r\n#@$.#\r\n#####\r\n\r\n; 2\r#####\r#.$@#\r#####\r');
    expect(crlf.diagnostics).toEqual([]);
    expect(crlf.collection.levels.map((l) => l.title)).toEqual(['1', '2']);
    expect(crlf.collection.levels[1].board).toEqual(['#####', '#.$@#', '#####']);
  });

  it('reads SOK metadata after the board: Title, Author, Comment blocks and notes', () => {
    const text = [
      'Title: My Set',
      'Author: Collection Author',
      'Date: 2020',
      '; about the set',
      '',
      '#####',
      '#@$.#',
      '#####',
      'Title: First',
      'Author: Someone',
      'Comment:',
      'Push the box right.',
      'Then rest.',
      'Comment-End:',
      'Difficulty: easy',
      '',
    ].join('\n');
    const r = readXsb(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.collection.title).toBe('My Set');
    expect(r.collection.author).toBe('Collection Author');
    expect(r.collection.notes).toEqual({ Date: '2020' });
    expect(r.collection.comments).toEqual(['about the set']);
    expect(r.collection.levels[0]).toEqual({
      title: 'First',
      author: 'Someone',
      comments: ['Push the box right.\nThen rest.'],
      notes: { Difficulty: 'easy' },
      board: ['#####', '#@$.#', '#####'],
    });
  });

  it('takes the title from a lone line before the board and other lines as comments', () => {
    const text = '#####\n#@$.#\n#####\n\nA hint for two\nLevel 2\n\n#####\n#.$@#\n#####\n\n; note\nAuthor: Bea\nMy title\n#####\n#@*##\n#####\n';
    const levels = readXsb(text).collection.levels;
    expect(levels[0].title).toBeUndefined();
    expect(levels[1]).toMatchObject({ title: 'Level 2', comments: ['A hint for two'] });
    expect(levels[2]).toMatchObject({ title: 'My title', author: 'Bea', comments: ['note'] });
  });

  it('keeps the line above the board as a comment when the level has a Title: key', () => {
    const text = '#####\n#@$.#\n#####\n\n; 2\n\n#####\n#.$@#\n#####\nTitle: Second\n';
    const level = readXsb(text).collection.levels[1];
    expect(level).toMatchObject({ title: 'Second', comments: ['2'] });
  });

  it('gives text after a blank line to the next level, not the previous one', () => {
    const text = '#####\n#@$.#\n#####\nTitle: A\n\nTitle: B\n#####\n#.$@#\n#####\n';
    expect(readXsb(text).collection.levels.map((l) => l.title)).toEqual(['A', 'B']);
  });

  it('rejects a board row with an unknown symbol and says where', () => {
    const r = readXsb('; 1\n\n#####\n#@$x#\n#####\n\n; 2\n\n#####\n#@$.#\n#####\n');
    expect(r.rejected).toBe(1);
    expect(r.collection.levels.map((l) => l.title)).toEqual(['2']);
    expect(r.diagnostics).toMatchObject([{ severity: 'error', code: 'xsb.board.symbol', line: 4, column: 4, level: 1, cell: { x: 3, y: 1 } }]);
  });

  it('treats tabs in board rows as an error', () => {
    const r = readXsb('#####\n#@\t$.#\n#####\n');
    expect(codes(r)).toEqual(['xsb.board.tab']);
    expect(r.rejected).toBe(1);
  });

  it('reports a file with no boards instead of throwing', () => {
    const r = readXsb('; just a note\nnothing here\n');
    expect(codes(r)).toEqual(['xsb.no-levels']);
    expect(r.collection.levels).toEqual([]);
    expect(r.collection.comments).toEqual(['just a note', 'nothing here']);
  });

  it('warns about an unclosed Comment: block and ends it at the next blank line', () => {
    const r = readXsb('#####\n#@$.#\n#####\nComment:\nnever closed\n\n#####\n#.$@#\n#####\n');
    expect(codes(r)).toEqual(['xsb.comment.unclosed']);
    expect(r.collection.levels).toHaveLength(2);
    expect(r.collection.levels[0].comments).toEqual(['never closed']);
  });
});

describe('LURD solutions', () => {
  it('reads lower case as moves and upper case as pushes, ignoring whitespace', () => {
    expect(parseLurd('lU\n r D').moves).toEqual([
      { dir: 'l', push: false },
      { dir: 'u', push: true },
      { dir: 'r', push: false },
      { dir: 'd', push: true },
    ]);
  });

  it('expands run-length counts and nested groups', () => {
    expect(writeLurd(parseLurd('3l2R').moves!)).toBe('lllRR');
    expect(writeLurd(parseLurd('2(lU)').moves!)).toBe('lUlU');
    expect(writeLurd(parseLurd('2(u3(rD)l)').moves!)).toBe('urDrDrDlurDrDrDl');
  });

  it('writes canonical text that reads back to the same moves', () => {
    const text = 'dlUrrrdLullddrUluRuulDrddrruLdlUU';
    expect(writeLurd(parseLurd(text).moves!)).toBe(text);
    expect(lurdToDirections('lU').directions).toEqual(['l', 'u']);
  });

  it('reports unknown characters with their line and column', () => {
    const r = parseLurd('lur\nd x');
    expect(r.moves).toBeUndefined();
    expect(r.diagnostics).toMatchObject([{ code: 'lurd.symbol', line: 2, column: 3 }]);
  });

  it('reports unbalanced groups and dangling counts', () => {
    expect(codes(parseLurd('2(lu'))).toEqual(['lurd.group.unclosed']);
    expect(codes(parseLurd('lu)'))).toEqual(['lurd.group.unopened']);
    expect(codes(parseLurd('lu3'))).toEqual(['lurd.count']);
  });

  it('parses every solution of the Microban table with the stated move and push counts', () => {
    const rows = parseCsv(readFileSync(MICROBAN_OPTIMAL_CSV, 'utf8'));
    const head = rows[0];
    const cell = (row: string[], name: string): string => row[head.indexOf(name)] ?? '';
    // Each solution column pairs with its own move and push counts (see the CSV header).
    const columns = [
      { lurd: 'move_optimal_lurd', moves: 'optimal_moves', pushes: 'pushes_of_move_optimal_solution' },
      { lurd: 'push_optimal_lurd', moves: 'moves_of_push_optimal_solution', pushes: 'optimal_pushes' },
    ];
    let checked = 0;
    for (const row of rows.slice(1)) {
      for (const c of columns) {
        if (cell(row, c.lurd) === '') continue;
        const parsed = parseLurd(cell(row, c.lurd));
        expect(parsed.diagnostics).toEqual([]);
        expect(parsed.moves!.length).toBe(Number(cell(row, c.moves)));
        expect(parsed.moves!.filter((m) => m.push).length).toBe(Number(cell(row, c.pushes)));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(299);
  });
});

describe('JSON collections', () => {
  const sample: LevelCollection<PushLevel> = {
    title: 'Mechanics',
    notes: { Theme: 'ice' },
    levels: [
      { title: 'Ice', board: ['######', '#@$ .#', '######'], ice: [[3, 1]] },
      { board: ['#######', '#@$ _.#', '#######'], buttons: [{ at: [3, 1], link: 'a' }], doors: [{ at: [4, 1], link: 'a' }] },
    ],
  };

  it('writes pretty JSON with the format tag first and a trailing newline, and reads it back', () => {
    const text = writePushJson(sample);
    expect(text.startsWith('{\n  "format": "gridwright.push/1",\n  "title": "Mechanics"')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
    const back = readPushJson(text);
    expect(back.diagnostics).toEqual([]);
    expect(back.collection).toStrictEqual(sample);
    expect(writePushJson(back.collection)).toBe(text);
  });

  it('reads a bare level and an array of levels', () => {
    expect(readPushJson(JSON.stringify(sample.levels[0])).collection.levels).toEqual([sample.levels[0]]);
    expect(readPushJson(JSON.stringify(sample.levels)).collection.levels).toEqual(sample.levels);
  });

  it('reports a syntax error with its line and column', () => {
    const r = readPushJson('{\n  "levels": [\n    { "board": ["#"], }\n  ]\n}');
    expect(r.diagnostics).toMatchObject([{ code: 'json.syntax', line: 3, column: 23 }]);
    expect(r.collection.levels).toEqual([]);
  });

  it('rejects bad levels with their index, line and path, and keeps the good ones', () => {
    const text = '{\n  "format": "gridwright.push/1",\n  "levels": [\n    { "board": ["###"] },\n    { "board": ["###", 7] }\n  ]\n}\n';
    const r = readPushJson(text);
    expect(r.collection.levels).toHaveLength(1);
    expect(r.rejected).toBe(1);
    expect(r.diagnostics).toMatchObject([{ code: 'push.schema', level: 2, line: 5, path: 'levels[1].board[1]' }]);
  });

  it('refuses another format version', () => {
    expect(codes(readPushJson('{"format":"gridwright.push/9","levels":[]}'))).toEqual(['json.format']);
  });
});

describe('format registry', () => {
  it('picks a format by file extension', () => {
    expect(formatForFileName('Microban.SOK')).toBe(xsbFormat);
    expect(formatForFileName('levels/set.txt')).toBe(xsbFormat);
    expect(formatForFileName('set.json')).toBe(pushJsonFormat);
    expect(formatForFileName('set.png')).toBeUndefined();
    expect(formatForFileName('README')).toBeUndefined();
    expect(pushFormats.map((f) => f.id)).toEqual(['xsb', 'json']);
  });
});

/** Minimal CSV: quoted fields with commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === '') continue;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else field += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        fields.push(field);
        field = '';
      } else field += ch;
    }
    fields.push(field);
    rows.push(fields);
  }
  return rows;
}
