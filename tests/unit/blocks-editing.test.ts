/**
 * The block-tray level in the editor (issue 26): the board is one layer, and the parts a grid does
 * not hold (goal, target, placement limit, seed, scripted trays) are fields read and written as
 * text; a refused value says why and changes nothing; painting keeps the fields.
 */
import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../src-shared/engine/editing/operations.ts';
import { blocksKind, type BlocksRules } from '../../src-shared/rulesets/blocks/kind.ts';
import type { BlocksLevel } from '../../src-shared/rulesets/blocks/schema.ts';

const rules = blocksKind.create({}).rules as BlocksRules;
const editing = rules.editing!;
const field = (id: string) => editing.fields!.find((f) => f.id === id)!;
const EMPTY = Array.from({ length: 8 }, () => '........');
const level: BlocksLevel = { rows: EMPTY, seed: 'seed', goal: 'endless' };

describe('block-tray editing', () => {
  it('writes scripted trays from lines and reads them back', () => {
    const written = field('trays').write(level, '### #./##\n##/##\n');
    expect('level' in written && written.level.trays).toEqual([['###', '#./##'], ['##/##']]);
    expect(field('trays').read((written as { level: BlocksLevel }).level)).toBe('### #./##\n##/##');
  });

  it('refuses a malformed piece, a goal it does not know and a target that is not a number', () => {
    expect(field('trays').write(level, '#x#')).toHaveProperty('error');
    expect(field('goal').write(level, 'win')).toHaveProperty('error');
    expect(field('target').write(level, 'many')).toHaveProperty('error');
  });

  it('clears an optional field when emptied', () => {
    const withLimit = (field('moves').write(level, '30') as { level: BlocksLevel }).level;
    expect(withLimit.moves).toBe(30);
    expect((field('moves').write(withLimit, '') as { level: BlocksLevel }).level.moves).toBeUndefined();
  });

  it('paints filled cells and keeps the seed and trays', () => {
    const scripted: BlocksLevel = { ...level, trays: [['#']], goal: 'clear' };
    const painted = applyEdit(editing, scripted, { type: 'place', cells: [{ x: 2, y: 3 }], entry: 'block' });
    expect(painted.changed).toBe(true);
    expect(painted.level.rows[3]).toBe('..#.....');
    expect(painted.level).toMatchObject({ seed: 'seed', trays: [['#']], goal: 'clear' });
  });
});
