// The API key never leaks: every error kind is provoked with a server that echoes the key wherever it
// can, and the key must appear in no message, stack, JSON, inspection (with causes) or log line.
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiError } from '../../electron/core/api';
import { JOB_ID, PROJECT_ID, bodies } from '../fixtures/api-bodies';
import { apiErrorOf, makeClient } from '../fixtures/api-client-harness';
import {
  closedPort,
  json,
  raw,
  resetBeforeAnswer,
  resetMidBody,
  stall,
  startScriptedServer,
} from '../fixtures/scripted-server';
import type { Handler, ScriptedServer } from '../fixtures/scripted-server';

const KEY = 'sk-LEAK-CANARY-7f3a9c1e5b';

/** Answers with the key it received, in the body and the headers, as a careless server might. */
function echo(
  status: number,
  shape: (key: string) => unknown,
  headers: Record<string, string> = {},
): Handler {
  return (request, res) => {
    const key = String(request.headers['x-api-key']);
    res.writeHead(status, { 'content-type': 'application/json', 'x-echo-key': key, ...headers });
    res.end(JSON.stringify(shape(key)));
  };
}

interface Scenario {
  name: string;
  kind: ApiError['kind'];
  handler?: Handler;
  /** Use a closed port instead of the server. */
  closed?: boolean;
  timeoutMs?: number;
  run: (client: ApiClient) => Promise<unknown>;
}

const headerDump = (key: string): string => `headers: {"x-api-key":"${key}"}`;

const SCENARIOS: Scenario[] = [
  {
    name: '401 echoing the key',
    kind: 'unauthorized',
    handler: echo(401, (k) => ({ message: `invalid key ${k}` })),
    run: (c) => c.getCredits(),
  },
  {
    name: '403',
    kind: 'unauthorized',
    handler: echo(403, (k) => ({ error: k })),
    run: (c) => c.listActiveProjects(),
  },
  {
    name: '404 echoing the key',
    kind: 'not-found',
    handler: echo(404, (k) => ({ message: `no project for ${k}` })),
    run: (c) => c.getMappingFields(PROJECT_ID),
  },
  {
    name: 'job not found quirk',
    kind: 'not-found',
    handler: json(200, { message: 'Job not found' }),
    run: (c) => c.getJob(KEY),
  },
  {
    name: 'no job found quirk',
    kind: 'not-found',
    handler: json(201, { message: 'No job found' }),
    run: (c) => c.triggerJobs([KEY]),
  },
  {
    name: '400 quoting the key and the headers',
    kind: 'bad-request',
    handler: echo(400, (k) => ({ message: `bad request from ${k}; ${headerDump(k)}` })),
    run: (c) => c.createJob({ job_type: 'video', template_id: KEY }),
  },
  {
    name: '422 plain text with the key',
    kind: 'bad-request',
    handler: (request, res) => {
      res.writeHead(422, { 'content-type': 'text/plain' });
      res.end(`x-api-key: ${String(request.headers['x-api-key'])}`);
    },
    run: (c) => c.updateJob(JOB_ID, { job_status: 'FAILED' }),
  },
  {
    name: 'path required quirk',
    kind: 'bad-request',
    handler: json(400, { error: 'Path query parameter is required' }),
    run: (c) => c.getSignedUrl(''),
  },
  {
    name: 'client-side validation with the key as a values key',
    kind: 'bad-request',
    run: (c) => c.createJob({ job_type: 'video', values: { [KEY]: 5 as unknown as string } }),
  },
  {
    name: 'client-side validation of an update',
    kind: 'bad-request',
    // @ts-expect-error -- the key as a status, as a confused caller might send
    run: (c) => c.updateJob(KEY, { job_status: KEY }),
  },
  {
    name: '429 with the key as Retry-After',
    kind: 'rate-limited',
    handler: echo(429, (k) => ({ message: k }), { 'retry-after': KEY }),
    run: (c) => c.createJob({ job_type: 'video', template_id: PROJECT_ID }),
  },
  {
    name: '500 echoing the key',
    kind: 'server',
    handler: echo(500, (k) => ({ message: k, stack: headerDump(k) })),
    run: (c) => c.createJob({ job_type: 'video', template_id: PROJECT_ID }),
  },
  { name: 'connection refused', kind: 'network', closed: true, run: (c) => c.getCredits() },
  { name: 'reset before the answer', kind: 'network', handler: resetBeforeAnswer, run: (c) => c.getJob(KEY) },
  {
    name: 'reset mid-body',
    kind: 'network',
    handler: resetMidBody(`{"k":"${KEY}`),
    run: (c) => c.getCredits(),
  },
  { name: 'timeout', kind: 'timeout', handler: stall, timeoutMs: 100, run: (c) => c.getJob(KEY) },
  {
    name: 'wrong type next to the key',
    kind: 'invalid-response',
    handler: echo(200, (k) => ({ credits: k })),
    run: (c) => c.getCredits(),
  },
  {
    name: 'the key as a field name on the issue path',
    kind: 'invalid-response',
    handler: echo(200, (k) => ({
      message: 'Success',
      data: { ...bodies.mappingFields.data, fields: { [k]: { label: 5 } } },
    })),
    run: (c) => c.getMappingFields(PROJECT_ID),
  },
  {
    name: 'not JSON, containing the key',
    kind: 'invalid-response',
    handler: (request, res) => {
      res.writeHead(200);
      res.end(`<pre>${String(request.headers['x-api-key'])}</pre>`);
    },
    run: (c) => c.getSignedUrl('a.mp4'),
  },
  {
    name: 'another job’s record when the key was passed as the job id',
    kind: 'invalid-response',
    handler: json(200, { ...bodies.job, uuid: JOB_ID }),
    run: (c) => c.getJob(KEY),
  },
  {
    name: 'an upload refused with the key quoted',
    kind: 'bad-request',
    handler: echo(415, (k) => ({ message: `type refused for ${k}; ${headerDump(k)}` })),
    run: (c) => c.uploadSandboxAsset(new Uint8Array([1, 2, 3]), `${KEY}.png`, 'image/png'),
  },
  {
    name: 'redirect to a URL with the key',
    kind: 'invalid-response',
    handler: raw(302, '', { location: `http://evil.example/?k=${KEY}` }),
    run: (c) => c.getCredits(),
  },
];

let server: ScriptedServer;
let closedUrl: string;
beforeAll(async () => {
  server = await startScriptedServer();
  closedUrl = `http://127.0.0.1:${await closedPort()}`;
});
afterAll(() => server.close());

function expectNoKey(text: string | undefined, where: string): void {
  expect(text ?? '', where).not.toContain(KEY);
  expect(text ?? '', where).not.toMatch(/x-api-key/i);
}

function expectClean(error: ApiError, logs: string[]): void {
  expectNoKey(error.message, 'message');
  expectNoKey(error.stack, 'stack');
  expectNoKey(String(error), 'String()');
  expectNoKey(JSON.stringify(error), 'JSON.stringify');
  expectNoKey(inspect(error, { depth: 10, showHidden: true }), 'util.inspect');
  for (const line of logs) expectNoKey(line, 'log line');
}

describe('the API key never leaks', () => {
  it.each(SCENARIOS.map((scenario) => [scenario.name, scenario] as const))('%s', async (_name, scenario) => {
    await server.reset();
    if (scenario.handler) server.handle(scenario.handler);
    const { client, logs } = makeClient(scenario.closed ? closedUrl : server.url, {
      apiKey: KEY,
      timeoutMs: scenario.timeoutMs ?? 2_000,
      retry: { retries: 1 },
    });
    const error = await apiErrorOf(scenario.run(client));
    expect(error.kind).toBe(scenario.kind);
    expectClean(error, logs);
    // The key did travel where it belongs: the x-api-key header of the request.
    for (const request of server.requests) expect(request.headers['x-api-key']).toBe(KEY);
  });

  it('aborted', async () => {
    await server.reset();
    server.handle(stall);
    const controller = new AbortController();
    const { client, logs } = makeClient(server.url, { apiKey: KEY });
    const pending = client.getJob(KEY, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error(`cancelled, key ${KEY}`)), 30);
    const error = await apiErrorOf(pending);
    expect(error.kind).toBe('aborted');
    expectClean(error, logs);
  });

  it('a key that cannot be sent is not echoed either', async () => {
    for (const apiKey of [`${KEY}\n`, `${KEY}\r\nx: y`, ` ${KEY}`]) {
      const { client, logs } = makeClient(server.url, { apiKey });
      const error = await apiErrorOf(client.getCredits());
      expect(error.kind).toBe('unauthorized');
      expectClean(error, logs);
    }
  });

  it('a failing fetch whose error quotes the key does not pass it on', async () => {
    const leaky: typeof fetch = () =>
      Promise.reject(new TypeError(`Headers: "x-api-key: ${KEY}" is invalid`, { cause: new Error(KEY) }));
    const { client, logs } = makeClient(server.url, { apiKey: KEY, fetch: leaky });
    const error = await apiErrorOf(client.getCredits());
    expect(error.kind).toBe('network');
    expectClean(error, logs);
  });

  it('successful calls log no key either', async () => {
    await server.reset();
    // The record answered is the one asked for: the client refuses another job's record.
    server.handle(json(200, { ...bodies.job, uuid: KEY }));
    const { client, logs } = makeClient(server.url, { apiKey: KEY });
    await client.getJob(KEY);
    expect(logs).toHaveLength(1);
    for (const line of logs) expectNoKey(line, 'log line');
  });
});
