/**
 * What the renderer sees of a host: `invoke` for declared channels and `subscribe` for declared
 * events. Electron's preload and the browser host's WebSocket client both provide it.
 */
import type { ApiResult, Channel, EventName, EventOf, RequestOf, ResponseOf } from './studio-api.ts';

export interface StudioBridge {
  invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ApiResult<ResponseOf<C>>>;
  /** Returns a function that ends the subscription. */
  subscribe<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void;
}

/** The name under which Electron's preload exposes the bridge on `window`. */
export const BRIDGE_GLOBAL = 'gridwrightStudio';
