/**
 * The Replays view (issue 24): the replay scrubber. A recording opens in it from the Level view's
 * recordings list (Scrub), or from the address (`#replay=ID&step=K`) when the studio starts, so a
 * shared position reopens where it was.
 */
import { replayRoute, useReplaysStore } from '../stores/replays.ts';
import { registerView } from '../views/registry.ts';
import { REPLAYS_VIEW } from '../views/replays/view-id.ts';
import { useUiStore } from '../stores/ui.ts';

// Between Level (20) and Editor (30): a designer reads a play of the level, then edits it.
const ORDER = 25;

registerView({
  id: REPLAYS_VIEW,
  label: 'replays.nav',
  icon: 'M4 5h16v14H4zM10 9l5 3-5 3zM4 21h16',
  order: ORDER,
  load: () => import('../views/replays/ReplaysView.vue'),
  setup: () => {
    const replays = useReplaysStore();
    const ui = useUiStore();
    const route = typeof location === 'undefined' ? null : replayRoute(location.hash);
    if (route) {
      ui.show(REPLAYS_VIEW);
      void replays.open(route.recordingId, route.step);
    }
    return { busy: () => replays.curveState === 'running' };
  },
});
