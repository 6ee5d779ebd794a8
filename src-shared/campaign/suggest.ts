/**
 * "Suggest order": the unpinned levels of a chapter sorted by one signal or a weighted blend,
 * easiest first; pinned levels keep their places. A blend weighs each signal's rank (0..1 among
 * the levels that have it) so signals in different units mix; a level missing a signal gets the
 * middle rank for it.
 */
import { z } from 'zod';
import { EASIER_WHEN_HIGHER, signalIdSchema, type LevelSignals, type SignalId } from './signals.ts';

export const suggestWeightsSchema = z.partialRecord(signalIdSchema, z.number().min(0).max(100));
export type SuggestWeights = z.infer<typeof suggestWeightsSchema>;

/** Each row's rank in a signal, 0 (easiest) to 1 (hardest); ties share their mean rank. */
export function signalRanks(rows: readonly LevelSignals[], signal: SignalId): number[] {
  const flip = EASIER_WHEN_HIGHER.has(signal) ? -1 : 1;
  const known = rows.map((r, i) => ({ i, v: r[signal] })).filter((e): e is { i: number; v: number } => e.v !== null).sort((a, b) => flip * (a.v - b.v));
  const ranks = rows.map(() => 0.5);
  if (known.length < 2) return ranks;
  for (let start = 0; start < known.length; ) {
    let end = start;
    while (end + 1 < known.length && known[end + 1].v === known[start].v) end++;
    const rank = (start + end) / 2 / (known.length - 1);
    for (let k = start; k <= end; k++) ranks[known[k].i] = rank;
    start = end + 1;
  }
  return ranks;
}

/** A difficulty score per row from the weighted ranks. */
export function blendScores(rows: readonly LevelSignals[], weights: SuggestWeights): number[] {
  const entries = Object.entries(weights).filter(([, w]) => w !== undefined && w > 0) as [SignalId, number][];
  if (entries.length === 0) throw new RangeError('Suggest order needs at least one signal with a weight above 0.');
  const total = entries.reduce((a, [, w]) => a + w, 0);
  const scores = rows.map(() => 0);
  for (const [signal, weight] of entries) signalRanks(rows, signal).forEach((r, i) => (scores[i] += (r * weight) / total));
  return scores;
}

/**
 * The suggested order of `rows` (one chapter, in current order) as indices into it: unpinned rows
 * sorted by score (ties keep their order), pinned rows where they are.
 */
export function suggestOrder(rows: readonly LevelSignals[], weights: SuggestWeights): number[] {
  const scores = blendScores(rows, weights);
  const movable = rows.map((_, i) => i).filter((i) => !rows[i].pinned).sort((a, b) => scores[a] - scores[b] || a - b);
  let next = 0;
  return rows.map((row, i) => (row.pinned ? i : movable[next++]));
}
