/**
 * The Rules view: the rule inspector on the open campaign's ruleset config. The shell's "Go to
 * Rules" command and its Ctrl+number come with the registration.
 */
import { useLibraryStore } from '../stores/library.ts';
import { registerView } from '../views/registry.ts';

// After Candidates, before Jobs (DESIGN.md: rules sit with the content, jobs last).
const ORDER = 50;
export const RULES_VIEW = 'rules';

registerView({
  id: RULES_VIEW,
  label: 'nav.rules',
  icon: 'M7 4H5v16h2M17 4h2v16h-2M9 9h6M9 13h6M9 17h3',
  order: ORDER,
  load: () => import('../views/rules/RulesView.vue'),
  setup: () => {
    const library = useLibraryStore();
    return { available: () => library.campaignId !== null };
  },
});
