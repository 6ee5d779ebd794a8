/**
 * "Show solution": the live proof's solution played on the editor's board through a `Timeline`
 * (the real `step`; display only, the document is untouched), and the cells it moves things
 * through (the solution-path overlay). EditorView makes one and hands it to the inspector; the
 * timer belongs to it and stops when the view goes.
 */
import { computed, onUnmounted, type ComputedRef, type Ref } from 'vue';
import { cellsAlong } from '../../../../src-shared/engine/play/replay.ts';
import type { BoardView, GridCell } from '../../../../src-shared/engine/ruleset.ts';
import { createTimeline } from '../../services/play/timeline.ts';
import { useEditorStore } from '../../stores/editor.ts';

export interface SolutionPlayback {
  /** The board to show instead of the document's while the solution plays. */
  readonly frame: ComputedRef<BoardView | null>;
  readonly playing: Readonly<Ref<boolean>>;
  readonly path: ComputedRef<readonly GridCell[]>;
  stop(): void;
  toggle(): void;
}

export function useSolutionPlayback(): SolutionPlayback {
  const editor = useEditorStore();
  const timeline = createTimeline();

  function decoded(): { start: unknown; commands: unknown[] } | undefined {
    const rules = editor.rules;
    const text = editor.proof.verification?.solution;
    const start = editor.loaded.state;
    if (!rules || !text || start === undefined) return undefined;
    const commands = rules.decodeSolution(text).commands;
    return commands ? { start, commands: [...commands] } : undefined;
  }

  function stop(): void {
    timeline.clear();
  }

  function start(): void {
    const rules = editor.rules;
    const solution = decoded();
    if (!rules || !solution) return;
    timeline.load(rules, solution.start, solution.commands);
    timeline.play();
  }

  const path = computed<readonly GridCell[]>(() => {
    if (!editor.showPath) return [];
    const rules = editor.rules;
    const solution = decoded();
    return rules && solution ? cellsAlong(rules, solution.start, solution.commands) : [];
  });

  onUnmounted(stop);

  return {
    frame: computed(() => (timeline.playing.value ? timeline.frame.value : null)),
    playing: timeline.playing,
    path,
    stop,
    toggle: () => (timeline.playing.value ? stop() : start()),
  };
}
