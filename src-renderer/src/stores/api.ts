/** One way to call the host from a store: failures become a toast and `undefined`. */
import type { Channel, RequestOf, ResponseOf } from '../../../src-shared/api/studio-api.ts';
import { useBridge } from '../bridge/context.ts';
import { useUiStore } from './ui.ts';

export type ApiCall = <C extends Channel>(channel: C, request: RequestOf<C>, failureTitle: string, params?: Record<string, string | number>) => Promise<ResponseOf<C> | undefined>;

/** Call inside a setup store or a component's setup (it injects the bridge). */
export function useApiCall(): ApiCall {
  const bridge = useBridge();
  const ui = useUiStore();
  return async (channel, request, failureTitle, params) => {
    const result = await bridge.invoke(channel, request);
    if (result.ok) return result.value;
    ui.reportError(failureTitle, result.error, params);
    return undefined;
  };
}
