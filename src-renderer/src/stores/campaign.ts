/**
 * The Campaign view's state: the open campaign's report (signals and checks in order), the
 * selection, and the undo/redo stacks of curation. Every change is one host transaction that
 * answers the layouts before and after; an undo writes `before` back (`campaign.setLayouts`,
 * refused when something else changed the campaign's levels meanwhile). After a change the
 * library store refetches too, so the Library list and the Level view follow at once.
 * The report follows the library's campaign while the Campaign view shows it (`follow`); a
 * report of a campaign no longer open is dropped at once, so no action reads another's rows.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { CampaignReport, LayoutChange } from '../../../src-shared/api/campaign.ts';
import type { CurationOp } from '../../../src-shared/campaign/curation.ts';
import type { CampaignLayout } from '../../../src-shared/campaign/layout.ts';
import type { CurveSettings } from '../../../src-shared/campaign/checks.ts';
import { useApiCall } from './api.ts';
import { useLibraryStore } from './library.ts';

/** Undo steps kept per window. */
const UNDO_DEPTH = 100;

export const useCampaignStore = defineStore('campaign', () => {
  const call = useApiCall();
  const library = useLibraryStore();
  const report = shallowRef<CampaignReport | null>(null);
  const loading = ref(false);
  /** Selected level ids (the list's multi-selection; a brush on the chart sets it too). */
  const selected = ref<ReadonlySet<number>>(new Set());
  /** The level the keyboard is on (the anchor of Shift-selection). */
  const focusId = ref<number | null>(null);
  const undoStack = shallowRef<readonly LayoutChange[]>([]);
  const redoStack = shallowRef<readonly LayoutChange[]>([]);
  /** The last campaign deleted, kept for its undo (restore) wherever the delete was asked. */
  const removal = shallowRef<{ readonly id: number; readonly name: string } | null>(null);
  /** Views showing the report: while there are any, it follows the library's changes. */
  const followers = ref(0);
  let request = 0;

  const rows = computed(() => report.value?.rows ?? []);
  const layout = computed<CampaignLayout | null>(() => report.value && {
    campaignId: report.value.campaign.id,
    chapters: report.value.chapters,
    levels: report.value.rows.map((r) => ({ levelId: r.levelId, chapterId: r.chapterId, pinned: r.pinned })),
  });

  async function load(campaignId: number | null = library.campaignId): Promise<void> {
    if (campaignId === null) {
      report.value = null;
      return;
    }
    const mine = ++request;
    loading.value = true;
    try {
      const value = await call('campaign.report', { campaignId }, 'campaign.errors.report');
      if (mine !== request || !value) return;
      if (report.value?.campaign.id !== campaignId) {
        selected.value = new Set();
        undoStack.value = [];
        redoStack.value = [];
      }
      report.value = value;
    } finally {
      if (mine === request) loading.value = false;
    }
  }

  async function settle(change: LayoutChange | undefined, stack: 'undo' | 'redo' | 'new'): Promise<boolean> {
    if (!change) return false;
    if (stack === 'new') {
      undoStack.value = [...undoStack.value.slice(-(UNDO_DEPTH - 1)), change];
      redoStack.value = [];
    }
    await Promise.all([load(), library.refreshCampaign()]);
    return true;
  }

  function edit(op: CurationOp): Promise<boolean> {
    const campaignId = report.value?.campaign.id;
    if (campaignId === undefined) return Promise.resolve(false);
    return call('campaign.edit', { campaignId, op }, 'campaign.errors.edit').then((change) => settle(change, 'new'));
  }

  /** A whole new order (an accepted "suggest order"), undoable like any change. */
  function applyLayout(next: CampaignLayout): Promise<boolean> {
    return call('campaign.setLayouts', { layouts: [next] }, 'campaign.errors.edit').then((change) => settle(change, 'new'));
  }

  async function undo(): Promise<void> {
    const change = undoStack.value.at(-1);
    if (!change) return;
    const done = await call('campaign.setLayouts', { layouts: change.before }, 'campaign.errors.undo');
    if (!done) return;
    undoStack.value = undoStack.value.slice(0, -1);
    redoStack.value = [...redoStack.value, change];
    await settle(done, 'undo');
  }

  async function redo(): Promise<void> {
    const change = redoStack.value.at(-1);
    if (!change) return;
    const done = await call('campaign.setLayouts', { layouts: change.after }, 'campaign.errors.undo');
    if (!done) return;
    redoStack.value = redoStack.value.slice(0, -1);
    undoStack.value = [...undoStack.value, change];
    await settle(done, 'redo');
  }

  /** Cut the selection and paste it into another campaign (undoable here: both campaigns come back). */
  async function transfer(toCampaignId: number): Promise<boolean> {
    const fromCampaignId = report.value?.campaign.id;
    const levelIds = rows.value.filter((r) => selected.value.has(r.levelId)).map((r) => r.levelId);
    if (fromCampaignId === undefined || levelIds.length === 0) return false;
    const change = await call('campaign.transfer', { fromCampaignId, toCampaignId, levelIds }, 'campaign.errors.edit');
    if (change) selected.value = new Set();
    return settle(change, 'new');
  }

  async function saveSettings(settings: Partial<CurveSettings>): Promise<void> {
    const campaignId = report.value?.campaign.id;
    if (campaignId === undefined) return;
    if (await call('campaign.settings', { campaignId, settings }, 'campaign.errors.settings')) await load();
  }

  function select(ids: Iterable<number>): void {
    selected.value = new Set(ids);
  }

  /** The selected levels one place up (-1) or down (1) in campaign order, as one block; false at an edge. */
  function moveSelection(delta: -1 | 1): Promise<boolean> {
    const indices = rows.value.flatMap((r, i) => (selected.value.has(r.levelId) ? [i] : []));
    const start = (indices[0] ?? -1) + delta;
    if (indices.length === 0 || start < 0 || start + indices.length > rows.value.length) return Promise.resolve(false);
    return edit({ type: 'move', levelIds: indices.map((i) => rows.value[i].levelId), to: start + 1 });
  }

  /** The report of the library's open campaign, or null (not loaded yet, or of another campaign). */
  const current = computed(() => (report.value !== null && report.value.campaign.id === library.campaignId ? report.value : null));

  /** Keeps the report following the library (a view showing it); call the answer to stop. */
  function follow(): () => void {
    followers.value++;
    void load();
    let following = true;
    return () => {
      if (following) followers.value--;
      following = false;
    };
  }

  // The library's campaign is the one shown; its refetch (a library.changed) refreshes the report.
  watch(
    () => [library.campaignId, library.campaign] as const,
    ([id]) => {
      if (report.value !== null && report.value.campaign.id !== id) {
        report.value = null;
        selected.value = new Set();
      }
      if (followers.value > 0) void load(id);
    },
  );

  return { report, current, rows, layout, loading, selected, focusId, undoStack, redoStack, removal, load, follow, edit, applyLayout, undo, redo, transfer, saveSettings, select, moveSelection };
});
