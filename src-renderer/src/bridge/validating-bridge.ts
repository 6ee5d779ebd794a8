/**
 * Wraps a bridge that hands over raw values (Electron's preload) so its results and events pass
 * the same contract checks as the WebSocket client's.
 */
import type { StudioBridge } from '../../../src-shared/api/bridge.ts';
import type { ApiResult, Channel, EventName, EventOf, RequestOf, ResponseOf } from '../../../src-shared/api/studio-api.ts';
import { bridgeError, validateEvent, validateResult, type Translate } from './validate.ts';

export class ValidatingBridge implements StudioBridge {
  private readonly inner: StudioBridge;
  private readonly translate: Translate;
  private readonly onProtocolError: (message: string) => void;

  constructor(inner: StudioBridge, translate: Translate, onProtocolError: (message: string) => void = () => {}) {
    this.inner = inner;
    this.translate = translate;
    this.onProtocolError = onProtocolError;
  }

  async invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ApiResult<ResponseOf<C>>> {
    let raw: unknown;
    try {
      raw = await this.inner.invoke(channel, request);
    } catch (error) {
      return bridgeError(this.translate('bridge.errors.ipcFailed', { channel, reason: error instanceof Error ? error.message : String(error) }));
    }
    return validateResult(channel, raw, this.translate);
  }

  subscribe<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void {
    return this.inner.subscribe(event, (payload: unknown) => {
      const checked = validateEvent(event, payload, this.translate);
      if (checked.ok) listener(checked.payload);
      else this.onProtocolError(checked.message);
    });
  }
}
