/**
 * The preload: exposes only a typed invoke/subscribe for declared channels through contextBridge,
 * never ipcRenderer itself (Electron security checklist). Bundled as CommonJS for sandbox: true.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CHANNEL_NAMES, EVENT_NAME_LIST, ipcChannel, ipcEvent, type ChannelName, type EventNameString } from '../../src-shared/api/channels.ts';
import { BRIDGE_GLOBAL } from '../../src-shared/api/bridge.ts';

const channels = new Set<string>(CHANNEL_NAMES);
const events = new Set<string>(EVENT_NAME_LIST);

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, {
  invoke(channel: string, request: unknown): Promise<unknown> {
    if (!channels.has(channel)) return Promise.resolve({ ok: false, error: { code: 'unknown-channel', message: `Unknown request ${channel}.` } });
    return ipcRenderer.invoke(ipcChannel(channel as ChannelName), request);
  },
  subscribe(event: string, listener: (payload: unknown) => void): () => void {
    if (!events.has(event)) return () => {};
    const wrapped = (_e: IpcRendererEvent, payload: unknown): void => listener(payload);
    const name = ipcEvent(event as EventNameString);
    ipcRenderer.on(name, wrapped);
    return () => ipcRenderer.removeListener(name, wrapped);
  },
});
