/** Every puzzle kind the studio knows, by name. Hosts look kinds up here and nowhere else. */
import type { AnyRulesetKind } from '../engine/ruleset.ts';
import { pushKind } from './push/kind.ts';

export const RULESET_KINDS: Readonly<Record<string, AnyRulesetKind>> = Object.freeze({
  push: pushKind,
});

export function rulesetKind(kind: string): AnyRulesetKind | undefined {
  return Object.hasOwn(RULESET_KINDS, kind) ? RULESET_KINDS[kind] : undefined;
}

/** The kind whose formats read a file with this name's ending, and that format. */
export function formatForFile(fileName: string) {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  for (const kind of Object.values(RULESET_KINDS)) {
    const format = kind.formats.find((f) => f.extensions.includes(ext));
    if (format) return { kind, format };
  }
  return undefined;
}
