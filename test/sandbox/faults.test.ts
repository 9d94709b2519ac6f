// Fault injection: scripted one-off faults and random rates behave as documented in sandbox/types.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { call } from '../fixtures/sandbox-http';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 60_000 }) });
});
afterEach(() => sandbox.faults.reset());
afterAll(() => sandbox.close());

const createBody = { template_id: IDS.pdf, job_type: 'pdf' };

describe('scripted faults', () => {
  it('answers the scripted status the given number of times, before the request takes effect', async () => {
    sandbox.faults.script({ kind: 'status', status: 503 }, { times: 2, method: 'POST', path: '/jobs/v2' });
    expect(sandbox.faults.pending()).toBe(2);
    const before = sandbox.inspect.jobCount();
    // A GET does not match the script and is served.
    expect((await call(sandbox, 'GET', '/auth/credits', { key: KEY_A })).status).toBe(200);
    expect((await call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, body: createBody })).status).toBe(503);
    expect((await call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, body: createBody })).status).toBe(503);
    expect(sandbox.inspect.jobCount()).toBe(before);
    expect((await call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, body: createBody })).status).toBe(201);
    expect(sandbox.faults.pending()).toBe(0);
  });

  it('answers 429 with Retry-After', async () => {
    sandbox.faults.script({ kind: 'rate-limit', retryAfter: '7' });
    const response = await call(sandbox, 'GET', '/auth/credits', { key: KEY_A });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
  });

  it('resets the connection before the request takes effect', async () => {
    sandbox.faults.script({ kind: 'reset-before' }, { path: '/jobs/v2' });
    const before = sandbox.inspect.jobCount();
    await expect(call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, body: createBody })).rejects.toThrow();
    expect(sandbox.inspect.jobCount()).toBe(before);
  });

  it('resets the connection mid-response after the request took effect', async () => {
    sandbox.faults.script({ kind: 'reset-after' }, { path: '/jobs/v2' });
    const before = sandbox.inspect.jobCount();
    await expect(call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, body: createBody })).rejects.toThrow();
    expect(sandbox.inspect.jobCount()).toBe(before + 1);
  });

  it('matches paths by regular expression and delays requests', async () => {
    sandbox.faults.script({ kind: 'delay', ms: 300 }, { path: /^\/jobs\/[^/]+$/ });
    const started = performance.now();
    const response = await call(sandbox, 'GET', '/jobs/some-id', { key: KEY_A });
    expect(response.body).toEqual({ message: 'Job not found' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });
});

describe('fault rates', () => {
  it('answers 500 or 503 to every request at error rate 1', async () => {
    sandbox.faults.set({ errorRate: 1 });
    for (let index = 0; index < 5; index += 1) {
      expect([500, 503]).toContain((await call(sandbox, 'GET', '/auth/credits', { key: KEY_A })).status);
    }
  });

  it('answers 429 at rate-limit rate 1 with the configured Retry-After', async () => {
    sandbox.faults.set({ rateLimitRate: 1, retryAfterSeconds: 3 });
    const response = await call(sandbox, 'GET', '/auth/credits', { key: KEY_A });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
  });

  it('resets every response at reset rate 1, and counts the resets', async () => {
    sandbox.faults.set({ resetRate: 1 });
    await expect(call(sandbox, 'GET', '/auth/credits', { key: KEY_A })).rejects.toThrow();
    await expect(call(sandbox, 'GET', '/auth/credits', { key: KEY_A })).rejects.toThrow();
    expect(sandbox.faults.resets).toBe(2);
    sandbox.faults.reset();
    expect(sandbox.faults.resets).toBe(0);
  });

  it('adds latency', async () => {
    sandbox.faults.set({ latencyMs: 200 });
    const started = performance.now();
    await call(sandbox, 'GET', '/auth/credits', { key: KEY_A });
    expect(performance.now() - started).toBeGreaterThanOrEqual(180);
  });

  it('goes back to no faults on reset', async () => {
    sandbox.faults.set({ errorRate: 1 });
    sandbox.faults.script({ kind: 'status', status: 500 }, { times: 3 });
    sandbox.faults.reset();
    expect(sandbox.faults.pending()).toBe(0);
    expect((await call(sandbox, 'GET', '/auth/credits', { key: KEY_A })).status).toBe(200);
  });
});
