/**
 * Stamped tables (src-shared/search/stamps.ts): the solver's walks mark cells with a stamp that
 * grows by one a walk, in 32 bits. When the stamps would run out, the tables are zeroed and they
 * start again. With a limit of three walks (`withStampLimit`), so that every table starts
 * again hundreds of times, each search must give exactly what it gives without: the same
 * states, the same solution. A table that kept an old stamp would mark cells no walk reached.
 */
import { describe, expect, it } from 'vitest';
import { nextStamp, STAMP_LIMIT, withStampLimit } from '../../src-shared/search/stamps.ts';
import { compilePlainBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { DeadPatterns } from '../../src-shared/rulesets/push/solver/dead-patterns.ts';
import { startFeatureSearch, type FeatureVariant } from '../../src-shared/rulesets/push/solver/feature-search.ts';
import { packingOrder, packingPlan } from '../../src-shared/rulesets/push/solver/packing.ts';
import { searchPlain } from '../../src-shared/rulesets/push/solver/search.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { microbanLevels, microbanState, pushRules } from '../support/microban.ts';
import { pushSetLevels } from '../support/push-sets.ts';

/** Tables start again every this many walks in the runs below. */
const SMALL = 3;

describe('stamped tables', () => {
  it('take the next stamp, and past the limit start again from 1 with every table given zeroed', () => {
    const a = Uint32Array.of(5, 7);
    const b = Uint32Array.of(9);
    expect(nextStamp(7, a, b)).toBe(8);
    expect(a).toEqual(Uint32Array.of(5, 7));
    expect(nextStamp(STAMP_LIMIT, a, b)).toBe(1);
    expect([...a, ...b]).toEqual([0, 0, 0]);
    expect(withStampLimit(3, () => [nextStamp(2, a), nextStamp(3, a)])).toEqual([3, 1]);
    // The limit is back once the run is over.
    expect(nextStamp(3, a)).toBe(4);
  });

  it('give the same feature-space searches when they start again every few walks (XSokoban)', () => {
    const variants: [number, FeatureVariant][] = [
      [87, { count: 'box-moves', opener: true, clearer: true, approach: true, boundAdvisor: true, parks: true, rooms: true }],
      [42, { clearer: true, pruneStuck: true, parks: true, progress: 'goals' }],
      [40, { count: 'macros', opener: true, parks: true }],
      [61, { approach: true, outOfPlan: true }],
    ];
    for (const [level, variant] of variants) {
      const run = () => {
        const board = compilePlainBoard(pushRules.load(pushSetLevels('xsokoban')[level - 1]).state!);
        const parked = variant.parks ? packingPlan(board, undefined, { matched: true })?.parked : undefined;
        const order = parked?.order ?? packingOrder(board, undefined, { matched: true });
        const search = startFeatureSearch(board, { objective: 'pushes', budget: 30_000, order, parks: parked?.parks, variant, patterns: new DeadPatterns(board) });
        let result;
        while (!(result = search.run(256)));
        return { order, status: result.status, stored: result.stored, nodes: result.nodes, path: result.path?.map((p) => [...p.boxes, p.player].join()) };
      };
      const plain = run();
      expect(plain.status, `XSokoban ${level}`).toBe('solved');
      expect(withStampLimit(SMALL, run), `XSokoban ${level}`).toEqual(plain);
    }
  });

  it('give the same exact searches and the same solves with push strength 2 (Microban)', () => {
    for (const level of [60, 120, 130]) {
      const run = () => searchPlain(compilePlainBoard(microbanState(level)), { objective: 'pushes', budget: 400_000 });
      const plain = run();
      expect(plain.status).toBe('solved');
      expect(withStampLimit(SMALL, run)).toEqual(plain);
    }
    const strong = pushKind.create({ pushStrength: 2 }).rules!;
    for (const level of [46, 82, 116]) {
      const run = () => strong.solve!(strong.load(microbanLevels()[level - 1]).state!, {});
      const plain = run();
      expect(plain.status).toBe('solved');
      const small = withStampLimit(SMALL, run);
      expect({ ...small, elapsedMs: 0 }).toEqual({ ...plain, elapsedMs: 0 });
    }
  });
});
