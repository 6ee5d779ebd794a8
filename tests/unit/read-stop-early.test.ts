/**
 * Reading only the first levels of a file (`ReadOptions.maxLevels`): what the CLI's `solve
 * --level N` asks for. The levels read are the same as in a whole read; nothing after them is
 * looked at, so a later level that is malformed or huge costs nothing and reports nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { readPushJson } from '../../src-shared/rulesets/push/formats/json.ts';
import { readXsb } from '../../src-shared/rulesets/push/formats/xsb.ts';
import { readSlidingText } from '../../src-shared/rulesets/sliding/formats/text.ts';
import { readMazeText } from '../../src-shared/rulesets/maze/formats/text.ts';
import { readBlocksText } from '../../src-shared/rulesets/blocks/formats/text.ts';
import { blocksJsonFormat } from '../../src-shared/rulesets/blocks/formats/json.ts';
import { captureIo } from '../support/cli-io.ts';
import { MICROBAN_PATH } from '../support/data.ts';
import { tempDir } from '../support/temp-library.ts';

const GOOD = ['#####', '#@$.#', '#####', 'Title: first', 'Author: someone', ''];
/** A later board with two players and a stray symbol, an unclosed Comment: block, then a 200,000-row board. */
const BAD_TAIL = ['; second', '######', '#@$.@#', '#X####', '', 'Comment:', 'never closed', '', '#'.repeat(40), ...Array.from({ length: 200_000 }, () => `#${'$'.repeat(38)}#`), ''];

describe('reading stops after the levels asked for', () => {
  it('XSB: level 1 as in a whole read, the rest unread', () => {
    const text = [...GOOD, ...BAD_TAIL].join('\n');
    const whole = readXsb(text);
    expect(whole.found).toHaveLength(3);
    expect(whole.diagnostics.some((d) => d.level === 2)).toBe(true);

    const first = readXsb(text, { maxLevels: 1 });
    expect(first.stoppedEarly).toBe(true);
    expect(first.collection.levels).toEqual([whole.collection.levels[0]]);
    expect(first.levelNumbers).toEqual([1]);
    // Only one level was found: the later ones were neither parsed nor reported.
    expect(first.found).toHaveLength(1);
    expect(first.rejected).toBe(0);
    expect(first.diagnostics).toEqual([]);
  });

  it('XSB: every prefix of Microban reads as the whole file does', () => {
    const text = readFileSync(MICROBAN_PATH, 'utf8');
    const whole = readXsb(text);
    for (const n of [1, 2, 50, 154]) {
      const part = readXsb(text, { maxLevels: n });
      expect(part.stoppedEarly).toBe(true);
      expect(part.collection.levels).toEqual(whole.collection.levels.slice(0, n));
      expect(part.found).toEqual(whole.found!.slice(0, n));
      expect(part.collection.title).toBe(whole.collection.title);
    }
    // Asking for all of them (or more) is a whole read.
    const all = readXsb(text, { maxLevels: whole.found!.length });
    expect(all.stoppedEarly).toBeUndefined();
    expect(all.collection).toEqual(whole.collection);
  });

  it('sliding and maze text, and JSON: no level past the limit is checked', () => {
    const tiles = readSlidingText(['1 2 3', '4 5 6', '7 8 0', '', '1 2', '3 x', '', '9 9 9', '9'].join('\n'), { maxLevels: 1 });
    expect(tiles).toMatchObject({ stoppedEarly: true, rejected: 0, levelNumbers: [1] });
    expect(tiles.diagnostics).toEqual([]);

    const maze = readMazeText(['#####', '#@.X#', '#####', '', '##', '#?', ''].join('\n'), { maxLevels: 1 });
    expect(maze).toMatchObject({ stoppedEarly: true, rejected: 0 });
    expect(maze.found).toHaveLength(1);

    const json = readPushJson(JSON.stringify([{ board: ['#####', '#@$.#', '#####'] }, { board: 'not a board' }, 42]), { maxLevels: 1 });
    expect(json).toMatchObject({ stoppedEarly: true, rejected: 0, levelNumbers: [1] });
    expect(json.diagnostics).toEqual([]);
  });

  it('block-tray text and JSON: level 1 as in a whole read, the malformed and huge rest unread', () => {
    const first = ['Title: Set', '', 'Title: one', 'Seed: a', '........', '........', '........', '........', '........', '........', '##......', '###.....'];
    // A level with a line that is neither a row nor a key, one with a bad goal, then a 200,000-line block.
    const tail = ['', 'Title: two', 'Seed: b', 'what is this', '........', '', 'Goal: forever', '....', '', ...Array.from({ length: 200_000 }, () => 'Tray: # ##'), '........', ''];
    const text = [...first, ...tail].join('\n');
    const whole = readBlocksText(text);
    expect(whole.found!.length).toBe(4);
    expect(whole.diagnostics.some((d) => d.level === 2)).toBe(true);
    const part = readBlocksText(text, { maxLevels: 1 });
    expect(part).toMatchObject({ stoppedEarly: true, rejected: 0, levelNumbers: [1] });
    expect(part.collection.levels).toEqual([whole.collection.levels[0]]);
    expect(part.collection.title).toBe('Set');
    expect(part.found).toEqual(whole.found!.slice(0, 1));
    expect(part.diagnostics).toEqual([]);
    // Asking for every level is a whole read.
    expect(readBlocksText(text, { maxLevels: 4 }).stoppedEarly).toBeUndefined();

    const json = blocksJsonFormat.read(JSON.stringify({ format: 'gridwright.blocks/1', levels: [{ rows: first.slice(4), seed: 'a' }, { rows: 'not rows' }, 42] }), { maxLevels: 1 });
    expect(json).toMatchObject({ stoppedEarly: true, rejected: 0, levelNumbers: [1] });
    expect(json.diagnostics).toEqual([]);
  });

  it('cli solve --level 1 solves level 1 of a file whose later levels are malformed and huge', async () => {
    const file = join(tempDir('stop-early'), 'tail.sok');
    writeFileSync(file, [...GOOD, ...BAD_TAIL].join('\n'));
    const { out, err, io } = captureIo();
    const code = await runCli(['solve', file, '--level', '1', '--json'], io);
    expect(code).toBe(0);
    expect(out.map((l) => JSON.parse(l))).toMatchObject([{ level: 1, title: 'first', status: 'solved', moves: 1 }]);
    // Nothing about the later levels: they were never read.
    expect(err).toEqual([]);

    // A level past the file's end is still refused with the count the file has.
    const short = captureIo();
    writeFileSync(file, GOOD.join('\n'));
    await expect(runCli(['solve', file, '--level', '3'], short.io)).resolves.toBe(2);
    expect([...short.err, ...short.out].join('\n')).toMatch(/the file has 1 level/);
  });
});
