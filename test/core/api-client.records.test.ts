// What the client accepts inside a record: the job asked for and no other, timestamps that are ISO 8601
// with a time zone, credit_used that is a decimal number, and job statuses passed through as written.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isFinalStatus } from '../../electron/shared/api/job-types';
import { jobSchema } from '../../electron/shared/api/schemas';
import { JOB_ID, PROJECT_ID, bodies, job, project } from '../fixtures/api-bodies';
import { SENTENCE, apiErrorOf, makeClient } from '../fixtures/api-client-harness';
import { json, startScriptedServer } from '../fixtures/scripted-server';
import type { ScriptedServer } from '../fixtures/scripted-server';

const OTHER_JOB_ID = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b';
const KEY = 'records-key-R2d2C3po';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('a record of another job is not taken for the one asked for', () => {
  it('getJob answered with another uuid → invalid-response, sent once', async () => {
    server.handle(json(200, { ...job, uuid: OTHER_JOB_ID, job_status: 'SUCCESS' }));
    const error = await apiErrorOf(makeClient(server.url).client.getJob(JOB_ID));
    expect(error).toMatchObject({ kind: 'invalid-response', operation: 'getJob', status: 200 });
    expect(error.message).toMatch(SENTENCE);
    expect(error.message).toMatch(/another job/);
    expect(server.requests).toHaveLength(1);
  });

  it('updateJob answered with another uuid → invalid-response whose outcome is unknown', async () => {
    server.handle(json(200, { ...job, uuid: OTHER_JOB_ID }));
    const error = await apiErrorOf(
      makeClient(server.url).client.updateJob(JOB_ID, { job_status: 'SUCCESS' }),
    );
    expect(error).toMatchObject({ kind: 'invalid-response', operation: 'updateJob', outcomeUnknown: true });
    expect(error.message).toMatch(/another job/);
    expect(error.message).toMatch(/read it again before retrying/);
    expect(server.requests).toHaveLength(1);
  });

  it('neither the requested id nor the key appears in the message', async () => {
    server.handle(json(200, { ...job, uuid: OTHER_JOB_ID }));
    const { client, logs } = makeClient(server.url, { apiKey: KEY });
    const error = await apiErrorOf(client.getJob(KEY));
    expect(error.kind).toBe('invalid-response');
    for (const text of [error.message, JSON.stringify(error), ...logs]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(OTHER_JOB_ID);
    }
  });

  it('the same UUID in other letter case is the same job', async () => {
    server.handle(json(200, { ...job, uuid: JOB_ID.toLowerCase() }));
    await expect(makeClient(server.url).client.getJob(JOB_ID.toUpperCase())).resolves.toMatchObject({
      uuid: JOB_ID,
    });
  });

  it('ids that are not UUIDs must match exactly', async () => {
    server.handle(json(200, { ...job, uuid: 'job-a' }));
    const error = await apiErrorOf(makeClient(server.url).client.getJob('JOB-A'));
    expect(error.kind).toBe('invalid-response');
  });
});

describe('timestamps are ISO 8601 with a time zone', () => {
  it.each([
    ['a bare number', '1'],
    ['a local date and time with slashes', '2026/12/31 23:59'],
    ['no time zone', '2024-05-01T10:00:00'],
    ['a date only', '2024-05-01'],
    ['an English date', 'May 1, 2024 10:00 GMT'],
    ['an impossible day', '2026-02-30T00:00:00Z'],
    ['empty', ''],
  ])('created_at as %s → invalid-response naming the field', async (_name, createdAt) => {
    server.handle(json(200, { ...job, created_at: createdAt }));
    const error = await apiErrorOf(makeClient(server.url).client.getJob(JOB_ID));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('at created_at');
  });

  it('a project startDate of "2026/12/31 23:59" → invalid-response', async () => {
    server.handle(json(200, { message: 'Success', data: [{ ...project, startDate: '2026/12/31 23:59' }] }));
    const error = await apiErrorOf(makeClient(server.url).client.listActiveProjects());
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('at data.0.startDate');
  });

  it('a project endDate without a time zone → invalid-response', async () => {
    server.handle(json(200, { message: 'Success', data: [{ ...project, endDate: '2026-12-31T23:59:00' }] }));
    const error = await apiErrorOf(makeClient(server.url).client.listActiveProjects());
    expect(error.message).toContain('at data.0.endDate');
  });

  it('a mapping-fields fetchedAt of "1" → invalid-response', async () => {
    const body = { ...bodies.mappingFields, data: { ...bodies.mappingFields.data, fetchedAt: '1' } };
    server.handle(json(200, body));
    const error = await apiErrorOf(makeClient(server.url).client.getMappingFields(PROJECT_ID));
    expect(error.message).toContain('at data.fetchedAt');
  });

  it.each([
    '2024-05-01T10:00:00Z',
    '2024-05-01T10:00:00.000Z',
    '2024-05-01T10:00:00.123456Z',
    '2024-05-01T12:00:00+02:00',
    '2024-05-01T05:30:00.5-04:30',
    new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 999)).toISOString(),
  ])('%s is accepted and kept as written', async (stamp) => {
    server.handle(json(200, { ...job, created_at: stamp, updated_at: stamp }));
    await expect(makeClient(server.url).client.getJob(JOB_ID)).resolves.toMatchObject({
      created_at: stamp,
      updated_at: stamp,
    });
  });

  it('project dates may still be null, and created_at/updated_at absent', async () => {
    server.handle(json(200, { message: 'Success', data: [{ ...project, startDate: null, endDate: null }] }));
    await expect(makeClient(server.url).client.listActiveProjects()).resolves.toHaveLength(1);
    const { created_at: _created, updated_at: _updated, ...bare } = job;
    server.handle(json(200, bare));
    await expect(makeClient(server.url).client.getJob(JOB_ID)).resolves.toMatchObject({ uuid: JOB_ID });
  });
});

describe('credit_used is a decimal number', () => {
  it.each([
    ['letters', 'abc'],
    ['empty text', ''],
    ['exponent notation', '1e5'],
    ['padded', ' 1'],
    ['NaN as text', 'NaN'],
    ['a trailing dot', '1.'],
    ['a comma', '1,5'],
    ['null', null],
    ['a boolean', true],
  ])('%s → invalid-response naming the field', async (_name, creditUsed) => {
    server.handle(json(200, { ...job, credit_used: creditUsed }));
    const error = await apiErrorOf(makeClient(server.url).client.getJob(JOB_ID));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('at credit_used');
    expect(error.message).toMatch(SENTENCE);
  });

  it.each([
    ['0', '0'],
    ['12.50', '12.50'],
    ['-1', '-1'],
    [3, '3'],
    [2.5, '2.5'],
    // String() would write these in exponent notation, which the rule above refuses on the next parse.
    [5e-324, `0.${'0'.repeat(323)}5`],
    [1.5e-7, '0.00000015'],
    [1e21, `1${'0'.repeat(21)}`],
    [-2.5e22, `-25${'0'.repeat(21)}`],
  ])('%j is kept as the text %j', async (creditUsed, text) => {
    server.handle(json(200, { ...job, credit_used: creditUsed }));
    const read = await makeClient(server.url).client.getJob(JOB_ID);
    expect(read.credit_used).toBe(text);
    expect(Number(read.credit_used)).toBe(Number(creditUsed));
    // What the client hands on parses again, unchanged.
    expect(jobSchema.parse(read).credit_used).toBe(text);
  });
});

describe('a job_status outside the documented five', () => {
  it.each(['CANCELLED', 'success', 'RETRYING'])(
    '%s comes through as the service wrote it, and is not final',
    async (status) => {
      server.handle(json(200, { ...job, job_status: status }));
      const { client } = makeClient(server.url);
      const read = await client.getJob(JOB_ID);
      expect(read.job_status).toBe(status);
      expect(isFinalStatus(read.job_status)).toBe(false);
      server.handle(json(200, { ...job, job_status: status }));
      const updated = await client.updateJob(JOB_ID, { job_status: 'FAILED' });
      expect(updated.job_status).toBe(status);
    },
  );

  it('an empty job_status is still an invalid response', async () => {
    server.handle(json(200, { ...job, job_status: '' }));
    const error = await apiErrorOf(makeClient(server.url).client.getJob(JOB_ID));
    expect(error.message).toContain('at job_status');
  });
});
