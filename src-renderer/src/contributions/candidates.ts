/** The candidates bench (views/candidates/) and its command. */
import { always, registerCommands } from '../commands/registry.ts';
import { useUiStore } from '../stores/ui.ts';
import { registerView } from '../views/registry.ts';

// After Level, before Jobs.
const ORDER = 40;
export const CANDIDATES_VIEW = 'candidates';

registerView({
  id: CANDIDATES_VIEW,
  label: 'nav.candidates',
  icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM15 14l2 2 4-4',
  order: ORDER,
  load: () => import('../views/candidates/CandidatesView.vue'),
});

registerCommands(CANDIDATES_VIEW, ORDER, () => {
  const ui = useUiStore();
  return {
    context: {},
    commands: () => [{ id: 'candidates.open', label: 'commands.openCandidates', group: 'commands.group.library', shortcuts: [], when: always, run: () => ui.show(CANDIDATES_VIEW) }],
  };
});
