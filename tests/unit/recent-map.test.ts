/** The editor's per-level memory (its last live proofs) keeps only the most recent levels (issue 22). */
import { describe, expect, it } from 'vitest';
import { RecentMap } from '../../src-main/studio/recent-map.ts';
import { MAX_KEPT_PROOFS } from '../../src-main/studio/editor-handlers.ts';

describe('RecentMap', () => {
  it('keeps at most its capacity, dropping the entry set longest ago', () => {
    const map = new RecentMap<number, string>(3);
    for (let level = 1; level <= 1000; level++) map.set(level, `proof ${level}`);
    expect(map.size).toBe(3);
    expect([998, 999, 1000].map((k) => map.get(k))).toEqual(['proof 998', 'proof 999', 'proof 1000']);
    expect(map.get(1)).toBeUndefined();
  });

  it('counts a level set again as the newest', () => {
    const map = new RecentMap<number, string>(2);
    map.set(1, 'a');
    map.set(2, 'b');
    map.set(1, 'a2');
    map.set(3, 'c');
    expect(map.get(1)).toBe('a2');
    expect(map.get(2)).toBeUndefined();
  });

  it('is what the editor keeps its proofs in, with a small bound', () => {
    expect(MAX_KEPT_PROOFS).toBeGreaterThan(0);
    expect(MAX_KEPT_PROOFS).toBeLessThanOrEqual(64);
  });
});
