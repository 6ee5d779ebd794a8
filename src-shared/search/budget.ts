/**
 * A state budget as the searches use it: a whole number of states, at least one. Missing or not
 * a number (NaN) means the default; fractions round down; no end (Infinity) is the largest safe
 * integer, which the records' integer fields still hold.
 */
export function stateBudget(budget: number | undefined, fallback: number): number {
  if (budget === undefined || Number.isNaN(budget)) return fallback;
  if (budget === Infinity) return Number.MAX_SAFE_INTEGER;
  return Math.max(1, Math.floor(Math.min(budget, Number.MAX_SAFE_INTEGER)));
}
