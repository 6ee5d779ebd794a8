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
 * The kind and format that read a file, by its content: the format that recognises the text most
 * surely (`sniff`); among equally sure ones, a format of the file's ending, then the registry's
 * order. A format of another ending must be sure (a maze saved as `.txt` reads as a maze, not as
 * the XSB that `.txt` usually holds); one that only could be is left to the ending's formats.
 * Undefined when no format recognises the text.
 */
export function formatFor(fileName: string, text: string): KindFormat | undefined {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const ext = name.includes('.') ? name.toLowerCase().split('.').pop()! : '';
  const all: KindFormat[] = allKinds().flatMap((kind) => kind.formats.map((format) => ({ kind, format: format as LevelFormat<object> })));
  const endingKnown = all.some((c) => c.format.extensions.includes(ext));
  let best: KindFormat | undefined;
  let bestRank = 0;
  for (const candidate of all) {
    const score = candidate.format.sniff(text);
    const ofEnding = candidate.format.extensions.includes(ext);
    // Another ending's format must be sure of the text; "could be" is left to the ending's own.
    if (score === 0 || (endingKnown && !ofEnding && score < 2)) continue;
    // The content first; the ending only tells equally sure formats apart.
    const rank = score * 2 + (ofEnding ? 1 : 0);
    if (rank > bestRank) {
      best = candidate;
      bestRank = rank;
    }
  }
  return best;
}
