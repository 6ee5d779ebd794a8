/**
 * Making and shaping campaigns from the Campaign view and the palette: new (empty or from the
 * selection), rename, duplicate, delete with undo, its own copy of the rules or another ruleset
 * (with what that staled, and the re-verification that makes its impact report), the table as CSV.
 * Campaign-wide actions act on the library's open campaign; the selection's, on the report of it.
 */
import { ref, shallowRef } from 'vue';
import type { ResponseOf } from '../../../../src-shared/api/studio-api.ts';
import { reportCsv } from '../../../../src-shared/campaign/signals.ts';
import { downloadFile } from '../../services/download.ts';
import { useApiCall } from '../../stores/api.ts';
import { useCampaignStore } from '../../stores/campaign.ts';
import { useLibraryStore } from '../../stores/library.ts';
import { useReportsStore } from '../../stores/reports.ts';
import { useUiStore } from '../../stores/ui.ts';

export type NameAction = 'new' | 'fromSelection' | 'rename' | 'duplicate' | 'chapterAdd' | 'chapterRename';

export function useCampaignActions() {
  const call = useApiCall();
  const library = useLibraryStore();
  const campaign = useCampaignStore();
  const reports = useReportsStore();
  const ui = useUiStore();
  const rulesets = shallowRef<ResponseOf<'campaign.rulesets'> | null>(null);
  /** What the last rules switch did (levels that went stale). */
  const rulesNote = ref<{ key: string; params: Record<string, string | number>; stale: number } | null>(null);

  async function afterChange(campaignId: number | null): Promise<void> {
    await library.refreshSummary();
    if (campaignId !== null) await library.selectCampaign(campaignId);
  }

  /** The name a naming form starts with. */
  function suggestedName(action: NameAction): string {
    const current = library.currentSummary?.name ?? '';
    const chapterId = campaign.current?.rows.find((r) => campaign.selected.has(r.levelId))?.chapterId;
    const chapter = campaign.current?.chapters.find((c) => c.id === chapterId)?.name ?? '';
    return action === 'rename' ? current : action === 'duplicate' ? `${current} copy` : action === 'chapterRename' ? chapter : '';
  }

  async function named(action: NameAction, name: string): Promise<void> {
    const current = library.currentSummary;
    if (action === 'new' || action === 'fromSelection') {
      const kind = current?.kind ?? library.campaigns[0]?.kind ?? 'push';
      const levelIds = action === 'fromSelection' ? (campaign.current?.rows ?? []).filter((r) => campaign.selected.has(r.levelId)).map((r) => r.levelId) : undefined;
      const made = await call('campaign.create', { name, kind, rulesetId: current?.rulesetId, levelIds }, 'campaign.errors.manage');
      if (made) await afterChange(made.campaignId);
    } else if (action === 'rename' && current) {
      if (await call('campaign.rename', { campaignId: current.id, name }, 'campaign.errors.manage')) await afterChange(current.id);
    } else if (action === 'duplicate' && current) {
      const copy = await call('campaign.duplicate', { campaignId: current.id, name }, 'campaign.errors.manage');
      if (copy) await afterChange(copy.campaignId);
    } else if (action === 'chapterAdd') {
      const rows = campaign.current?.rows ?? [];
      const first = rows.find((r) => campaign.selected.has(r.levelId)) ?? rows[0];
      if (first) await campaign.edit({ type: 'chapter-add', name, fromLevelId: first.levelId });
    } else if (action === 'chapterRename') {
      const chapterId = campaign.current?.rows.find((r) => campaign.selected.has(r.levelId))?.chapterId;
      if (chapterId) await campaign.edit({ type: 'chapter-rename', chapterId, name });
    }
  }

  async function remove(): Promise<void> {
    const current = library.currentSummary;
    if (!current) return;
    const done = await call('campaign.delete', { campaignId: current.id }, 'campaign.errors.manage');
    if (!done) return;
    campaign.removal = { id: done.removalId, name: current.name };
    ui.toast({ kind: 'info', title: 'campaign.deleted', params: { name: current.name } });
    await afterChange(null);
  }

  async function restore(): Promise<void> {
    const held = campaign.removal;
    if (!held) return;
    const back = await call('campaign.restore', { removalId: held.id }, 'campaign.errors.manage');
    if (!back) return;
    campaign.removal = null;
    ui.toast({ kind: 'success', title: 'campaign.restored', params: { name: back.name } });
    await afterChange(back.campaignId);
  }

  async function loadRulesets(): Promise<void> {
    const current = library.currentSummary;
    rulesets.value = current ? ((await call('campaign.rulesets', { campaignId: current.id }, 'campaign.errors.manage')) ?? null) : null;
  }

  async function setRules(choice: { copy: true } | { rulesetId: number }): Promise<void> {
    const current = library.currentSummary;
    if (!current) return;
    const done = await call('campaign.setRules', { campaignId: current.id, ...choice }, 'campaign.errors.manage');
    if (!done) return;
    rulesNote.value = 'copy' in choice
      ? { key: 'campaign.rules.copied', params: { name: done.rulesetName }, stale: 0 }
      : { key: done.stale > 0 ? 'campaign.rules.switched' : 'campaign.rules.same', params: { name: done.rulesetName, n: done.stale }, stale: done.stale };
    await Promise.all([afterChange(current.id), loadRulesets()]);
  }

  /** The switch's impact, as any rule change shows it: a re-verification and its report. */
  async function reverifyImpact(): Promise<void> {
    const current = library.currentSummary;
    if (!current) return;
    ui.show('reports');
    await reports.reverify({ campaignId: current.id });
  }

  /** The open campaign's table as CSV, one row per level in order (its report fetched first if need be). */
  async function exportCsv(): Promise<void> {
    if (!campaign.current) await campaign.load();
    const report = campaign.current;
    if (!report) return;
    downloadFile(`${report.campaign.name.replace(/[^\p{L}\p{N}._-]+/gu, '_')}.csv`, new Blob([reportCsv(report.rows)], { type: 'text/csv' }));
  }

  return { rulesets, rulesNote, suggestedName, named, remove, restore, loadRulesets, setRules, reverifyImpact, exportCsv };
}
