/**
 * Baking a campaign from seeds (issue 25, seed 001's bake) as a palette command and a panel over
 * the view shown: offered while the open campaign's kind has a bake plan (a maze campaign: Echo
 * Halls), the panel starts it in the pool and shows its progress and chapter table.
 */
import { BAKE_PLANS } from '../../../src-shared/rulesets/bake-plans.ts';
import { always, registerCommands } from '../commands/registry.ts';
import { isHostAway } from '../composables/host-away.ts';
import { useLibraryStore } from '../stores/library.ts';
import { useUiStore } from '../stores/ui.ts';
import { registerPanel } from '../views/registry.ts';

export const BAKE_PANEL = 'bake';
// Beside the Campaign view's commands.
const ORDER = 16;

registerPanel({ id: BAKE_PANEL, load: () => import('../views/bake/BakePanel.vue') });

registerCommands(BAKE_PANEL, ORDER, () => {
  const ui = useUiStore();
  const library = useLibraryStore();
  return {
    context: {
      bakeable: () => BAKE_PLANS.some((p) => p.kind === library.currentSummary?.kind),
    },
    commands: () => [
      {
        id: 'bake.open',
        label: 'bake.command',
        group: 'bake.title',
        shortcuts: [],
        when: always,
        enabled: (c) => c.bakeable === true && !isHostAway(ui.connection),
        run: () => ui.openPanel(BAKE_PANEL),
      },
    ],
  };
});
