/**
 * Step playback of a command list under real rules, the one way the studio plays a line back:
 * a recording in the Level view (stores/recordings.ts), the live proof's solution in the editor
 * (views/editor/solution-playback.ts). `load` steps the line once through `rules.step` and keeps
 * every state; `seek(k)` shows the board after k steps (0: the start), `play` advances on a timer
 * this instance owns until the end, `pause` stops it. Boards are drawn on demand (`rules.view` of
 * the step shown), so a long line costs its states, not its pictures.
 */
import { computed, ref, shallowRef, type ComputedRef, type Ref } from 'vue';
import type { AnyRules, BoardView } from '../../../../src-shared/engine/ruleset.ts';

/** How long each step shows while playing, unless `play` is given another. */
export const TIMELINE_STEP_MS = 140;

interface Line {
  readonly rules: AnyRules;
  readonly states: readonly unknown[];
  /** Per step: the rules refused it (the state did not change). */
  readonly refused: readonly boolean[];
}

export interface Timeline {
  /** The step shown: 0 is the start, `length` the end of the line. */
  readonly step: Readonly<Ref<number>>;
  /** Steps in the loaded line (0 when nothing is loaded). */
  readonly length: ComputedRef<number>;
  readonly loaded: ComputedRef<boolean>;
  /** The board after `step` steps, or null when nothing is loaded. */
  readonly frame: ComputedRef<BoardView | null>;
  /** Per step (index k - 1 for step k): the rules refuse it now. */
  readonly refused: ComputedRef<readonly boolean[]>;
  readonly playing: Readonly<Ref<boolean>>;
  /** Steps `commands` from `start` under `rules` and shows the start (stops any playing). */
  load(rules: AnyRules, start: unknown, commands: readonly unknown[]): void;
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
  let timer: ReturnType<typeof setInterval> | undefined;

  const length = computed(() => (line.value ? line.value.states.length - 1 : 0));
  const frame = computed(() => {
    const l = line.value;
    return l ? l.rules.view(l.states[step.value]) : null;
  });

  function pause(): void {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    playing.value = false;
  }

  function load(rules: AnyRules, start: unknown, commands: readonly unknown[]): void {
    pause();
    const states = [start];
    const refused: boolean[] = [];
    let state = start;
    for (const command of commands) {
      const result = rules.step(state, command);
      refused.push(!result.changed);
      state = result.state;
      states.push(state);
    }
    line.value = { rules, states, refused };
    step.value = 0;
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
    }, stepMs);
  }

  return {
    step,
    length,
    loaded: computed(() => line.value !== null),
    frame,
    refused: computed(() => line.value?.refused ?? []),
    playing,
    load,
    clear,
    seek,
    stepBy,
    play,
    pause,
  };
}
