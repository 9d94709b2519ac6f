// The per-key rate limit fault: more than N requests of one key within any second get 429 with
// Retry-After, before they take effect. Window arithmetic runs on a fake clock; the wiring on a sandbox.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { Faults } from '../../electron/sandbox/faults';
import { call } from '../fixtures/sandbox-http';
import { IDS, KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('Faults.admit (per-key sliding window)', () => {
  it('lets N requests of a key through per second and refuses the next with Retry-After', () => {
    const clock = fakeClock();
    const faults = new Faults({ perKeyRateLimit: 3 }, Math.random, clock.now);
    for (let index = 0; index < 3; index += 1) expect(faults.admit('k')).toEqual({ kind: 'none' });
    expect(faults.admit('k')).toEqual({ kind: 'rate-limit', retryAfter: '1' });
    // Another key has its own window.
    expect(faults.admit('other')).toEqual({ kind: 'none' });
  });

  it('slides: a request leaves the window exactly one second after it was admitted', () => {
    const clock = fakeClock();
    const faults = new Faults({ perKeyRateLimit: 2 }, Math.random, clock.now);
    expect(faults.admit('k').kind).toBe('none'); // t = 0
    clock.advance(600);
    expect(faults.admit('k').kind).toBe('none'); // t = 600
    clock.advance(399);
    expect(faults.admit('k').kind).toBe('rate-limit'); // t = 999: both still within the second
    clock.advance(1);
    expect(faults.admit('k').kind).toBe('none'); // t = 1000: the first has left
    expect(faults.admit('k').kind).toBe('rate-limit'); // 600 and 1000 are within the second
    clock.advance(600);
    expect(faults.admit('k').kind).toBe('none'); // t = 1600
  });

  it('does not count refused requests, so a client that keeps trying gets in once the second has passed', () => {
    const clock = fakeClock();
    const faults = new Faults({ perKeyRateLimit: 1 }, Math.random, clock.now);
    expect(faults.admit('k').kind).toBe('none');
    for (let index = 0; index < 9; index += 1) {
      clock.advance(100);
      expect(faults.admit('k').kind).toBe('rate-limit');
    }
    clock.advance(100);
    expect(faults.admit('k').kind).toBe('none');
  });

  it('says Retry-After in whole seconds, at least 1', () => {
    const clock = fakeClock();
    const faults = new Faults({ perKeyRateLimit: 1 }, Math.random, clock.now);
    faults.admit('k');
    clock.advance(999);
    const decision = faults.admit('k');
    expect(decision).toEqual({ kind: 'rate-limit', retryAfter: '1' });
  });

  it('is off at null (the default), follows set() and forgets its windows on reset()', () => {
    const clock = fakeClock();
    const faults = new Faults({}, Math.random, clock.now);
    expect(faults.settings.perKeyRateLimit).toBeNull();
    for (let index = 0; index < 100; index += 1) expect(faults.admit('k').kind).toBe('none');
    faults.set({ perKeyRateLimit: 1 });
    expect(faults.admit('k').kind).toBe('none');
    expect(faults.admit('k').kind).toBe('rate-limit');
    faults.reset();
    expect(faults.settings.perKeyRateLimit).toBeNull();
    faults.set({ perKeyRateLimit: 1 });
    expect(faults.admit('k').kind).toBe('none');
  });
});

describe('the per-key rate limit on a running sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
  });
  afterEach(() => sandbox.faults.reset());
  afterAll(() => sandbox.close());

  const createBody = { template_id: IDS.pdf, job_type: 'pdf' };

  it('answers 429 with Retry-After to the request over the limit, which creates nothing', async () => {
    sandbox.faults.set({ perKeyRateLimit: 2 });
    const before = sandbox.inspect.jobCount();
    // Sent together, so all three fall in the same second however slow the machine.
    const responses = await Promise.all(
      [0, 1, 2].map(() => call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, body: createBody })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 429]);
    const limited = responses.find((response) => response.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(Number(limited.headers.get('retry-after')))).toBe(true);
    expect(typeof (limited.body as { message: unknown }).message).toBe('string');
    expect(sandbox.inspect.jobCount()).toBe(before + 2);
  });

  it('counts each key on its own, and never a request without a valid key', async () => {
    sandbox.faults.set({ perKeyRateLimit: 1 });
    const [a1, a2, b1, anon] = await Promise.all([
      call(sandbox, 'GET', '/auth/credits', { key: KEY_A }),
      call(sandbox, 'GET', '/auth/credits', { key: KEY_A }),
      call(sandbox, 'GET', '/auth/credits', { key: KEY_B }),
      call(sandbox, 'GET', '/auth/credits', { key: null }),
    ]);
    expect([a1.status, a2.status].sort()).toEqual([200, 429]);
    expect(b1.status).toBe(200);
    expect(anon.status).toBe(401);
  });

  it('does not count or limit CDN downloads', async () => {
    const created = await call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, body: createBody });
    const jobId = (created.body as { job: { uuid: string } }).job.uuid;
    let output: string | undefined;
    for (let attempt = 0; attempt < 200 && !output; attempt += 1) {
      const job = (await call(sandbox, 'GET', `/jobs/${jobId}`, { key: KEY_A })).body as {
        output?: { output?: string };
      };
      output = job.output?.output;
      if (!output) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const signed = await call(
      sandbox,
      'GET',
      `/storage/generate-signed-path?path=${encodeURIComponent(output!)}`,
      {
        key: KEY_A,
      },
    );
    const url = (signed.body as { signedUrl: string }).signedUrl;
    sandbox.faults.set({ perKeyRateLimit: 1 });
    const downloads = await Promise.all([0, 1, 2, 3].map(() => fetch(url)));
    expect(downloads.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    await Promise.all(downloads.map((response) => response.arrayBuffer()));
    expect((await call(sandbox, 'GET', '/auth/credits', { key: KEY_A })).status).toBe(200);
  });
});
