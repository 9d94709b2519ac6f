// POST /jobs/v2, GET and PUT /jobs/:id, trigger-job and the legacy POST /jobs, quirks included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { call } from '../fixtures/sandbox-http';
import { IDS, KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';

let sandbox: RunningSandbox;
beforeAll(async () => {
  // Runs long enough that nothing finishes (and spends credits) while these tests look at records.
  sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 60_000 }) });
});
afterAll(() => sandbox.close());

type Job = Record<string, unknown>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function createJob(body: Record<string, unknown>, key = KEY_A): Promise<Job> {
  const response = await call(sandbox, 'POST', '/jobs/v2', { key, body });
  expect(response.status, response.text).toBe(201);
  return (response.body as { job: Job }).job;
}

describe('POST /jobs/v2', () => {
  it('queues a job and answers 201 with the stored record', async () => {
    const body = {
      template_id: IDS.video,
      job_type: 'ai_talking_video',
      version: 2,
      session_id: 'session-1',
      values: { headline: 'Hello', photo: { image_url: 'https://example.com/a.png' } },
      background_music: null,
      background_volume: 0.5,
      background_start: 0,
      extra_for_worker: { anything: [1, 2] },
    };
    const before = sandbox.inspect.jobCount(KEY_A);
    const response = await call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, body });
    expect(response.status).toBe(201);
    const { message, job } = response.body as { message: string; job: Job };
    expect(message).toBe('Job update accepted and processing.');
    expect(job['job_status']).toBe('QUEUED');
    expect(job['job_type']).toBe('ai_talking_video');
    expect(job['template_id']).toBe(IDS.video);
    expect(job['credit_used']).toBe('0');
    expect(job['input']).toEqual(body);
    expect(job['values']).toEqual(body.values);
    expect(job['output']).toBeUndefined();
    expect(String(job['uuid'])).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(job['user_id'])).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(String(job['created_at']))).not.toBeNaN();
    expect(sandbox.inspect.jobCount(KEY_A)).toBe(before + 1);
  });

  it('resolves template_id before project_id', async () => {
    const job = await createJob({
      template_id: IDS.video,
      project_id: IDS.image,
      job_type: 'ai_talking_video',
    });
    expect(job['template_id']).toBe(IDS.video);
    const failing = await call(sandbox, 'POST', '/jobs/v2', {
      key: KEY_A,
      body: { template_id: 'unknown-template', project_id: IDS.video, job_type: 'ai_talking_video' },
    });
    expect(failing.status).toBe(400);
  });

  it('accepts project_id alone', async () => {
    const job = await createJob({ project_id: IDS.image, job_type: 'image' });
    expect(job['template_id']).toBe(IDS.image);
  });

  it('takes image prompt ids as sources for ai_image_generation', async () => {
    const job = await createJob({
      project_id: IDS.prompt,
      job_type: 'ai_image_generation',
      values: { prompt: 'x' },
    });
    expect(job['template_id']).toBe(IDS.prompt);
    const asTemplate = await createJob({ template_id: IDS.prompt, job_type: 'ai_image_generation' });
    expect(asTemplate['template_id']).toBe(IDS.prompt);
    // An image prompt is no source for other job types.
    const wrong = await call(sandbox, 'POST', '/jobs/v2', {
      key: KEY_A,
      body: { template_id: IDS.prompt, job_type: 'image' },
    });
    expect(wrong.status).toBe(400);
  });

  it.each([
    ['an unknown source', { template_id: UNKNOWN, job_type: 'video' }, /No project or source/],
    ['another account’s project', { template_id: IDS.bVideo, job_type: 'video' }, /No project or source/],
    ['a deleted project', { template_id: IDS.deleted, job_type: 'video' }, /No project or source/],
    ['no source at all', { job_type: 'video' }, /template_id/],
    ['a project outside its window', { template_id: IDS.expired, job_type: 'video' }, /active window/],
    ['a job_type that is not the project’s', { template_id: IDS.video, job_type: 'pdf' }, /does not match/],
    ['an unknown job_type', { template_id: IDS.video, job_type: 'hologram' }, /job_type must be one of/],
    ['a missing job_type', { template_id: IDS.video }, /job_type/],
    [
      'background_volume above 1',
      { template_id: IDS.video, job_type: 'ai_talking_video', background_volume: 1.5 },
      /background_volume/,
    ],
    [
      'background_volume below 0',
      { template_id: IDS.video, job_type: 'ai_talking_video', background_volume: -0.1 },
      /background_volume/,
    ],
    [
      'background_volume as text',
      { template_id: IDS.video, job_type: 'ai_talking_video', background_volume: '0.5' },
      /background_volume/,
    ],
    [
      'a negative background_start',
      { template_id: IDS.video, job_type: 'ai_talking_video', background_start: -1 },
      /background_start/,
    ],
    [
      'values that are not an object',
      { template_id: IDS.video, job_type: 'ai_talking_video', values: [1] },
      /values/,
    ],
    [
      'a value of the wrong shape',
      { template_id: IDS.video, job_type: 'ai_talking_video', values: { a: 5 } },
      /values/,
    ],
  ])('answers 400 with a clear message for %s', async (_label, body, message) => {
    const before = sandbox.inspect.jobCount();
    const response = await call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, body });
    expect(response.status).toBe(400);
    expect((response.body as { message: string }).message).toMatch(message);
    expect(sandbox.inspect.jobCount()).toBe(before);
  });

  it('accepts the volume bounds 0 and 1 inclusive', async () => {
    for (const volume of [0, 1]) {
      await createJob({ template_id: IDS.video, job_type: 'ai_talking_video', background_volume: volume });
    }
  });

  it.each([
    ['invalid JSON', '{"job_type":'],
    ['a JSON array', '[]'],
    ['a JSON string', '"video"'],
    ['an empty body', ''],
  ])('answers 400 for %s', async (_label, rawBody) => {
    const response = await call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, rawBody });
    expect(response.status).toBe(400);
    expect(typeof (response.body as { message: string }).message).toBe('string');
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const body = {
      template_id: IDS.video,
      job_type: 'ai_talking_video',
      values: { headline: 'x'.repeat(1_100_000) },
    };
    const response = await call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, body });
    expect(response.status).toBe(413);
    expect((response.body as { message: string }).message).toMatch(/larger than/);
  });
});

describe('GET /jobs/:id', () => {
  it('answers the stored record', async () => {
    const created = await createJob({
      template_id: IDS.pdf,
      job_type: 'pdf',
      values: { headline: 'Read me' },
    });
    const response = await call(sandbox, 'GET', `/jobs/${created['uuid']}`, { key: KEY_A });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      uuid: created['uuid'],
      values: { headline: 'Read me' },
      credit_used: '0',
    });
  });

  it('answers 200 "Job not found" for unknown and foreign jobs', async () => {
    const created = await createJob({ template_id: IDS.pdf, job_type: 'pdf' });
    for (const [key, id] of [
      [KEY_A, UNKNOWN],
      [KEY_B, created['uuid']],
    ]) {
      const response = await call(sandbox, 'GET', `/jobs/${id}`, { key: String(key) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'Job not found' });
    }
  });
});

describe('PUT /jobs/:id', () => {
  it('replaces job_status and output and subtracts output.credit_used from the balance', async () => {
    const created = await createJob({ template_id: IDS.pdf, job_type: 'pdf' });
    const before = sandbox.inspect.credits(KEY_A);
    const first = await call(sandbox, 'PUT', `/jobs/${created['uuid']}`, {
      key: KEY_A,
      body: { job_status: 'IN_PROGRESS', output: { note: 'first', credit_used: 1.5 } },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      job_status: 'IN_PROGRESS',
      output: { note: 'first', credit_used: 1.5 },
    });
    const second = await call(sandbox, 'PUT', `/jobs/${created['uuid']}`, {
      key: KEY_A,
      body: { output: { output: 'pdfs/x/outputs/y.pdf' } },
    });
    // output is replaced whole, not merged; no credit_used means no charge.
    expect((second.body as Job)['output']).toEqual({ output: 'pdfs/x/outputs/y.pdf' });
    expect((second.body as Job)['job_status']).toBe('IN_PROGRESS');
    expect(sandbox.inspect.credits(KEY_A)).toBeCloseTo(before - 1.5);
    const credits = await call(sandbox, 'GET', '/auth/credits', { key: KEY_A });
    expect((credits.body as { credits: number }).credits).toBeCloseTo(before - 1.5);
  });

  it('answers 200 "Job not found" for unknown and foreign jobs and changes nothing', async () => {
    const created = await createJob({ template_id: IDS.pdf, job_type: 'pdf' });
    const balanceB = sandbox.inspect.credits(KEY_B);
    const response = await call(sandbox, 'PUT', `/jobs/${created['uuid']}`, {
      key: KEY_B,
      body: { job_status: 'SUCCESS', output: { credit_used: 10 } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Job not found' });
    expect(sandbox.inspect.credits(KEY_B)).toBe(balanceB);
    const unchanged = await call(sandbox, 'GET', `/jobs/${created['uuid']}`, { key: KEY_A });
    expect((unchanged.body as Job)['job_status']).not.toBe('SUCCESS');
  });

  it.each([
    ['an unknown job_status', { job_status: 'DONE' }],
    ['a negative credit_used', { output: { credit_used: -3 } }],
    ['credit_used as text', { output: { credit_used: '3' } }],
    ['output that is not an object', { output: 'x' }],
  ])('answers 400 for %s', async (_label, body) => {
    const created = await createJob({ template_id: IDS.pdf, job_type: 'pdf' });
    const response = await call(sandbox, 'PUT', `/jobs/${created['uuid']}`, { key: KEY_A, body });
    expect(response.status).toBe(400);
  });
});

describe('POST /jobs/trigger-job', () => {
  it('requeues the jobs and answers 201 "Job triggered"', async () => {
    const job = await createJob({ template_id: IDS.pdf, job_type: 'pdf' });
    await call(sandbox, 'PUT', `/jobs/${job['uuid']}`, { key: KEY_A, body: { job_status: 'FAILED' } });
    const response = await call(sandbox, 'POST', '/jobs/trigger-job', {
      key: KEY_A,
      body: { ids: [job['uuid']] },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Job triggered' });
    const after = await call(sandbox, 'GET', `/jobs/${job['uuid']}`, { key: KEY_A });
    expect((after.body as Job)['job_status']).toBe('QUEUED');
  });

  it('stops at the first id that does not resolve: earlier ids are requeued, later ones are not', async () => {
    const [first, last] = [
      await createJob({ template_id: IDS.pdf, job_type: 'pdf' }),
      await createJob({ template_id: IDS.pdf, job_type: 'pdf' }),
    ];
    for (const job of [first, last]) {
      await call(sandbox, 'PUT', `/jobs/${job!['uuid']}`, { key: KEY_A, body: { job_status: 'FAILED' } });
    }
    const response = await call(sandbox, 'POST', '/jobs/trigger-job', {
      key: KEY_A,
      body: { ids: [first!['uuid'], UNKNOWN, last!['uuid']] },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'No job found' });
    const statusOf = async (job: Job) =>
      ((await call(sandbox, 'GET', `/jobs/${job['uuid']}`, { key: KEY_A })).body as Job)['job_status'];
    expect(await statusOf(first!)).toBe('QUEUED');
    expect(await statusOf(last!)).toBe('FAILED');
  });

  it("treats another account's job as not found", async () => {
    const job = await createJob({ template_id: IDS.pdf, job_type: 'pdf' });
    const response = await call(sandbox, 'POST', '/jobs/trigger-job', {
      key: KEY_B,
      body: { ids: [job['uuid']] },
    });
    expect(response.body).toEqual({ message: 'No job found' });
  });

  it.each([
    ['no ids', {}],
    ['ids that are not an array', { ids: 'abc' }],
    ['an empty list', { ids: [] }],
    ['more than 1000 ids', { ids: Array.from({ length: 1001 }, () => UNKNOWN) }],
    ['non-string ids', { ids: [1, 2] }],
  ])('answers 400 for %s', async (_label, body) => {
    const response = await call(sandbox, 'POST', '/jobs/trigger-job', { key: KEY_A, body });
    expect(response.status).toBe(400);
  });
});

describe('POST /jobs (legacy)', () => {
  it.each([
    ['a job body', JSON.stringify({ template_id: IDS.video, job_type: 'video' })],
    ['no body', ''],
    ['not even JSON', 'hello <xml/>'],
  ])('answers 201 with a deprecation notice for %s and creates nothing', async (_label, rawBody) => {
    const before = sandbox.inspect.jobCount();
    const response = await call(sandbox, 'POST', '/jobs', { key: KEY_A, rawBody });
    expect(response.status).toBe(201);
    expect((response.body as { message: string }).message).toMatch(/deprecated.*\/jobs\/v2/);
    expect(sandbox.inspect.jobCount()).toBe(before);
  });
});

describe('GET /storage/generate-signed-path', () => {
  it('answers a signed URL on the sandbox origin', async () => {
    const response = await call(
      sandbox,
      'GET',
      '/storage/generate-signed-path?path=videos%2Fp%2Foutputs%2Fj.mp4',
      {
        key: KEY_A,
      },
    );
    expect(response.status).toBe(200);
    const url = new URL((response.body as { signedUrl: string }).signedUrl);
    expect(url.origin).toBe(sandbox.url);
    expect(url.pathname).toBe('/cdn/videos/p/outputs/j.mp4');
    expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each(['', '?path=', '?other=1'])(
    'answers 400 "Path query parameter is required" for "%s"',
    async (query) => {
      const response = await call(sandbox, 'GET', `/storage/generate-signed-path${query}`, { key: KEY_A });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Path query parameter is required' });
    },
  );
});
