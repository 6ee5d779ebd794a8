/**
 * The route survives a reload: once the library has loaded the campaign and the level the route
 * names (stores/library.ts starts from it), the view it names is shown again through the
 * workbench, as a click on the rail would (the Level view and the editor open the level; the
 * editor then offers its unsaved draft at once), and the panel it names is opened over it. A view
 * or panel that keeps more (the replay scrubber: recording and step) is handed the params at once
 * (`reopen`) and tells its part back through `route`. From then on every move is written back:
 * this is the one writer of the address.
 */
import { watch } from 'vue';
import { useLevelStore } from '../stores/level.ts';
import { useLibraryStore } from '../stores/library.ts';
import { readRoute, routeParams, writeRoute, type StudioRoute } from '../stores/route.ts';
import { useUiStore } from '../stores/ui.ts';
import { EDITOR_VIEW } from '../views/editor/view-id.ts';
import { LEVEL_VIEW } from '../composables/open-level.ts';
import type { Workbench } from './workbench.ts';

/** Views that show one level: their route's level is the open one, not only the selected row. */
const LEVEL_VIEWS: ReadonlySet<string> = new Set([LEVEL_VIEW, EDITOR_VIEW]);

export function useRouteMemory(workbench: Workbench): void {
  const ui = useUiStore();
  const library = useLibraryStore();
  const level = useLevelStore();
  const wanted = readRoute();
  let restoring = wanted !== null;

  const route = (): StudioRoute => {
    const panel = ui.panel ? workbench.panels.find((p) => p.id === ui.panel) : undefined;
    const view = workbench.views.find((v) => v.id === ui.view);
    return {
      view: ui.view,
      campaignId: library.campaignId,
      levelId: LEVEL_VIEWS.has(ui.view) ? (level.levelId ?? library.selectedLevelId) : library.selectedLevelId,
      panel: panel?.id ?? null,
      // The panel over the view speaks for the address while it is open.
      params: (panel ? panel.route?.() : view?.route?.()) ?? {},
    };
  };

  watch(route, (now) => {
    if (!restoring) writeRoute(now);
  });

  if (!wanted) return;
  // What the view or panel kept (a recording and step) starts loading at once, beside the library.
  const params = routeParams(wanted);
  const wantedPanel = wanted.panel ? workbench.panels.find((p) => p.id === wanted.panel) : undefined;
  (wantedPanel ?? workbench.views.find((v) => v.id === wanted.view))?.reopen?.(params);
  // Done once the library has answered with a campaign (or none): the view then opens on what is there.
  const stop = watch(
    () => [library.summary, library.campaign] as const,
    ([summary, campaign]) => {
      if (!summary || (summary.campaigns.length > 0 && !campaign)) return;
      stop();
      restoring = false;
      const view = workbench.views.find((v) => v.id === wanted.view);
      const levelThere = wanted.levelId === null || library.selectedLevelId === wanted.levelId;
      if (view && view.id !== ui.view && (!LEVEL_VIEWS.has(view.id) || levelThere) && (view.available?.() ?? true)) workbench.show(view.id);
      if (wantedPanel && view?.id === ui.view) ui.openPanel(wantedPanel.id);
      writeRoute(route());
    },
    { immediate: false },
  );
}
