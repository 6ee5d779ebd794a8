/**
 * Batches and jobs, from `jobs.list` and kept live by `jobs.changed` (which carries only what
 * changed: rows are merged by id). Work that lasts shows in the bottom strip: every batch, and
 * every job queued or running for more than a second (a quick hint never flashes there; a slow
 * one, like every long job, gets progress and a Cancel button).
 */
import { defineStore } from 'pinia';
import { computed, onScopeDispose, shallowRef, watch } from 'vue';
import type { Batch, Job } from '../../../src-shared/api/studio-api.ts';
import { useApiCall } from './api.ts';

/** A job shows in the strip once it has been waiting or running this long. */
export const STRIP_AFTER_MS = 1000;
const CLOCK_TICK_MS = 250;

export interface BatchProgress {
  /** Finished jobs (done, failed or cancelled). */
  readonly finished: number;
  readonly total: number;
  /** 0..1, counting the progress of running jobs. */
  readonly fraction: number;
}

function mergeById<T extends { readonly id: number }>(current: readonly T[], changes: readonly T[]): T[] {
  if (changes.length === 0) return current as T[];
  const byId = new Map(current.map((row) => [row.id, row]));
  for (const row of changes) byId.set(row.id, row);
  return [...byId.values()];
}

export const useJobsStore = defineStore('jobs', () => {
  const call = useApiCall();
  const batches = shallowRef<Batch[]>([]);
  const jobs = shallowRef<Job[]>([]);
  const loaded = shallowRef(false);

  /** Newest batch first. */
  const sortedBatches = computed(() => [...batches.value].sort((a, b) => b.id - a.id));
  const jobsByBatch = computed(() => {
    const map = new Map<number | null, Job[]>();
    for (const job of jobs.value) {
      const list = map.get(job.batchId) ?? [];
      list.push(job);
      map.set(job.batchId, list);
    }
    for (const list of map.values()) list.sort((a, b) => a.id - b.id);
    return map;
  });
  const runningBatches = computed(() => sortedBatches.value.filter((b) => b.state === 'running'));
  const activeJobs = computed(() => jobs.value.filter((j) => j.state === 'queued' || j.state === 'running'));
  /** Jobs outside any batch that are still queued or running. */
  const looseActiveJobs = computed(() => activeJobs.value.filter((j) => j.batchId === null));

  // A clock for "longer than a second", ticking only while something is active.
  const now = shallowRef(Date.now());
  let tick: ReturnType<typeof setInterval> | undefined;
  const stopTicking = (): void => {
    if (tick) clearInterval(tick);
    tick = undefined;
  };
  watch(
    () => activeJobs.value.length > 0,
    (active) => {
      now.value = Date.now();
      if (active && !tick) tick = setInterval(() => (now.value = Date.now()), CLOCK_TICK_MS);
      if (!active) stopTicking();
    },
    { immediate: true },
  );
  onScopeDispose(stopTicking);
  const lasting = (job: Job): boolean => now.value - Date.parse(job.startedAt ?? job.createdAt) >= STRIP_AFTER_MS;
  /** Running jobs older than a second, oldest first: the strip shows each with progress and Cancel. */
  const stripJobs = computed(() =>
    activeJobs.value.filter((j) => j.state === 'running' && lasting(j)).sort((a, b) => Date.parse(a.startedAt ?? a.createdAt) - Date.parse(b.startedAt ?? b.createdAt) || a.id - b.id),
  );
  /** Loose jobs that have lasted: the strip counts them with the batches. */
  const lastingLooseJobs = computed(() => looseActiveJobs.value.filter(lasting));

  function progressOf(batch: Batch): BatchProgress {
    const finished = batch.done + batch.failed + batch.cancelled;
    const running = (jobsByBatch.value.get(batch.id) ?? []).filter((j) => j.state === 'running').reduce((sum, j) => sum + j.progress, 0);
    const fraction = batch.total > 0 ? Math.min(1, (finished + running) / batch.total) : batch.state === 'running' ? 0 : 1;
    return { finished, total: batch.total, fraction };
  }

  /** Everything still running, as one bar for the bottom strip. */
  const overall = computed<BatchProgress & { readonly active: boolean; readonly label: string | null }>(() => {
    let finished = 0;
    let total = 0;
    let weighted = 0;
    for (const batch of runningBatches.value) {
      const p = progressOf(batch);
      finished += p.finished;
      total += p.total;
      weighted += p.fraction * p.total;
    }
    for (const job of lastingLooseJobs.value) {
      total += 1;
      weighted += job.progress;
    }
    const active = runningBatches.value.length > 0 || lastingLooseJobs.value.length > 0;
    const label = runningBatches.value[0]?.label ?? lastingLooseJobs.value[0]?.label ?? null;
    return { finished, total, fraction: total > 0 ? weighted / total : 0, active, label };
  });

  async function refresh(): Promise<void> {
    const value = await call('jobs.list', {}, 'jobs.errors.list');
    if (!value) return;
    batches.value = value.batches;
    jobs.value = value.jobs;
    loaded.value = true;
  }

  function apply(change: { readonly jobs: readonly Job[]; readonly batches: readonly Batch[] }): void {
    batches.value = mergeById(batches.value, change.batches);
    jobs.value = mergeById(jobs.value, change.jobs);
  }

  async function cancelBatch(batchId: number): Promise<void> {
    if (await call('jobs.cancel', { batchId }, 'jobs.errors.cancel')) await refresh();
  }

  async function cancelJob(jobId: number): Promise<void> {
    if (await call('jobs.cancel', { jobId }, 'jobs.errors.cancel')) await refresh();
  }

  /** The bottom strip's Cancel: every running batch and every loose job. */
  async function cancelAll(): Promise<void> {
    const requests = [
      ...runningBatches.value.map((b) => call('jobs.cancel', { batchId: b.id }, 'jobs.errors.cancel')),
      ...looseActiveJobs.value.map((j) => call('jobs.cancel', { jobId: j.id }, 'jobs.errors.cancel')),
    ];
    await Promise.all(requests);
    await refresh();
  }

  return { batches, jobs, loaded, sortedBatches, jobsByBatch, runningBatches, stripJobs, overall, progressOf, refresh, apply, cancelBatch, cancelJob, cancelAll };
});
