// Property: whatever a client sends, the sandbox answers a 2xx/4xx with a JSON body, never a 5xx or a hang.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 60_000 }) });
});
afterAll(() => sandbox.close());

const paths = fc.constantFrom(
  '/auth/credits',
  '/api/provider/projects/active',
  `/api/provider/projects/${IDS.video}/mapping-fields`,
  '/jobs/v2',
  '/jobs/trigger-job',
  '/jobs',
  `/jobs/${IDS.video}`,
  '/storage/generate-signed-path',
);
const hostileSegment = fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text));
const jsonish = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.string({ maxLength: 200 }),
  fc
    .jsonValue({ maxDepth: 3 })
    .map((value) => JSON.stringify({ job_type: 'video', template_id: IDS.video, values: value })),
  fc
    .record(
      {
        job_type: fc.oneof(fc.constantFrom('video', 'ai_talking_video', 'pdf', 'x'), fc.anything()),
        template_id: fc.oneof(fc.constant(IDS.video), fc.anything()),
        project_id: fc.anything(),
        values: fc.anything(),
        background_volume: fc.oneof(fc.double(), fc.anything()),
        background_start: fc.oneof(fc.double(), fc.anything()),
        ids: fc.anything(),
        job_status: fc.anything(),
        output: fc.anything(),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value) ?? 'null'),
);

describe('malformed requests to the sandbox', () => {
  it('never produce a 5xx, and every error has a JSON message', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.oneof(
          paths,
          hostileSegment.map((segment) => `/jobs/${segment}`),
          hostileSegment.map((s) => `/${s}`),
        ),
        fc.option(jsonish, { nil: undefined }),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-8',
        ),
        fc.option(fc.string({ maxLength: 60 }).map(encodeURIComponent), { nil: undefined }),
        async (method, path, body, contentType, query) => {
          const url = `${sandbox.url}${path}${query === undefined ? '' : `?path=${query}`}`;
          const hasBody = body !== undefined && method !== 'GET';
          const response = await fetch(url, {
            method,
            headers: { 'x-api-key': KEY_A, ...(hasBody ? { 'content-type': contentType } : {}) },
            body: hasBody ? body : undefined,
          });
          const text = await response.text();
          expect(response.status, `${method} ${path} ${body} → ${text}`).toBeLessThan(500);
          if (response.status >= 400) {
            const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
            expect(typeof (parsed.message ?? parsed.error)).toBe('string');
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
