/**
 * `generatorWithParams` is the one way every host finds a generator and checks its params (the
 * generate jobs, the Studio API, the CLI): what it finds, the defaults it fills, and each refusal.
 */
import { describe, expect, it } from 'vitest';
import { generatorWithParams } from '../../src-shared/rulesets/generators.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';

describe('generatorWithParams', () => {
  it('finds a generator by id and fills its defaults', () => {
    const found = generatorWithParams('sliding', 'sliding-shuffle', { count: 3 });
    expect(found).toMatchObject({ ok: true, generator: { id: 'sliding-shuffle' }, params: { count: 3, distance: 20 } });
    expect(found.ok && found.kind.kind).toBe('sliding');
  });

  it("takes the kind's first generator when no id is given, and the defaults when no params are", () => {
    const found = generatorWithParams('sliding', undefined, undefined);
    expect(found.ok && found.generator.id).toBe(rulesetKind('sliding')!.generators[0].id);
    expect(found.ok && found.params).toEqual(rulesetKind('sliding')!.generators[0].paramsSchema.parse({}));
  });

  it('refuses an unknown kind, an unknown generator, and params that do not fit, naming the field', () => {
    expect(generatorWithParams('chess', 'x', {})).toEqual({ ok: false, refused: 'unknown-kind', message: "Unknown puzzle kind 'chess'." });
    expect(generatorWithParams('sliding', 'maze-carver', {})).toEqual({ ok: false, refused: 'unknown-generator', message: "The sliding kind has no generator 'maze-carver'." });
    const refused = generatorWithParams('sliding', 'sliding-shuffle', { count: 0, distance: 'far' });
    expect(refused).toMatchObject({ ok: false, refused: 'invalid-params', generator: { id: 'sliding-shuffle' } });
    expect(!refused.ok && refused.message).toMatch(/^Generator parameters refused: count: .+; distance: .+\.$/);
  });
});
