/**
 * Rules for a kind and config, built once and shared: the library's thumbnails and the play view
 * use the very `Rules` the solver uses (DESIGN.md: the engine is the single source of truth).
 */
import type { Appearances, BoardView } from '../../../src-shared/engine/ruleset.ts';
import { rulesFor, type BoundRules } from '../../../src-shared/rulesets/rules-cache.ts';

export type RulesLookup = BoundRules;

/** The studio's one rules cache (src-shared/rulesets/rules-cache.ts), shared with the solvers' code. */
export { rulesFor };

/** The start position of a level document as a board picture, or undefined when it does not load. */
export function startView(kind: string, config: unknown, content: unknown): BoardView | undefined {
  const { rules } = rulesFor(kind, config);
  if (!rules) return undefined;
  const loaded = rules.load(content);
  return loaded.state === undefined ? undefined : rules.view(loaded.state);
}

/** How a kind draws its terrain and pieces under a config (the board renderer's `appearance`). */
export function appearanceFor(kind: string, config: unknown): Appearances | undefined {
  return rulesFor(kind, config).rules?.appearance;
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
