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
