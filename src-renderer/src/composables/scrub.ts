/**
 * The one way a view opens the replay scrubber (issue 24): on the Replays view when it is shown or
 * asked for (the Level view's recordings and proof: the recording on the main board, at full
 * size), else in place, as the panel over the view (a report row, a candidate row stay where they
 * are). The Replays view and the panel draw the same scrubber component on the
 * same store; contributions/replays.ts registers both.
 */
import { useReplaysStore, type ReplayTarget } from '../stores/replays.ts';
import { useUiStore } from '../stores/ui.ts';

/** The Replays view's id (views/registry.ts). */
export const REPLAYS_VIEW = 'replays';
/** The scrubber panel's id (`registerPanel`). */
export const REPLAY_PANEL = 'replay';

/**
 * Where to stand once open: a step of the timeline, or the step that reaches a move of the line (a
 * report's divergence); `inView`: on the Replays view, its board the main one, rather than in place.
 */
export type ScrubAt = { readonly step?: number; readonly lineStep?: number; readonly inView?: boolean };

export function useScrub(): (target: ReplayTarget, at?: ScrubAt) => Promise<boolean> {
  const ui = useUiStore();
  const replays = useReplaysStore();
  return async (target, at = {}) => {
    if (at.inView) ui.show(REPLAYS_VIEW);
    else if (ui.view !== REPLAYS_VIEW) ui.openPanel(REPLAY_PANEL);
    const opened = await replays.open(target, at.step ?? 0);
    if (opened && at.lineStep !== undefined) replays.timeline.seek(replays.timeline.replay?.stepOfLine(at.lineStep) ?? 0);
    return opened;
  };
}
