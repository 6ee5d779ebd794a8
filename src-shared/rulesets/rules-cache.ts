/**
 * The one cache of bound rules, used by the workers, the renderer and the main side alike. Binding
 * a config validates it and builds per-rules caches (distance tables, solver tables checked), so
 * a batch, a library list and a play-test should bind each config once: entries are found by the
 * config's canonical text, and two configs that bind to the same fingerprint (`{}` and the
 * explicit defaults) share one `Rules`.
 */
import type { Diagnostic } from '../engine/diagnostics.ts';
import { canonicalJson } from '../engine/fingerprint.ts';
import type { AnyRules } from '../engine/ruleset.ts';
import { rulesetKind } from './registry.ts';

export interface BoundRules {
  /** Absent when the config is refused or the kind is unknown. */
  readonly rules?: AnyRules;
  /** The config's problems (errors) or warnings (settings the kind does not know). */
  readonly diagnostics: readonly Diagnostic[];
  /** No ruleset of this kind is registered (a library written by a newer build). */
  readonly unknownKind?: boolean;
}

/** Distinct configs kept; a studio session rarely has more than a handful. */
const MAX_ENTRIES = 64;

const byConfig = new Map<string, BoundRules>();
const byFingerprint = new Map<string, AnyRules>();

function configKey(kind: string, config: unknown): string | undefined {
  try {
    return `${kind}\u0000${canonicalJson(config ?? {})}`;
  } catch {
    return undefined; // not JSON (a non-finite number): bound afresh, never cached
  }
}

function bind(kind: string, config: unknown): BoundRules {
  const found = rulesetKind(kind);
  if (!found) return { diagnostics: [], unknownKind: true };
  const created = found.create(config ?? {});
  if (!created.rules) return { diagnostics: created.diagnostics };
  const shared = byFingerprint.get(created.rules.fingerprint);
  if (shared) return { rules: shared, diagnostics: created.diagnostics };
  byFingerprint.set(created.rules.fingerprint, created.rules);
  return created;
}

/** The rules of `kind` bound to `config` (untrusted), from the cache when it was bound before. */
export function rulesFor(kind: string, config: unknown): BoundRules {
  const key = configKey(kind, config);
  if (key === undefined) return bind(kind, config);
  const cached = byConfig.get(key);
  if (cached) {
    // Most recently used last: the oldest is the first to go.
    byConfig.delete(key);
    byConfig.set(key, cached);
    return cached;
  }
  const bound = bind(kind, config);
  byConfig.set(key, bound);
  if (byConfig.size > MAX_ENTRIES) {
    const oldest = byConfig.keys().next().value!;
    const evicted = byConfig.get(oldest);
    byConfig.delete(oldest);
    const fingerprint = evicted?.rules?.fingerprint;
    if (fingerprint && ![...byConfig.values()].some((b) => b.rules?.fingerprint === fingerprint)) byFingerprint.delete(fingerprint);
  }
  return bound;
}

/** Forget every bound rules (tests that register kinds). */
export function clearRulesCache(): void {
  byConfig.clear();
  byFingerprint.clear();
}
