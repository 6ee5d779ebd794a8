/**
 * A hint for the level view's play-test: `play.hint` from the position reached so far. The answer
 * is dropped if the player moved on meanwhile, and a shown hint goes when the position changes.
 *
 * A level whose verification ran out of budget gets its answer at once: a hint searches from the
 * position with the same budget, so it would most likely run out too. The panel says so and what
 * to do (verify the level with a larger budget); the designer may still ask, the search then
 * showing in the job strip, where it can be cancelled.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { ResponseOf } from '../../../src-shared/api/studio-api.ts';
import { bindingForCommand, glyphOf } from '../services/play/input-map.ts';
import type { BoardHighlight } from '../services/board-overlays.ts';
import { useBridge } from '../bridge/context.ts';
import { useLevelStore } from './level.ts';
import { usePlayStore } from './play.ts';
import { useUiStore } from './ui.ts';

export type HintAnswer = ResponseOf<'play.hint'>;

export interface ShownHint {
  readonly status: HintAnswer['status'] | 'budget-known' | 'cancelled';
  readonly command: string | null;
  readonly distance: number | null;
  readonly optimal: boolean;
  /** Why the search stopped before it finished, as the host says (budget, time, memory, cancelled). */
  readonly stoppedBy?: HintAnswer['stoppedBy'];
  /** The position the hint was asked from; a move makes it obsolete. */
  readonly position: number;
  readonly generation: number;
  /** The piece the hinted command moves (`from`) and where things go (`to`), highlighted on the board. */
  readonly cells: readonly BoardHighlight[];
}

/** How the host says a search was cancelled (no code of its own in the API yet: see the report). */
const CANCELLED = /cancel/i;

export const useHintStore = defineStore('hint', () => {
  const bridge = useBridge();
  const ui = useUiStore();
  const play = usePlayStore();
  const level = useLevelStore();
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

  /** The open level's own verification ran out of budget (what a hint would meet too); a draft played is not that level. */
  const budgetKnown = computed(() => !play.playingDraft && (level.detail?.verification?.status === 'budget' || level.detail?.badge === 'budget'));

  /** Cells of the hinted command: the moving pieces' `from` and every `to`. */
  function cellsOf(command: string): BoardHighlight[] {
    const out = new Map<string, BoardHighlight>();
    const events = play.preview(command);
    for (const event of events) if (event.entity && event.from) out.set(`${event.from.x},${event.from.y}`, { ...event.from, role: 'from' });
    for (const event of events) if (event.to && !out.has(`${event.to.x},${event.to.y}`)) out.set(`${event.to.x},${event.to.y}`, { ...event.to, role: 'to' });
    return [...out.values()];
  }

  /**
   * Asks for the next move of an optimal solution of level `levelId` from where the play is (of
   * the draft, when the play is of one). `anyway` asks even when the level's verification ran out
   * of budget.
   */
  async function ask(levelId: number, anyway = false): Promise<void> {
    if (pending.value || !play.playing) return;
    const position = play.snapshot?.position ?? 0;
    const generation = play.generation;
    if (budgetKnown.value && !anyway) {
      shown.value = { status: 'budget-known', command: null, distance: null, optimal: false, position, generation, cells: [] };
      return;
    }
    pending.value = true;
    try {
      const content = play.draftContent();
      // The campaign the level is open in: its rules, not those of another campaign holding the level.
      const campaign = level.detail?.id === levelId ? { campaignId: level.detail.campaignId } : {};
      const result = await bridge.invoke('play.hint', { levelId, ...campaign, commands: play.encodedCommands(), ...(content !== undefined ? { content } : {}) });
      if (play.generation !== generation || play.snapshot?.position !== position) return;
      if (!result.ok) {
        if (CANCELLED.test(result.error.message)) shown.value = { status: 'cancelled', command: null, distance: null, optimal: false, position, generation, cells: [] };
        else ui.reportError('play.errors.hint', result.error);
        return;
      }
      const value = result.value;
      let cells: BoardHighlight[] = [];
      if (value.command !== null) {
        if (!play.recordHint(value.command, generation)) return;
        cells = cellsOf(value.command);
      }
      shown.value = { ...value, position, generation, cells };
    } finally {
      pending.value = false;
    }
  }

  /** Plays the hinted move (the hint panel's button). */
  function playHinted(): void {
    const command = shown.value?.command;
    if (command) play.command(command);
  }

  const binding = computed(() => (shown.value?.command ? bindingForCommand(play.inputMap, shown.value.command) : undefined));
  /** The hinted command as a picture, whether or not a key sends it. */
  const glyph = computed(() => (shown.value?.command ? glyphOf(play.rules, shown.value.command) : undefined));
  const cells = computed(() => shown.value?.cells ?? []);

  return { shown, pending, budgetKnown, binding, glyph, cells, ask, playHinted };
});
