// The only file that touches ipcRenderer: invoke for the contract's channels, on/off for its events, and
// nothing else, so a compromised page cannot reach any other channel through the bridge.
import { ipcRenderer, type IpcRendererEvent } from 'electron';
import type { Invoke, Subscribe } from '../shared/ipc/api-shape';
import { CHANNEL_NAMES, EVENT_NAMES } from '../shared/ipc/names';

const CHANNELS: ReadonlySet<string> = new Set(CHANNEL_NAMES);
const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

export const invoke: Invoke = (channel, params) => {
  // The type already says so; the check is for the page, which can call the function with anything.
  if (typeof channel !== 'string' || !CHANNELS.has(channel)) {
    return Promise.reject(new Error(`Unknown request ${String(channel)}.`));
  }
  return ipcRenderer.invoke(channel, params);
};

export const subscribe: Subscribe = (event, listener) => {
  if (typeof event !== 'string' || !EVENTS.has(event)) throw new Error(`Unknown event ${String(event)}.`);
  if (typeof listener !== 'function') throw new Error('The listener must be a function.');
  // The page gets the payload only: the IpcRendererEvent would hand it `sender`, i.e. ipcRenderer itself.
  const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
  ipcRenderer.on(event, forward);
  return () => {
    ipcRenderer.removeListener(event, forward);
  };
};
