import { describe, expect, it } from 'vitest';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { slidingKind } from '../../src-shared/rulesets/sliding/kind.ts';
import { mazeKind } from '../../src-shared/rulesets/maze/kind.ts';

/** Every figure a kind's `metrics` gives, with and without a solution. */
function metricIds(rules: AnyRules, level: unknown): string[] {
  const state = rules.load(level).state!;
  const solved = rules.solve!(state, { budget: 100_000 });
  return Object.keys(rules.metrics!(state, solved.solution));
}

describe('kind messages', () => {
  const cases = [
    { kind: pushKind, level: { board: ['#####', '#@$.#', '#   #', '#####'] } },
    { kind: slidingKind, level: { width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8] } },
    { kind: mazeKind, level: { rows: ['######', '#@kDX#', '######'], par: 3 } },
  ];
  for (const { kind, level } of cases) {
    it(`${kind.kind}: every metric has a label and a tooltip in English and Chinese`, () => {
      const rules = kind.create().rules as unknown as AnyRules;
      const ids = metricIds(rules, level);
      expect(ids.length).toBeGreaterThan(5);
      for (const locale of ['en', 'zh-CN']) {
        const messages = kind.messages?.[locale] ?? {};
        for (const id of ids) {
          expect(messages[`metric.${id}`], `${locale} metric.${id}`).toBeTruthy();
          expect(messages[`metric.${id}.help`], `${locale} metric.${id}.help`).toBeTruthy();
        }
      }
    });
  }
});
