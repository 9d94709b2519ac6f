// Runs in the page (bundled as an IIFE by the harness): builds `window.api` with the preload's own
// buildWindowApi over a Playwright binding, and lets the harness push core events into the page.
import { buildWindowApi } from '../../electron/shared/ipc/api-shape';
import type { Channel, EventName } from '../../electron/shared/ipc/contract';
import { encodeBytes } from './wire-bytes';

type Listener = (payload: unknown) => void;

interface HarnessWindow {
  __jrsInvoke(channel: Channel, params: unknown): Promise<unknown>;
  __jrsEmit(event: EventName, payload: unknown): void;
  __JRS_TEST__?: boolean;
}

const page = window as unknown as HarnessWindow;
const listeners = new Map<EventName, Set<Listener>>();

const api = buildWindowApi(
  // Looked up per call: the binding is installed by Playwright, possibly after this script.
  (channel, params) => page.__jrsInvoke(channel, encodeBytes(params)),
  (event, listener) => {
    const set = listeners.get(event) ?? new Set<Listener>();
    listeners.set(event, set);
    set.add(listener);
    return () => set.delete(listener);
  },
);

// Like contextBridge.exposeInMainWorld: a read-only property the page cannot replace.
Object.defineProperty(window, 'api', { value: api, writable: false, configurable: false, enumerable: true });
page.__jrsEmit = (event, payload) => {
  for (const listener of listeners.get(event) ?? []) listener(payload);
};
page.__JRS_TEST__ = true;
