/** One way to call the host from a store: failures become a toast and `undefined`. */
import { useBridge } from '../bridge/context.ts';
import type { ApiCall } from '../services/api-call.ts';
import { useUiStore } from './ui.ts';

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
