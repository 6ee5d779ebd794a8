/**
 * Which format reads a file is decided by its content (`formatFor`): a maze saved under the
 * `.txt` ending that XSB usually holds reads as a maze; the ending only breaks ties between
 * equally sure formats, and Sokoban text stays XSB whatever the ending.
 */
import { describe, expect, it } from 'vitest';
import { formatFor } from '../../src-shared/rulesets/registry.ts';
import { MAZE_TEXT_SEED, XSB_SEED } from '../support/hostile-files.ts';

describe('format detection by content', () => {
  it('a .maze file named .txt (or with no ending) reads as a maze', () => {
    for (const name of ['halls.txt', 'halls', 'halls.maze', 'HALLS.TXT']) expect([name, formatFor(name, MAZE_TEXT_SEED)?.format.id]).toEqual([name, 'maze']);
    // A bare maze board, walls first: the XSB sniff sees wall lines but also an exit it cannot read.
    expect(formatFor('level.txt', '#######\n#@..kX#\n#######\n')?.kind.kind).toBe('maze');
  });

  it('Sokoban text stays XSB under .txt, .xsb, .sok or no ending', () => {
    for (const name of ['set.txt', 'set.xsb', 'set.sok', 'set']) expect([name, formatFor(name, XSB_SEED)?.format.id]).toEqual([name, 'xsb']);
    expect(formatFor('one.txt', '#####\n#@$.#\n#####\n')?.kind.kind).toBe('push');
  });

  it('the ending breaks a tie: two JSON formats unsure of a bare array, the first of the ending wins', () => {
    expect(formatFor('set.json', '[{"board":["#####","#@$.#","#####"]}]')?.kind.kind).toBe('push');
    expect(formatFor('set.json', 'not json at all')).toBeUndefined();
  });
});

describe('untagged JSON: blocks and maze both keep a board in "rows"', () => {
  const blocksLevel = { rows: ['........', '........', '........', '........', '........', '........', '##......', '###.....'], seed: 'abc', goal: 'endless' };
  const scripted = { rows: blocksLevel.rows, trays: [['##', '#/#']], goal: 'clear' };
  const mazeLevel = { title: 'Seeds', rows: ['#####', '#@.X#', '#####'] };

  it('an untagged block-tray level, array or collection reads as blocks, under .json or no ending', () => {
    for (const text of [JSON.stringify(blocksLevel), JSON.stringify([blocksLevel, scripted]), JSON.stringify({ title: 'Set', levels: [scripted] }), JSON.stringify(blocksLevel, null, 2)]) {
      for (const name of ['set.json', 'set']) {
        const found = formatFor(name, text);
        expect([name, found?.kind.kind, found?.format.id]).toEqual([name, 'blocks', 'json']);
        const read = found!.format.read(text);
        expect(read.collection?.levels.length, read.diagnostics.map((d) => d.message).join('; ')).toBeGreaterThan(0);
      }
    }
  });

  it('an untagged maze still reads as a maze, even one titled with the word seed', () => {
    for (const text of [JSON.stringify(mazeLevel), JSON.stringify([mazeLevel]), JSON.stringify({ levels: [{ ...mazeLevel, notes: { seed: 'x' } }] })]) {
      expect(formatFor('halls.json', text)?.kind.kind).toBe('maze');
    }
  });

  it('a tagged file is read by its tag whatever its fields', () => {
    expect(formatFor('x.json', JSON.stringify({ format: 'gridwright.blocks/1', levels: [blocksLevel] }))?.kind.kind).toBe('blocks');
    expect(formatFor('x.json', JSON.stringify({ format: 'gridwright.maze/1', levels: [mazeLevel] }))?.kind.kind).toBe('maze');
  });
});
