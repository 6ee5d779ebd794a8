/** The Reports view (re-verification and its impact reports, issue 16) and its commands. */
import { always, registerCommands } from '../commands/registry.ts';
import { useLibraryStore } from '../stores/library.ts';
import { useReportsStore } from '../stores/reports.ts';
import { useUiStore } from '../stores/ui.ts';
import { registerView } from '../views/registry.ts';
import { registerRulesSection } from '../views/rules/sections.ts';
import { REPORTS_VIEW } from '../views/reports/view-id.ts';

// Right after Rules: a rule change, then what it broke.
const ORDER = 55;

registerView({
  id: REPORTS_VIEW,
  label: 'reports.nav',
  icon: 'M5 3h10l4 4v14H5zM9 12h6M9 16h6M9 8h3',
  order: ORDER,
  load: () => import('../views/reports/ReportsView.vue'),
  setup: () => {
    const reports = useReportsStore();
    return { busy: () => reports.list.some((r) => r.state === 'running') };
  },
});

registerRulesSection({ id: 'impact-reports', order: 10, load: () => import('../views/reports/RulesReportsSection.vue') });

registerCommands(REPORTS_VIEW, ORDER, () => {
  const ui = useUiStore();
  const library = useLibraryStore();
  const reports = useReportsStore();
  const reverify = (request: Parameters<typeof reports.reverify>[0]): void => {
    ui.show(REPORTS_VIEW);
    void reports.reverify(request);
  };
  return {
    context: { hasCampaign: () => library.campaignId !== null, levelSelected: () => library.campaignId !== null && library.selectedLevelId !== null },
    commands: () => [
      { id: 'reports.reverifyCampaign', label: 'reports.reverifyCampaign', group: 'commands.group.library', shortcuts: [{ key: 'Enter', mod: true, alt: true }], when: always, enabled: (c) => c.hasCampaign === true, run: () => library.campaignId !== null && reverify({ campaignId: library.campaignId }) },
      {
        id: 'reports.reverifySelected',
        label: 'reports.reverifySelected',
        group: 'commands.group.library',
        shortcuts: [],
        when: always,
        enabled: (c) => c.levelSelected === true,
        run: () => library.campaignId !== null && library.selectedLevelId !== null && reverify({ campaignId: library.campaignId, levelIds: [library.selectedLevelId] }),
      },
      { id: 'reports.reverifyLibrary', label: 'reports.reverifyLibrary', group: 'commands.group.library', shortcuts: [], when: always, enabled: always, run: () => reverify({ library: true }) },
    ],
  };
});
