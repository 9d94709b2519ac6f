// The API client against the real sandbox over loopback: every function (happy paths and the spec's
// quirks), then every injected fault, checking what the sandbox really stored.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/core/api';
import type { ApiClient, ApiClientOptions, Job } from '../../electron/core/api';
import { startSandbox } from '../../electron/sandbox';
import type { RunningSandbox } from '../../electron/sandbox';
import { SENTENCE, apiErrorOf } from '../fixtures/api-client-harness';
import { closedPort } from '../fixtures/scripted-server';
import { IDS, KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let sandbox: RunningSandbox;
/** Request lines the sandbox logged (`METHOD /path → status`), to count what it really received. */
let served: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: makeTestSeed({ durationMs: 300 }),
    log: (line) => served.push(line),
  });
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.faults.reset();
  served = [];
});

interface Harness {
  client: ApiClient;
  logs: string[];
  sleeps: number[];
  /** fetch calls, i.e. attempts that went to the network. */
  attempts: () => number;
}

function connect(overrides: Partial<ApiClientOptions> = {}): Harness {
  const logs: string[] = [];
  const sleeps: number[] = [];
  let attempts = 0;
  const client = createApiClient({
    baseUrl: sandbox.url,
    apiKey: KEY_A,
    timeoutMs: 3_000,
    log: (line) => logs.push(line),
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    fetch: (input, init) => {
      attempts += 1;
      return fetch(input, init);
    },
    ...overrides,
    retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 10_000, ...overrides.retry },
  });
  return { client, logs, sleeps, attempts: () => attempts };
}

const videoJob = {
  template_id: IDS.video,
  job_type: 'ai_talking_video' as const,
  version: 2,
  session_id: 'client-test',
  values: { headline: 'Hello', photo: { image_url: 'https://example.com/a.png' } },
};

async function pollUntilFinal(client: ApiClient, id: string, timeoutMs = 10_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await client.getJob(id);
    if (job.job_status === 'SUCCESS' || job.job_status === 'FAILED') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.job_status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('every function against the sandbox', () => {
  it('getCredits', async () => {
    const { client } = connect();
    await expect(client.getCredits()).resolves.toBe(sandbox.inspect.credits(KEY_A));
  });

  it('listActiveProjects lists only active projects of the account', async () => {
    const projects = await connect().client.listActiveProjects();
    const ids = projects.map((project) => project.projectId);
    expect(ids).toContain(IDS.video);
    expect(ids).toContain(IDS.image);
    for (const hidden of [IDS.future, IDS.expired, IDS.deleted, IDS.bVideo])
      expect(ids).not.toContain(hidden);
    expect(projects.find((project) => project.projectId === IDS.image)?.projectName).toBe('');
  });

  it('getMappingFields, and not-found for deleted, foreign and unknown projects', async () => {
    const { client } = connect();
    const fields = await client.getMappingFields(IDS.video);
    expect(fields).toMatchObject({ projectId: IDS.video, projectType: 'ai_talking_video' });
    expect(fields.fields['headline']).toEqual({ label: 'Headline', instructionType: 'text' });
    for (const id of [IDS.deleted, IDS.bVideo, UNKNOWN]) {
      const error = await apiErrorOf(client.getMappingFields(id));
      expect(error).toMatchObject({ kind: 'not-found', status: 404 });
    }
  });

  it('createJob → QUEUED, stored once; an unresolvable project is a bad-request', async () => {
    const { client } = connect();
    const before = sandbox.inspect.jobCount(KEY_A);
    const job = await client.createJob(videoJob);
    expect(job).toMatchObject({ job_status: 'QUEUED', template_id: IDS.video, credit_used: '0' });
    expect(job.input).toEqual(videoJob);
    expect(sandbox.inspect.jobCount(KEY_A)).toBe(before + 1);

    const error = await apiErrorOf(client.createJob({ ...videoJob, template_id: UNKNOWN }));
    expect(error).toMatchObject({ kind: 'bad-request', status: 400 });
    expect(error.message).toMatch(SENTENCE);
    expect(sandbox.inspect.jobCount(KEY_A)).toBe(before + 1);
  });

  it('createJob with bad input sends nothing', async () => {
    const { client, attempts } = connect();
    const before = sandbox.inspect.jobCount();
    const error = await apiErrorOf(client.createJob({ ...videoJob, background_volume: 3 }));
    expect(error.kind).toBe('bad-request');
    expect(attempts()).toBe(0);
    expect(sandbox.inspect.jobCount()).toBe(before);
  });

  it('getJob: found, the "Job not found" 200 for unknown and foreign jobs, hostile ids', async () => {
    const { client } = connect();
    const created = await client.createJob(videoJob);
    await expect(client.getJob(created.uuid)).resolves.toMatchObject({ uuid: created.uuid });
    await expect(apiErrorOf(client.getJob(UNKNOWN))).resolves.toMatchObject({ kind: 'not-found' });
    const foreign = await connect({ apiKey: KEY_B }).client.createJob({
      project_id: IDS.bVideo,
      job_type: 'video',
    });
    await expect(apiErrorOf(client.getJob(foreign.uuid))).resolves.toMatchObject({ kind: 'not-found' });
    // Encoded, "../auth/credits" stays a (missing) job id instead of reaching another endpoint.
    await expect(apiErrorOf(client.getJob('../auth/credits'))).resolves.toMatchObject({ kind: 'not-found' });
  });

  it('updateJob sets status and output and spends output.credit_used; not-found for unknown jobs', async () => {
    const { client } = connect();
    const created = await client.createJob({ project_id: IDS.slow, job_type: 'video' });
    const credits = sandbox.inspect.credits(KEY_A);
    const updated = await client.updateJob(created.uuid, {
      job_status: 'FAILED',
      output: { credit_used: 2, note: 'cancelled by test' },
    });
    expect(updated).toMatchObject({ uuid: created.uuid, job_status: 'FAILED' });
    expect(updated.output).toMatchObject({ credit_used: 2, note: 'cancelled by test' });
    expect(sandbox.inspect.credits(KEY_A)).toBe(credits - 2);
    await expect(client.getCredits()).resolves.toBe(credits - 2);
    const error = await apiErrorOf(client.updateJob(UNKNOWN, { job_status: 'SUCCESS' }));
    expect(error).toMatchObject({ kind: 'not-found', operation: 'updateJob' });
  });

  it('triggerJobs requeues; an unknown id is not-found', async () => {
    const { client } = connect();
    const created = await client.createJob(videoJob);
    await expect(client.triggerJobs([created.uuid])).resolves.toBe('Job triggered');
    const error = await apiErrorOf(client.triggerJobs([created.uuid, UNKNOWN]));
    expect(error).toMatchObject({ kind: 'not-found', operation: 'triggerJobs' });
  });

  it('createJobLegacy returns the deprecation notice and creates nothing', async () => {
    const { client } = connect();
    const before = sandbox.inspect.jobCount();
    const notice = await client.createJobLegacy({ job_type: 'video', template_id: IDS.video });
    expect(notice).toMatch(/\/jobs\/v2/);
    expect(sandbox.inspect.jobCount()).toBe(before);
  });

  it('getSignedUrl: the missing-path quirk is a bad-request', async () => {
    const error = await apiErrorOf(connect().client.getSignedUrl(''));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toContain('Path query parameter is required');
  });

  it('the whole flow: create, poll to SUCCESS, sign the output, download it', async () => {
    const { client } = connect();
    const created = await client.createJob(videoJob);
    const finished = await pollUntilFinal(client, created.uuid);
    expect(finished.job_status).toBe('SUCCESS');
    const key = finished.output?.output;
    expect(typeof key).toBe('string');
    const signedUrl = await client.getSignedUrl(String(key));
    expect(signedUrl.startsWith(`${sandbox.url}/cdn`)).toBe(true);
    const download = await fetch(signedUrl);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('a wrong key is unauthorized, on every function', async () => {
    const { client } = connect({ apiKey: 'not-a-real-key-000' });
    const calls: (() => Promise<unknown>)[] = [
      () => client.getCredits(),
      () => client.listActiveProjects(),
      () => client.getMappingFields(IDS.video),
      () => client.createJob(videoJob),
      () => client.getJob(UNKNOWN),
      () => client.updateJob(UNKNOWN, { job_status: 'SUCCESS' }),
      () => client.triggerJobs([UNKNOWN]),
      () => client.createJobLegacy({}),
      () => client.getSignedUrl('a.mp4'),
    ];
    for (const call of calls) {
      await expect(apiErrorOf(call())).resolves.toMatchObject({ kind: 'unauthorized', status: 401 });
    }
  });
});

describe('injected faults', () => {
  it('a scripted 503 on a GET is retried and the call succeeds', async () => {
    sandbox.faults.script({ kind: 'status', status: 503 }, { method: 'GET', path: '/auth/credits' });
    const { client, logs, sleeps, attempts } = connect();
    await expect(client.getCredits()).resolves.toBeTypeOf('number');
    expect(attempts()).toBe(2);
    expect(sleeps).toEqual([50]);
    expect(logs[0]).toMatch(/^GET \/auth\/credits → 503 server in \d+ ms, retrying in 50 ms$/);
    expect(served.filter((line) => line.startsWith('GET /auth/credits'))).toEqual([
      'GET /auth/credits → 503',
      'GET /auth/credits → 200',
    ]);
  });

  it('500 twice on GET /jobs/:id, then the job', async () => {
    const { client, attempts } = connect();
    const created = await client.createJob(videoJob);
    sandbox.faults.script({ kind: 'status', status: 500 }, { method: 'GET', path: /^\/jobs\//, times: 2 });
    await expect(client.getJob(created.uuid)).resolves.toMatchObject({ uuid: created.uuid });
    expect(attempts()).toBe(4);
  });

  it('a scripted 503 on POST /jobs/v2: server error, sent once, no job', async () => {
    sandbox.faults.script({ kind: 'status', status: 503 }, { method: 'POST', path: '/jobs/v2' });
    const { client, attempts, sleeps } = connect();
    const before = sandbox.inspect.jobCount(KEY_A);
    const error = await apiErrorOf(client.createJob(videoJob));
    expect(error).toMatchObject({ kind: 'server', status: 503, outcomeUnknown: true });
    expect(attempts()).toBe(1);
    expect(sleeps).toEqual([]);
    expect(served.filter((line) => line.startsWith('POST /jobs/v2'))).toEqual(['POST /jobs/v2 → 503']);
    expect(sandbox.inspect.jobCount(KEY_A)).toBe(before);
    expect(sandbox.faults.pending()).toBe(0);
  });

  it('reset-after on POST /jobs/v2: network error, not retried, exactly one job created', async () => {
    sandbox.faults.script({ kind: 'reset-after' }, { method: 'POST', path: '/jobs/v2' });
    const { client, attempts, logs } = connect();
    const before = sandbox.inspect.jobCount(KEY_A);
    const error = await apiErrorOf(client.createJob(videoJob));
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true });
    expect(error.message).toMatch(/The job may have been created/);
    expect(attempts()).toBe(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/not retried: a write may have taken effect$/);
    expect(sandbox.inspect.jobCount(KEY_A)).toBe(before + 1);
  });

  it('reset-after on a GET: retried and succeeds', async () => {
    sandbox.faults.script({ kind: 'reset-after' }, { method: 'GET', path: '/api/provider/projects/active' });
    const { client, attempts } = connect();
    await expect(client.listActiveProjects()).resolves.not.toHaveLength(0);
    expect(attempts()).toBe(2);
  });

  it('reset-before on POST /jobs/v2: network error, not retried, no job', async () => {
    sandbox.faults.script({ kind: 'reset-before' }, { method: 'POST', path: '/jobs/v2' });
    const { client, attempts } = connect();
    const before = sandbox.inspect.jobCount(KEY_A);
    const error = await apiErrorOf(client.createJob(videoJob));
    expect(error.kind).toBe('network');
    expect(attempts()).toBe(1);
    expect(sandbox.inspect.jobCount(KEY_A)).toBe(before);
  });

  it('rate-limit on POST /jobs/v2: retried after Retry-After, one job created', async () => {
    sandbox.faults.script({ kind: 'rate-limit', retryAfter: '2' }, { method: 'POST', path: '/jobs/v2' });
    const { client, attempts, sleeps } = connect();
    const before = sandbox.inspect.jobCount(KEY_A);
    await expect(client.createJob(videoJob)).resolves.toMatchObject({ job_status: 'QUEUED' });
    expect(sleeps).toEqual([2000]);
    expect(attempts()).toBe(2);
    expect(sandbox.inspect.jobCount(KEY_A)).toBe(before + 1);
  });

  it('rate-limit with the real sleep: the client really waits for Retry-After', async () => {
    sandbox.faults.script({ kind: 'rate-limit', retryAfter: '1' }, { method: 'GET', path: '/auth/credits' });
    const { client } = connect({ sleep: undefined });
    const started = Date.now();
    await client.getCredits();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('a Retry-After beyond maxRetryAfterMs is given to the caller', async () => {
    sandbox.faults.script({ kind: 'rate-limit', retryAfter: '600' }, { method: 'POST', path: '/jobs/v2' });
    const { client, attempts } = connect();
    const error = await apiErrorOf(client.createJob(videoJob));
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 600_000, outcomeUnknown: false });
    expect(attempts()).toBe(1);
  });

  it('latency beyond timeoutMs: timeout (a read tries again, then gives up)', async () => {
    sandbox.faults.set({ latencyMs: 400 });
    const { client, attempts } = connect({ timeoutMs: 150, retry: { retries: 1 } });
    const error = await apiErrorOf(client.getCredits());
    expect(error.kind).toBe('timeout');
    expect(attempts()).toBe(2);
  });

  it('a delayed POST times out once and is not sent again: outcome unknown', async () => {
    sandbox.faults.script({ kind: 'delay', ms: 400 }, { method: 'POST', path: '/jobs/v2' });
    const { client, attempts } = connect({ timeoutMs: 150 });
    const before = sandbox.inspect.jobCount(KEY_A);
    const error = await apiErrorOf(client.createJob(videoJob));
    expect(error).toMatchObject({ kind: 'timeout', outcomeUnknown: true });
    expect(attempts()).toBe(1);
    // A real service may still act on it after the client gave up (the sandbox drops it): never twice.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sandbox.inspect.jobCount(KEY_A)).toBeLessThanOrEqual(before + 1);
  });

  it('a closed port: network, after retries for a read and for a write', async () => {
    const port = await closedPort();
    const { client, attempts } = connect({ baseUrl: `http://127.0.0.1:${port}` });
    await expect(apiErrorOf(client.getCredits())).resolves.toMatchObject({ kind: 'network' });
    expect(attempts()).toBe(4);
    await expect(apiErrorOf(client.createJob(videoJob))).resolves.toMatchObject({
      kind: 'network',
      outcomeUnknown: false,
    });
    expect(attempts()).toBe(8);
  });

  it('random 100% error rate: writes are sent once, reads exhaust their retries', async () => {
    sandbox.faults.set({ errorRate: 1 });
    const { client, attempts } = connect();
    await expect(apiErrorOf(client.triggerJobs([UNKNOWN]))).resolves.toMatchObject({ kind: 'server' });
    expect(attempts()).toBe(1);
    await expect(apiErrorOf(client.getJob(UNKNOWN))).resolves.toMatchObject({ kind: 'server' });
    expect(attempts()).toBe(5);
  });
});
