/**
 * Rules for a kind and config, built once and shared: the library's thumbnails and the play view
 * use the very `Rules` the solver uses (DESIGN.md: the engine is the single source of truth).
 */
import type { AnyRules, BoardView } from '../../../src-shared/engine/ruleset.ts';
import type { Diagnostic } from '../../../src-shared/engine/diagnostics.ts';
import { rulesetKind } from '../../../src-shared/rulesets/registry.ts';

export interface RulesLookup {
  readonly rules?: AnyRules;
  readonly diagnostics: readonly Diagnostic[];
  /** The studio has no ruleset of this kind (a library written by a newer build). */
  readonly unknownKind?: boolean;
}

const cache = new Map<string, RulesLookup>();

function cacheKey(kind: string, config: unknown): string {
  try {
    return `${kind}\u0000${JSON.stringify(config ?? {})}`;
  } catch {
    return `${kind}\u0000?`;
  }
}

export function rulesFor(kind: string, config: unknown): RulesLookup {
  const key = cacheKey(kind, config);
  let found = cache.get(key);
  if (!found) {
    const k = rulesetKind(kind);
    found = k
      ? k.create(config ?? {})
      : { diagnostics: [], unknownKind: true };
    if (cache.size > 32) cache.clear();
    cache.set(key, found);
  }
  return found;
}

/** The start position of a level document as a board picture, or undefined when it does not load. */
export function startView(kind: string, config: unknown, content: unknown): BoardView | undefined {
  const { rules } = rulesFor(kind, config);
  if (!rules) return undefined;
  const loaded = rules.load(content);
  return loaded.state === undefined ? undefined : rules.view(loaded.state);
}

const thumbnails = new Map<string, BoardView | null>();

/** `startView`, remembered by rules fingerprint and content hash (the library refetches often). */
export function thumbnailView(kind: string, config: unknown, content: unknown, contentHash: string): BoardView | undefined {
  const { rules } = rulesFor(kind, config);
  const key = `${rules?.fingerprint ?? kind}|${contentHash}`;
  let view = thumbnails.get(key);
  if (view === undefined) {
    view = startView(kind, config, content) ?? null;
    if (thumbnails.size > 5000) thumbnails.clear();
    thumbnails.set(key, view);
  }
  return view ?? undefined;
}
