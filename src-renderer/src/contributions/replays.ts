/**
 * The replay scrubber (issue 24), contributed twice on one store: the Replays view (rail 25), and
 * the panel any view opens in place (composables/scrub.ts: report rows, candidate rows; the Level
 * view's recordings and proof open the view). Both tell the route memory the recording and step
 * (`replay=ID&step=K`, or `replay=level-ID-verification`, `replay=candidate-ID`) and reopen them
 * from it at start, so a shared position reopens where it was.
 */
import { REPLAY_PANEL, REPLAYS_VIEW } from '../composables/scrub.ts';
import { useReplaysStore } from '../stores/replays.ts';
import { registerPanel, registerView, type ViewBehaviour } from '../views/registry.ts';

// Between Level (20) and Editor (30): a designer reads a play of the level, then edits it.
const ORDER = 25;

/** The address's part and the reopening, the same for the view and the panel. */
function scrubberBehaviour(): ViewBehaviour {
  const replays = useReplaysStore();
  return { route: () => replays.position, reopen: (params) => replays.reopen(params) };
}

registerView({
  id: REPLAYS_VIEW,
  label: 'replays.nav',
  icon: 'M4 5h16v14H4zM10 9l5 3-5 3zM4 21h16',
  order: ORDER,
  load: () => import('../views/replays/ReplaysView.vue'),
  setup: () => {
    const replays = useReplaysStore();
    return { ...scrubberBehaviour(), busy: () => replays.curveState === 'running' };
  },
});

registerPanel({
  id: REPLAY_PANEL,
  load: () => import('../views/replays/ReplayPanel.vue'),
  setup: scrubberBehaviour,
});
