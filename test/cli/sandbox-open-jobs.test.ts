// Jobs left open on the built-in sandbox: it runs inside jrs only while a command runs, so a job submitted
// without --wait does not move between runs. `jrs jobs` says so and how to go on; `jrs jobs --wait` lets
// the sandbox finish them (it simulates by time, so a job whose time is up finishes at once) and lists them.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, records, type CliWorld } from './cli-harness';

let world: CliWorld;
beforeEach(async () => {
  // "Slow render" takes an hour: its job is surely still open in the next run.
  world = cliWorld({ sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50, slowMs: 3_600_000 })) });
  expect((await jrs(world, ['accounts', 'add', '--sandbox'])).code).toBe(EXIT.ok);
});
afterEach(() => world.remove());

const submit = async (project: string) => {
  const result = await jrs(world, ['submit', project, '--set', 'headline=Hello', '--json']);
  expect(result.code).toBe(EXIT.ok);
  const uuid = String(records(result, 'job').at(-1)!['uuid']);
  // Said at once, where the person would otherwise expect the job to go on by itself.
  expect(result.stderr).toContain(
    `The built-in sandbox works only while a jrs command runs: let this job finish with "jrs jobs --wait" (or "jrs track ${uuid}").\n`,
  );
  return uuid;
};

it('says why jobs on the built-in sandbox do not move between runs, and how to let them finish', async () => {
  const uuid = await submit('Slow render');
  const listed = await jrs(world, ['jobs']);
  expect(listed.code).toBe(EXIT.ok);
  expect(listed.stdout).toMatch(
    new RegExp(`^${uuid.slice(0, 8)}\\s+(Queued|Started|In progress)\\s+Slow render`, 'm'),
  );
  expect(listed.stderr).toContain(
    '1 job on the built-in sandbox is not finished: the sandbox works only while a jrs command runs.\n' +
      `Run "jrs jobs --wait" to let it finish (or "jrs track ${uuid}" for one job).\n`,
  );
  // Not with --json's records mixed in, and not where nothing is open.
  const json = await jrs(world, ['jobs', '--json']);
  expect(json.stderr).toContain('1 job on the built-in sandbox is not finished');
  expect(records(json, 'job')).toHaveLength(1);
});

it('lets the sandbox finish the open jobs with --wait, then lists them, and says nothing more', async () => {
  const first = await submit('Spring promo');
  const second = await submit('Spring promo');
  const waited = await jrs(world, ['jobs', '--wait']);
  expect(waited.code).toBe(EXIT.ok);
  expect(waited.stderr).toContain('Waiting for 2 jobs on the built-in sandbox to finish…');
  for (const uuid of [first, second])
    expect(waited.stdout).toMatch(new RegExp(`^${uuid.slice(0, 8)}\\s+Succeeded`, 'm'));
  expect(waited.stderr).not.toContain('not finished');
  const again = await jrs(world, ['jobs']);
  expect(again.stderr).not.toContain('built-in sandbox');
});

it('says nothing of the kind where the app holds the history: its own sandbox moves the jobs', async () => {
  const uuid = await submit('Slow render');
  // "The app": the same history and keychain opened first, holding the lease (and running the sandbox).
  const app = await createAppCore({
    dataDir: world.dataDir,
    downloadsDir: world.downloadsDir,
    secrets: world.secrets,
    sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50, slowMs: 3_600_000 })),
  });
  try {
    expect(app.isHistoryOwner()).toBe(true);
    const listed = await jrs(world, ['jobs']);
    expect(listed.stdout).toContain(uuid.slice(0, 8));
    expect(listed.stderr).not.toContain('built-in sandbox');
  } finally {
    await app.dispose();
  }
});
