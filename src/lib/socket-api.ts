// `window.api` in a browser (the browser host): built by the preload's own buildWindowApi, over the host's
// WebSocket instead of Electron's IPC. Requests wait for the socket to open; a file's bytes go first to the
// host's upload route (authenticated by the same session cookie) and travel as its upload id.
import { buildWindowApi, type WindowApi } from '../../electron/shared/ipc/api-shape';
import type { EventName } from '../../electron/shared/ipc/contract';
import {
  SOCKET_PATH,
  swapBytes,
  UPLOAD_ROUTE,
  UPLOAD_TAG,
  type SocketMessage,
} from '../../electron/shared/ipc/socket-protocol';

type Listener = (payload: unknown) => void;

const LOST = {
  ok: false,
  error: {
    kind: 'network',
    message: 'The app’s host stopped. Start it again (npm start), then reload this page.',
  },
} as const;

async function upload(bytes: Uint8Array): Promise<unknown> {
  const response = await fetch(UPLOAD_ROUTE, {
    method: 'POST',
    body: bytes as BodyInit,
    headers: { 'Content-Type': 'application/octet-stream' },
    credentials: 'same-origin',
  });
  if (!response.ok)
    throw new Error((await response.text()).trim() || 'The file could not be sent to the app.');
  const { id } = (await response.json()) as { id: string };
  return { [UPLOAD_TAG]: id };
}

/** Opens the socket to the host that served this page and builds `window.api` over it. */
export function socketApi(location: Location = window.location): WindowApi {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${scheme}//${location.host}${SOCKET_PATH}`);
  const opened = new Promise<void>((resolve) => socket.addEventListener('open', () => resolve()));
  const pending = new Map<number, (result: unknown) => void>();
  const listeners = new Map<string, Set<Listener>>();
  let nextId = 1;
  let closed = false;

  socket.addEventListener('message', (message) => {
    const data = JSON.parse(String(message.data)) as SocketMessage;
    if ('id' in data) {
      pending.get(data.id)?.(data.result);
      pending.delete(data.id);
    } else {
      for (const listener of listeners.get(data.event) ?? []) listener(data.payload);
    }
  });
  socket.addEventListener('close', () => {
    closed = true;
    for (const answer of pending.values()) answer(LOST);
    pending.clear();
  });

  return buildWindowApi(
    async (channel, params) => {
      let sent: unknown;
      try {
        sent = await swapBytes(params, upload);
      } catch (error) {
        return { ok: false, error: { kind: 'network', message: (error as Error).message } };
      }
      await Promise.race([opened, new Promise((resolve) => socket.addEventListener('close', resolve))]);
      if (closed) return LOST;
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        socket.send(JSON.stringify({ id, channel, params: sent }));
      });
    },
    (event: EventName, listener) => {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  );
}

/** In a browser there is no preload: installs `window.api` over the host's socket, read-only like it. */
export function installSocketApiWhereNoPreload(): void {
  if ('api' in window) return;
  Object.defineProperty(window, 'api', {
    value: socketApi(),
    writable: false,
    configurable: false,
    enumerable: true,
  });
}
