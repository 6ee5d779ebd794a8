/**
 * The play-test's debug overlay (seed 000's checklist: "development mode shows entity ids,
 * coordinates, mechanism state and history length"), toggled by a key, shown by PlayTest.vue.
 */
import { ref } from 'vue';
import type { BoardPiece } from '../../../src-shared/engine/ruleset.ts';

export const debugOverlay = ref(false);

export function toggleDebugOverlay(): void {
  debugOverlay.value = !debugOverlay.value;
}

/** One line per piece: id, kind, cell and state (a door open, a button pressed). */
export function pieceLines(pieces: readonly BoardPiece[]): { id: string; kind: string; at: string; state: string }[] {
  return pieces.map((p) => ({ id: p.id, kind: p.kind, at: `${p.x},${p.y}`, state: p.variant ?? '' }));
}
