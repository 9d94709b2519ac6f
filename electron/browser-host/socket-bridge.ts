// One page's WebSocket, served: each request is answered through `dispatch` (the same zod check and
// handlers as Electron's IPC, so no key ever crosses), and the host pushes core's events to it.
import type { WebSocket } from 'ws';
import type { AppCore } from '../core/app/app-core.types';
import { dispatch } from '../core/app/dispatch';
import type { Channel } from '../shared/ipc/contract';
import { restoreBytes, socketRequest, type SocketMessage } from '../shared/ipc/socket-protocol';
import { namesAPath, PATH_REFUSED } from './page-paths';

export interface BridgeTap {
  /** Each channel the page called. */
  onCall?(channel: Channel): void;
  /** Each message sent to the page, as the JSON that went out. */
  onSent?(json: string): void;
}

export interface PageSocket {
  send(message: SocketMessage): void;
}

/** Answers the socket's requests on the core of the moment; returns the sender for events. */
export function serveSocket(
  socket: WebSocket,
  core: () => AppCore,
  options: {
    /** The bytes of an upload the page made for this request, once. */
    takeUpload: (id: string) => Uint8Array | undefined;
    log?: (line: string) => void;
    tap?: BridgeTap;
  },
): PageSocket {
  const send = (message: SocketMessage) => {
    if (socket.readyState !== socket.OPEN) return;
    const json = JSON.stringify(message);
    options.tap?.onSent?.(json);
    socket.send(json);
  };

  socket.on('message', (data, isBinary) => {
    let parsed: unknown;
    try {
      parsed = isBinary ? null : JSON.parse(data.toString());
    } catch {
      parsed = null;
    }
    const request = socketRequest.safeParse(parsed);
    if (!request.success) {
      options.log?.('Refused a malformed message on the socket.');
      socket.close(1003, 'Malformed message');
      return;
    }
    const { id, channel, params } = request.data;
    options.tap?.onCall?.(channel as Channel);
    const refused = (message: string) =>
      send({ id, result: { ok: false, error: { kind: 'invalid-input', message } } });
    // Before anything reads it: a path the page names is never opened (page-paths.ts).
    if (namesAPath(params)) {
      options.log?.(`Refused a path named by the page (${channel}).`);
      return refused(PATH_REFUSED);
    }
    let restored: unknown;
    try {
      restored = restoreBytes(params, options.takeUpload);
    } catch (error) {
      return refused((error as Error).message);
    }
    // dispatch refuses an unknown channel and checks params with the contract's schema, as over IPC.
    void dispatch(core(), channel as Channel, restored, options.log).then((result) => send({ id, result }));
  });
  return { send };
}
