/**
 * A run split into shards of candidate numbers (the candidates bench across the worker pool) gives
 * the levels one run gives, whatever the shard size or the order the shards finish in; a shard
 * past the run's end changes nothing; the generator checks its params before any work.
 */
import { describe, expect, it } from 'vitest';
import { mergeShards, shardRanges, sumStatistics } from '../../src-main/library/candidate-shards.ts';
import type { FoundCandidate } from '../../src-shared/engine/ruleset.ts';
import { generateReverse } from '../../src-shared/rulesets/push/generator/index.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import type { PushLevel } from '../../src-shared/rulesets/push/schema.ts';

const generator = pushKind.generators.find((g) => g.id === 'push-reverse')!;
const PARAMS = generator.paramsSchema.parse({ count: 3, pool: 2, mode: 'normal', par: { min: 8, max: 30 }, maxCandidates: 1200 });

/** Every shard searched, then merged in the order given (as workers might finish them). */
function splitRun(seed: string, size: number, finishOrder: (shards: number) => number[]) {
  const plan = generator.candidates!.plan(PARAMS);
  const ranges = shardRanges(plan.cap, size);
  const done = new Map<number, readonly FoundCandidate<PushLevel>[]>();
  let merged = mergeShards(done, ranges.length, plan.wanted);
  const statistics = [];
  for (const shard of finishOrder(ranges.length)) {
    const found = generator.candidates!.search(PARAMS, seed, ranges[shard]);
    statistics.push(found.statistics);
    done.set(shard, found.found);
    merged = mergeShards(done, ranges.length, plan.wanted);
    if (merged.complete) break;
  }
  return { merged, plan, statistics };
}

describe('a run split across workers', () => {
  it('shard ranges cover 1..cap without a gap or an overlap', () => {
    expect(shardRanges(450, 200)).toEqual([
      { shard: 0, from: 1, to: 200 },
      { shard: 1, from: 201, to: 400 },
      { shard: 2, from: 401, to: 450 },
    ]);
  });

  it('gives the candidates and levels of one run, for any shard size and finishing order', () => {
    const whole = generateReverse(PARAMS, 'split');
    const accepted = whole.run!.accepted.map((k) => [k.index, k.level.board]);
    const forward = (n: number) => Array.from({ length: n }, (_, i) => i);
    const backward = (n: number) => forward(n).reverse();
    for (const [size, order] of [[50, forward], [137, backward], [1200, forward]] as const) {
      const { merged, plan } = splitRun('split', size, order);
      expect(merged.complete).toBe(true);
      expect(merged.kept.map((c) => [c.index, c.level.board]), `shards of ${size}`).toEqual(accepted);
      // The best `count` by score, as one run returns them.
      const best = [...merged.kept].sort((a, b) => b.score - a.score || a.index - b.index).slice(0, plan.count).map((c) => c.level.board).sort();
      expect(best).toEqual(whole.levels.map((l) => l.board).sort());
    }
  });

  it('a candidate a later shard finds again (same key) is kept once, from the earlier shard', () => {
    const a = { index: 3, key: 'k1' };
    const b = { index: 250, key: 'k1' };
    const c = { index: 260, key: 'k2' };
    const merged = mergeShards(new Map([[0, [a]], [1, [b, c]]]), 2, 5);
    expect(merged.kept).toEqual([a, c]);
    expect(merged.complete).toBe(true);
  });

  it('is not complete while an earlier shard is missing, however much later shards found', () => {
    const later = Array.from({ length: 10 }, (_, i) => ({ index: 300 + i, key: `k${i}` }));
    expect(mergeShards(new Map([[1, later]]), 3, 2)).toMatchObject({ complete: false, kept: [], through: 0 });
  });

  it('adds the shards statistics sieve by sieve', () => {
    const { statistics } = splitRun('stats', 100, (n) => Array.from({ length: n }, (_, i) => i));
    const sum = sumStatistics(statistics, 3);
    expect(sum.candidates).toBe(statistics.reduce((n, s) => n + s.candidates, 0));
    expect(sum.sieves.map((s) => s.id)).toEqual(statistics[0].sieves.map((s) => s.id));
    expect(sum.sieves[0].rejected).toBe(statistics.reduce((n, s) => n + s.sieves[0].rejected, 0));
  });

  it('checks params no level could meet before any work, each error naming its field', () => {
    const check = (params: unknown) => generator.check!(generator.paramsSchema.parse(params)).filter((d) => d.severity === 'error');
    expect(check({ par: { min: 30, max: 10 } })).toMatchObject([{ code: 'push.generate.par-window', path: 'par' }]);
    expect(check({ boxes: 20, blocks: { width: 1, height: 1 } })).toMatchObject([{ code: 'push.generate.too-many-boxes', path: 'boxes' }]);
    expect(check({ room: { board: ['######', '#    #', '#    #', '######'] } })).toEqual([]);
    expect(check({ room: { board: ['####', '####'] } })).toMatchObject([{ code: 'push.generate.no-floor', path: 'room' }]);
    expect(check({})).toEqual([]);
  });
});
