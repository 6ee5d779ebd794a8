/**
 * The renderer picks whichever host exists (DESIGN.md "one engine, many hosts"): Electron's
 * preload bridge on `window`, else the browser host's WebSocket on the page's own address.
 */
import { BRIDGE_GLOBAL, type StudioBridge } from '../../../src-shared/api/bridge.ts';
import type { ConnectionSource } from './connection.ts';
import { hostSocketUrl, takeHostToken } from './token.ts';
import type { Translate } from './validate.ts';
import { ValidatingBridge } from './validating-bridge.ts';
import { WebSocketBridge } from './websocket-bridge.ts';

export interface SelectedBridge {
  readonly bridge: StudioBridge;
  readonly host: 'electron' | 'browser';
  /** Present for the browser host, whose link can drop. */
  readonly connection?: ConnectionSource;
  /** False when the browser host's address carried no token and none was kept. */
  readonly hasToken: boolean;
}

function isBridge(value: unknown): value is StudioBridge {
  return typeof value === 'object' && value !== null && typeof (value as StudioBridge).invoke === 'function' && typeof (value as StudioBridge).subscribe === 'function';
}

export function selectBridge(win: Window, translate: Translate, onProtocolError: (message: string) => void): SelectedBridge {
  const exposed = (win as unknown as Record<string, unknown>)[BRIDGE_GLOBAL];
  if (isBridge(exposed)) {
    return { bridge: new ValidatingBridge(exposed, translate, onProtocolError), host: 'electron', hasToken: true };
  }
  const token = takeHostToken({ location: win.location, storage: win.sessionStorage, history: win.history });
  const socket = new WebSocketBridge({ url: hostSocketUrl(win.location, token), translate, onProtocolError });
  socket.start();
  return { bridge: socket, host: 'browser', connection: socket, hasToken: token !== null };
}
