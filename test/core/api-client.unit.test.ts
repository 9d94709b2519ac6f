// The API client against a scripted local server: status → kind mapping, the spec's quirky bodies,
// Retry-After, retry counts for reads and writes, timeouts, aborts, body caps, resets, encoding.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../electron/core/api';
import { SENTENCE, apiErrorOf, makeClient } from '../fixtures/api-client-harness';
import { JOB_ID, PROJECT_ID, bodies } from '../fixtures/api-bodies';
import {
  closedPort,
  endlessBody,
  json,
  raw,
  resetBeforeAnswer,
  resetMidBody,
  stall,
  stallMidBody,
  startScriptedServer,
} from '../fixtures/scripted-server';
import type { ScriptedServer } from '../fixtures/scripted-server';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('happy paths: method, path, headers and body of every endpoint', () => {
  it('getCredits', async () => {
    server.handle(json(200, bodies.credits));
    const { client, logs } = makeClient(server.url);
    await expect(client.getCredits()).resolves.toBe(42);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'GET', url: '/auth/credits' });
    expect(request?.headers['x-api-key']).toBe('test-api-key-0000');
    expect(request?.headers['accept']).toBe('application/json');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^GET \/auth\/credits → 200 in \d+ ms$/);
  });

  it('listActiveProjects unwraps data', async () => {
    server.handle(json(200, bodies.projects));
    const { client } = makeClient(server.url);
    await expect(client.listActiveProjects()).resolves.toEqual(bodies.projects.data);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/provider/projects/active' });
  });

  it('getMappingFields unwraps data', async () => {
    server.handle(json(200, bodies.mappingFields));
    const { client } = makeClient(server.url);
    await expect(client.getMappingFields(PROJECT_ID)).resolves.toEqual(bodies.mappingFields.data);
    expect(server.requests[0]?.url).toBe(`/api/provider/projects/${PROJECT_ID}/mapping-fields`);
  });

  it('createJob sends the checked body as JSON and returns the job', async () => {
    server.handle(json(201, bodies.createJob));
    const { client } = makeClient(server.url);
    const body = {
      job_type: 'ai_talking_video' as const,
      template_id: PROJECT_ID,
      version: 2,
      session_id: 's-1',
      values: { headline: 'Hi', photo: { image_url: 'https://x/y.png' } },
      background_volume: 0.5,
      worker_hint: 'kept for the worker',
    };
    const job = await client.createJob(body);
    expect(job.uuid).toBe(JOB_ID);
    expect(job.credit_used).toBe('0');
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/jobs/v2' });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual(body);
  });

  it('getJob, updateJob', async () => {
    server.handle(json(200, { ...bodies.job, job_status: 'SUCCESS', credit_used: 3 }));
    const { client } = makeClient(server.url);
    await expect(client.getJob(JOB_ID)).resolves.toMatchObject({ uuid: JOB_ID, credit_used: '3' });
    await client.updateJob(JOB_ID, { job_status: 'SUCCESS', output: { credit_used: 3, output: 'a/b.mp4' } });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /jobs/${JOB_ID}`,
      `PUT /jobs/${JOB_ID}`,
    ]);
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual({
      job_status: 'SUCCESS',
      output: { credit_used: 3, output: 'a/b.mp4' },
    });
  });

  it('triggerJobs, createJobLegacy, getSignedUrl', async () => {
    const { client } = makeClient(server.url);
    server.handle(json(201, bodies.triggered));
    await expect(client.triggerJobs([JOB_ID])).resolves.toBe('Job triggered');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ ids: [JOB_ID] });
    server.handle(json(201, bodies.legacy));
    await expect(client.createJobLegacy({ anything: 1 })).resolves.toMatch(/deprecated/);
    expect(server.requests[1]).toMatchObject({ method: 'POST', url: '/jobs' });
    server.handle(json(200, bodies.signedUrl));
    await expect(client.getSignedUrl('ai-talking-videos/p/outputs/j.mp4')).resolves.toBe(
      bodies.signedUrl.signedUrl,
    );
    expect(server.requests[2]?.url).toBe(
      '/storage/generate-signed-path?path=ai-talking-videos%2Fp%2Foutputs%2Fj.mp4',
    );
  });

  it('keeps a path prefix of the base URL', async () => {
    server.handle(json(200, bodies.credits));
    const { client } = makeClient(`${server.url}/prefix/`);
    await client.getCredits();
    expect(server.requests[0]?.url).toBe('/prefix/auth/credits');
  });
});

describe('status → kind', () => {
  const cases: [number, ApiError['kind']][] = [
    [400, 'bad-request'],
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'not-found'],
    [405, 'bad-request'],
    [409, 'bad-request'],
    [422, 'bad-request'],
    [429, 'rate-limited'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [504, 'server'],
  ];
  it.each(cases)('%i → %s', async (status, kind) => {
    server.handle(json(status, { message: 'nope' }));
    const { client } = makeClient(server.url, { retry: { retries: 0 } });
    const error = await apiErrorOf(client.getCredits());
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.operation).toBe('getCredits');
    expect(error.message).toMatch(SENTENCE);
  });

  it('unauthorized tells the person how to replace the key (from the account menu)', async () => {
    server.handle(json(401, {}));
    const error = await apiErrorOf(makeClient(server.url).client.getJob(JOB_ID));
    expect(error.message).toBe(
      'The service refused the API key (HTTP 401). If the key was changed or revoked, remove the account from the account menu (top right) and add it again with a valid key.',
    );
  });

  it('other 4xx carry the server’s message or error text, tidied', async () => {
    const { client } = makeClient(server.url);
    server.handle(json(400, { message: 'Project not resolvable:\nno such template' }));
    const first = await apiErrorOf(client.createJob({ job_type: 'video', template_id: 'x' }));
    expect(first.kind).toBe('bad-request');
    expect(first.message).toContain('Project not resolvable: no such template');
    server.handle(json(422, { error: 'values.headline is required' }));
    expect((await apiErrorOf(client.getCredits())).message).toContain('values.headline is required');
    server.handle(raw(400, '<html><body>Bad</body></html>', { 'content-type': 'text/html' }));
    expect((await apiErrorOf(client.getCredits())).message).not.toContain('<html>');
    expect(server.requests).toHaveLength(3);
  });

  it('a 404 on mapping fields says the project is gone', async () => {
    server.handle(json(404, { message: 'Not Found' }));
    const error = await apiErrorOf(makeClient(server.url).client.getMappingFields(PROJECT_ID));
    expect(error).toMatchObject({ kind: 'not-found', status: 404 });
    expect(error.message).toMatch(/project was not found/);
  });

  it('a redirect is not followed (the key must not travel elsewhere)', async () => {
    const elsewhere = await startScriptedServer();
    try {
      server.handle(raw(302, '', { location: `${elsewhere.url}/auth/credits` }));
      const error = await apiErrorOf(makeClient(server.url).client.getCredits());
      expect(error).toMatchObject({ kind: 'invalid-response', status: 302 });
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('the quirky bodies of the spec', () => {
  it('GET /jobs/:id 200 { message: "Job not found" } → not-found', async () => {
    server.handle(json(200, { message: 'Job not found' }));
    const error = await apiErrorOf(makeClient(server.url).client.getJob(JOB_ID));
    expect(error).toMatchObject({ kind: 'not-found', operation: 'getJob' });
    expect(server.requests).toHaveLength(1);
  });

  it('PUT /jobs/:id 200 { message: "Job not found" } → not-found', async () => {
    server.handle(json(200, { message: 'Job not found' }));
    const error = await apiErrorOf(makeClient(server.url).client.updateJob(JOB_ID, { job_status: 'FAILED' }));
    expect(error).toMatchObject({ kind: 'not-found', operation: 'updateJob', outcomeUnknown: false });
  });

  it.each([200, 201, 400, 404])(
    'trigger-job { message: "No job found" } with %i → not-found',
    async (status) => {
      server.handle(json(status, { message: 'No job found' }));
      const error = await apiErrorOf(makeClient(server.url).client.triggerJobs([JOB_ID, 'other']));
      expect(error).toMatchObject({ kind: 'not-found', operation: 'triggerJobs' });
      expect(server.requests).toHaveLength(1);
    },
  );

  it.each([200, 400])(
    'signed path { error: "Path query parameter is required" } with %i → bad-request',
    async (status) => {
      server.handle(json(status, { error: 'Path query parameter is required' }));
      const error = await apiErrorOf(makeClient(server.url).client.getSignedUrl(''));
      expect(error.kind).toBe('bad-request');
      expect(error.message).toContain('Path query parameter is required');
      expect(server.requests[0]?.url).toBe('/storage/generate-signed-path');
    },
  );

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'not a url'])(
    'a signed URL %j is an invalid response naming the field',
    async (signedUrl) => {
      server.handle(json(200, { signedUrl }));
      const error = await apiErrorOf(makeClient(server.url).client.getSignedUrl('a.mp4'));
      expect(error.kind).toBe('invalid-response');
      expect(error.message).toContain('at signedUrl');
    },
  );
});

describe('invalid responses', () => {
  it('keeps the zod issue path in the message', async () => {
    server.handle(json(200, { message: 'Success', data: [{ ...bodies.projects.data[0], projectId: 7 }] }));
    const error = await apiErrorOf(makeClient(server.url).client.listActiveProjects());
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('data.0.projectId');
    expect(error.message).toMatch(SENTENCE);
  });

  it.each([
    ['not JSON', raw(200, 'hello')],
    ['empty', raw(200, '')],
    ['invalid UTF-8', raw(200, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))],
    ['truncated JSON', raw(200, '{"credits": 4')],
    ['wrong type', json(200, { credits: '42' })],
    ['204 without body', raw(204, '')],
  ])('%s → invalid-response', async (_name, handler) => {
    server.handle(handler);
    const error = await apiErrorOf(makeClient(server.url).client.getCredits());
    expect(error.kind).toBe('invalid-response');
    expect(server.requests).toHaveLength(1);
  });

  it('an endless body is cut at the cap', async () => {
    server.handle(endlessBody);
    const started = Date.now();
    const error = await apiErrorOf(makeClient(server.url, { maxBodyBytes: 256 * 1024 }).client.getCredits());
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toMatch(/larger than the limit of 262144 bytes/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('the default cap is 5 MiB, and a declared Content-Length beyond it is refused before reading', async () => {
    server.handle(endlessBody);
    const { client } = makeClient(server.url);
    expect((await apiErrorOf(client.getCredits())).message).toMatch(/limit of 5242880 bytes/);
    server.handle(raw(200, '{}', { 'content-length': '2' }));
    await expect(apiErrorOf(client.getCredits())).resolves.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('Retry-After', () => {
  it('seconds: waits that long, then succeeds', async () => {
    server.sequence(json(429, {}, { 'retry-after': '3' }), json(200, bodies.credits));
    const { client, sleeps, logs } = makeClient(server.url);
    await expect(client.getCredits()).resolves.toBe(42);
    expect(sleeps).toEqual([3000]);
    expect(logs[0]).toMatch(/^GET \/auth\/credits → 429 rate-limited in \d+ ms, retrying in 3000 ms$/);
  });

  it('an HTTP date: waits until then', async () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const at = new Date(now + 7_000).toUTCString();
    server.sequence(json(429, {}, { 'retry-after': at }), json(200, bodies.credits));
    const { client, sleeps } = makeClient(server.url, { now: () => now });
    await client.getCredits();
    expect(sleeps).toEqual([7000]);
  });

  it('longer than maxRetryAfterMs: stops and reports rate-limited with the wait', async () => {
    server.handle(json(429, {}, { 'retry-after': '120' }));
    const { client, sleeps } = makeClient(server.url);
    const error = await apiErrorOf(client.getCredits());
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 120_000 });
    expect(error.message).toMatch(/Wait 120 seconds/);
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('garbage: falls back to the jittered backoff', async () => {
    server.sequence(json(429, {}, { 'retry-after': 'soon-ish' }), json(200, bodies.credits));
    const { client, sleeps } = makeClient(server.url);
    await client.getCredits();
    expect(sleeps).toEqual([50]);
  });

  it('a write answered 429 goes again after Retry-After', async () => {
    server.sequence(json(429, {}, { 'retry-after': '1' }), json(201, bodies.createJob));
    const { client, sleeps } = makeClient(server.url);
    await expect(client.createJob({ job_type: 'video', template_id: PROJECT_ID })).resolves.toMatchObject({
      uuid: JOB_ID,
    });
    expect(sleeps).toEqual([1000]);
    expect(server.requests).toHaveLength(2);
  });
});

describe('retries: reads on every transient failure, writes only when provably not sent', () => {
  it('GET 503 then 200 succeeds after one retry, with full-jitter backoff', async () => {
    server.sequence(json(503, {}), json(200, bodies.credits));
    const { client, sleeps, logs } = makeClient(server.url);
    await expect(client.getCredits()).resolves.toBe(42);
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([50]);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(/→ 503 server in \d+ ms, retrying in 50 ms$/);
  });

  it('GET 503 forever: retries+1 requests, then server', async () => {
    server.handle(json(503, {}));
    const { client, sleeps, logs } = makeClient(server.url);
    const error = await apiErrorOf(client.getJob(JOB_ID));
    expect(error).toMatchObject({ kind: 'server', status: 503, outcomeUnknown: false });
    expect(server.requests).toHaveLength(4);
    expect(sleeps).toEqual([50, 100, 200]);
    expect(logs[3]).toMatch(/giving up after 4 attempts$/);
  });

  it.each([
    [
      'createJob',
      (h: ReturnType<typeof makeClient>) => h.client.createJob({ job_type: 'tts', project_id: 'p' }),
    ],
    [
      'updateJob',
      (h: ReturnType<typeof makeClient>) => h.client.updateJob(JOB_ID, { job_status: 'SUCCESS' }),
    ],
    ['triggerJobs', (h: ReturnType<typeof makeClient>) => h.client.triggerJobs([JOB_ID])],
  ])('%s answered 503 is sent exactly once', async (_name, run) => {
    server.handle(json(503, {}));
    const harness = makeClient(server.url);
    const error = await apiErrorOf(run(harness));
    expect(error).toMatchObject({ kind: 'server', outcomeUnknown: true });
    expect(error.message).toMatch(/may have been/);
    expect(server.requests).toHaveLength(1);
    expect(harness.sleeps).toEqual([]);
    expect(harness.logs[0]).toMatch(/not retried: a write may have taken effect$/);
  });

  it('a POST to a closed port is retried (the request never left)', async () => {
    const port = await closedPort();
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const { client, logs } = makeClient(`http://127.0.0.1:${port}`, { fetch: counting });
    const error = await apiErrorOf(client.createJob({ job_type: 'video', template_id: PROJECT_ID }));
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: false });
    expect(error.message).toMatch(/could not be reached/);
    expect(calls).toBe(4);
    expect(logs[0]).toMatch(
      /^POST \/jobs\/v2 → network error \(ECONNREFUSED\) in \d+ ms, retrying in 50 ms$/,
    );
  });

  it('a GET to a closed port is retried, then network', async () => {
    const port = await closedPort();
    const { client, sleeps } = makeClient(`http://127.0.0.1:${port}`);
    await expect(apiErrorOf(client.getCredits())).resolves.toMatchObject({ kind: 'network' });
    expect(sleeps).toHaveLength(3);
  });

  it('a POST whose connection is reset before the answer is not retried', async () => {
    server.handle(resetBeforeAnswer);
    const error = await apiErrorOf(
      makeClient(server.url).client.createJob({ job_type: 'video', project_id: 'p' }),
    );
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true });
    expect(server.requests).toHaveLength(1);
  });

  it('a GET whose connection is reset is retried and succeeds', async () => {
    server.sequence(resetBeforeAnswer, json(200, bodies.credits));
    await expect(makeClient(server.url).client.getCredits()).resolves.toBe(42);
    expect(server.requests).toHaveLength(2);
  });

  it('reset mid-body: network; a GET is retried, a POST is not', async () => {
    server.sequence(resetMidBody(), json(200, bodies.credits));
    await expect(makeClient(server.url).client.getCredits()).resolves.toBe(42);
    expect(server.requests).toHaveLength(2);

    await server.reset();
    server.handle(resetMidBody('{"message":"Job update'));
    const error = await apiErrorOf(
      makeClient(server.url).client.createJob({ job_type: 'video', project_id: 'p' }),
    );
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true });
    expect(server.requests).toHaveLength(1);
  });

  it('4xx other than 429 are never retried', async () => {
    server.handle(json(400, { message: 'bad' }));
    await apiErrorOf(makeClient(server.url).client.getCredits());
    expect(server.requests).toHaveLength(1);
  });
});

describe('per-call retries override the client’s', () => {
  it('retries: 0 makes a read a single attempt, even on a transient failure', async () => {
    server.handle(json(503, {}));
    const { client, sleeps, logs } = makeClient(server.url);
    const error = await apiErrorOf(client.getJob(JOB_ID, { retries: 0 }));
    expect(error).toMatchObject({ kind: 'server', status: 503 });
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/giving up after 1 attempts$/);
  });

  it('retries: 0 on a closed port: one attempt, for a write too', async () => {
    const port = await closedPort();
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const { client, sleeps } = makeClient(`http://127.0.0.1:${port}`, { fetch: counting });
    await expect(apiErrorOf(client.getCredits({ retries: 0 }))).resolves.toMatchObject({ kind: 'network' });
    expect(calls).toBe(1);
    const error = await apiErrorOf(client.createJob({ job_type: 'video', project_id: 'p' }, { retries: 0 }));
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: false });
    expect(calls).toBe(2);
    expect(sleeps).toEqual([]);
  });

  it('retries: 0 leaves a 429 to the caller, Retry-After and all', async () => {
    server.handle(json(429, {}, { 'retry-after': '2' }));
    const { client, sleeps } = makeClient(server.url);
    const error = await apiErrorOf(client.updateJob(JOB_ID, { job_status: 'SUCCESS' }, { retries: 0 }));
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 2000 });
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('fewer or more retries than the client’s default', async () => {
    server.handle(json(503, {}));
    const { client } = makeClient(server.url);
    await apiErrorOf(client.getCredits({ retries: 1 }));
    expect(server.requests).toHaveLength(2);
    await server.reset();
    server.handle(json(503, {}));
    await apiErrorOf(client.getCredits({ retries: 5 }));
    expect(server.requests).toHaveLength(6);
  });

  it('only the retry count changes: writes still go once when they may have taken effect', async () => {
    server.handle(json(503, {}));
    const { client } = makeClient(server.url);
    await apiErrorOf(client.createJob({ job_type: 'video', project_id: 'p' }, { retries: 5 }));
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['negative', -2, 1],
    ['fractional', 1.7, 2],
    ['NaN (the client’s default)', Number.NaN, 4],
    ['Infinity (the client’s default)', Number.POSITIVE_INFINITY, 4],
  ])('%s: %d → %d attempts', async (_name, retries, attempts) => {
    server.handle(json(503, {}));
    await apiErrorOf(makeClient(server.url).client.getCredits({ retries }));
    expect(server.requests).toHaveLength(attempts);
  });
});

describe('timeouts and aborts', () => {
  it('a server that never answers: timeout, after retries for a read', async () => {
    server.handle(stall);
    const started = Date.now();
    const { client, logs } = makeClient(server.url, { timeoutMs: 150, retry: { retries: 1 } });
    const error = await apiErrorOf(client.getCredits());
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer within 1 second/);
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(logs[0]).toMatch(/→ timeout in \d+ ms, retrying in 50 ms$/);
  });

  it('a write that times out is sent once', async () => {
    server.handle(stall);
    const { client } = makeClient(server.url, { timeoutMs: 150 });
    const error = await apiErrorOf(client.updateJob(JOB_ID, { job_status: 'SUCCESS' }));
    expect(error).toMatchObject({ kind: 'timeout', outcomeUnknown: true });
    expect(server.requests).toHaveLength(1);
  });

  it('the timeout covers the body: headers then a stall', async () => {
    server.handle(stallMidBody());
    const { client } = makeClient(server.url, { retry: { retries: 0 } });
    const started = Date.now();
    const error = await apiErrorOf(client.getCredits({ timeoutMs: 200 }));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('the caller’s signal aborts a pending request', async () => {
    server.handle(stall);
    const controller = new AbortController();
    const { client, sleeps } = makeClient(server.url);
    const pending = client.getCredits({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await apiErrorOf(pending);
    expect(error.kind).toBe('aborted');
    expect(sleeps).toEqual([]);
  });

  it('an already aborted signal sends nothing', async () => {
    const { client } = makeClient(server.url);
    const error = await apiErrorOf(client.createJob({ job_type: 'video' }, { signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ kind: 'aborted', outcomeUnknown: false });
    expect(server.requests).toHaveLength(0);
  });

  it('an abort during the wait between retries ends the call (real sleep)', async () => {
    server.handle(json(503, {}));
    const controller = new AbortController();
    const { client } = makeClient(server.url, {
      sleep: undefined,
      retry: { baseDelayMs: 10_000, maxDelayMs: 10_000 },
    });
    const pending = client.getCredits({ signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await apiErrorOf(pending);
    expect(error.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(1);
  });
});

describe('inputs', () => {
  it.each([
    ['../auth/credits', '/jobs/..%2Fauth%2Fcredits'],
    ['a/b?c=d#e', '/jobs/a%2Fb%3Fc%3Dd%23e'],
    ['id with spaces\r\nx-evil: 1', '/jobs/id%20with%20spaces%0D%0Ax-evil%3A%201'],
    ['%2e%2e', '/jobs/%252e%252e'],
    ['ünï😀', '/jobs/%C3%BCn%C3%AF%F0%9F%98%80'],
  ])('a hostile id %j stays one path segment', async (id, path) => {
    server.handle(json(200, { message: 'Job not found' }));
    await apiErrorOf(makeClient(server.url).client.getJob(id));
    expect(server.requests[0]?.url).toBe(path);
  });

  it.each(['.', '..'])(
    'the dot segment %j is refused: URL parsing would drop it even encoded',
    async (id) => {
      const { client } = makeClient(server.url);
      await expect(apiErrorOf(client.getJob(id))).resolves.toMatchObject({ kind: 'bad-request' });
      await expect(apiErrorOf(client.updateJob(id, {}))).resolves.toMatchObject({ kind: 'bad-request' });
      await expect(apiErrorOf(client.getMappingFields(id))).resolves.toMatchObject({ kind: 'bad-request' });
      expect(server.requests).toHaveLength(0);
    },
  );

  it('a hostile project id stays in its segment too', async () => {
    server.handle(json(200, bodies.mappingFields));
    await makeClient(server.url).client.getMappingFields('../../auth/credits?');
    expect(server.requests[0]?.url).toBe('/api/provider/projects/..%2F..%2Fauth%2Fcredits%3F/mapping-fields');
  });

  it('a storage path with & = ? # travels intact in the query', async () => {
    server.handle(json(200, bodies.signedUrl));
    const path = 'a b/c&path=evil?x#y';
    await makeClient(server.url).client.getSignedUrl(path);
    const url = new URL(server.requests[0]?.url ?? '', server.url);
    expect(url.pathname).toBe('/storage/generate-signed-path');
    expect(url.searchParams.getAll('path')).toEqual([path]);
  });

  it.each([
    ['no job_type', { template_id: PROJECT_ID }],
    ['unknown job_type', { job_type: 'hologram' }],
    ['volume above 1', { job_type: 'video', background_volume: 1.5 }],
    ['negative start', { job_type: 'video', background_start: -1 }],
    ['bad values', { job_type: 'video', values: { a: 5 } }],
    ['unserialisable extra field', { job_type: 'video', extra: 10n }],
  ])('createJob with %s is a bad-request and nothing is sent', async (_name, body) => {
    const { client, logs } = makeClient(server.url);
    // @ts-expect-error -- deliberately wrong input, as untyped callers could send
    const error = await apiErrorOf(client.createJob(body));
    expect(error).toMatchObject({ kind: 'bad-request', operation: 'createJob', outcomeUnknown: false });
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(SENTENCE);
    expect(error.message).toMatch(/^The request was not sent/);
    expect(server.requests).toHaveLength(0);
    expect(logs).toEqual([]);
  });

  it('the validation message names the field', async () => {
    const error = await apiErrorOf(
      makeClient(server.url).client.createJob({ job_type: 'video', background_volume: 2 }),
    );
    expect(error.message).toContain('background_volume must be from 0 to 1 (at background_volume)');
  });

  it('empty ids, bad updates and bad id lists are refused before sending', async () => {
    const { client } = makeClient(server.url);
    await expect(apiErrorOf(client.getJob(''))).resolves.toMatchObject({ kind: 'bad-request' });
    await expect(apiErrorOf(client.getMappingFields(' '))).resolves.toMatchObject({ kind: 'bad-request' });
    // @ts-expect-error -- a status outside the spec's list
    await expect(apiErrorOf(client.updateJob(JOB_ID, { job_status: 'DONE' }))).resolves.toMatchObject({
      kind: 'bad-request',
    });
    await expect(apiErrorOf(client.triggerJobs([]))).resolves.toMatchObject({ kind: 'bad-request' });
    expect(server.requests).toHaveLength(0);
  });

  it('an unusable or missing API key fails without sending', async () => {
    for (const apiKey of ['', 'key-with\nbreak', ' padded-key ']) {
      const error = await apiErrorOf(makeClient(server.url, { apiKey }).client.getCredits());
      expect(error.kind).toBe('unauthorized');
      expect(error.message).toMatch(/account menu \(top right\) and add it again/);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a base URL with credentials or another scheme is refused without echoing it', () => {
    for (const baseUrl of [
      'http://user:secret-pw@127.0.0.1:1',
      'ftp://example.com',
      'not a url',
      'http://h/?q=1',
    ]) {
      expect(() => makeClient(baseUrl)).toThrow(/service address must be an http or https URL/);
      try {
        makeClient(baseUrl);
      } catch (error) {
        expect(String(error)).not.toContain('secret-pw');
      }
    }
  });

  it('a throwing logger does not break a call', async () => {
    server.handle(json(200, bodies.credits));
    const { client } = makeClient(server.url, {
      log: () => {
        throw new Error('disk full');
      },
    });
    await expect(client.getCredits()).resolves.toBe(42);
  });
});
