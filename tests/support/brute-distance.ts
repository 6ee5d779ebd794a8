/**
 * An independent check of distances to goal: a plain breadth-first search over `step` from one
 * state until a won state (every step of the kinds it is used on costs 1), with no bound, no
 * kind solver and no shared work. Small levels only.
 */
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';

/** Moves to the nearest won state, or null when none can be reached (dead). */
export function bruteDistance(rules: AnyRules, start: unknown, limit = 200_000): number | null {
  if (rules.status(start) === 'won') return 0;
  if (rules.status(start) === 'lost') return null;
  const seen = new Set<string>([rules.key(start)]);
  let frontier = [start];
  for (let depth = 1; frontier.length > 0; depth++) {
    const next: unknown[] = [];
    for (const state of frontier) {
      for (const command of rules.commands(state)) {
        const result = rules.step(state, command);
        if (!result.changed) continue;
        if (rules.status(result.state) === 'won') return depth;
        const key = rules.key(result.state);
        if (seen.has(key) || rules.status(result.state) === 'lost') continue;
        seen.add(key);
        if (seen.size > limit) throw new Error('bruteDistance: level too large for the check');
        next.push(result.state);
      }
    }
    frontier = next;
  }
  return null;
}

/** Every state reachable from `start` (by key), for exhaustive soundness checks. */
export function reachableStates(rules: AnyRules, start: unknown, limit = 20_000): unknown[] {
  const seen = new Map<string, unknown>([[rules.key(start), start]]);
  const stack = [start];
  while (stack.length > 0) {
    const state = stack.pop();
    if (rules.status(state) !== 'playing') continue;
    for (const command of rules.commands(state)) {
      const result = rules.step(state, command);
      const key = rules.key(result.state);
      if (!result.changed || seen.has(key)) continue;
      seen.set(key, result.state);
      if (seen.size > limit) throw new Error('reachableStates: level too large for the check');
      stack.push(result.state);
    }
  }
  return [...seen.values()];
}
