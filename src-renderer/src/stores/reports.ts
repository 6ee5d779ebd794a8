/**
 * Impact reports (issue 16): the list from `reports.list`, the open report from `reports.get`,
 * both refetched while their batch runs (the rows fill in as its jobs finish); re-verification of
 * a campaign or the whole library; a solutions file imported as recordings.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { RequestOf } from '../../../src-shared/api/studio-api.ts';
import type { ImpactReport, ImpactReportSummary, ImportedSolution } from '../../../src-shared/api/reports.ts';
import { useApiCall } from './api.ts';
import { useJobsStore } from './jobs.ts';
import { useUiStore } from './ui.ts';

export interface SolutionsImport {
  readonly fileName: string;
  readonly stored: readonly ImportedSolution[];
  readonly warnings: readonly string[];
}

export const useReportsStore = defineStore('reports', () => {
  const call = useApiCall();
  const jobs = useJobsStore();
  const ui = useUiStore();
  const list = shallowRef<readonly ImpactReportSummary[]>([]);
  const loaded = ref(false);
  const current = shallowRef<ImpactReport | null>(null);
  const importing = ref(false);
  const lastImport = shallowRef<SolutionsImport | null>(null);
  let openRequest = 0;
  /** The report the designer opened last (its answer may still be on the way). */
  let wanted: number | null = null;

  async function refresh(): Promise<void> {
    const value = await call('reports.list', {}, 'reports.errors.list');
    if (!value) return;
    list.value = value.reports;
    loaded.value = true;
  }

  async function open(reportId: number): Promise<void> {
    wanted = reportId;
    await load();
  }

  /** Fetches the report asked for last; an answer that a later request overtook is dropped. */
  async function load(): Promise<void> {
    const reportId = wanted;
    if (reportId === null) return;
    const mine = ++openRequest;
    const value = await call('reports.get', { reportId }, 'reports.errors.open');
    if (mine === openRequest && wanted === reportId && value) current.value = value;
  }

  async function reverify(request: RequestOf<'jobs.reverify'>): Promise<number | undefined> {
    const value = await call('jobs.reverify', request, 'reports.errors.reverify');
    if (!value) return undefined;
    ui.toast({ kind: 'info', title: 'reports.started', params: { n: value.jobs } });
    await refresh();
    await open(value.reportId);
    return value.reportId;
  }

  async function importSolutions(campaignId: number, file: { name: string; text(): Promise<string> }, intended: boolean): Promise<SolutionsImport | undefined> {
    importing.value = true;
    try {
      const text = await file.text();
      const value = await call('recordings.import', { campaignId, fileName: file.name.slice(-260) || 'solutions.json', text, intended }, 'reports.solutions.failed', { file: file.name });
      if (!value) return undefined;
      lastImport.value = { fileName: file.name, stored: value.stored, warnings: value.warnings };
      ui.toast({ kind: value.warnings.length ? 'info' : 'success', title: 'reports.solutions.done', params: { n: value.stored.length, file: file.name } });
      return lastImport.value;
    } finally {
      importing.value = false;
    }
  }

  /** Where the batches of listed reports are: a change refetches the list and the open report. */
  const progressKey = computed(() => {
    const ids = new Set(list.value.map((r) => r.batchId));
    return jobs.batches.filter((b) => ids.has(b.id)).map((b) => `${b.id}:${b.done + b.failed + b.cancelled}:${b.state}`).join(',');
  });
  watch(progressKey, async () => {
    await refresh();
    await load();
  });

  return { list, loaded, current, importing, lastImport, refresh, open, reverify, importSolutions };
});
