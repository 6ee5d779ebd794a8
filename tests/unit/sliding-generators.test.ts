import { describe, expect, it } from 'vitest';
import { slidingKind, defaultSlidingRules } from '../../src-shared/rulesets/sliding/kind.ts';
import type { SlidingLevel } from '../../src-shared/rulesets/sliding/schema.ts';
import { z } from 'zod';
import { tierBands } from '../../src-shared/rulesets/sliding/generators.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';

const rules = defaultSlidingRules();
const generator = (id: string) => slidingKind.generators.find((g) => g.id === id)!;
const shuffle = generator('sliding-shuffle');
const campaign = generator('sliding-campaign');

/** Optimal distance by the rules' own solver; fails the test if it is not proven. */
function par(level: SlidingLevel): number {
  const record = verifyLevel(rules, level, { budget: 2_000_000 });
  expect(record.status).toBe('solved');
  expect(record.optimal).toBe(true);
  return record.par!;
}

describe('sliding generators', () => {
  it('have params with defaults', () => {
    expect(shuffle.paramsSchema.parse({})).toMatchObject({ width: 3, height: 3, goal: 'blank-last', count: 1, distance: 20 });
    expect(campaign.paramsSchema.parse({})).toMatchObject({ width: 3, height: 3, count: 10 });
  });

  it('shuffle to an EXACT optimal distance on 3x3 (from the table layers), both goals', () => {
    for (const goal of ['blank-last', 'blank-first'] as const) {
      for (const distance of [1, 7, 20, 31]) {
        const { levels, diagnostics } = shuffle.generate({ distance, count: 2, goal }, `exact-${distance}`);
        expect(diagnostics).toEqual([]);
        expect(levels).toHaveLength(2);
        for (const level of levels) {
          expect(level.goal).toBe(goal);
          expect(level.notes?.par).toBe(String(distance));
          expect(par(level)).toBe(distance);
          expect(rules.lint(level).filter((d) => d.severity === 'error')).toEqual([]);
        }
      }
    }
  });

  it('shuffle to an exact distance on larger boards (walks measured by the solver), rectangles too', () => {
    for (const [width, height, distance] of [[4, 4, 18], [3, 4, 16], [5, 3, 12], [5, 5, 14]] as const) {
      const { levels, diagnostics } = shuffle.generate({ width, height, distance, count: 2 }, 'walks');
      expect(diagnostics).toEqual([]);
      for (const level of levels) expect(par(level), `${width}x${height}`).toBe(distance);
    }
  });

  it('is deterministic: the same seed gives the same levels, another seed others', () => {
    const params = { width: 4, height: 4, count: 3, tier: 'easy' };
    const a = campaign.generate(params, 'same');
    const b = campaign.generate(params, 'same');
    const c = campaign.generate(params, 'other');
    expect(a.levels).toEqual(b.levels);
    expect(a.levels.map((l) => l.tiles)).not.toEqual(c.levels.map((l) => l.tiles));
    expect(shuffle.generate({ distance: 25, count: 3 }, 's').levels).toEqual(shuffle.generate({ distance: 25, count: 3 }, 's').levels);
  });

  it('the same 4x4 level with or without pattern databases at hand', () => {
    const kept = new Map<string, Uint8Array>();
    const tables = { get: (n: string) => kept.get(n), put: (n: string, d: Uint8Array) => void kept.set(n, d) };
    // Below the distance that builds databases without storage, so this only checks that the
    // level does not depend on the bound (the pattern databases themselves are tested elsewhere).
    const without = shuffle.generate({ width: 4, height: 4, distance: 22, count: 2 }, 'bound');
    const withStorage = shuffle.generate({ width: 4, height: 4, distance: 22, count: 2 }, 'bound', { tables });
    expect(withStorage.levels).toEqual(without.levels);
  });

  it('a campaign has non-decreasing par inside its tier band, each level carrying its par', () => {
    const bands = tierBands(3, 3);
    const { levels, diagnostics } = campaign.generate({ count: 12, tier: 'hard' }, 'campaign');
    expect(diagnostics).toEqual([]);
    expect(levels).toHaveLength(12);
    const pars = levels.map(par);
    expect(pars).toEqual(levels.map((l) => Number(l.notes!.par)));
    expect(pars).toEqual([...pars].sort((x, y) => x - y));
    for (const p of pars) {
      expect(p).toBeGreaterThanOrEqual(bands.hard[0]);
      expect(p).toBeLessThanOrEqual(bands.hard[1]);
    }
  });

  it('tiers are ordered, non-overlapping distance bands', () => {
    for (const [w, h] of [[3, 3], [4, 4], [5, 5], [2, 3]]) {
      const b = tierBands(w, h);
      expect(b.easy[0]).toBeLessThanOrEqual(b.easy[1]);
      expect(b.medium[0]).toBe(b.easy[1] + 1);
      expect(b.hard[0]).toBe(b.medium[1] + 1);
      expect(b.expert[0]).toBe(b.hard[1] + 1);
    }
    expect(tierBands(3, 3).expert[1]).toBe(31);
  });

  it('reports what cannot be made instead of throwing', () => {
    const far = shuffle.generate({ distance: 40 }, 'x');
    expect(far.levels).toEqual([]);
    expect(far.diagnostics[0]).toMatchObject({ severity: 'error', code: 'sliding.generate.too-far', params: { max: 31 } });
    const bad = campaign.generate({ width: 9, minDistance: 'many' }, 'x');
    expect(bad.levels).toEqual([]);
    expect(bad.diagnostics.map((d) => d.path)).toEqual(expect.arrayContaining(['width', 'minDistance']));
    expect(campaign.generate({ minDistance: 20, maxDistance: 10 }, 'x').diagnostics[0].code).toBe('sliding.generate.params');
    const stopped = shuffle.generate({ width: 4, height: 4, distance: 30 }, 'x', { shouldStop: () => true });
    expect(stopped.diagnostics[0].code).toBe('sliding.generate.stopped');
  });

  it('reports progress as levels made out of those asked for', () => {
    const seen: [number, number][] = [];
    shuffle.generate({ count: 3, distance: 10 }, 'p', { progress: (done, total) => seen.push([done, total]) });
    expect(seen).toEqual([[1, 3], [2, 3], [3, 3]]);
  });

  it('describes every parameter, so the studio can give each a help line from its JSON Schema', () => {
    for (const g of slidingKind.generators) {
      const schema = z.toJSONSchema(g.paramsSchema, { unrepresentable: 'any' }) as { properties: Record<string, { description?: string }> };
      for (const [name, field] of Object.entries(schema.properties)) expect(field.description, `${g.id}.${name}`).toMatch(/\w{3}.*\.$/);
    }
  });

  it('refuses crossed distance ends in its schema, naming the field', () => {
    const parsed = campaign.paramsSchema.safeParse({ minDistance: 50, maxDistance: 10 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(['minDistance']);
    // A stable code, so a host can say it in its own words.
    expect((parsed.error?.issues[0] as { params?: { code?: string } }).params?.code).toBe('sliding.params.crossed');
  });

  it('titles a level without a par no verification has proven yet (the aim stays in notes)', () => {
    const made = shuffle.generate({ count: 2, distance: 10 }, 't');
    expect(made.levels.map((l) => l.title)).toEqual(['3x3 #1', '3x3 #2']);
    expect(made.levels[0].notes?.par).toBe('10');
  });
});
