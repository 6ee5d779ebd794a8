/**
 * Registers every Studio API channel on ipcMain: the sender frame must be the app's own origin
 * (never a navigated-away or injected frame), then the shared dispatcher validates the payload.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { CHANNEL_NAMES, ipcChannel, ipcEvent } from '../../src-shared/api/channels.ts';
import type { Studio } from '../studio/dispatch.ts';
import { isAppUrl } from '../studio/security.ts';

export function registerIpc(ipcMain: IpcMain, studio: Studio): () => void {
  for (const name of CHANNEL_NAMES) {
    ipcMain.handle(ipcChannel(name), (event: IpcMainInvokeEvent, payload: unknown) => {
      const frameUrl = event.senderFrame?.url ?? '';
      if (!isAppUrl(frameUrl)) {
        return { ok: false, error: { code: 'forbidden', message: 'Requests are only accepted from the Gridwright window.' } };
      }
      return studio.handle(name, payload);
    });
  }
  return () => {
    for (const name of CHANNEL_NAMES) ipcMain.removeHandler(ipcChannel(name));
  };
}

/** Forwards studio events to a window's renderer. */
export function forwardEvents(studio: Studio, contents: WebContents): () => void {
  return studio.onEvent((event, payload) => {
    if (!contents.isDestroyed()) contents.send(ipcEvent(event), payload);
  });
}
