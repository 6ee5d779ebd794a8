/**
 * Registers every Studio API channel on ipcMain: the sender must be the main frame of one of the
 * app's windows, showing the app (isTrustedIpcSender: never a subframe, another frame on the
 * app's origin or a navigated-away page), then the shared dispatcher validates the payload.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents, WebFrameMain } from 'electron';
import { CHANNEL_NAMES, ipcChannel, ipcEvent } from '../../src-shared/api/channels.ts';
import type { Studio } from '../studio/dispatch.ts';
import { isTrustedIpcSender } from '../studio/security.ts';

/** `windowMainFrames`: the main frames of the app's open windows, asked at every call. */
export function registerIpc(ipcMain: IpcMain, studio: Studio, windowMainFrames: () => readonly WebFrameMain[]): () => void {
  for (const name of CHANNEL_NAMES) {
    ipcMain.handle(ipcChannel(name), (event: IpcMainInvokeEvent, payload: unknown) => {
      if (!isTrustedIpcSender(event.senderFrame, windowMainFrames())) {
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
