/**
 * The Library view (campaigns, levels, import, export, verification, generation) and its
 * commands. Commands that need the host are disabled while it is away.
 */
import { always, registerCommands } from '../commands/registry.ts';
import { isHostAway } from '../composables/host-away.ts';
import { useLibraryStore } from '../stores/library.ts';
import { useUiStore } from '../stores/ui.ts';
import { textExportOf } from '../views/library/export-format.ts';
import { useOpenLevel } from '../composables/open-level.ts';
import { registerView } from '../views/registry.ts';
import { GENERATE_DIALOG, GO_TO_LEVEL_DIALOG } from '../views/library/dialogs.ts';

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
  void library.loadGenerators();
  const hasCampaign = () => library.campaignId !== null;
  const online = () => !isHostAway(ui.connection);
  const textExport = () => textExportOf(library.currentSummary?.kind);
  const showDialog = (dialog: string) => () => {
    ui.show(LIBRARY_VIEW);
    ui.dialog = dialog;
  };
  return {
    context: {
      hasCampaign,
      levelSelected: () => library.selectedLevelId !== null,
      importing: () => library.importing,
      hostAway: () => !online(),
    },
    commands: () => {
      const text = textExport();
      return [
        {
          id: 'library.import',
          label: 'commands.import',
          group: 'commands.group.library',
          shortcuts: [{ key: 'o', mod: true }],
          when: always,
          enabled: (c) => !c.importing && c.hostAway !== true,
          run: () => {
            ui.show(LIBRARY_VIEW);
            ui.filePicker?.();
          },
        },
        { id: 'library.verifyAll', label: 'commands.verifyAll', group: 'commands.group.library', shortcuts: [{ key: 'Enter', mod: true, shift: true }], when: always, enabled: (c) => hasCampaign() && c.hostAway !== true, run: () => void library.verifyAll() },
        {
          id: 'library.exportSok',
          label: 'commands.exportText',
          labelParams: { format: text?.label ?? '', ext: text?.extension ?? '' },
          group: 'commands.group.library',
          shortcuts: [{ key: 'e', mod: true }],
          when: () => text !== undefined,
          enabled: (c) => hasCampaign() && c.hostAway !== true,
          run: () => void library.exportCampaign('sok'),
        },
        { id: 'library.exportJson', label: 'commands.exportJson', group: 'commands.group.library', shortcuts: [{ key: 'e', mod: true, shift: true }], when: always, enabled: (c) => hasCampaign() && c.hostAway !== true, run: () => void library.exportCampaign('json') },
        {
          id: 'library.generate',
          label: 'commands.generate',
          group: 'commands.group.library',
          shortcuts: [],
          when: () => library.generators.length > 0,
          enabled: (c) => c.hostAway !== true,
          run: showDialog(GENERATE_DIALOG),
        },
        { id: 'library.goToLevel', label: 'commands.goToLevel', group: 'commands.group.library', shortcuts: [{ key: 'g', mod: true }], when: always, enabled: () => hasCampaign() && library.levels.length > 0, run: showDialog(GO_TO_LEVEL_DIALOG) },
        {
          id: 'library.toggleCompact',
          label: 'commands.toggleCompact',
          group: 'commands.group.library',
          shortcuts: [],
          when: always,
          run: () => (ui.compactList = !ui.compactList),
        },
        {
          id: 'library.openSelected',
          label: 'commands.openSelected',
          group: 'commands.group.library',
          shortcuts: [],
          when: always,
          enabled: (c) => c.levelSelected === true,
          run: () => library.selectedLevelId !== null && openLevel(library.selectedLevelId),
        },
      ];
    },
  };
});
