/**
 * The candidates bench: generation runs split across the worker pool, the candidates of the run
 * shown, which of them are ticked, and the one previewed. Refetched on `library.changed` (a shard
 * stored, a candidate accepted) while the view is open.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { Candidate, GenerationRun } from '../../../src-shared/api/candidates.ts';
import { useApiCall } from './api.ts';

/** What the designer typed in the bench's form: kept while the view is left and shown again. */
export interface BenchFormDraft {
  /** The generator the values belong to (kind/id); another one starts from its defaults. */
  generator: string | null;
  values: Record<string, unknown>;
  parMin: string | number;
  parMax: string | number;
  room: string;
  seed: string;
  /** The seed field was left or a start was tried: only then is an empty seed called an error. */
  seedTouched: boolean;
}

export const useCandidatesStore = defineStore('candidates', () => {
  const form = ref<BenchFormDraft>({ generator: null, values: {}, parMin: '', parMax: '', room: '', seed: '', seedTouched: false });
  const call = useApiCall();
  const runs = shallowRef<GenerationRun[]>([]);
  const runId = ref<number | null>(null);
  const candidates = shallowRef<Candidate[]>([]);
  const ticked = ref<Set<number>>(new Set());
  const previewId = ref<number | null>(null);
  const busy = ref(false);
  let shown = false;

  const run = computed(() => runs.value.find((r) => r.id === runId.value));
  const preview = computed(() => candidates.value.find((c) => c.id === previewId.value));
  const tickedWaiting = computed(() => candidates.value.filter((c) => ticked.value.has(c.id) && c.state === 'new'));

  async function refresh(): Promise<void> {
    const answer = await call('candidates.runs', {}, 'candidates.errors.list');
    if (!answer) return;
    runs.value = answer.runs;
    if (runId.value === null || !answer.runs.some((r) => r.id === runId.value)) runId.value = answer.runs[0]?.id ?? null;
    await loadCandidates();
  }

  async function loadCandidates(): Promise<void> {
    const id = runId.value;
    if (id === null) {
      candidates.value = [];
      return;
    }
    const answer = await call('candidates.list', { runId: id }, 'candidates.errors.list');
    if (!answer || runId.value !== id) return;
    candidates.value = answer.candidates;
    runs.value = runs.value.map((r) => (r.id === id ? answer.run : r));
    const present = new Set(answer.candidates.map((c) => c.id));
    ticked.value = new Set([...ticked.value].filter((c) => present.has(c)));
    if (previewId.value !== null && !present.has(previewId.value)) previewId.value = null;
  }

  async function selectRun(id: number): Promise<void> {
    runId.value = id;
    ticked.value = new Set();
    previewId.value = null;
    await loadCandidates();
  }

  async function start(request: { kind: string; generator: string; params: unknown; seed: string }): Promise<boolean> {
    busy.value = true;
    try {
      const answer = await call('candidates.start', request, 'candidates.errors.start');
      if (!answer) return false;
      runId.value = answer.runId;
      ticked.value = new Set();
      previewId.value = null;
      await refresh();
      return true;
    } finally {
      busy.value = false;
    }
  }

  function toggle(id: number): void {
    const next = new Set(ticked.value);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    ticked.value = next;
  }

  async function accept(ids: readonly number[], target: { campaignId: number } | { campaignName: string }) {
    if (ids.length === 0) return undefined;
    const answer = await call('candidates.accept', { candidateIds: [...ids], ...target }, 'candidates.errors.accept');
    if (answer) await loadCandidates();
    return answer;
  }

  async function dismiss(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    if (await call('candidates.dismiss', { candidateIds: [...ids] }, 'candidates.errors.dismiss')) await loadCandidates();
  }

  /** The view mounted or left: only a shown bench refetches on every change. */
  function setShown(value: boolean): void {
    shown = value;
    if (value) void refresh();
  }

  async function onChanged(): Promise<void> {
    if (shown) await refresh();
  }

  return { form, runs, runId, run, candidates, ticked, tickedWaiting, previewId, preview, busy, refresh, selectRun, start, toggle, accept, dismiss, setShown, onChanged };
});
