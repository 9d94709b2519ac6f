// Bodies that are valid JSON but hostile: nesting deep enough to break recursive code, and charges large
// enough to push the balance to -Infinity. Each is a clear 400, and the balance stays a finite number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { AccountStore } from '../../electron/sandbox/account-store';
import { openSandboxDb } from '../../electron/sandbox/db';
import { sandboxSeedSchema } from '../../electron/sandbox/seed';
import { call } from '../fixtures/sandbox-http';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

let sandbox: RunningSandbox;
let jobId: string;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 60_000 }) });
  const created = await call(sandbox, 'POST', '/jobs/v2', {
    key: KEY_A,
    body: { template_id: IDS.pdf, job_type: 'pdf' },
  });
  jobId = (created.body as { job: { uuid: string } }).job.uuid;
});
afterAll(() => sandbox.close());

/** JSON text of `levels` nested arrays (or objects), built as text so the test itself never recurses. */
function nested(levels: number, kind: 'array' | 'object' = 'array'): string {
  return kind === 'array'
    ? `${'['.repeat(levels)}1${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

describe('deeply nested JSON', () => {
  it.each([
    ['an extra field of POST /jobs/v2', 'POST', '/jobs/v2', 'array'],
    ['an extra object field of POST /jobs/v2', 'POST', '/jobs/v2', 'object'],
    ['the output of PUT /jobs/:id', 'PUT', '/jobs/JOB', 'array'],
    ['an object in the output of PUT /jobs/:id', 'PUT', '/jobs/JOB', 'object'],
  ] as const)(
    'in %s is a 400 that says the body is nested too deeply',
    async (_label, method, path, kind) => {
      const deep = nested(5000, kind);
      const rawBody =
        method === 'POST'
          ? `{"template_id":"${IDS.pdf}","job_type":"pdf","extra":${deep}}`
          : `{"job_status":"SUCCESS","output":{"detail":${deep}}}`;
      const before = sandbox.inspect.jobCount();
      const response = await call(sandbox, method, path.replace('JOB', jobId), { key: KEY_A, rawBody });
      expect(response.status, response.text).toBe(400);
      expect((response.body as { message: string }).message).toMatch(/nested more than 64 levels deep/);
      expect(sandbox.inspect.jobCount()).toBe(before);
    },
  );

  it('is accepted up to 64 levels, counting the body itself', async () => {
    // The body is level 1 and the extra field's array is level 2, so 63 arrays make 64 levels.
    const fits = `{"template_id":"${IDS.pdf}","job_type":"pdf","extra":${nested(63)}}`;
    expect((await call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, rawBody: fits })).status).toBe(201);
    const over = `{"template_id":"${IDS.pdf}","job_type":"pdf","extra":${nested(64)}}`;
    expect((await call(sandbox, 'POST', '/jobs/v2', { key: KEY_A, rawBody: over })).status).toBe(400);
  });
});

describe('absurd credit charges', () => {
  it('refuses output.credit_used of 1e308, so two updates cannot make the balance -Infinity', async () => {
    const before = sandbox.inspect.credits(KEY_A);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await call(sandbox, 'PUT', `/jobs/${jobId}`, {
        key: KEY_A,
        rawBody: '{"job_status":"SUCCESS","output":{"credit_used":1e308}}',
      });
      expect(response.status, response.text).toBe(400);
      expect((response.body as { message: string }).message).toMatch(/credit_used must be at most 1000000/);
    }
    expect(sandbox.inspect.credits(KEY_A)).toBe(before);
    expect((await call(sandbox, 'GET', '/auth/credits', { key: KEY_A })).body).toEqual({ credits: before });
  });

  it.each([
    ['1000001', 400],
    ['1e400', 400],
    ['1000000', 200],
  ])('answers output.credit_used %s with %i', async (amount, status) => {
    const response = await call(sandbox, 'PUT', `/jobs/${jobId}`, {
      key: KEY_A,
      rawBody: `{"output":{"credit_used":${amount}}}`,
    });
    expect(response.status, response.text).toBe(status);
    const credits = (await call(sandbox, 'GET', '/auth/credits', { key: KEY_A })).body as {
      credits: unknown;
    };
    expect(Number.isFinite(credits.credits)).toBe(true);
  });

  it('refuses a seed whose simulated cost or balance is absurd', () => {
    const seed = makeTestSeed();
    const account = seed.accounts[0]!;
    const withCost = (creditCost: number) => ({
      accounts: [{ ...account, projects: [{ ...account.projects![0]!, simulate: { creditCost } }] }],
    });
    expect(sandboxSeedSchema.safeParse(withCost(1e308)).success).toBe(false);
    expect(sandboxSeedSchema.safeParse(withCost(1_000_000)).success).toBe(true);
    expect(sandboxSeedSchema.safeParse({ accounts: [{ ...account, credits: 1e308 }] }).success).toBe(false);
  });
});

describe('the stored balance', () => {
  it('stays finite whatever is subtracted', () => {
    const db = openSandboxDb(null);
    try {
      const accounts = new AccountStore(db);
      accounts.applySeed(sandboxSeedSchema.parse({ accounts: [{ apiKey: KEY_A, credits: 0 }] }));
      const id = accounts.byApiKey(KEY_A)!.id;
      for (const amount of [Number.MAX_VALUE, Number.MAX_VALUE, Number.MAX_VALUE]) {
        accounts.subtractCredits(id, amount);
      }
      expect(Number.isFinite(accounts.credits(id))).toBe(true);
      accounts.subtractCredits(id, -Number.MAX_VALUE);
      accounts.subtractCredits(id, -Number.MAX_VALUE);
      accounts.subtractCredits(id, -Number.MAX_VALUE);
      expect(Number.isFinite(accounts.credits(id))).toBe(true);
    } finally {
      db.close();
    }
  });

  it('is repaired when a data folder from before this check holds -Infinity', () => {
    const db = openSandboxDb(null);
    try {
      const accounts = new AccountStore(db);
      const seed = sandboxSeedSchema.parse({ accounts: [{ apiKey: KEY_A, credits: 10 }] });
      accounts.applySeed(seed);
      db.prepare('UPDATE accounts SET credits = ?').run(Number.NEGATIVE_INFINITY);
      accounts.applySeed(seed);
      expect(accounts.credits(accounts.byApiKey(KEY_A)!.id)).toBe(-Number.MAX_VALUE);
    } finally {
      db.close();
    }
  });
});
