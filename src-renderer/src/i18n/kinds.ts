/**
 * Kinds bring their own words (`RulesetKind.messages`): they are filed under `kinds.<kind>.` in
 * every locale at start-up, so the renderer can name a kind's objectives, counters, terrain and
 * pieces without knowing the kind.
 */
import { useI18n } from 'vue-i18n';
import type { AnyRulesetKind } from '../../../src-shared/engine/ruleset.ts';

type Tree = { [key: string]: string | Tree };

/** `{'hud.moves': 'x'}` as `{hud: {moves: 'x'}}` (vue-i18n resolves dotted paths through objects). */
export function nestMessages(flat: Readonly<Record<string, string>>): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = typeof next === 'object' ? next : (node[part] = {});
    }
    node[parts[parts.length - 1]] = value;
  }
  return out;
}

/** Every kind's messages for `locale`, nested under the kind's name (for `kinds.<kind>`). */
export function kindMessages(kinds: readonly AnyRulesetKind[], locale: string): Tree {
  const out: Tree = {};
  for (const kind of kinds) {
    const flat = kind.messages?.[locale];
    if (flat) out[kind.kind] = nestMessages(flat);
  }
  return out;
}

/**
 * A kind's message, with a fallback (the objective's English label, the id) when neither the
 * locale nor English has it. `count` picks a plural form and fills `{n}`.
 */
export function useKindText() {
  const { t, te } = useI18n();
  return (kind: string, key: string, fallback: string, count?: number): string => {
    const path = `kinds.${kind}.${key}`;
    if (!te(path) && !te(path, 'en')) return fallback;
    return count === undefined ? t(path) : t(path, { n: count }, count);
  };
}
