/**
 * Step playback under real rules, the one way the studio plays a line back: a recording in the
 * replay scrubber (stores/replays.ts, its whole journal with undos and restarts; the Replays view
 * and the panel any view opens), the live proof's solution in the editor
 * (views/editor/solution-playback.ts). It is a shared `ReplayTimeline` (engine/play/), which keeps
 * a state only every K steps and replays from the nearest one, so a 200,000-step recording costs
 * a few MB; `seek(k)` shows the board after k steps (0: the start), `play` advances on a timer
 * this instance owns until the end, at `speed` times the base pace, `pause` stops it. Boards are
 * drawn on demand (`rules.view` of the step shown).
 */
import { computed, markRaw, ref, shallowRef, type ComputedRef, type Ref, type ShallowRef } from 'vue';
import type { TimedJournalEntry } from '../../../../src-shared/engine/play/recording.ts';
import { ReplayTimeline } from '../../../../src-shared/engine/play/replay-timeline.ts';
import type { AnyRules, BoardView, LevelMeta } from '../../../../src-shared/engine/ruleset.ts';

/** How long each step shows while playing, unless `play` is given another. */
export const TIMELINE_STEP_MS = 140;

export type LoadedTimeline = ReplayTimeline<LevelMeta, unknown, unknown>;

interface Line {
  readonly rules: AnyRules;
  readonly replay: LoadedTimeline;
}

/** Playback speeds offered, as multiples of the base pace. */
export const TIMELINE_SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;

export interface Timeline {
  /** The step shown: 0 is the start, `length` the end of the line. */
  readonly step: Readonly<Ref<number>>;
  /** Steps in the loaded line (0 when nothing is loaded). */
  readonly length: ComputedRef<number>;
  readonly loaded: ComputedRef<boolean>;
  /** The board after `step` steps, or null when nothing is loaded. */
  readonly frame: ComputedRef<BoardView | null>;
  readonly playing: Readonly<Ref<boolean>>;
  /** Multiple of the base pace while playing (0.25 to 8). */
  readonly speed: Ref<number>;
  /** The loaded timeline itself (markers, times, the line to a step), or null. */
  readonly replay: Readonly<ShallowRef<LoadedTimeline | null>>;
  /** Steps `commands` from `start` under `rules` and shows the start (stops any playing). */
  load(rules: AnyRules, start: unknown, commands: readonly unknown[]): void;
  /** Steps a whole journal (undo, redo, restart, hints in place) and shows the start. */
  loadJournal(rules: AnyRules, start: unknown, journal: readonly TimedJournalEntry<unknown>[]): void;
  /** Forgets the line (stops any playing). */
  clear(): void;
  /** Shows step `k`, clamped to the line. */
  seek(k: number): void;
  /** One step forward (or back with -1); false at either end. */
  stepBy(delta: number): boolean;
  /** Advances a step every `stepMs` from the step shown (from the start when at the end); the last board shows one interval, then it pauses. */
  play(stepMs?: number): void;
  pause(): void;
}

export function createTimeline(): Timeline {
  const line = shallowRef<Line | null>(null);
  const step = ref(0);
  const playing = ref(false);
  const speed = ref(1);
  let timer: ReturnType<typeof setInterval> | undefined;

  const length = computed(() => line.value?.replay.length ?? 0);
  const frame = computed(() => {
    const l = line.value;
    return l ? l.rules.view(l.replay.stateAt(step.value)) : null;
  });

  function pause(): void {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    playing.value = false;
  }

  function loadJournal(rules: AnyRules, start: unknown, journal: readonly TimedJournalEntry<unknown>[]): void {
    pause();
    // Raw: a store's proxy must not wrap the timeline (its seek cache is no reactive state).
    line.value = { rules, replay: markRaw(new ReplayTimeline(rules, start, journal)) };
    step.value = 0;
  }

  function load(rules: AnyRules, start: unknown, commands: readonly unknown[]): void {
    loadJournal(rules, start, commands.map((command) => ({ type: 'command', command })));
  }

  function clear(): void {
    pause();
    line.value = null;
    step.value = 0;
  }

  function seek(k: number): void {
    step.value = Math.max(0, Math.min(length.value, Math.trunc(k)));
  }

  function stepBy(delta: number): boolean {
    const before = step.value;
    seek(before + delta);
    return step.value !== before;
  }

  function play(stepMs = TIMELINE_STEP_MS): void {
    pause();
    if (!line.value) return;
    if (step.value >= length.value) step.value = 0;
    playing.value = true;
    timer = setInterval(() => {
      if (!stepBy(1)) pause();
    }, stepMs / speed.value);
  }

  return {
    step,
    length,
    loaded: computed(() => line.value !== null),
    frame,
    playing,
    speed,
    replay: computed(() => line.value?.replay ?? null),
    load,
    loadJournal,
    clear,
    seek,
    stepBy,
    play,
    pause,
  };
}
