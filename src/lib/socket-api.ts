// `window.api` in a browser (the browser host): built by the preload's own buildWindowApi, over the host's
// WebSocket instead of Electron's IPC. Requests wait for the socket to open; a file's bytes go first to the
// host's upload route and travel as its upload id. The page's session (page-session.ts) goes with both: as
// a WebSocket subprotocol and as the upload's Authorization, never as a cookie.
import { buildWindowApi, type WindowApi } from '../../electron/shared/ipc/api-shape';
import type { EventName } from '../../electron/shared/ipc/contract';
import {
  MAX_UPLOAD_BYTES,
  SOCKET_PATH,
  swapBytes,
  UPLOAD_ROUTE,
  UPLOAD_TAG,
  type SocketMessage,
} from '../../electron/shared/ipc/socket-protocol';
import { useHostConnection } from './host-connection';
import { takePageSession } from './page-session';
import { SESSION_PROTOCOL_PREFIX, SOCKET_PROTOCOL } from './socket-protocols';

type Listener = (payload: unknown) => void;

const LOST = {
  ok: false,
  error: {
    kind: 'network',
    message:
      'The app on this computer stopped. Start it again (jrs serve or npm start): this page checks back by itself.',
  },
} as const;

/** Said where the page has no session, or the host refused it (ended, or the host was restarted). */
const SIGNED_OUT = {
  ok: false,
  error: {
    kind: 'signed-out',
    message:
      'This page is not signed in to the app: its session ended, or the app was restarted. Run “jrs serve” (or “npm start”) again, or press Enter in the terminal where it runs, and open the new sign-in link.',
  },
} as const;

async function upload(bytes: Uint8Array, session: string): Promise<unknown> {
  // Said here rather than sent: the host would refuse it anyway, and the browser might show no reason.
  if (bytes.length > MAX_UPLOAD_BYTES)
    throw new Error(
      `That file is too large to send to the app from a browser (the limit is ${MAX_UPLOAD_BYTES / 1048576} MB).`,
    );
  const response = await fetch(UPLOAD_ROUTE, {
    method: 'POST',
    body: bytes as BodyInit,
    headers: { 'Content-Type': 'application/octet-stream', Authorization: `Bearer ${session}` },
    credentials: 'omit',
  });
  if (!response.ok)
    throw new Error((await response.text()).trim() || 'The file could not be sent to the app.');
  const { id } = (await response.json()) as { id: string };
  return { [UPLOAD_TAG]: id };
}

/** Opens the socket to the host that served this page and builds `window.api` over it. */
export function socketApi(location: Location = window.location): WindowApi {
  const session = takePageSession({ location, storage: window.sessionStorage, history: window.history });
  const listeners = new Map<string, Set<Listener>>();
  const on = (event: EventName, listener: Listener) => {
    const set = listeners.get(event) ?? new Set<Listener>();
    listeners.set(event, set);
    set.add(listener);
    return () => set.delete(listener);
  };
  if (!session) return buildWindowApi(async () => SIGNED_OUT, on);

  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${scheme}//${location.host}${SOCKET_PATH}`, [
    SOCKET_PROTOCOL,
    `${SESSION_PROTOCOL_PREFIX}${session}`,
  ]);
  let everOpen = false;
  const opened = new Promise<void>((resolve) =>
    socket.addEventListener('open', () => {
      everOpen = true;
      resolve();
    }),
  );
  const pending = new Map<number, (result: unknown) => void>();
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
  // A socket that never opened was refused (no live session) or found no host: either way, sign in again.
  const lost = () => (everOpen ? LOST : SIGNED_OUT);
  socket.addEventListener('close', () => {
    closed = true;
    // The host stopped under an open page: the page says so and checks back (HostLost), instead of
    // answering each request with an error while it still looks usable.
    if (everOpen) useHostConnection.getState().markLost();
    for (const answer of pending.values()) answer(lost());
    pending.clear();
  });

  return buildWindowApi(async (channel, params) => {
    let sent: unknown;
    try {
      sent = await swapBytes(params, (bytes) => upload(bytes, session));
    } catch (error) {
      return { ok: false, error: { kind: 'network', message: (error as Error).message } };
    }
    await Promise.race([opened, new Promise((resolve) => socket.addEventListener('close', resolve))]);
    if (closed) return lost();
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, channel, params: sent }));
    });
  }, on);
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
