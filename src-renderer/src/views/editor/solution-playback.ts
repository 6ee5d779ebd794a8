/**
 * "Show solution": the live proof's solution played on the editor's board, a step every few
 * frames, through the real `step` (display only; the document is untouched), and the cells it
 * moves things through (the solution-path overlay).
 */
import { computed, ref, shallowRef } from 'vue';
import { cellsAlong, statesAlong } from '../../../../src-shared/engine/play/replay.ts';
import type { BoardView, GridCell } from '../../../../src-shared/engine/ruleset.ts';
import { useEditorStore } from '../../stores/editor.ts';

export const SOLUTION_STEP_MS = 140;

const frame = shallowRef<BoardView | null>(null);
const playing = ref(false);
let timer: ReturnType<typeof setInterval> | undefined;

export function useSolutionPlayback() {
  const editor = useEditorStore();

  function decoded(): { start: unknown; commands: unknown[] } | undefined {
    const rules = editor.rules;
    const text = editor.proof.verification?.solution;
    const start = editor.loaded.state;
    if (!rules || !text || start === undefined) return undefined;
    const commands = rules.decodeSolution(text).commands;
    return commands ? { start, commands: [...commands] } : undefined;
  }

  function stop(): void {
    clearInterval(timer);
    timer = undefined;
    playing.value = false;
    frame.value = null;
  }

  function start(): void {
    const rules = editor.rules;
    const solution = decoded();
    if (!rules || !solution) return;
    const views = statesAlong(rules, solution.start, solution.commands).map((s) => rules.view(s));
    let i = 0;
    playing.value = true;
    frame.value = views[0];
    timer = setInterval(() => {
      i++;
      if (i >= views.length) return stop();
      frame.value = views[i];
    }, SOLUTION_STEP_MS);
  }

  const path = computed<readonly GridCell[]>(() => {
    if (!editor.showPath) return [];
    const rules = editor.rules;
    const solution = decoded();
    return rules && solution ? cellsAlong(rules, solution.start, solution.commands) : [];
  });

  return { frame, playing, path, stop, toggle: () => (playing.value ? stop() : start()) };
}
