// The sandbox checked against resources/openapi.yaml: every operation, status and quirk it can answer,
// including the fault answers, is a documented response whose body fits the documented schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { operations, validateRequest, validateResponse } from '../fixtures/openapi';
import { call, waitForStatus, type RawResponse } from '../fixtures/sandbox-http';
import { IDS, KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';

let sandbox: RunningSandbox;
let jobId: string;
let outputKey: string;
const exercised = new Map<string, Set<number>>();

async function checked(
  operationId: string,
  method: string,
  path: string,
  options: Parameters<typeof call>[3] = {},
): Promise<RawResponse> {
  const response = await call(sandbox, method, path, options);
  const errors = validateResponse(operationId, response.status, response.body);
  expect(errors, `${method} ${path} → ${response.status} ${response.text}`).toEqual([]);
  if (!exercised.has(operationId)) exercised.set(operationId, new Set());
  exercised.get(operationId)!.add(response.status);
  return response;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 100 }) });
  const body = {
    template_id: IDS.pdf,
    job_type: 'pdf',
    version: 2,
    session_id: 's',
    values: { headline: 'Doc' },
  };
  expect(validateRequest('createJob', body)).toEqual([]);
  const created = await call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, body });
  jobId = (created.body as { job: { uuid: string } }).job.uuid;
  const { job } = await waitForStatus(sandbox, KEY_A, jobId, ['SUCCESS']);
  outputKey = (job['output'] as { output: string }).output;
});
afterAll(() => sandbox.close());

describe('the sandbox conforms to the OpenAPI document', () => {
  it('answers every operation with documented statuses and bodies', async () => {
    const UNKNOWN = '00000000-0000-4000-8000-000000000000';
    await checked('getCredits', 'GET', '/auth/credits', { key: KEY_A });
    await checked('listActiveProjects', 'GET', '/api/provider/projects/active', { key: KEY_A });
    await checked('getMappingFields', 'GET', `/api/provider/projects/${IDS.video}/mapping-fields`, {
      key: KEY_A,
    });
    await checked('getMappingFields', 'GET', `/api/provider/projects/${IDS.video}/mapping-fields`, {
      key: KEY_B,
    });
    await checked('createJob', 'POST', '/jobs/v2', {
      key: KEY_A,
      body: { template_id: IDS.pdf, job_type: 'pdf' },
    });
    await checked('createJob', 'POST', '/jobs/v2', {
      key: KEY_A,
      body: { template_id: UNKNOWN, job_type: 'pdf' },
    });
    await checked('createJob', 'POST', '/jobs/v2', { key: KEY_A, rawBody: 'x'.repeat(1_100_000) });
    await checked('getJob', 'GET', `/jobs/${jobId}`, { key: KEY_A });
    await checked('getJob', 'GET', `/jobs/${UNKNOWN}`, { key: KEY_A });
    await checked('updateJob', 'PUT', `/jobs/${jobId}`, {
      key: KEY_A,
      body: { output: { output: outputKey, credit_used: 0 } },
    });
    await checked('updateJob', 'PUT', `/jobs/${UNKNOWN}`, { key: KEY_A, body: { job_status: 'SUCCESS' } });
    await checked('updateJob', 'PUT', `/jobs/${jobId}`, { key: KEY_A, body: { job_status: 'DONE' } });
    await checked('triggerJobs', 'POST', '/jobs/trigger-job', { key: KEY_A, body: { ids: [jobId] } });
    await checked('triggerJobs', 'POST', '/jobs/trigger-job', { key: KEY_A, body: { ids: [UNKNOWN] } });
    await checked('triggerJobs', 'POST', '/jobs/trigger-job', { key: KEY_A, body: { ids: [] } });
    await checked('createJobLegacy', 'POST', '/jobs', { key: KEY_A, body: { anything: true } });
    await checked(
      'getSignedUrl',
      'GET',
      `/storage/generate-signed-path?path=${encodeURIComponent(outputKey)}`,
      {
        key: KEY_A,
      },
    );
    await checked('getSignedUrl', 'GET', '/storage/generate-signed-path', { key: KEY_A });
  });

  it('documents the 401 and the fault answers of every operation', async () => {
    for (const op of operations()) {
      const path = op.path.replace('{projectId}', IDS.video).replace('{id}', IDS.video);
      const body = op.method === 'GET' ? undefined : {};
      await checked(op.operationId, op.method, path, { key: 'wrong-key-123', body });
      sandbox.faults.script({ kind: 'rate-limit', retryAfter: '2' });
      const limited = await checked(op.operationId, op.method, path, { key: KEY_A, body });
      expect(limited.headers.get('retry-after')).toBe('2');
      for (const status of [500, 503] as const) {
        sandbox.faults.script({ kind: 'status', status });
        await checked(op.operationId, op.method, path, { key: KEY_A, body });
      }
    }
  });

  it('exercised every documented operation', () => {
    expect([...exercised.keys()].sort()).toEqual(
      operations()
        .map((op) => op.operationId)
        .sort(),
    );
  });
});
