/**
 * The Level view's proof panel writes a stored solution as the kind's glyphs: arrows run together,
 * while a block-tray placement ("1→0,0") is spaced from the next so two placements do not read as one.
 */
import { describe, expect, it } from 'vitest';
import { solutionGlyphs } from '../../src-renderer/src/views/level/proof.ts';
import { blocksKind } from '../../src-shared/rulesets/blocks/kind.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';

describe('solution glyphs', () => {
  it('runs arrows together', () => {
    expect(solutionGlyphs(pushKind.create({}).rules!, 'rrd')).toBe('→→↓');
  });

  it('spaces block placements apart', () => {
    const rules = blocksKind.create({}).rules!;
    const text = rules.encodeSolution(undefined as never, [{ piece: 0, x: 1, y: 2 }, { piece: 1, x: 3, y: 0 }] as never);
    expect(solutionGlyphs(rules, text)).toBe('1→1,2 2→3,0');
  });
});
