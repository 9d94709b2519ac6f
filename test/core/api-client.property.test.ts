// Property-based tests: whatever the server answers (any status, bytes, JSON, quirky or mistyped
// bodies, garbage headers), the client returns a schema-valid value or throws an ApiError with a sentence.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../electron/core/api';
import type { ApiClient } from '../../electron/core/api';
import { parseRetryAfter } from '../../electron/core/api/retry-after';
import {
  createJobRequestSchema,
  jobSchema,
  mappingFieldsSchema,
  projectSchema,
} from '../../electron/shared/api/schemas';
import { JOB_ID, PROJECT_ID, bodies } from '../fixtures/api-bodies';
import { SENTENCE, makeClient } from '../fixtures/api-client-harness';
import { startScriptedServer } from '../fixtures/scripted-server';
import type { ScriptedServer } from '../fixtures/scripted-server';

const KEY = 'prop-key-Zq81xLw0';
const NUM_RUNS = 150;

interface Answer {
  status: number;
  body: string | Uint8Array;
  headers: Record<string, string>;
}

interface Operation {
  name: string;
  write: boolean;
  run: (client: ApiClient) => Promise<unknown>;
  /** A body the endpoint accepts, to truncate and mistype. */
  valid: unknown;
  /** Checks a resolved value. */
  check: (value: unknown) => void;
}

const OPERATIONS: Operation[] = [
  {
    name: 'getCredits',
    write: false,
    run: (c) => c.getCredits(),
    valid: bodies.credits,
    check: (v) => expect(Number.isFinite(v)).toBe(true),
  },
  {
    name: 'listActiveProjects',
    write: false,
    run: (c) => c.listActiveProjects(),
    valid: bodies.projects,
    check: (v) => z.array(projectSchema).parse(v),
  },
  {
    name: 'getMappingFields',
    write: false,
    run: (c) => c.getMappingFields(PROJECT_ID),
    valid: bodies.mappingFields,
    check: (v) => mappingFieldsSchema.parse(v),
  },
  {
    name: 'createJob',
    write: true,
    run: (c) => c.createJob({ job_type: 'video', template_id: PROJECT_ID }),
    valid: bodies.createJob,
    check: (v) => jobSchema.parse(v),
  },
  {
    name: 'getJob',
    write: false,
    run: (c) => c.getJob(JOB_ID),
    valid: bodies.job,
    // Whatever it answered, a record that comes through is of the job asked for.
    check: (v) => expect(jobSchema.parse(v).uuid).toBe(JOB_ID),
  },
  {
    name: 'updateJob',
    write: true,
    run: (c) => c.updateJob(JOB_ID, { job_status: 'SUCCESS', output: { credit_used: 1 } }),
    valid: bodies.job,
    // Whatever it answered, a record that comes through is of the job asked for.
    check: (v) => expect(jobSchema.parse(v).uuid).toBe(JOB_ID),
  },
  {
    name: 'triggerJobs',
    write: true,
    run: (c) => c.triggerJobs([JOB_ID]),
    valid: bodies.triggered,
    check: (v) => expect(typeof v).toBe('string'),
  },
  {
    name: 'createJobLegacy',
    write: true,
    run: (c) => c.createJobLegacy({}),
    valid: bodies.legacy,
    check: (v) => expect(typeof v).toBe('string'),
  },
  {
    name: 'getSignedUrl',
    write: false,
    run: (c) => c.getSignedUrl('a/b.mp4'),
    valid: bodies.signedUrl,
    check: (v) => expect(String(v)).toMatch(/^https?:\/\//),
  },
  {
    name: 'uploadSandboxAsset',
    write: true,
    run: (c) => c.uploadSandboxAsset(new Uint8Array([1, 2, 3]), 'a.png', 'image/png'),
    valid: { key: 'uploads/a/b/a.png', url: 'http://127.0.0.1:9/sandbox/files/a.png?sig=abc' },
    check: (v) => expect(z.object({ url: z.url({ protocol: /^https?$/ }) }).parse(v)).toBeDefined(),
  },
];

/** Every path to a value inside a JSON-like value, the root included. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const here = [prefix];
  if (Array.isArray(value))
    return here.concat(value.flatMap((item, index) => pathsOf(item, [...prefix, index])));
  if (typeof value === 'object' && value !== null) {
    return here.concat(Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key])));
  }
  return here;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const items: unknown[] = [...value];
    items[Number(head)] = replaceAt(items[Number(head)], rest, replacement);
    return items;
  }
  const record: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  record[String(head)] = replaceAt(record[String(head)], rest, replacement);
  return record;
}

const jsonText = (value: unknown): string => JSON.stringify(value) ?? '';

const statusArb = fc.oneof(
  fc.constantFrom(200, 201, 204, 400, 401, 403, 404, 409, 422, 429, 500, 502, 503),
  fc.integer({ min: 200, max: 599 }),
  fc.integer({ min: 600, max: 999 }),
);

const headerText = fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,38}[\x21-\x7e])?$/);
const retryAfterArb = fc.oneof(
  headerText,
  fc.integer({ min: -5, max: 100_000 }).map(String),
  fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()),
  fc.double({ noNaN: false }).map(String),
);
const headersArb = fc.record(
  {
    'retry-after': retryAfterArb,
    'content-type': fc.oneof(fc.constant('application/json'), headerText),
    'x-extra': headerText,
  },
  { requiredKeys: [] },
);

function bodyArb(operation: Operation): fc.Arbitrary<string | Uint8Array> {
  const valid = jsonText(operation.valid);
  return fc.oneof(
    fc.json(),
    fc.anything().map(jsonText),
    fc.uint8Array({ maxLength: 300 }),
    fc.nat({ max: valid.length }).map((end) => valid.slice(0, end)),
    fc
      .tuple(fc.constantFrom(...pathsOf(operation.valid)), fc.anything())
      .map(([path, replacement]) => jsonText(replaceAt(operation.valid, path, replacement))),
    fc
      .tuple(
        fc.constantFrom('message', 'error'),
        fc.constantFrom('Job not found', 'No job found', 'Path query parameter is required', 'Success'),
      )
      .map(([field, text]) => jsonText({ [field]: text })),
    fc.constant(valid),
  );
}

const answerArb = (operation: Operation): fc.Arbitrary<Answer> =>
  fc.record({ status: statusArb, body: bodyArb(operation), headers: headersArb });

let server: ScriptedServer;

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());

function expectGoodApiError(error: unknown): ApiError {
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  expect(apiError.message).toMatch(SENTENCE);
  expect(apiError.message).not.toContain(KEY);
  return apiError;
}

describe('whatever the server answers', () => {
  it.each(OPERATIONS.map((operation) => [operation.name, operation] as const))(
    '%s: a valid value or an ApiError with a sentence',
    async (_name, operation) => {
      await fc.assert(
        fc.asyncProperty(answerArb(operation), async (answer) => {
          await server.reset();
          server.handle((_request, res) => {
            try {
              res.writeHead(answer.status, answer.headers);
            } catch {
              res.writeHead(answer.status);
            }
            res.end(answer.body);
          });
          const { client, logs } = makeClient(server.url, {
            apiKey: KEY,
            timeoutMs: 2_000,
            retry: { retries: 2 },
          });
          let value: unknown;
          let failure: unknown;
          try {
            value = await operation.run(client);
          } catch (error) {
            failure = error;
          }
          if (failure === undefined) {
            expect(answer.status).toBeGreaterThanOrEqual(200);
            expect(answer.status).toBeLessThan(300);
            operation.check(value);
          } else {
            const error = expectGoodApiError(failure);
            if (answer.status === 401 || answer.status === 403) expect(error.kind).toBe('unauthorized');
            if (answer.status >= 500 && answer.status <= 599) expect(error.kind).toBe('server');
          }
          // Writes go again only after a 429 (or a 421, which the Fetch standard itself resends once on a
          // new connection: RFC 9110 says a misdirected request was not processed). Reads at most retries + 1.
          if (operation.write && answer.status !== 429) {
            expect(server.requests.length).toBe(answer.status === 421 ? 2 : 1);
          }
          expect(server.requests.length).toBeLessThanOrEqual(3);
          for (const line of logs) expect(line).not.toContain(KEY);
        }),
        { numRuns: NUM_RUNS },
      );
    },
  );
});

describe('whatever the caller passes', () => {
  it('createJob: a bad body is refused without sending; a valid one is sent', async () => {
    const field = fc.oneof(fc.anything(), fc.constantFrom('video', 'tts', 0, 0.5, 1, -1, 2, null));
    const bodyArbitrary = fc.record(
      {
        job_type: fc.oneof(fc.constantFrom('video', 'image', 'hologram'), fc.anything()),
        template_id: field,
        values: fc.oneof(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.anything())), fc.anything()),
        version: field,
        background_volume: field,
        background_start: field,
        background_music: field,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(bodyArbitrary, async (body) => {
        await server.reset();
        const reply = jsonText(bodies.createJob);
        server.handle((_request, res) => {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(reply);
        });
        const { client } = makeClient(server.url, { apiKey: KEY });
        const valid = createJobRequestSchema.safeParse(body).success;
        let failure: unknown;
        try {
          // @ts-expect-error -- arbitrary input, as an untyped caller might pass
          await client.createJob(body);
        } catch (error) {
          failure = error;
        }
        if (valid) {
          expect(failure).toBeUndefined();
          expect(server.requests).toHaveLength(1);
        } else {
          expect(expectGoodApiError(failure).kind).toBe('bad-request');
          expect(server.requests).toHaveLength(0);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('getJob: any id stays in one path segment, or is refused before sending', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme' }),
          fc.string({ unit: 'binary' }),
          // Dot segments are rare in random strings but are exactly what URL parsing rewrites.
          fc.constantFrom('.', '..', '...', '%2e%2e', '.%2E', './x', 'x/..'),
        ),
        async (id) => {
          await server.reset();
          // The record answered is the one asked for: the client refuses another job's record.
          server.handle((_request, res) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(jsonText({ ...bodies.job, uuid: id }));
          });
          const { client } = makeClient(server.url, { apiKey: KEY });
          try {
            await client.getJob(id);
          } catch (error) {
            expect(expectGoodApiError(error).kind).toBe('bad-request');
            expect(server.requests).toHaveLength(0);
            return;
          }
          const target = server.requests[0]?.url ?? '';
          const segment = target.slice('/jobs/'.length);
          expect(target.startsWith('/jobs/')).toBe(true);
          expect(segment).not.toMatch(/[/?#]/);
          expect(decodeURIComponent(segment)).toBe(id);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('Retry-After parsing', () => {
  it('never throws; yields undefined or a finite wait of 0 or more', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), retryAfterArb), (header) => {
        const parsed = parseRetryAfter(header);
        if (parsed !== undefined) {
          expect(Number.isFinite(parsed)).toBe(true);
          expect(parsed).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
