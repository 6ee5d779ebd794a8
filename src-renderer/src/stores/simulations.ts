/**
 * A block-tray campaign's simulations (issue 26): listed from the library, started as a job in
 * the pool, refetched while one runs (the jobs store carries its progress; cancelling is the
 * batch's cancel).
 */
import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import type { Simulation } from '../../../src-shared/api/simulations.ts';
import type { BotName } from '../../../src-shared/rulesets/blocks/bots.ts';
import { useApiCall } from './api.ts';
import { useJobsStore } from './jobs.ts';

export const useSimulationsStore = defineStore('simulations', () => {
  const call = useApiCall();
  const jobs = useJobsStore();
  const campaignId = shallowRef<number | null>(null);
  const list = shallowRef<Simulation[]>([]);
  const latest = computed(() => list.value[0] ?? null);
  const running = computed(() => list.value.find((s) => s.state === 'running') ?? null);
  /** The running simulation's share of games played (0..1). */
  const progress = computed(() => {
    const batchId = running.value?.batchId;
    return batchId ? (jobs.jobsByBatch.get(batchId)?.[0]?.progress ?? 0) : 0;
  });

  async function load(id: number): Promise<void> {
    campaignId.value = id;
    const value = await call('simulations.list', { campaignId: id }, 'blocks.simulation.title');
    if (value && campaignId.value === id) list.value = value;
  }

  async function start(request: { games: number; bot: BotName; seed: string }): Promise<void> {
    const id = campaignId.value;
    if (id === null) return;
    if (await call('simulations.start', { campaignId: id, ...request }, 'blocks.simulation.title')) await load(id);
  }

  function cancel(): void {
    const batchId = running.value?.batchId;
    if (batchId) void jobs.cancelBatch(batchId);
  }

  // The running simulation's batch ended: its report (or its end) is in the library now.
  watch(
    () => {
      const batchId = running.value?.batchId;
      return batchId ? jobs.batches.find((b) => b.id === batchId)?.state : undefined;
    },
    (state, before) => {
      if (before === 'running' && state !== 'running' && campaignId.value !== null) void load(campaignId.value);
    },
  );

  return { campaignId, list, latest, running, progress, load, start, cancel };
});
