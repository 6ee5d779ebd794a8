/**
 * Kinds bring their own words (`RulesetKind.messages`): they are filed under `kinds.<kind>` in
 * every locale at start-up, so the renderer can name a kind's objectives, counters, terrain,
 * pieces and metrics without knowing the kind.
 */
import { useI18n } from 'vue-i18n';
import type { AnyRulesetKind } from '../../../src-shared/engine/ruleset.ts';

type KindTable = Record<string, Readonly<Record<string, string>>>;

/**
 * Every kind's messages for `locale`, by kind, kept flat: a kind may have both `metric.boxes` and
 * `metric.boxes.help`, which no tree can hold, so they are looked up by quoted key (`kindPath`).
 */
export function kindMessages(kinds: readonly AnyRulesetKind[], locale: string): KindTable {
  const out: KindTable = {};
  for (const kind of kinds) {
    const flat = kind.messages?.[locale];
    if (flat) out[kind.kind] = { ...flat };
  }
  return out;
}

/** The message path of a flat key under a table: `kinds.push['metric.boxes']`. */
export function quotedPath(table: string, key: string): string {
  return `${table}['${key.replace(/'/g, '')}']`;
}

/**
 * A kind's message, with a fallback (the objective's English label, the id) when neither the
 * locale nor English has it. `count` picks a plural form and fills `{n}`.
 */
export function useKindText() {
  const { t, te } = useI18n();
  return (kind: string, key: string, fallback: string, count?: number): string => {
    const path = quotedPath(`kinds.${kind}`, key);
    if (!te(path) && !te(path, 'en')) return fallback;
    return count === undefined ? t(path) : t(path, { n: count }, count);
  };
}
