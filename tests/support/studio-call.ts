/**
 * Studio API calls in integration tests: the raw result, or its value (a failure throws with its
 * code and message), and waiting for a batch of jobs to end.
 */
import type { ApiResult } from '../../src-shared/api/studio-api.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { until } from './processes.ts';

export function studioCalls(studio: () => Studio) {
  async function ask<T = any>(channel: string, payload: unknown): Promise<ApiResult<T>> {
    return (await studio().handle(channel, payload)) as ApiResult<T>;
  }
  async function value<T = any>(channel: string, payload: unknown): Promise<T> {
    const result = await ask<T>(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
    return result.value;
  }
  /** Resolves once the batch is no longer running (done, failed or cancelled). */
  async function waitForBatch(batchId: number, ms = 60_000): Promise<void> {
    await until(async () => {
      const { batches } = await value<{ batches: { id: number; state: string }[] }>('jobs.list', {});
      return batches.find((b) => b.id === batchId)?.state !== 'running';
    }, `batch ${batchId} to end`, ms, 50);
  }
  return { ask, value, waitForBatch };
}
