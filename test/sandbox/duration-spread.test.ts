// simulate.durationSpread: each run's duration is drawn log-normal with mean durationMs and that
// coefficient of variation, from the sandbox's injectable random source, so no test waits on wall time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startSandbox } from '../../electron/sandbox';
import { AccountStore } from '../../electron/sandbox/account-store';
import { openSandboxDb } from '../../electron/sandbox/db';
import { JobStore } from '../../electron/sandbox/job-store';
import { drawDurationMs } from '../../electron/sandbox/run-duration';
import { sandboxSeedSchema, type SandboxSeedInput, type simulateSchema } from '../../electron/sandbox/seed';
import { call } from '../fixtures/sandbox-http';
import { KEY_A } from '../fixtures/test-seed';
import { meanAndCv, seededRandom } from './seeded-random';

const PROJECT = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const seedWith = (simulate: z.input<typeof simulateSchema>): SandboxSeedInput => ({
  accounts: [
    {
      apiKey: KEY_A,
      credits: 100,
      projects: [{ projectId: PROJECT, projectName: 'Spread', projectType: 'pdf', fields: {}, simulate }],
    },
  ],
});

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'jrs-spread-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('drawDurationMs', () => {
  it('is the fixed duration at spread 0, without drawing', () => {
    const random = () => {
      throw new Error('a spread of 0 must not draw');
    };
    expect(drawDurationMs({ durationMs: 4000, durationSpread: 0 }, random)).toBe(4000);
  });

  it('has mean durationMs and the given coefficient of variation', () => {
    const random = seededRandom(42);
    const durations = Array.from({ length: 20_000 }, () =>
      drawDurationMs({ durationMs: 4000, durationSpread: 0.3 }, random),
    );
    const { mean, cv } = meanAndCv(durations);
    expect(mean).toBeGreaterThan(4000 * 0.97);
    expect(mean).toBeLessThan(4000 * 1.03);
    expect(cv).toBeGreaterThan(0.27);
    expect(cv).toBeLessThan(0.33);
    expect(durations.every((ms) => Number.isInteger(ms) && ms > 0)).toBe(true);
    // Log-normal: skewed right, so the median is below the mean.
    const sorted = [...durations].sort((a, b) => a - b);
    expect(sorted[sorted.length / 2]).toBeLessThan(mean);
  });

  it('never draws past the longest duration a seed may ask for', () => {
    const random = seededRandom(7);
    for (let index = 0; index < 2000; index += 1) {
      expect(drawDurationMs({ durationMs: 3_000_000, durationSpread: 3 }, random)).toBeLessThanOrEqual(
        3_600_000,
      );
    }
  });

  it('survives a random source that returns 0', () => {
    expect(Number.isFinite(drawDurationMs({ durationMs: 1000, durationSpread: 0.5 }, () => 0))).toBe(true);
  });
});

describe('the seed', () => {
  it('defaults durationSpread to 0 and refuses negative or absurd spreads', () => {
    const parsed = sandboxSeedSchema.parse(seedWith({ durationMs: 1000 }));
    expect(parsed.accounts[0]!.projects[0]!.simulate).toMatchObject({ durationSpread: 0 });
    expect(sandboxSeedSchema.safeParse(seedWith({ durationSpread: -0.1 })).success).toBe(false);
    expect(sandboxSeedSchema.safeParse(seedWith({ durationSpread: 100 })).success).toBe(false);
  });
});

describe('runs of a project with a spread', () => {
  it('each get their own duration, at creation and at requeue', () => {
    const db = openSandboxDb(null);
    try {
      const accounts = new AccountStore(db);
      accounts.applySeed(sandboxSeedSchema.parse(seedWith({ durationMs: 4000, durationSpread: 0.3 })));
      const jobs = new JobStore(db, accounts, () => 0, seededRandom(1));
      const account = accounts.byApiKey(KEY_A)!;
      const simulation = accounts.project(account.id, PROJECT)!.simulation;
      const created = Array.from({ length: 2000 }, () =>
        jobs.create({
          accountId: account.id,
          templateId: PROJECT,
          jobType: 'pdf',
          input: {},
          values: {},
          simulation,
        }),
      );
      const durations = jobs.dueRuns(0, 5000).map((run) => run.durationMs);
      expect(durations).toHaveLength(2000);
      const { mean, cv } = meanAndCv(durations);
      expect(mean).toBeGreaterThan(4000 * 0.95);
      expect(mean).toBeLessThan(4000 * 1.05);
      expect(cv).toBeGreaterThan(0.26);
      expect(cv).toBeLessThan(0.34);

      const first = created[0]!.uuid;
      const before = jobs.dueRuns(0, 5000).find((run) => run.uuid === first)!.durationMs;
      jobs.requeue(account.id, first, simulation);
      const after = jobs.dueRuns(0, 5000).find((run) => run.uuid === first)!.durationMs;
      expect(after).not.toBe(before);
    } finally {
      db.close();
    }
  });

  it('draws from the random source given to startSandbox', async () => {
    const dataDir = join(scratch, 'sandbox');
    const sandbox = await startSandbox({
      seed: seedWith({ durationMs: 600_000, durationSpread: 0.3 }),
      dataDir,
      random: seededRandom(3),
    });
    try {
      for (let index = 0; index < 5; index += 1) {
        const response = await call(sandbox, 'POST', '/jobs/v2', {
          key: KEY_A,
          body: { template_id: PROJECT, job_type: 'pdf' },
        });
        expect(response.status).toBe(201);
      }
    } finally {
      await sandbox.close();
    }
    const db = new Database(join(dataDir, 'sandbox.sqlite'), { readonly: true });
    try {
      const stored = db
        .prepare<[], { ms: number }>('SELECT run_duration_ms AS ms FROM jobs ORDER BY rowid')
        .all()
        .map((row) => row.ms);
      const expected = seededRandom(3);
      expect(stored).toEqual(
        stored.map(() => drawDurationMs({ durationMs: 600_000, durationSpread: 0.3 }, expected)),
      );
      expect(new Set(stored).size).toBe(stored.length);
    } finally {
      db.close();
    }
  });
});
