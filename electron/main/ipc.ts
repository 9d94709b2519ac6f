// The only file that touches ipcMain: one handler per contract channel (sender check, then dispatch, which
// parses the params with zod and calls core) and core's events forwarded to the window.
import { ipcMain, type BrowserWindow } from 'electron';
import type { AppCore } from '../core/app/app-core.types';
import { dispatch } from '../core/app/dispatch';
import { channels, type Channel, type IpcResult } from '../shared/ipc/contract';
import { isRendererPage, type RendererLocation } from './renderer-location';

/** The parts of an IpcMainInvokeEvent the sender check reads (structural, so tests can pass plain objects). */
export interface SenderOf {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown } | null;
}

/** The parts of the window the sender check and event forwarding use. */
export type WindowLike = Pick<BrowserWindow, 'isDestroyed'> & {
  webContents: Pick<BrowserWindow['webContents'], 'id' | 'send'>;
};

/**
 * A request is answered only when it comes from our window's top frame showing our renderer page: not from
 * another window, a frame inside the page, or a page the window was somehow navigated to.
 */
export function isTrustedSender(
  event: SenderOf,
  window: WindowLike | null,
  renderer: RendererLocation,
): boolean {
  if (!window || window.isDestroyed()) return false;
  if (event.sender.id !== window.webContents.id) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isRendererPage(renderer, frame.url);
}

const REFUSED: IpcResult<never> = {
  ok: false,
  error: {
    kind: 'invalid-input',
    message: 'The request was refused: it did not come from the app’s own window.',
  },
};

/** Registers every channel and forwards core's events; returns the function that undoes both. */
export function registerIpc(
  core: AppCore,
  getWindow: () => WindowLike | null,
  options: { renderer: RendererLocation; log?: (line: string) => void },
): () => void {
  const registered = Object.keys(channels) as Channel[];
  for (const channel of registered) {
    ipcMain.handle(channel, (event, params: unknown) => {
      if (!isTrustedSender(event, getWindow(), options.renderer)) {
        options.log?.(`Refused ${channel} from ${event.senderFrame?.url ?? 'a detached frame'}.`);
        return REFUSED;
      }
      return dispatch(core, channel, params, options.log);
    });
  }

  const unsubscribe = core.onEvent((event, payload) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(event, payload);
  });

  return () => {
    unsubscribe();
    for (const channel of registered) ipcMain.removeHandler(channel);
  };
}
