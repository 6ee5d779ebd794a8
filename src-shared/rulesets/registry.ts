/**
 * Every puzzle kind the studio knows, by name. Hosts look kinds up here and nowhere else: a new
 * kind is its own folder plus one line below (or, for a kind that lives outside the build such
 * as the tests' own, one `registerKind` call).
 */
import type { AnyRulesetKind, LevelFormat } from '../engine/ruleset.ts';
import { pushKind } from './push/kind.ts';
import { slidingKind } from './sliding/kind.ts';
import { mazeKind } from './maze/kind.ts';
import { blocksKind } from './blocks/kind.ts';

const BUILT_IN: readonly AnyRulesetKind[] = [pushKind, slidingKind, mazeKind, blocksKind];

const kinds = new Map<string, AnyRulesetKind>(BUILT_IN.map((k) => [k.kind, k]));

/** Adds a kind; refused when its name is taken or is not a plain identifier. */
export function registerKind(kind: AnyRulesetKind): void {
  if (!/^[a-z][a-z0-9-]{0,63}$/.test(kind.kind)) throw new Error(`A kind's name must be lower-case letters, digits and dashes: '${kind.kind}'.`);
  if (kinds.has(kind.kind)) throw new Error(`A puzzle kind named '${kind.kind}' is registered already.`);
  if (kind.objectives.length === 0) throw new Error(`The kind '${kind.kind}' declares no objective: its first objective is its par.`);
  kinds.set(kind.kind, kind);
}

/** Removes a kind added with `registerKind` (built-in kinds stay). */
export function unregisterKind(name: string): void {
  if (!BUILT_IN.some((k) => k.kind === name)) kinds.delete(name);
}

/** Every registered kind, built-in ones first. */
export function allKinds(): readonly AnyRulesetKind[] {
  return [...kinds.values()];
}

export function rulesetKind(kind: string): AnyRulesetKind | undefined {
  return typeof kind === 'string' ? kinds.get(kind) : undefined;
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
  const all: KindFormat[] = allKinds().flatMap((kind) => kind.formats.map((format) => ({ kind, format: format as LevelFormat<object> })));
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
