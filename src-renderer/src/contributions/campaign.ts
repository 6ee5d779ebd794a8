/**
 * The Campaign view (campaign curation and difficulty curves, issue 23) and its palette commands:
 * making and shaping the open campaign, its chapters, the selection's order and pins, undo, the
 * charts, "Suggest order" and the CSV. A command that needs a form shows the view and asks for it
 * (`ui.dialog`, views/campaign/requests.ts); the selection's commands apply where the selection is
 * seen, in the Campaign view. None has keys of its own: the list takes Alt+Up/Down and Ctrl+Z/Y
 * itself, where they mean this campaign.
 */
import { always, registerCommands, type Command } from '../commands/registry.ts';
import { isHostAway } from '../composables/host-away.ts';
import { useCampaignStore } from '../stores/campaign.ts';
import { useLibraryStore } from '../stores/library.ts';
import { useUiStore } from '../stores/ui.ts';
import { useCampaignActions, type NameAction } from '../views/campaign/campaign-actions.ts';
import { nameRequest, SUGGEST_ORDER_REQUEST } from '../views/campaign/requests.ts';
import { registerView } from '../views/registry.ts';

// Right after the Library: the campaign a designer picked there, put in order.
const ORDER = 15;
export const CAMPAIGN_VIEW = 'campaign';

registerView({
  id: CAMPAIGN_VIEW,
  label: 'campaign.nav',
  icon: 'M4 19h16M6 16v-4M10 16V9M14 16v-6M18 16V5',
  order: ORDER,
  load: () => import('../views/campaign/CampaignView.vue'),
  setup: () => {
    const library = useLibraryStore();
    return { available: () => library.campaigns.length > 0 };
  },
});

registerCommands(CAMPAIGN_VIEW, ORDER, () => {
  const ui = useUiStore();
  const library = useLibraryStore();
  const campaign = useCampaignStore();
  const actions = useCampaignActions();
  const group = 'campaignCommands.group';
  const inView = (c: { view: string }) => c.view === CAMPAIGN_VIEW;
  /** The open campaign's selected rows (none unless its report is loaded). */
  const selectedRows = () => (campaign.current?.rows ?? []).filter((r) => campaign.selected.has(r.levelId));
  const ask = (request: string) => () => {
    ui.show(CAMPAIGN_VIEW);
    ui.dialog = request;
  };
  const naming = (id: string, action: NameAction, label: string, enabled: Command['enabled'], when: Command['when'] = always): Command => ({ id, label, group, shortcuts: [], when, enabled, run: ask(nameRequest(action)) });

  return {
    context: {
      campaignOpen: () => library.campaignId !== null,
      campaignOnline: () => !isHostAway(ui.connection),
      campaignRows: () => campaign.current?.rows.length ?? 0,
      campaignSelected: () => selectedRows().length,
      campaignChapterSelected: () => selectedRows()[0]?.chapterId != null,
      campaignUndo: () => campaign.undoStack.length,
      campaignRedo: () => campaign.redoStack.length,
      campaignRemoved: () => campaign.removal?.name ?? '',
    },
    commands: () => {
      const pinned = campaign.current !== null && selectedRows().length > 0 && selectedRows().every((r) => r.pinned);
      return [
        naming('campaign.new', 'new', 'campaignCommands.newCampaign', (c) => c.campaignOnline === true),
        naming('campaign.newFromSelection', 'fromSelection', 'campaignCommands.newFromSelection', (c) => c.campaignOnline === true && Number(c.campaignSelected) > 0, inView),
        naming('campaign.rename', 'rename', 'campaignCommands.rename', (c) => c.campaignOpen === true && c.campaignOnline === true),
        naming('campaign.duplicate', 'duplicate', 'campaignCommands.duplicate', (c) => c.campaignOpen === true && c.campaignOnline === true),
        { id: 'campaign.delete', label: 'campaignCommands.delete', group, shortcuts: [], when: always, enabled: (c) => c.campaignOpen === true && c.campaignOnline === true, run: () => void actions.remove() },
        {
          id: 'campaign.restore',
          label: 'campaignCommands.restore',
          labelParams: { name: campaign.removal?.name ?? '' },
          group,
          shortcuts: [],
          when: (c) => c.campaignRemoved !== '',
          enabled: (c) => c.campaignOnline === true,
          run: () => void actions.restore(),
        },
        naming('campaign.chapterAdd', 'chapterAdd', 'campaignCommands.chapterAdd', (c) => Number(c.campaignRows) > 0, inView),
        naming('campaign.chapterRename', 'chapterRename', 'campaignCommands.chapterRename', (c) => c.campaignChapterSelected === true, inView),
        {
          id: 'campaign.chapterRemove',
          label: 'campaignCommands.chapterRemove',
          group,
          shortcuts: [],
          when: inView,
          enabled: (c) => c.campaignChapterSelected === true,
          run: () => {
            const chapterId = selectedRows()[0]?.chapterId;
            if (chapterId != null) void campaign.edit({ type: 'chapter-remove', chapterId });
          },
        },
        { id: 'campaign.moveUp', label: 'campaignCommands.moveUp', group, shortcuts: [], when: inView, enabled: (c) => Number(c.campaignSelected) > 0, run: () => void campaign.moveSelection(-1) },
        { id: 'campaign.moveDown', label: 'campaignCommands.moveDown', group, shortcuts: [], when: inView, enabled: (c) => Number(c.campaignSelected) > 0, run: () => void campaign.moveSelection(1) },
        {
          id: 'campaign.pin',
          label: pinned ? 'campaignCommands.unpin' : 'campaignCommands.pin',
          group,
          shortcuts: [],
          when: inView,
          enabled: (c) => Number(c.campaignSelected) > 0,
          run: () => void campaign.edit({ type: 'pin', levelIds: selectedRows().map((r) => r.levelId), pinned: !pinned }),
        },
        { id: 'campaign.undo', label: 'campaignCommands.undo', group, shortcuts: [], when: inView, enabled: (c) => Number(c.campaignUndo) > 0, run: () => void campaign.undo() },
        { id: 'campaign.redo', label: 'campaignCommands.redo', group, shortcuts: [], when: inView, enabled: (c) => Number(c.campaignRedo) > 0, run: () => void campaign.redo() },
        { id: 'campaign.showCharts', label: 'campaignCommands.showCharts', group, shortcuts: [], when: always, enabled: (c) => c.campaignOpen === true, run: () => ui.show(CAMPAIGN_VIEW) },
        { id: 'campaign.suggest', label: 'campaignCommands.suggest', group, shortcuts: [], when: always, enabled: (c) => c.campaignOpen === true, run: ask(SUGGEST_ORDER_REQUEST) },
        { id: 'campaign.exportCsv', label: 'campaignCommands.exportCsv', group, shortcuts: [], when: always, enabled: (c) => c.campaignOpen === true && c.campaignOnline === true, run: () => void actions.exportCsv() },
      ];
    },
  };
});
