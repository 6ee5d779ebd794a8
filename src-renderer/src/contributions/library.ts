/** The Library view (campaigns, levels, import, export, verification) and its commands. */
import { always, registerCommands } from '../commands/registry.ts';
import { useLibraryStore } from '../stores/library.ts';
import { useUiStore } from '../stores/ui.ts';
import { useOpenLevel } from '../views/level/open-level.ts';
import { registerView } from '../views/registry.ts';

const ORDER = 10;
export const LIBRARY_VIEW = 'library';

registerView({
  id: LIBRARY_VIEW,
  label: 'nav.library',
  icon: 'M3 4h6v16H3zM11 4h4v16h-4zM17 5l3 .8-3.9 15-3-.8z',
  order: ORDER,
  load: () => import('../views/library/LibraryView.vue'),
});

registerCommands(LIBRARY_VIEW, ORDER, () => {
  const ui = useUiStore();
  const library = useLibraryStore();
  const openLevel = useOpenLevel();
  const hasCampaign = () => library.campaignId !== null;
  return {
    context: {
      hasCampaign,
      levelSelected: () => library.selectedLevelId !== null,
      importing: () => library.importing,
    },
    commands: () => [
      {
        id: 'library.import',
        label: 'commands.import',
        group: 'commands.group.library',
        shortcuts: [{ key: 'o', mod: true }],
        when: always,
        enabled: (c) => !c.importing,
        run: () => {
          ui.show(LIBRARY_VIEW);
          ui.filePicker?.();
        },
      },
      { id: 'library.verifyAll', label: 'commands.verifyAll', group: 'commands.group.library', shortcuts: [{ key: 'Enter', mod: true, shift: true }], when: always, enabled: hasCampaign, run: () => void library.verifyAll() },
      { id: 'library.exportSok', label: 'commands.exportSok', group: 'commands.group.library', shortcuts: [{ key: 'e', mod: true }], when: always, enabled: hasCampaign, run: () => void library.exportCampaign('sok') },
      { id: 'library.exportJson', label: 'commands.exportJson', group: 'commands.group.library', shortcuts: [{ key: 'e', mod: true, shift: true }], when: always, enabled: hasCampaign, run: () => void library.exportCampaign('json') },
      {
        id: 'library.openSelected',
        label: 'commands.openSelected',
        group: 'commands.group.library',
        shortcuts: [],
        when: always,
        enabled: (c) => c.levelSelected === true,
        run: () => library.selectedLevelId !== null && openLevel(library.selectedLevelId),
      },
    ],
  };
});
