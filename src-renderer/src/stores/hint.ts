/**
 * A hint for the level view's play-test: `play.hint` from the position reached so far. The answer
 * is dropped if the player moved on meanwhile, and a shown hint goes when the position changes.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { ResponseOf } from '../../../src-shared/api/contract.ts';
import type { GridCell } from '../../../src-shared/engine/diagnostics.ts';
import { bindingForCommand, glyphOf } from '../play/input-map.ts';
import { useApiCall } from './api.ts';
import { usePlayStore } from './play.ts';

export type HintAnswer = ResponseOf<'play.hint'>;

export interface ShownHint extends HintAnswer {
  /** The position the hint was asked from; a move makes it obsolete. */
  readonly position: number;
  readonly generation: number;
  /** Cells the hinted command moves things to (highlighted on the board). */
  readonly cells: readonly GridCell[];
}

export const useHintStore = defineStore('hint', () => {
  const call = useApiCall();
  const play = usePlayStore();
  /** The hint on show, for the position it was asked from. */
  const shown = shallowRef<ShownHint | null>(null);
  const pending = ref(false);

  // Synchronous, so a view never shows a hint for a position that is gone.
  watch(
    () => [play.snapshot?.position, play.generation] as const,
    ([position, generation]) => {
      if (shown.value && (shown.value.position !== position || shown.value.generation !== generation)) shown.value = null;
    },
    { flush: 'sync' },
  );

  /** Asks for the next move of an optimal solution of level `levelId` from where the play is (`content`: a draft played instead). */
  async function ask(levelId: number, content?: unknown): Promise<void> {
    if (pending.value || !play.playing) return;
    const position = play.snapshot?.position ?? 0;
    const generation = play.generation;
    pending.value = true;
    try {
      const value = await call('play.hint', { levelId, commands: play.encodedCommands(), ...(content !== undefined ? { content } : {}) }, 'play.errors.hint');
      if (!value || play.generation !== generation || play.snapshot?.position !== position) return;
      const cells: GridCell[] = [];
      if (value.command !== null) {
        if (!play.recordHint(value.command, generation)) return;
        for (const event of play.preview(value.command)) if (event.to) cells.push(event.to);
      }
      shown.value = { ...value, position, generation, cells };
    } finally {
      pending.value = false;
    }
  }

  const binding = computed(() => (shown.value?.command ? bindingForCommand(play.inputMap, shown.value.command) : undefined));
  /** The hinted command as a picture, whether or not a key sends it. */
  const glyph = computed(() => (shown.value?.command ? glyphOf(play.rules, shown.value.command) : undefined));
  const cells = computed(() => shown.value?.cells ?? []);

  return { shown, pending, binding, glyph, cells, ask };
});
