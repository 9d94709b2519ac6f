// Issue 16 item 11, the part a link's text cannot show: a host name that resolves to this computer or its
// network. The downloader's connections resolve names through the same place-of-address rule, at connect
// time (each hop, and whatever the name resolves to at that moment: DNS rebinding included), so a remote
// account's link or redirect to such a name is refused in words and never connected. And the address
// ranges no remote link may lead to. Real servers on loopback; names resolved by an injected resolver (no
// DNS exists here), except `localhost`, which the system resolves.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction, Socket } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DownloadError, downloadFile } from '../../../electron/core/downloads/download-file';
import { nodeDownloadFs } from '../../../electron/core/downloads/download-fs';
import { linkProblem } from '../../../electron/core/downloads/link-rule';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const REMOTE = 'https://api.example.com';
const SANDBOX = 'http://127.0.0.1:8787';

async function temp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'jrs-resolved-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A server on this computer that counts every connection made to it (not only requests). */
async function serve(
  handler: Parameters<typeof createServer>[1],
): Promise<{ port: number; url: string; connections: () => number; server: Server }> {
  const server = createServer(handler);
  const sockets = new Set<Socket>();
  let connections = 0;
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((done) => server.close(() => done()));
  });
  const port = (server.address() as AddressInfo).port;
  return { port, url: `http://127.0.0.1:${port}`, connections: () => connections, server };
}

/** A resolver that answers `names` (each name: its addresses), as DNS would at that moment. */
function resolver(names: Record<string, string[]>): { lookup: LookupFunction; asked: string[] } {
  const asked: string[] = [];
  const lookup: LookupFunction = (hostname, options, callback) => {
    asked.push(hostname);
    const addresses = (names[hostname] ?? []).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    if (addresses.length === 0) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) {
      callback(null, addresses);
    } else {
      callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
    }
  };
  return { lookup, asked };
}

async function failure(promise: Promise<unknown>): Promise<DownloadError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DownloadError) return error;
    throw error;
  }
  throw new Error('expected the download to fail');
}

describe('a name that resolves to this computer or its network', () => {
  it('a remote account’s link to a name resolving to 127.0.0.1: refused in words, never connected', async () => {
    const root = await temp();
    const inside = await serve((_req, res) => res.end('secret'));
    const { lookup, asked } = resolver({ 'files.example.test': ['127.0.0.1'] });
    const error = await failure(
      downloadFile({
        sign: async () => `https://files.example.test:${inside.port}/render.mp4?sig=1`,
        accountUrl: REMOTE,
        root,
        target: join(root, 'render.mp4'),
        fs: nodeDownloadFs,
        lookup,
      }),
    );
    expect(asked).toContain('files.example.test');
    expect(error.kind).toBe('link');
    expect(error.message).toBe(
      'The file’s server files.example.test is at 127.0.0.1, on this computer, while the account’s service is elsewhere, so it was not reached.',
    );
    expect(inside.connections()).toBe(0);
    expect(await readdir(root)).toEqual(['render.mp4.part']);
  });

  it('every address the name has is checked (one public, one on this computer): refused', async () => {
    const root = await temp();
    const inside = await serve((_req, res) => res.end('secret'));
    const { lookup } = resolver({ 'files.example.test': ['127.0.0.1', '93.184.215.14'] });
    const error = await failure(
      downloadFile({
        sign: async () => `https://files.example.test:${inside.port}/render.mp4?sig=1`,
        accountUrl: REMOTE,
        root,
        target: join(root, 'render.mp4'),
        fs: nodeDownloadFs,
        lookup,
      }),
    );
    expect(error.kind).toBe('link');
    expect(inside.connections()).toBe(0);
  });

  it('a redirect from the remote CDN to such a name: refused at that hop, never connected', async () => {
    const root = await temp();
    const inside = await serve((_req, res) => res.end('secret'));
    const remote = await serve((_req, res) =>
      res.writeHead(302, { location: `https://internal.example.test:${inside.port}/secret` }).end(),
    );
    const { lookup, asked } = resolver({ 'internal.example.test': ['127.0.0.1'] });
    // cdn.example.com is reached at the remote server above (as DNS and the internet would).
    const routed: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.host === 'cdn.example.com') {
        return fetch(new URL(`${url.pathname}${url.search}`, remote.url), init);
      }
      return fetch(url, init);
    };
    const error = await failure(
      downloadFile({
        sign: async () => 'https://cdn.example.com/outputs/render.mp4?sig=1',
        accountUrl: REMOTE,
        root,
        target: join(root, 'render.mp4'),
        fs: nodeDownloadFs,
        fetch: routed,
        lookup,
      }),
    );
    expect(remote.connections()).toBe(1);
    expect(asked).toEqual(['internal.example.test']);
    expect(error.kind).toBe('link');
    expect(error.message).toContain('internal.example.test is at 127.0.0.1, on this computer');
    expect(inside.connections()).toBe(0);
  });

  it('the sandbox on this computer: an http link by the name localhost downloads', async () => {
    const root = await temp();
    const inside = await serve((_req, res) => res.writeHead(200, { 'content-length': '6' }).end('render'));
    const result = await downloadFile({
      sign: async () => `http://localhost:${inside.port}/outputs/render.mp4`,
      accountUrl: SANDBOX,
      root,
      target: join(root, 'render.mp4'),
      fs: nodeDownloadFs,
    });
    expect(result.bytes).toBe(6);
    expect(await readdir(root)).toEqual(['render.mp4']);
  });

  it('the sandbox’s plain http by a name that resolves elsewhere (off this computer): refused', async () => {
    const root = await temp();
    const { lookup } = resolver({ 'cdn.localhost': ['93.184.215.14'] });
    const error = await failure(
      downloadFile({
        sign: async () => 'http://cdn.localhost:8443/outputs/render.mp4',
        accountUrl: SANDBOX,
        root,
        target: join(root, 'render.mp4'),
        fs: nodeDownloadFs,
        lookup,
      }),
    );
    expect(error.kind).toBe('link');
    expect(error.message).toContain('plain http');
  });

  it.each([
    ['10.0.0.5', 'in the local network'],
    ['169.254.169.254', 'in the local network'],
    ['::1', 'on this computer'],
    ['0.0.0.0', 'on this computer'],
    ['64:ff9b::7f00:1', 'on this computer'],
  ])(
    'a name resolving to %s, for a remote account: refused (%s), never connected',
    async (address, words) => {
      const root = await temp();
      const { lookup } = resolver({ 'files.example.test': [address] });
      const error = await failure(
        downloadFile({
          sign: async () => 'https://files.example.test:8443/render.mp4?sig=1',
          accountUrl: REMOTE,
          root,
          target: join(root, 'render.mp4'),
          fs: nodeDownloadFs,
          lookup,
        }),
      );
      expect(error.kind).toBe('link');
      expect(error.message).toContain(`is at ${address}, ${words}`);
    },
  );
});

describe('addresses no remote link may lead to', () => {
  it.each([
    ['benchmarking 198.18.0.0/15', 'https://198.19.255.1/render.mp4'],
    ['multicast 224.0.0.0/4', 'https://224.0.0.251/render.mp4'],
    ['reserved 240.0.0.0/4', 'https://240.0.0.1/render.mp4'],
    ['broadcast', 'https://255.255.255.255/render.mp4'],
    ['IETF protocol 192.0.0.0/24', 'https://192.0.0.170/render.mp4'],
    ['this network 0.0.0.0/8', 'https://0.1.2.3/render.mp4'],
    ['NAT64 of 127.0.0.1', 'https://[64:ff9b::7f00:1]/render.mp4'],
    ['NAT64 of 10.0.0.1', 'https://[64:ff9b::10.0.0.1]/render.mp4'],
    ['IPv4-compatible ::127.0.0.1', 'https://[::127.0.0.1]/render.mp4'],
    ['IPv4-compatible ::10.0.0.1', 'https://[::10.0.0.1]/render.mp4'],
    ['IPv6 multicast', 'https://[ff02::1]/render.mp4'],
    ['localhost. (trailing dot)', 'https://localhost./render.mp4'],
    ['a name under localhost', 'https://cdn.localhost/render.mp4'],
    ['a name under localhost. (trailing dot)', 'https://cdn.localhost./render.mp4'],
  ])('%s: refused for a remote account', (_name, link) => {
    expect(linkProblem(link, REMOTE, 'link')).toMatch(/leads (to this computer|into the local network)/);
  });

  it('a public address, and one of NAT64 for a public address, are followed', () => {
    expect(linkProblem('https://93.184.215.14/render.mp4', REMOTE, 'link')).toBeNull();
    expect(linkProblem('https://[64:ff9b::5db8:d70e]/render.mp4', REMOTE, 'link')).toBeNull();
    expect(linkProblem('https://cdn.example.com/render.mp4', REMOTE, 'link')).toBeNull();
  });
});
