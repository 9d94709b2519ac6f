// Nothing a page sends over the browser host's socket may name a file on this computer: an owner-only
// (0600) file named by `{ kind: 'path' }` in every channel that takes files is refused in words, and its
// contents never cross the socket, even to a signed-in page on a real account with a real project.
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { RunningBrowserHost } from '../../electron/browser-host/start-browser-host';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { KEY_A, makeTestSeed } from '../fixtures/test-seed';
import {
  asker,
  openSocket,
  send,
  signIn,
  startTestHost,
  uploadHeaders,
  type Ask,
  type Credential,
} from './host-client';

const SECRET = 'owner-only-secret-7f3a';
let dir: string;
let running: RunningBrowserHost;
let sandbox: RunningSandbox;
let socket: WebSocket;
let ask: Ask;
let received: string[];
let secretFile: string;
let projectId: string;
let port: number;
let credential: Credential;

beforeAll(async () => {
  ({ dir, running, port } = await startTestHost());
  sandbox = await startSandbox({ seed: makeTestSeed() });
  // A spreadsheet-shaped file only its owner may read.
  secretFile = join(dir, 'secret.csv');
  writeFileSync(secretFile, `name,value\n${SECRET},1\n`);
  chmodSync(secretFile, 0o600);
  credential = await signIn(port, running.host.url);
  const opened = await openSocket(port, { Origin: `http://127.0.0.1:${port}` }, credential);
  if (typeof opened === 'number') throw new Error(`refused with ${opened}`);
  socket = opened;
  received = [];
  socket.on('message', (data) => received.push(String(data)));
  ask = asker(socket);
  expect((await ask('accounts:add', { name: 'Test', baseUrl: sandbox.url, apiKey: KEY_A })).ok).toBe(true);
  const projects = await ask('projects:list');
  projectId = (projects.value as { projectId: string }[])[0]!.projectId;
});

afterAll(async () => {
  socket.close();
  await running.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const named = () => ({ kind: 'path', path: secretFile });

it.each([
  ['imports:open with a sheet', () => ({ projectId, sheet: named() })],
  ['imports:open with files', () => ({ projectId, files: [named()] })],
  ['imports:addFiles', () => ({ importId: 'any', files: [named()] })],
  ['imports:reimport', () => ({ importId: 'any', sheet: named() })],
])('%s naming an owner-only file is refused in words, its contents never sent', async (_name, params) => {
  const channel = _name.split(' ')[0]!;
  const answer = await ask(channel, params());
  expect(answer.ok).toBe(false);
  expect(answer.error?.kind).toBe('invalid-input');
  expect(answer.error?.message).toContain('cannot name files on this computer');
  expect(received.join('\n')).not.toContain(SECRET);
});

it('still takes a file as the bytes the person chose in the page', async () => {
  const uploaded = await send(
    port,
    '/__jrs/uploads',
    uploadHeaders(port, credential),
    'POST',
    Buffer.from('name,value\nfrom the page,1\n'),
  );
  const { id } = JSON.parse(uploaded.body) as { id: string };
  const answer = await ask('imports:open', {
    projectId,
    sheet: { kind: 'bytes', name: 'chosen.csv', bytes: { __jrsUpload: id } },
  });
  expect(answer.error).toBeUndefined();
  expect(JSON.stringify(answer.value)).toContain('from the page');
});
