/**
 * The open appearance (display contract): every kind's appearance names only shapes and tones a
 * board can draw (a base one or its own), variants change a piece's look, and a kind's own shape
 * wins over a base one of the same name.
 */
import { describe, expect, it } from 'vitest';
import { appearanceProblems, BASE_SHAPES, knowsTone, shapeDrawing, withVariant } from '../../src-shared/engine/appearance.ts';
import { SHAPES, type Appearances } from '../../src-shared/engine/ruleset.ts';
import { allKinds } from '../../src-shared/rulesets/registry.ts';
import { walkKind } from '../support/walk-kind.ts';

describe('the open appearance', () => {
  it('every base shape has a drawing', () => {
    for (const shape of SHAPES) expect(BASE_SHAPES[shape].body.length).toBeGreaterThan(0);
  });

  it("every registered kind's appearance (and the walk kind's) names only drawable shapes and tones", () => {
    const kinds = [...allKinds(), walkKind];
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['push', 'sliding', 'maze', 'walk']));
    for (const kind of kinds) {
      const rules = kind.create({}).rules;
      if (!rules) throw new Error(`${kind.kind} did not create`);
      expect({ kind: kind.kind, problems: appearanceProblems(rules.appearance) }).toEqual({ kind: kind.kind, problems: [] });
    }
  });

  it('finds what cannot be drawn', () => {
    const appearance: Appearances = {
      terrain: { lava: { shape: 'fill', tone: 'magma', overlay: { shape: 'bubbles', tone: 'danger' } } },
      pieces: { gem: { shape: 'gem', tone: 'accent', variants: { cut: { shape: 'facet' } } } },
      shapes: { gem: { body: 'M0.5 0.1L0.9 0.5L0.5 0.9L0.1 0.5z' } },
    };
    expect(appearanceProblems(appearance)).toEqual(["terrain.lava: tone 'magma'", "terrain.lava.overlay: shape 'bubbles'", "pieces.gem.variants.cut: shape 'facet'"]);
  });

  it("a kind's own shape wins over a base one; its own tone is known beside the base ones", () => {
    const mine = { body: 'M0 0L1 1' };
    const appearance: Appearances = { terrain: {}, pieces: {}, shapes: { box: mine }, tones: { moss: { dark: { colour: '#0f0', edge: '#060', ground: '#030' }, light: { colour: '#0a0', edge: '#9c9', ground: '#efe' } } } };
    expect(shapeDrawing(appearance, 'box')).toBe(mine);
    expect(shapeDrawing(undefined, 'box')).toBe(BASE_SHAPES.box);
    expect(shapeDrawing(appearance, 'toString')).toBeUndefined();
    expect([knowsTone(appearance, 'moss'), knowsTone(undefined, 'moss'), knowsTone(undefined, 'goal')]).toEqual([true, false, true]);
  });

  it('variant words change shape and tone, later words winning', () => {
    const box = { shape: 'box', tone: 'box', variants: { 'on-goal': { tone: 'success' }, heavy: { shape: 'heavy-box' }, stained: { tone: 'muted' } } };
    expect(withVariant(box, undefined)).toEqual({ shape: 'box', tone: 'box' });
    expect(withVariant(box, 'on-goal')).toEqual({ shape: 'box', tone: 'success' });
    expect(withVariant(box, 'heavy on-goal stained')).toEqual({ shape: 'heavy-box', tone: 'muted' });
    expect(withVariant(box, 'unknown')).toEqual({ shape: 'box', tone: 'box' });
  });
});
