// The sandbox over loopback: 401 on every endpoint, account scoping, active windows, mapping fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { call } from '../fixtures/sandbox-http';
import { IDS, KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed() });
});
afterAll(() => sandbox.close());

const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/auth/credits'],
  ['GET', '/api/provider/projects/active'],
  ['GET', `/api/provider/projects/${IDS.video}/mapping-fields`],
  ['POST', '/jobs/v2', { job_type: 'video', template_id: IDS.video }],
  ['GET', '/jobs/00000000-0000-4000-8000-000000000000'],
  ['PUT', '/jobs/00000000-0000-4000-8000-000000000000', { job_status: 'SUCCESS' }],
  ['POST', '/jobs/trigger-job', { ids: ['00000000-0000-4000-8000-000000000000'] }],
  ['POST', '/jobs', {}],
  ['GET', '/storage/generate-signed-path?path=a/b.mp4'],
];

describe('authentication', () => {
  it.each(ENDPOINTS)('%s %s answers 401 without a key and with a wrong one', async (method, path, body) => {
    for (const key of [null, 'wrong-key-0000', '']) {
      const response = await call(sandbox, method, path, { key, body });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('creates nothing for a refused key', async () => {
    const before = sandbox.inspect.jobCount();
    await call(sandbox, 'POST', '/jobs/v2', {
      key: 'nope-nope-nope',
      body: { job_type: 'video', template_id: IDS.video },
    });
    expect(sandbox.inspect.jobCount()).toBe(before);
  });
});

describe('GET /auth/credits', () => {
  it("answers each account's own balance", async () => {
    expect((await call(sandbox, 'GET', '/auth/credits', { key: KEY_A })).body).toEqual({ credits: 100 });
    const b = await call(sandbox, 'GET', '/auth/credits', { key: KEY_B });
    expect(b.status).toBe(200);
    expect(b.body).toEqual({ credits: 50 });
  });
});

describe('GET /api/provider/projects/active', () => {
  it('lists only active, undeleted projects of the caller, with exactly the spec fields', async () => {
    const response = await call(sandbox, 'GET', '/api/provider/projects/active', { key: KEY_A });
    expect(response.status).toBe(200);
    const { message, data } = response.body as { message: string; data: Record<string, unknown>[] };
    expect(message).toBe('Success');
    const ids = data.map((project) => project['projectId']);
    expect(ids).toContain(IDS.video);
    expect(ids).toContain(IDS.image);
    expect(ids).not.toContain(IDS.future);
    expect(ids).not.toContain(IDS.expired);
    expect(ids).not.toContain(IDS.deleted);
    expect(ids).not.toContain(IDS.bVideo);
    for (const project of data) {
      expect(Object.keys(project).sort()).toEqual([
        'endDate',
        'projectId',
        'projectName',
        'projectType',
        'startDate',
      ]);
    }
    expect(data.find((project) => project['projectId'] === IDS.image)?.['projectName']).toBe('');
  });

  it('counts the boundary instants of a window as active', async () => {
    const now = Date.now();
    const edge = await startSandbox({
      seed: {
        accounts: [
          {
            apiKey: KEY_A,
            credits: 1,
            projects: [
              // Window that opened a moment ago and closes in a minute: active.
              {
                projectId: 'edge-open',
                projectName: 'Open',
                projectType: 'video',
                startDate: new Date(now - 1).toISOString(),
                endDate: new Date(now + 60_000).toISOString(),
                fields: {},
              },
              // Window that closed a moment ago: inactive.
              {
                projectId: 'edge-closed',
                projectName: 'Closed',
                projectType: 'video',
                endDate: new Date(now - 1000).toISOString(),
                fields: {},
              },
            ],
          },
        ],
      },
    });
    try {
      const { body } = await call(edge, 'GET', '/api/provider/projects/active', { key: KEY_A });
      expect((body as { data: { projectId: string }[] }).data.map((p) => p.projectId)).toEqual(['edge-open']);
    } finally {
      await edge.close();
    }
  });

  it("is scoped to the key's account", async () => {
    const { body } = await call(sandbox, 'GET', '/api/provider/projects/active', { key: KEY_B });
    expect((body as { data: { projectId: string }[] }).data.map((p) => p.projectId)).toEqual([IDS.bVideo]);
  });
});

describe('GET /api/provider/projects/:projectId/mapping-fields', () => {
  it('answers the field map with fetchedAt', async () => {
    const before = Date.now();
    const response = await call(sandbox, 'GET', `/api/provider/projects/${IDS.video}/mapping-fields`, {
      key: KEY_A,
    });
    expect(response.status).toBe(200);
    const { message, data } = response.body as { message: string; data: Record<string, unknown> };
    expect(message).toBe('Success');
    expect(data).toMatchObject({
      projectId: IDS.video,
      projectName: 'Spring promo',
      projectType: 'ai_talking_video',
    });
    expect(data['fields']).toEqual({
      headline: { label: 'Headline', instructionType: 'text' },
      photo: { label: 'Photo', instructionType: 'image' },
      voice: { label: 'Voice-over', instructionType: 'audio' },
    });
    const fetchedAt = Date.parse(String(data['fetchedAt']));
    expect(fetchedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(fetchedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it.each([
    ['another account', KEY_B, IDS.video],
    ['a deleted project', KEY_A, IDS.deleted],
    ['an unknown id', KEY_A, 'no-such-project'],
  ])('answers 404 for %s', async (_label, key, projectId) => {
    const response = await call(sandbox, 'GET', `/api/provider/projects/${projectId}/mapping-fields`, {
      key,
    });
    expect(response.status).toBe(404);
  });

  it('still serves the fields of a project outside its window (only deleted or foreign ones are 404)', async () => {
    const response = await call(sandbox, 'GET', `/api/provider/projects/${IDS.future}/mapping-fields`, {
      key: KEY_A,
    });
    expect(response.status).toBe(200);
  });
});
