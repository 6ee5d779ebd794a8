/** Studio API calls in integration tests: the raw result, or its value (a failure throws with its code and message). */
import type { ApiResult } from '../../src-shared/api/studio-api.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';

export function studioCalls(studio: () => Studio) {
  async function ask<T = any>(channel: string, payload: unknown): Promise<ApiResult<T>> {
    return (await studio().handle(channel, payload)) as ApiResult<T>;
  }
  async function value<T = any>(channel: string, payload: unknown): Promise<T> {
    const result = await ask<T>(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
    return result.value;
  }
  return { ask, value };
}
