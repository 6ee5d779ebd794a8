/** Every puzzle kind the studio knows, by name. Hosts look kinds up here and nowhere else. */
import type { AnyRulesetKind, LevelFormat } from '../engine/ruleset.ts';
import { pushKind } from './push/kind.ts';
import { slidingKind } from './sliding/kind.ts';

export const RULESET_KINDS: Readonly<Record<string, AnyRulesetKind>> = Object.freeze({
  push: pushKind,
  sliding: slidingKind,
});

export function rulesetKind(kind: string): AnyRulesetKind | undefined {
  return Object.hasOwn(RULESET_KINDS, kind) ? RULESET_KINDS[kind] : undefined;
}

export interface KindFormat {
  readonly kind: AnyRulesetKind;
  readonly format: LevelFormat<object>;
}

/**
 * The kind and format that read a file: among the formats for its ending (all formats when the
 * ending is unknown), the one that recognises the text most surely; undefined when none does.
 */
export function formatFor(fileName: string, text: string): KindFormat | undefined {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const ext = name.includes('.') ? name.toLowerCase().split('.').pop()! : '';
  const all: KindFormat[] = Object.values(RULESET_KINDS).flatMap((kind) => kind.formats.map((format) => ({ kind, format: format as LevelFormat<object> })));
  const byEnding = all.filter((c) => c.format.extensions.includes(ext));
  let best: KindFormat | undefined;
  let bestScore = 0;
  for (const candidate of byEnding.length > 0 ? byEnding : all) {
    const score = candidate.format.sniff(text);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
