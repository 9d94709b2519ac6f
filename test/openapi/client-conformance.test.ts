// The API client checked against resources/openapi.yaml: every documented example answer of every
// operation, served over loopback, is read as a value (2xx) or as the ApiError kind its status means.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../electron/core/api';
import { apiErrorOf, makeClient } from '../fixtures/api-client-harness';
import { operation, operations, resolveResponse } from '../fixtures/openapi';
import { json, startScriptedServer, type ScriptedServer } from '../fixtures/scripted-server';

const CALLS: Record<string, (client: ApiClient) => Promise<unknown>> = {
  getCredits: (c) => c.getCredits(),
  listActiveProjects: (c) => c.listActiveProjects(),
  getMappingFields: (c) => c.getMappingFields('bd9707a4-b4c8-4077-ac5e-3c57fc40fada'),
  createJob: (c) => c.createJob({ job_type: 'video', template_id: 'bd9707a4-b4c8-4077-ac5e-3c57fc40fada' }),
  getJob: (c) => c.getJob('4b79fcdd-84b4-4304-80f8-4e14a476287e'),
  updateJob: (c) => c.updateJob('4b79fcdd-84b4-4304-80f8-4e14a476287e', { job_status: 'SUCCESS' }),
  triggerJobs: (c) => c.triggerJobs(['4b79fcdd-84b4-4304-80f8-4e14a476287e']),
  createJobLegacy: (c) => c.createJobLegacy({}),
  getSignedUrl: (c) => c.getSignedUrl('ai-talking-videos/p/outputs/j.mp4'),
};

const KIND_OF_STATUS: Record<number, string> = {
  400: 'bad-request',
  401: 'unauthorized',
  404: 'not-found',
  413: 'bad-request',
  429: 'rate-limited',
  500: 'server',
  502: 'server',
  503: 'server',
};

interface Case {
  operationId: string;
  status: number;
  example: string;
  body: unknown;
}

function documentedCases(): Case[] {
  const cases: Case[] = [];
  for (const { operationId } of operations()) {
    for (const status of Object.keys(operation(operationId).object.responses)) {
      const examples =
        resolveResponse(operationId, status)?.response.content?.['application/json']?.examples ?? {};
      for (const [name, example] of Object.entries(examples)) {
        cases.push({
          operationId,
          status: Number(status),
          example: name,
          body: (example as { value: unknown }).value,
        });
      }
    }
  }
  return cases;
}

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());

describe('the client reads every documented answer', () => {
  const cases = documentedCases();

  it('has examples for every operation', () => {
    expect(new Set(cases.map((c) => c.operationId))).toEqual(new Set(Object.keys(CALLS)));
  });

  it.each(cases.map((c) => [`${c.operationId} ${c.status} (${c.example})`, c] as const))(
    '%s',
    async (_name, c) => {
      server.handle(json(c.status, c.body, c.status === 429 ? { 'retry-after': '1' } : {}));
      const { client } = makeClient(server.url, { retry: { retries: 0 } });
      const call = CALLS[c.operationId]!(client);
      const message = (c.body as { message?: unknown } | null)?.message;
      const quirkNotFound = typeof message === 'string' && /not found/i.test(message) && c.status < 300;
      if (c.status < 300 && !quirkNotFound) {
        await expect(call).resolves.toBeDefined();
      } else {
        const error = await apiErrorOf(call);
        expect(error.kind).toBe(quirkNotFound ? 'not-found' : KIND_OF_STATUS[c.status]);
      }
    },
  );
});
