/**
 * The sense of a kind's primary objective (the par's), for the views that show a par or compare
 * two: "≤ 48 moves" when it is minimised, "≥ 480 points" when it is maximised. Comparisons go
 * through `engine/contract/objective.ts`; this only finds the kind's objective.
 */
import { senseOf, type ObjectiveSense } from '../../../src-shared/engine/ruleset.ts';
import { rulesetKind } from '../../../src-shared/rulesets/registry.ts';

export function parSense(kind: string | null | undefined): ObjectiveSense {
  const found = kind ? rulesetKind(kind) : undefined;
  return found ? senseOf(found.objectives) : 'minimise';
}
