/**
 * Board pictures of levels outside play: a level's start position (remembered by rules
 * fingerprint and content hash, the library's thumbnail cache) and how a kind draws under a
 * config. Drawn with the very `Rules` the solver uses (src-shared/rulesets/rules-cache.ts;
 * DESIGN.md: the engine is the single source of truth).
 */
import type { Appearances, BoardView } from '../../../src-shared/engine/ruleset.ts';
import { rulesFor } from '../../../src-shared/rulesets/rules-cache.ts';

/** The start position of a level document as a board picture, or undefined when it does not load. */
function startView(kind: string, config: unknown, content: unknown): BoardView | undefined {
  const { rules } = rulesFor(kind, config);
  if (!rules) return undefined;
  const loaded = rules.load(content);
  return loaded.state === undefined ? undefined : rules.view(loaded.state);
}

/** How a kind draws its terrain and pieces under a config (the board renderer's `appearance`). */
export function appearanceFor(kind: string, config: unknown): Appearances | undefined {
  return rulesFor(kind, config).rules?.appearance;
}

/** Pictures kept; past this the cache starts over (a library of a few thousand levels fits). */
const THUMBNAIL_LIMIT = 5000;
const thumbnails = new Map<string, BoardView | null>();

/** `startView`, remembered by rules fingerprint and content hash (the library refetches often). */
export function thumbnailView(kind: string, config: unknown, content: unknown, contentHash: string): BoardView | undefined {
  const { rules } = rulesFor(kind, config);
  const key = `${rules?.fingerprint ?? kind}|${contentHash}`;
  let view = thumbnails.get(key);
  if (view === undefined) {
    view = startView(kind, config, content) ?? null;
    if (thumbnails.size > THUMBNAIL_LIMIT) thumbnails.clear();
    thumbnails.set(key, view);
  }
  return view ?? undefined;
}
