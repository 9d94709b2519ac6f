// Self-check of resources/openapi.yaml: every operation of the spec, its security and 401, examples that
// validate against their own schemas, and a validator that rejects obviously wrong bodies.
import { describe, expect, it } from 'vitest';
import {
  openapiDocument,
  operation,
  operations,
  pointer,
  resolveResponse,
  validateRequest,
  validateResponse,
  validatorAt,
} from '../fixtures/openapi';

const SPEC_OPERATIONS = [
  { operationId: 'getCredits', method: 'GET', path: '/auth/credits' },
  { operationId: 'listActiveProjects', method: 'GET', path: '/api/provider/projects/active' },
  {
    operationId: 'getMappingFields',
    method: 'GET',
    path: '/api/provider/projects/{projectId}/mapping-fields',
  },
  { operationId: 'createJob', method: 'POST', path: '/jobs/v2' },
  { operationId: 'getJob', method: 'GET', path: '/jobs/{id}' },
  { operationId: 'updateJob', method: 'PUT', path: '/jobs/{id}' },
  { operationId: 'triggerJobs', method: 'POST', path: '/jobs/trigger-job' },
  { operationId: 'createJobLegacy', method: 'POST', path: '/jobs' },
  { operationId: 'getSignedUrl', method: 'GET', path: '/storage/generate-signed-path' },
];

const REQUIRED_SCHEMAS = [
  'Project',
  'MappingField',
  'MappingFields',
  'Job',
  'JobOutput',
  'JobValue',
  'CreateJobRequest',
  'CreateJobResponse',
  'UpdateJobRequest',
  'TriggerJobsRequest',
  'Credits',
  'Message',
  'Error',
  'SignedUrl',
];

const JOB = {
  uuid: '4b79fcdd-84b4-4304-80f8-4e14a476287e',
  user_id: '38f27924-b96c-46fd-886f-786553226b5a',
  template_id: 'bd9707a4-b4c8-4077-ac5e-3c57fc40fada',
  input: { job_type: 'video' },
  values: { headline: 'Hello', photo: { image_url: 'https://a.example/p.png' } },
  job_status: 'QUEUED',
  job_type: 'video',
  credit_used: '0',
  created_at: '2025-03-01T09:31:00.000Z',
  updated_at: '2025-03-01T09:31:00.000Z',
};

const { uuid: _uuid, ...JOB_WITHOUT_UUID } = JOB;

describe('the OpenAPI document', () => {
  const doc = openapiDocument();

  it('parses as OpenAPI 3.1 with a {base_url} server and the x-api-key scheme', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers?.[0]?.url).toBe('{base_url}');
    expect(doc.servers?.[0]?.variables?.base_url?.default).toMatch(/^https?:\/\//);
    expect(doc.components.securitySchemes?.ApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
  });

  it('describes exactly the operations of the spec', () => {
    const sortById = (list: { operationId: string }[]) =>
      [...list].sort((a, b) => a.operationId.localeCompare(b.operationId));
    expect(sortById(operations())).toEqual(sortById(SPEC_OPERATIONS));
    expect(operation('createJobLegacy').object.deprecated).toBe(true);
    for (const { operationId } of SPEC_OPERATIONS.filter((op) => op.operationId !== 'createJobLegacy')) {
      expect(operation(operationId).object.deprecated, operationId).not.toBe(true);
    }
  });

  it('has the named component schemas', () => {
    for (const name of REQUIRED_SCHEMAS) expect(doc.components.schemas[name], name).toBeDefined();
  });

  it('compiles every component schema in Ajv strict mode', () => {
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => validatorAt(pointer('components', 'schemas', name)), name).not.toThrow();
    }
  });

  it.each(SPEC_OPERATIONS)(
    '$operationId requires x-api-key and documents 401, 429, 500, 503',
    ({ operationId }) => {
      const { object } = operation(operationId);
      expect(object.security).toEqual([{ ApiKey: [] }]);
      for (const status of [401, 429, 500, 503]) {
        expect(resolveResponse(operationId, status), `${operationId} ${status}`).toBeDefined();
      }
      expect(resolveResponse(operationId, 429)?.response.headers?.['Retry-After']).toMatchObject({
        required: true,
      });
    },
  );

  it.each(SPEC_OPERATIONS)(
    '$operationId: every response has a JSON schema and valid examples',
    ({ operationId }) => {
      for (const status of Object.keys(operation(operationId).object.responses)) {
        const media = resolveResponse(operationId, status)?.response.content?.['application/json'];
        expect(media?.schema, `${operationId} ${status} schema`).toBeDefined();
        const examples = Object.entries(media?.examples ?? {});
        expect(examples.length, `${operationId} ${status} examples`).toBeGreaterThan(0);
        for (const [name, example] of examples) {
          expect(
            validateResponse(operationId, Number(status), example.value),
            `${operationId} ${status} ${name}`,
          ).toEqual([]);
        }
      }
    },
  );

  it.each(SPEC_OPERATIONS)('$operationId: request body examples validate', ({ operationId }) => {
    const media = operation(operationId).object.requestBody?.content?.['application/json'];
    for (const [name, example] of Object.entries(media?.examples ?? {})) {
      expect(validateRequest(operationId, example.value), `${operationId} ${name}`).toEqual([]);
    }
  });

  it('records the "not shown" choices of the sandbox in descriptions', () => {
    const description = (operationId: string, status: number) =>
      resolveResponse(operationId, status)?.response.description ?? '';
    expect(description('getCredits', 200)).toMatch(/not shown in the spec; the sandbox chooses/);
    expect(description('getSignedUrl', 400)).toMatch(/not shown in the spec; the sandbox chooses/);
    expect(description('triggerJobs', 404)).toMatch(/not shown in the spec; the sandbox chooses/);
    expect(description('createJob', 413)).toMatch(/not shown in the spec; the sandbox chooses/);
    expect(description('getJob', 401)).toMatch(/not shown in the spec; the sandbox chooses/);
  });
});

describe('validateResponse', () => {
  it('accepts a job, a not-found message and the created job', () => {
    expect(validateResponse('getJob', 200, JOB)).toEqual([]);
    expect(validateResponse('getJob', 200, { ...JOB, output: null, values: null, extra: 1 })).toEqual([]);
    expect(validateResponse('getJob', 200, { message: 'Job not found' })).toEqual([]);
    expect(validateResponse('updateJob', 200, { message: 'Job not found' })).toEqual([]);
    expect(
      validateResponse('createJob', 201, { message: 'Job update accepted and processing.', job: JOB }),
    ).toEqual([]);
  });

  it('rejects a Job without uuid and other malformed jobs', () => {
    expect(validateResponse('getJob', 200, JOB_WITHOUT_UUID)).not.toEqual([]);
    expect(validateResponse('getJob', 200, { ...JOB, job_status: 'DONE' })).not.toEqual([]);
    expect(validateResponse('getJob', 200, { ...JOB, credit_used: 0 })).not.toEqual([]);
    expect(validateResponse('getJob', 200, { ...JOB, output: { output: 42 } })).not.toEqual([]);
    expect(validateResponse('getJob', 200, { message: 'Not found' })).not.toEqual([]);
    expect(validateResponse('getJob', 200, { ...JOB, values: { photo: { url: 'x' } } })).not.toEqual([]);
  });

  it('rejects a created job that is not QUEUED or the wrong acknowledgement', () => {
    const created = { message: 'Job update accepted and processing.', job: JOB };
    expect(
      validateResponse('createJob', 201, { ...created, job: { ...JOB, job_status: 'STARTED' } }),
    ).not.toEqual([]);
    expect(validateResponse('createJob', 201, { ...created, message: 'OK' })).not.toEqual([]);
  });

  it('checks the quirky bodies exactly', () => {
    expect(validateResponse('triggerJobs', 201, { message: 'Job triggered' })).toEqual([]);
    expect(validateResponse('triggerJobs', 404, { message: 'No job found' })).toEqual([]);
    expect(validateResponse('triggerJobs', 404, { message: 'Job not found' })).not.toEqual([]);
    expect(validateResponse('getSignedUrl', 400, { error: 'Path query parameter is required' })).toEqual([]);
    expect(
      validateResponse('getSignedUrl', 400, { message: 'Path query parameter is required' }),
    ).not.toEqual([]);
    expect(validateResponse('getSignedUrl', 200, { signedUrl: 'not a url' })).not.toEqual([]);
    expect(validateResponse('createJobLegacy', 201, { message: 'Deprecated, use POST /jobs/v2' })).toEqual(
      [],
    );
    expect(validateResponse('createJobLegacy', 201, { message: 'Deprecated' })).not.toEqual([]);
  });

  it('rejects other wrong bodies and undocumented statuses', () => {
    expect(validateResponse('getCredits', 200, { credits: '500' })).not.toEqual([]);
    expect(validateResponse('getCredits', 401, 'Unauthorized')).not.toEqual([]);
    expect(
      validateResponse('listActiveProjects', 200, { message: 'Success', data: [{ projectId: 'x' }] }),
    ).not.toEqual([]);
    expect(
      validateResponse('getMappingFields', 200, { message: 'Success', data: { fields: {} } }),
    ).not.toEqual([]);
    expect(validateResponse('getCredits', 418, { credits: 1 })).toEqual([
      'getCredits: status 418 is not documented',
    ]);
    expect(validateResponse('getJob', 404, { message: 'Job not found' })).not.toEqual([]);
  });
});

describe('validateRequest', () => {
  it('checks create, update and trigger bodies', () => {
    expect(validateRequest('createJob', { job_type: 'video', template_id: 'x', values: { a: 'b' } })).toEqual(
      [],
    );
    expect(validateRequest('createJob', { job_type: 'movie' })).not.toEqual([]);
    expect(validateRequest('createJob', { job_type: 'video', background_volume: 1.5 })).not.toEqual([]);
    expect(validateRequest('createJob', { job_type: 'video', background_start: -1 })).not.toEqual([]);
    expect(validateRequest('updateJob', { job_status: 'SUCCESS', output: { credit_used: 2 } })).toEqual([]);
    expect(validateRequest('updateJob', { output: { credit_used: -1 } })).not.toEqual([]);
    expect(validateRequest('triggerJobs', { ids: [] })).not.toEqual([]);
    expect(
      validateRequest('triggerJobs', { ids: Array.from({ length: 1001 }, (_, i) => `id-${i}`) }),
    ).not.toEqual([]);
  });
});
