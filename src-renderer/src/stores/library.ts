/**
 * The library as the renderer sees it: the summary (library path, campaigns), the selected
 * campaign with its levels, the last import's report, and the question an import asks when the
 * library holds some of its levels already. Refetched on `library.changed`.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { MAX_IMPORT_CHARS, MAX_IMPORT_PART_CHARS, type CampaignDetail, type EventOf, type ImportDuplicates, type ResponseOf } from '../../../src-shared/api/studio-api.ts';
import { downloadFile } from '../services/download.ts';
import { useApiCall } from './api.ts';
import { readRoute } from './route.ts';
import type { ChangeScope } from './change-scope.ts';
import { useUiStore } from './ui.ts';

export type LibrarySummary = ResponseOf<'library.summary'>;
export type ImportReport = ResponseOf<'library.import'> & { readonly fileName: string };
/** Where the running import is, as the host's import thread tells it. */
export type ImportProgress = EventOf<'library.importProgress'>;
export type ExportFormat = 'sok' | 'json';
export type GeneratorInfo = ResponseOf<'library.generators'>['generators'][number];

/** An import the host held back because the library has some of its levels: what to do with them. */
export interface DuplicateQuestion {
  readonly fileName: string;
  /** Kept until answered: the host is asked again with the choice. */
  readonly text: string;
  readonly duplicates: ImportDuplicates;
}
export type DuplicateChoice = 'import' | 'skip' | 'cancel';

/** A file to import: a DOM `File` in the app, any look-alike in tests. */
export interface ImportFile {
  readonly name: string;
  readonly size: number;
  text(): Promise<string>;
}

export const useLibraryStore = defineStore('library', () => {
  const call = useApiCall();
  const ui = useUiStore();
  const summary = shallowRef<LibrarySummary | null>(null);
  const campaignId = ref<number | null>(null);
  const campaign = shallowRef<CampaignDetail | null>(null);
  /** The level row that has the focus in the grid (opening it shows the level view). */
  const selectedLevelId = ref<number | null>(null);
  const loadingSummary = ref(false);
  const loadingCampaign = ref(false);
  const importing = ref(false);
  const importProgress = shallowRef<ImportProgress | null>(null);
  const lastImport = shallowRef<ImportReport | null>(null);
  /** The kinds' level generators (asked once; Generate… is offered only when there is one). */
  const generators = shallowRef<readonly GeneratorInfo[]>([]);
  let generatorsAsked: Promise<void> | undefined;
  const duplicateQuestion = shallowRef<DuplicateQuestion | null>(null);
  // Answers to superseded requests are dropped (a quick switch between campaigns).
  let campaignRequest = 0;

  const campaigns = computed(() => summary.value?.campaigns ?? []);
  const currentSummary = computed(() => campaigns.value.find((c) => c.id === campaignId.value) ?? null);
  const levels = computed(() => (campaign.value && campaign.value.campaign.id === campaignId.value ? campaign.value.levels : []));

  /** Where a reload or a reopened window left the designer: chosen first, once, if it is still there. */
  let reopened = readRoute();

  async function refreshSummary(): Promise<void> {
    loadingSummary.value = true;
    try {
      const value = await call('library.summary', {}, 'library.errors.summary');
      if (!value) return;
      summary.value = value;
      const ids = value.campaigns.map((c) => c.id);
      if (campaignId.value === null || !ids.includes(campaignId.value)) {
        const kept = reopened?.campaignId;
        await selectCampaign(kept !== null && kept !== undefined && ids.includes(kept) ? kept : (ids[0] ?? null));
      }
    } finally {
      loadingSummary.value = false;
    }
  }

  async function selectCampaign(id: number | null): Promise<void> {
    if (id !== campaignId.value) selectedLevelId.value = null;
    campaignId.value = id;
    if (id === null) {
      campaign.value = null;
      return;
    }
    await refreshCampaign();
  }

  async function refreshCampaign(): Promise<void> {
    const id = campaignId.value;
    if (id === null) return;
    const request = ++campaignRequest;
    loadingCampaign.value = true;
    try {
      const value = await call('library.campaign', { campaignId: id }, 'library.errors.campaign');
      if (request !== campaignRequest) return;
      if (value) {
        campaign.value = value;
        const kept = reopened?.campaignId === id ? reopened.levelId : null;
        reopened = null;
        if (kept !== null && value.levels.some((l) => l.id === kept)) selectedLevelId.value = kept;
        else if (selectedLevelId.value === null || !value.levels.some((l) => l.id === selectedLevelId.value)) {
          selectedLevelId.value = value.levels[0]?.id ?? null;
        }
      }
    } finally {
      if (request === campaignRequest) loadingCampaign.value = false;
    }
  }

  /** `library.changed`: badge counts are in the summary; the levels only if their campaign is shown. */
  async function onChanged(scope: ChangeScope): Promise<void> {
    const shown = campaignId.value;
    await refreshSummary();
    // refreshSummary selects another campaign itself when the shown one is gone.
    if (shown !== null && shown === campaignId.value && (scope.all || scope.campaigns.has(shown))) await refreshCampaign();
  }

  async function importFile(file: ImportFile): Promise<ImportReport | undefined> {
    if (file.size > MAX_IMPORT_CHARS * 4) {
      ui.toast({ kind: 'error', title: 'import.errors.failed', params: { file: file.name }, advice: 'import.errors.tooLarge' });
      return undefined;
    }
    importing.value = true;
    try {
      let text: string;
      try {
        text = await file.text();
      } catch {
        ui.toast({ kind: 'error', title: 'import.errors.failed', params: { file: file.name }, advice: 'import.errors.unreadable' });
        return undefined;
      }
      if (text.length > MAX_IMPORT_CHARS) {
        ui.toast({ kind: 'error', title: 'import.errors.failed', params: { file: file.name }, advice: 'import.errors.tooLarge' });
        return undefined;
      }
      return await sendImport(file.name, text);
    } finally {
      importing.value = false;
      importProgress.value = null;
    }
  }

  /**
   * A file larger than one request may carry goes up in parts (`library.importPart`), one at a
   * time, so the host answers others between them; the name of the upload, or undefined when a part was refused.
   */
  async function uploadParts(fileName: string, text: string): Promise<string | undefined> {
    let upload: string | undefined;
    for (let offset = 0; offset < text.length; offset += MAX_IMPORT_PART_CHARS) {
      importProgress.value = { fileName, phase: 'read', done: offset, total: text.length };
      const part = text.slice(offset, offset + MAX_IMPORT_PART_CHARS);
      const value = await call('library.importPart', { ...(upload ? { upload } : {}), offset, text: part }, 'import.errors.failed', { file: fileName });
      if (!value) return undefined;
      upload = value.upload;
    }
    return upload;
  }

  /** Asks the host to import; an answer that asks about duplicates becomes `duplicateQuestion`. */
  async function sendImport(fileName: string, text: string, duplicates?: Exclude<DuplicateChoice, 'cancel'>): Promise<ImportReport | undefined> {
    const upload = text.length > MAX_IMPORT_PART_CHARS ? await uploadParts(fileName, text) : undefined;
    if (text.length > MAX_IMPORT_PART_CHARS && !upload) return undefined;
    const request = { fileName: fileName.slice(-260) || 'untitled.txt', ...(upload ? { upload } : { text }), ...(duplicates ? { duplicates } : {}) };
    const value = await call('library.import', request, 'import.errors.failed', { file: fileName });
    if (!value) return undefined;
    if (value.duplicates?.action === 'ask') {
      lastImport.value = null;
      duplicateQuestion.value = { fileName, text, duplicates: value.duplicates };
      return undefined;
    }
    const report: ImportReport = { ...value, fileName };
    lastImport.value = report;
    await refreshSummary();
    if (value.campaignId !== null) await selectCampaign(value.campaignId);
    return report;
  }

  /** `library.importProgress`: kept while this studio's import runs (another window's is not ours). */
  function onImportProgress(progress: ImportProgress): void {
    if (importing.value) importProgress.value = progress;
  }

  /** The designer's answer: import them again, skip them, or cancel (nothing is written). */
  async function answerDuplicates(choice: DuplicateChoice): Promise<ImportReport | undefined> {
    const question = duplicateQuestion.value;
    duplicateQuestion.value = null;
    if (!question || choice === 'cancel') return undefined;
    importing.value = true;
    try {
      return await sendImport(question.fileName, question.text, choice);
    } finally {
      importing.value = false;
      importProgress.value = null;
    }
  }

  function loadGenerators(): Promise<void> {
    generatorsAsked ??= call('library.generators', {}, 'generate.errors.list').then((value) => {
      if (value) generators.value = value.generators;
      else generatorsAsked = undefined;
    });
    return generatorsAsked;
  }

  function dismissImport(): void {
    lastImport.value = null;
  }

  /** `library.export`, then hands the text to the browser as a download. */
  async function exportCampaign(format: ExportFormat): Promise<void> {
    const id = campaignId.value;
    if (id === null) return;
    const value = await call('library.export', { campaignId: id, format }, 'library.errors.export');
    if (!value) return;
    downloadFile(value.fileName, new Blob([value.text], { type: value.mimeType }));
    ui.toast({ kind: 'success', title: 'library.exported', params: { file: value.fileName } });
    // The text format cannot keep everything (mechanics in SOK): say what was left out.
    const lost = value.diagnostics.filter((d) => d.severity !== 'info');
    if (lost.length > 0) ui.toast({ kind: 'error', title: 'library.exportLossy', params: { n: lost.length }, detail: lost[0].message, advice: 'library.exportLossyAdvice' });
  }

  async function verifyAll(): Promise<void> {
    const id = campaignId.value;
    if (id === null) return;
    const value = await call('jobs.verify', { campaignId: id }, 'library.errors.verify');
    if (value) ui.toast({ kind: 'info', title: 'library.verifyQueued', params: { n: value.jobs } });
  }

  /** Verifies some levels of a campaign with a state budget (per-level Verify); true once queued. */
  /** Verify some levels with a budget and, if given, a time limit for each (running time, ms). */
  async function verifyLevels(campaign: number, levelIds: readonly number[], budget: number, timeLimitMs?: number): Promise<boolean> {
    const request = { campaignId: campaign, levelIds: [...levelIds], budget, ...(timeLimitMs === undefined ? {} : { timeLimitMs }) };
    const value = await call('jobs.verify', request, 'library.errors.verify');
    if (value) ui.toast({ kind: 'info', title: 'library.verifyQueued', params: { n: value.jobs } });
    return value !== undefined;
  }

  return {
    summary, campaignId, campaign, selectedLevelId, loadingSummary, loadingCampaign, importing, importProgress, onImportProgress, lastImport, duplicateQuestion, generators, loadGenerators,
    campaigns, currentSummary, levels,
    refreshSummary, selectCampaign, refreshCampaign, onChanged, importFile, answerDuplicates, dismissImport, exportCampaign, verifyAll, verifyLevels,
  };
});
