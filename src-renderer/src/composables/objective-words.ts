/**
 * A kind's objectives as the views name them: the primary one's sense (which way it is better)
 * and its own name in the current language ("Score", "Moves"), and an amount in any objective's
 * unit ("3 pushes", "480 points"), for the views that read a par, a distance or a recording's
 * value (the replay curve, the recordings table, the Candidates bench).
 */
import { senseOf, type ObjectiveSense } from '../../../src-shared/engine/ruleset.ts';
import { rulesetKind } from '../../../src-shared/rulesets/registry.ts';
import { useKindText } from '../i18n/kinds.ts';

export interface ObjectiveWords {
  readonly sense: ObjectiveSense;
  /** The primary objective's id and name, in the kind's words: "Score", "Moves". */
  readonly id: string;
  readonly label: string;
  /** The kind's other objectives (push's pushes), each with its name. */
  readonly others: readonly { readonly id: string; readonly label: string }[];
  /** An amount in an objective's unit, in the kind's words: "3 pushes", "480 points". */
  readonly amount: (id: string, n: number) => string;
}

/** A function from a kind's name to its objectives' words (a minimised objective named `fallback` when the kind is unknown). */
export function useObjectiveWords(): (kind: string | null | undefined, fallback: string) => ObjectiveWords {
  const kindText = useKindText();
  return (kind, fallback) => {
    const found = kind ? rulesetKind(kind) : undefined;
    const [primary, ...rest] = found?.objectives ?? [];
    if (!found || !primary) return { sense: 'minimise', id: 'moves', label: fallback, others: [], amount: (_id, n) => String(n) };
    const label = (id: string, text: string): string => kindText(found.kind, `objective.${id}`, text);
    return {
      sense: senseOf(found.objectives),
      id: primary.id,
      label: label(primary.id, primary.label),
      others: rest.map((o) => ({ id: o.id, label: label(o.id, o.label) })),
      amount: (id, n) => kindText(found.kind, `unit.${id}`, `${n} ${found.objectives.find((o) => o.id === id)?.unit ?? id}`, n),
    };
  };
}
