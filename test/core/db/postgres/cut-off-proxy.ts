// A loopback TCP relay in front of the test cluster that a test can cut off (every connection dropped, new
// ones refused) and restore: the network to the team database going away for as long as the test wants,
// which a restart (back within a second) or a killed postmaster (its backends live on) cannot give.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface CutOffProxy {
  /** `url` with the proxy's port in place of the server's. */
  readonly url: string;
  /** Drops every relayed connection and refuses new ones until restore(). */
  cut(): Promise<void>;
  /**
   * Relays nothing more either way but keeps every connection open, as a network that went silent (a
   * computer asleep, a router that forgot the connection): nothing tells either side. Until restore().
   */
  stall(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function cutOffProxy(serverUrl: string): Promise<CutOffProxy> {
  const target = new URL(serverUrl);
  const sockets = new Set<Socket>();
  let stalled = false;
  // Half-open allowed, so that a stalled relay swallows a goodbye (FIN) too, as a silent network does.
  const server: Server = createServer({ allowHalfOpen: true }, (incoming) => {
    const outgoing = connect({ port: Number(target.port), host: target.hostname, allowHalfOpen: true });
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    incoming.on('data', (chunk: Buffer) => stalled || outgoing.write(chunk));
    outgoing.on('data', (chunk: Buffer) => stalled || incoming.write(chunk));
    incoming.on('end', () => stalled || outgoing.end());
    outgoing.on('end', () => stalled || incoming.end());
    incoming.on('close', () => outgoing.destroy());
    outgoing.on('close', () => incoming.destroy());
  });
  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stopListening = (): Promise<void> =>
    new Promise((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  const port = await listen(0);
  const url = new URL(serverUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    cut: stopListening,
    stall: () => {
      stalled = true;
    },
    restore: async () => {
      stalled = false;
      if (!server.listening) await listen(port);
    },
    close: stopListening,
  };
}
