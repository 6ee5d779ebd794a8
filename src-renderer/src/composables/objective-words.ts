/**
 * A kind's objectives as the views name them: the primary one's sense (which way it is better)
 * and its own name in the current language ("Score", "Moves"), and an amount in any objective's
 * unit ("3 pushes", "480 points"), for the views that read a par, a distance or a recording's
 * value (the replay curve, the recordings table, the Candidates bench).
 */
import { useI18n } from 'vue-i18n';
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

/** What a view knows of a par: the value (null: none yet), whether it is proven, and the proven other side. */
export interface ParFacts {
  readonly par: number | null;
  readonly optimal: boolean;
  readonly provenBound?: number | null;
  /** No par because the search ran out of budget. */
  readonly budget?: boolean;
}

export interface ParWords {
  /** The Level view's header: "par 7", "par ≤ 7", "no par yet" (minimised); "best 7", "best ≥ 7", "no best yet" (maximised). */
  readonly headline: (sense: ObjectiveSense, facts: ParFacts) => string;
  /** The editor's live proof line, with the proven other side when known ("" when there is no par). */
  readonly proofLine: (sense: ObjectiveSense, facts: ParFacts) => string;
  /** The editor's "par/best against the saved level" label. */
  readonly vsSaved: (sense: ObjectiveSense) => string;
}

/**
 * The one place a par is worded by the objective's sense for the Level view and the editor (the
 * Library list and inspectors show the bare value with `boundSign`): a minimised objective has a
 * "par", a maximised one a "best".
 */
export function useParWords(): ParWords {
  const { t } = useI18n();
  return {
    headline: (sense, { par, optimal, budget }) => {
      const max = sense === 'maximise';
      if (par === null) return t(budget ? (max ? 'objectives.noBestBudget' : 'level.noParBudget') : max ? 'objectives.noBest' : 'level.noPar');
      if (!optimal) return t(max ? 'objectives.levelParBoundMax' : 'level.parBound', { n: par });
      return t(max ? 'objectives.levelBest' : 'level.par', { n: par });
    },
    proofLine: (sense, { par, optimal, provenBound }) => {
      if (par === null) return '';
      const max = sense === 'maximise';
      if (optimal) return t(max ? 'objectives.editorBest' : 'editor.proof.par', { n: par });
      if (max) return provenBound != null ? t('objectives.editorParBetweenMax', { n: par, high: provenBound }) : t('objectives.editorParBoundMax', { n: par });
      return provenBound ? t('editor.proof.parBetween', { n: par, low: provenBound }) : t('editor.proof.parBound', { n: par });
    },
    vsSaved: (sense) => t(sense === 'maximise' ? 'objectives.vsSavedMax' : 'editor.proof.vsSaved'),
  };
}
