/**
 * A play of one level made reactive for views: the `PlaySession` (plain TypeScript, engine states
 * are never made reactive) and what a view reads of it: snapshots, the input map, the selection.
 * It knows no level detail, so the level view's play-test, the editor's preview and the replay
 * scrubber can each have one (`usePlayStore` is the level view's).
 */
import { computed, ref, shallowRef } from 'vue';
import type { Diagnostic, GridCell } from '../../../src-shared/engine/diagnostics.ts';
import type { AnyRules, VisualEvent } from '../../../src-shared/engine/ruleset.ts';
import { inputMapFromRules, type InputMap } from './input-map.ts';
import { PlaySession, type PlaySnapshot, type PlayStartOptions } from './session.ts';

export function createPlayState() {
  const rules = shallowRef<AnyRules | undefined>(undefined);
  const snapshot = shallowRef<PlaySnapshot | null>(null);
  /** The selectable a click places (`rules.selectables`), by id. */
  const selectedId = ref<string | null>(null);
  /** Bumped by every start, so an answer about an earlier play can be dropped. */
  const generation = ref(0);
  let session: PlaySession | null = null;

  const inputMap = computed<InputMap | undefined>(() => (rules.value ? inputMapFromRules(rules.value) : undefined));
  const playable = computed(() => snapshot.value !== null);
  const status = computed(() => snapshot.value?.status);
  const playing = computed(() => status.value === 'playing');
  const won = computed(() => status.value === 'won');
  const lost = computed(() => status.value === 'lost');
  const selectables = computed(() => snapshot.value?.selectables ?? []);

  function refresh(): void {
    snapshot.value = session ? session.snapshot() : null;
    const ids = selectables.value.map((s) => s.id);
    // The selection follows the tray: a piece placed (gone) gives way to the first one left.
    if (selectedId.value === null || !ids.includes(selectedId.value)) selectedId.value = ids[0] ?? null;
  }

  /** Starts a play of `content` under `rules`; the diagnostics say why it cannot be played, if so. */
  function start(bound: AnyRules | undefined, content: unknown, options: PlayStartOptions = {}): readonly Diagnostic[] {
    generation.value++;
    rules.value = bound;
    session = null;
    selectedId.value = null;
    let diagnostics: readonly Diagnostic[] = [];
    if (bound) {
      const started = PlaySession.start(bound, content, options);
      session = started.session ?? null;
      diagnostics = started.session ? [] : started.diagnostics;
    }
    refresh();
    return diagnostics;
  }

  function stop(): void {
    start(undefined, undefined);
  }

  function command(text: string): void {
    if (session && session.command(text) !== 'unknown-command') refresh();
  }

  function undo(): void {
    if (session?.undo()) refresh();
  }

  function redo(): void {
    if (session?.redo()) refresh();
  }

  function restart(): void {
    if (!session) return;
    session.restart();
    refresh();
  }

  function select(id: string): void {
    if (selectables.value.some((s) => s.id === id)) selectedId.value = id;
  }

  /** Moves the selection along the strip (Tab forward, Shift+Tab back), wrapping around. */
  function cycleSelection(delta: number): void {
    const list = selectables.value;
    if (list.length === 0) return;
    const at = list.findIndex((s) => s.id === selectedId.value);
    selectedId.value = list[(((at < 0 ? 0 : at + delta) % list.length) + list.length) % list.length].id;
  }

  /** A click on a board cell: the rules say which command it means (with the selection), if any. */
  function clickCell(cell: GridCell): void {
    const current = rules.value;
    if (!session || !current?.commandAt) return;
    const meant = current.commandAt(session.currentState, cell, selectedId.value ?? undefined);
    if (meant !== undefined) command(current.encodeCommand(meant));
  }

  /** The encoded commands from the start to here (what `play.hint` replays). */
  function encodedCommands(): string[] {
    return session?.encodedCommands ?? [];
  }

  /** Journals a hint that was shown; true when this play is still the one it was asked for. */
  function recordHint(text: string, forGeneration: number): boolean {
    if (!session || forGeneration !== generation.value) return false;
    session.recordHint(text);
    refresh();
    return true;
  }

  /** What a command would do from here, without playing it. */
  function preview(text: string): readonly VisualEvent[] {
    return session?.preview(text) ?? [];
  }

  return {
    rules, snapshot, selectedId, generation, inputMap, playable, status, playing, won, lost, selectables,
    start, stop, command, undo, redo, restart, select, cycleSelection, clickCell, encodedCommands, recordHint, preview,
  };
}

export type PlayState = ReturnType<typeof createPlayState>;
