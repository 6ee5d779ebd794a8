/**
 * Baking a campaign from seeds (seed 001's bake, issue 25): the plans the kinds offer, the bake
 * started here and where it stands (`bakes.status`, asked again whenever its batch's jobs change:
 * the jobs store carries their progress; cancelling is the batch's cancel).
 */
import { defineStore } from 'pinia';
import { shallowRef, watch } from 'vue';
import type { BakePlanSummary, BakeStatus } from '../../../src-shared/api/bakes.ts';
import { useApiCall } from './api.ts';
import { useJobsStore } from './jobs.ts';

export const useBakesStore = defineStore('bakes', () => {
  const call = useApiCall();
  const jobs = useJobsStore();
  const plans = shallowRef<BakePlanSummary[]>([]);
  const status = shallowRef<BakeStatus | null>(null);

  async function loadPlans(): Promise<void> {
    const value = await call('bakes.plans', {}, 'bake.title');
    if (value) plans.value = value.plans;
  }

  async function refresh(): Promise<void> {
    const batchId = status.value?.batchId;
    if (batchId === undefined) return;
    const value = await call('bakes.status', { batchId }, 'bake.title');
    if (value && status.value?.batchId === batchId) status.value = value;
  }

  async function start(plan: string): Promise<void> {
    const started = await call('bakes.start', { plan }, 'bake.title');
    if (!started) return;
    status.value = { batchId: started.batchId, plan, state: 'running', progress: 0, chapters: [], campaignId: null };
    await refresh();
  }

  function cancel(): void {
    const batchId = status.value?.batchId;
    if (batchId !== undefined) void jobs.cancelBatch(batchId);
  }

  // Any change to the bake's jobs (a range done, the batch ended): ask where it stands.
  watch(
    () => {
      const batchId = status.value?.batchId;
      if (batchId === undefined) return '';
      const batch = jobs.batches.find((b) => b.id === batchId);
      const own = jobs.jobsByBatch.get(batchId) ?? [];
      return `${batch?.state}|${own.map((j) => `${j.id}:${j.state}`).join(',')}`;
    },
    (now, before) => {
      if (now !== before && now !== '') void refresh();
    },
  );

  return { plans, status, loadPlans, start, cancel, refresh };
});
