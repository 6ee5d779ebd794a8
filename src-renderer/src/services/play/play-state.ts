/**
 * A play of one level made reactive for views: the `PlaySession` (plain TypeScript, engine states
 * are never made reactive) and what a view reads of it: snapshots, the input map, the selection.
 * It knows no level detail, so the level view's play-test, the editor's preview and the replay
 * scrubber can each have one (`usePlayStore` is the level view's).
 */
import { computed, ref, shallowRef } from 'vue';
import type { Diagnostic, GridCell } from '../../../../src-shared/engine/diagnostics.ts';
import type { AnyRules, PlayMode, VisualEvent } from '../../../../src-shared/engine/ruleset.ts';
import { inputMapFromRules, type InputMap } from './input-map.ts';
import { FramePacer, eventsMs } from './pacing.ts';
import { PlaySession, type EncodedJournalEntry, type PlaySnapshot, type PlayStartOptions, type StepOutcome } from './session.ts';

/** A play to keep as a recording: what was played, on which level, and everything the player did. */
export interface FinishedPlay {
  readonly levelId: number;
  /** The campaign the level was played from (its rules replay the journal). */
  readonly campaignId?: number;
  readonly content: unknown;
  readonly journal: readonly EncodedJournalEntry[];
}

export interface PlayStateOptions {
  /**
   * Called when a play should be kept (seed 000): won, or left or restarted after at least one
   * move. Each journal is handed over once.
   */
  readonly record?: (play: FinishedPlay) => Promise<unknown> | void;
  /** The renderer's clock in ms (journal time offsets). */
  readonly now?: () => number;
}

export interface PlayStart extends PlayStartOptions {
  /** The library level played, for its recording (none: not recorded). */
  readonly levelId?: number;
  /** The campaign it was opened from, whose rules the recording is made under. */
  readonly campaignId?: number;
  /** What is played is a draft, not the saved level (hints are asked for it). */
  readonly draft?: boolean;
}

export function createPlayState(options: PlayStateOptions = {}) {
  const now = options.now ?? (() => (typeof performance !== 'undefined' ? performance.now() : 0));
  const rules = shallowRef<AnyRules | undefined>(undefined);
  const snapshot = shallowRef<PlaySnapshot | null>(null);
  /** What the board shows: the snapshots in order, each while its events animate (pacing.ts). */
  const shown = shallowRef<PlaySnapshot | null>(null);
  const pacer = new FramePacer<PlaySnapshot | null>((frame) => (shown.value = frame));
  /** Bumped whenever a recording was kept (the list of recordings refetches). */
  const recorded = ref(0);
  /** The selectable a click places (`rules.selectables`), by id. */
  const selectedId = ref<string | null>(null);
  /** Bumped by every start, so an answer about an earlier play can be dropped. */
  const generation = ref(0);
  /** The play is of a draft (the editor's play-test), not of the saved level. */
  const playingDraft = ref(false);
  /** The play mode the kind offers that is on (`rules.playModes`), kept across levels: a campaign run goes on. */
  const mode = shallowRef<PlayMode | null>(null);
  /** What the player remembered of each level they left (seed 001: memory kept across retries, reopening included). */
  const memories = new Map<number, unknown>();
  let session: PlaySession | null = null;
  let played: { levelId?: number; content: unknown; bound: AnyRules; options: PlayStart } | null = null;
  /** Journal entries already handed over as a recording. */
  let keptUpTo = 0;

  const inputMap = computed<InputMap | undefined>(() => (rules.value ? inputMapFromRules(rules.value) : undefined));
  const playable = computed(() => snapshot.value !== null);
  const status = computed(() => snapshot.value?.status);
  const playing = computed(() => status.value === 'playing');
  const won = computed(() => status.value === 'won');
  const lost = computed(() => status.value === 'lost');
  const selectables = computed(() => snapshot.value?.selectables ?? []);
  /**
   * Where the selected piece would go: the cell under the pointer, or the keyboard's aim (arrows
   * move it, Enter places there). `byKeys` shows the keyboard's cursor.
   */
  const aim = ref<{ readonly cell: GridCell; readonly byKeys: boolean } | null>(null);
  /**
   * The cell of the last click or Enter the rules refused (the selected piece does not fit there),
   * said beside the board until the player does something else: a refused placement is not silent.
   */
  const refusedAt = ref<GridCell | null>(null);
  /** The selected piece's cells at the aim, and whether it may go there (the rules would accept it). */
  const ghost = computed<{ readonly cells: readonly GridCell[]; readonly fits: boolean } | null>(() => {
    const selected = selectables.value.find((s) => s.id === selectedId.value);
    const at = aim.value?.cell;
    const current = rules.value;
    if (!selected?.footprint || !at || !session || !current?.commandAt || snapshot.value?.status !== 'playing') return null;
    const meant = current.commandAt(session.currentState, at, selected.id);
    return { cells: selected.footprint.map((c) => ({ x: at.x + c.x, y: at.y + c.y })), fits: meant !== undefined && session.accepts(current.encodeCommand(meant)) };
  });

  function refresh(paced = true): void {
    const taken = session ? session.snapshot() : null;
    // A mode without undo: the history still has it, the player may not use it.
    snapshot.value = taken && mode.value?.noUndo ? { ...taken, canUndo: false, canRedo: false } : taken;
    if (paced && snapshot.value) pacer.push(snapshot.value, eventsMs(snapshot.value.events));
    else pacer.reset(snapshot.value);
    const ids = selectables.value.map((s) => s.id);
    // The selection follows the tray: a piece placed (gone) gives way to the first one left.
    if (selectedId.value === null || !ids.includes(selectedId.value)) selectedId.value = ids[0] ?? null;
  }

  /** Hands the play over as a recording if it moved and holds something not handed over yet. */
  function keep(): void {
    if (!session || !played || played.levelId === undefined || !session.hasMoved || !options.record) return;
    const journal = session.journal();
    if (journal.length <= keptUpTo) return;
    keptUpTo = journal.length;
    void Promise.resolve(options.record({ levelId: played.levelId, ...(played.options.campaignId !== undefined ? { campaignId: played.options.campaignId } : {}), content: played.content, journal })).then(() => recorded.value++);
  }

  /** Starts a play of `content` under `rules`; the diagnostics say why it cannot be played, if so. */
  function start(bound: AnyRules | undefined, content: unknown, startOptions: PlayStart = {}): readonly Diagnostic[] {
    keep();
    remember();
    // A mode the new rules do not offer ends (another kind's level).
    if (mode.value && !bound?.playModes?.some((m) => m.id === mode.value?.id)) mode.value = null;
    generation.value++;
    rules.value = bound;
    session = null;
    played = null;
    keptUpTo = 0;
    selectedId.value = null;
    let diagnostics: readonly Diagnostic[] = [];
    if (bound) {
      const memory = mode.value?.noMemory ? undefined : 'memory' in startOptions ? startOptions.memory : startOptions.levelId !== undefined ? memories.get(startOptions.levelId) : undefined;
      const started = PlaySession.start(bound, content, { clock: now, ...startOptions, memory });
      session = started.session ?? null;
      diagnostics = started.session ? [] : started.diagnostics;
      if (session) played = { levelId: startOptions.levelId, content, bound, options: startOptions };
    }
    playingDraft.value = played?.options.draft === true;
    aim.value = null;
    refusedAt.value = null;
    refresh(false);
    return diagnostics;
  }

  function stop(): void {
    start(undefined, undefined);
  }

  function command(text: string): StepOutcome | undefined {
    refusedAt.value = null;
    const outcome = session?.command(text);
    if (!session || outcome === 'unknown-command') return outcome;
    refresh();
    if (session.status === 'won') keep();
    return outcome;
  }

  function undo(): void {
    refusedAt.value = null;
    if (!mode.value?.noUndo && session?.undo()) refresh();
  }

  function redo(): void {
    refusedAt.value = null;
    if (!mode.value?.noUndo && session?.redo()) refresh();
  }

  /** Keeps what the player remembers of the level being left, unless the mode forgets. */
  function remember(): void {
    if (session && played?.levelId !== undefined && session.memory !== undefined && !mode.value?.noMemory) memories.set(played.levelId, session.memory);
  }

  /**
   * Turns a play mode of the rules on (or off with null) and starts the level afresh under it:
   * a mode that forgets starts with nothing remembered.
   */
  function setMode(id: string | null): void {
    const next = id === null ? null : (rules.value?.playModes?.find((m) => m.id === id) ?? null);
    if (next?.id === mode.value?.id) return;
    mode.value = next;
    if (played) start(played.bound, played.content, { ...played.options, memory: next?.noMemory ? undefined : played.levelId !== undefined ? memories.get(played.levelId) : undefined });
  }

  /**
   * Back to the start. A play that moved is kept as a recording (unfinished) and a new attempt
   * begins, remembering what the player saw; otherwise the history just goes back.
   */
  function restart(): void {
    refusedAt.value = null;
    if (!session || !played) return;
    // A mode that forgets: every retry starts with nothing remembered.
    if (mode.value?.noMemory) {
      start(played.bound, played.content, { ...played.options, memory: undefined });
      return;
    }
    if (session.hasMoved && options.record && played.levelId !== undefined) {
      const { bound, content, options: startOptions } = played;
      const memory = mode.value?.noMemory ? undefined : session.memory;
      start(bound, content, { ...startOptions, memory });
      return;
    }
    session.restart();
    refresh();
  }

  /** The window goes away: keep what was played. */
  function flush(): void {
    keep();
  }

  /** The draft being played, if the play is of one (hints ask about it). */
  function draftContent(): unknown {
    return played?.options.draft ? played.content : undefined;
  }

  /** The state's hash now (the debug overlay). */
  function stateHash(): string {
    return session?.stateHash() ?? '';
  }

  function select(id: string): void {
    if (selectables.value.some((s) => s.id === id)) selectedId.value = id;
    refusedAt.value = null;
  }

  /** Moves the selection along the strip (Tab forward, Shift+Tab back), wrapping around. */
  function cycleSelection(delta: number): void {
    const list = selectables.value;
    if (list.length === 0) return;
    const at = list.findIndex((s) => s.id === selectedId.value);
    refusedAt.value = null;
    selectedId.value = list[(((at < 0 ? 0 : at + delta) % list.length) + list.length) % list.length].id;
  }

  /** The pointer over a cell (null: it left the board). */
  function hover(cell: GridCell | null): void {
    if (cell) aim.value = { cell, byKeys: false };
    else if (aim.value && !aim.value.byKeys) aim.value = null;
  }

  /** Moves the keyboard's aim by a cell, within the board (starting at the top-left corner). */
  function moveAim(dx: number, dy: number): void {
    const view = snapshot.value?.view;
    if (!view) return;
    const from = aim.value?.cell;
    const clamp = (v: number, max: number): number => Math.min(max - 1, Math.max(0, v));
    refusedAt.value = null;
    aim.value = { cell: from ? { x: clamp(from.x + dx, view.width), y: clamp(from.y + dy, view.height) } : { x: 0, y: 0 }, byKeys: true };
  }

  /** Enter: the selected piece placed at the keyboard's aim. */
  function placeAtAim(): void {
    if (aim.value) clickCell(aim.value.cell);
  }

  /** A click on a board cell: the rules say which command it means (with the selection), if any. */
  function clickCell(cell: GridCell): void {
    const current = rules.value;
    if (!session || !current?.commandAt) return;
    const meant = current.commandAt(session.currentState, cell, selectedId.value ?? undefined);
    if (meant !== undefined && command(current.encodeCommand(meant)) === 'refused') refusedAt.value = cell;
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
    rules, snapshot, shown, recorded, selectedId, generation, playingDraft, inputMap, playable, status, playing, won, lost, selectables, mode, aim, ghost, refusedAt,
    start, stop, command, undo, redo, restart, setMode, select, cycleSelection, hover, moveAim, placeAtAim, clickCell, encodedCommands, recordHint, preview, flush, stateHash, draftContent,
  };
}

export type PlayState = ReturnType<typeof createPlayState>;
