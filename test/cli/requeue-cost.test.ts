// `jrs requeue` spends credits: it says what the requeue will cost (the project's learned cost) against the
// balance and asks, as the app does; "no" (or no answer) requeues nothing, "y" or --yes requeues.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { call } from '../fixtures/sandbox-http';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, records, type CliWorld } from './cli-harness';

let remote: RunningSandbox;
let world: CliWorld;
let uuid = '';
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
  world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) } });
  const added = await jrs(world, ['accounts', 'add', '--name', 'Team', '--url', remote.url], {
    stdin: KEY_A,
  });
  expect(added.code).toBe(EXIT.ok);
  const submitted = await jrs(world, [
    'submit',
    IDS.image,
    '--set',
    'headline=Hello Porto',
    '--set',
    'Photo=https://example.com/a.png',
    '--wait',
    '--json',
  ]);
  expect(submitted.code).toBe(EXIT.ok);
  uuid = String(records(submitted, 'job').at(-1)!['uuid']);
});
afterAll(async () => {
  world.remove();
  await remote.close();
});

/** The job's record on the service: a requeue changes its updated_at. */
async function serviceRecord(): Promise<{ updated_at: string }> {
  const answer = await call(remote, 'GET', `/jobs/${uuid}`, { key: KEY_A });
  return (answer.body as { job?: { updated_at: string } }).job ?? (answer.body as { updated_at: string });
}

it('says the cost against the balance and asks; without a yes nothing is requeued', async () => {
  const before = await serviceRecord();
  const balance = (await call(remote, 'GET', '/auth/credits', { key: KEY_A })).body as { credits: number };
  const refused = await jrs(world, ['requeue', uuid.slice(0, 8)], { stdin: 'n\n' });
  expect(refused.code).toBe(EXIT.error);
  expect(refused.stderr).toContain(`About 2 credits; your balance is ${balance.credits} credits.`);
  expect(refused.stderr).toContain('Requeue 1 job? [y/N]');
  expect(refused.stderr).toContain('Nothing was requeued');
  expect(refused.stdout).not.toContain('Requeued');
  expect((await serviceRecord()).updated_at).toBe(before.updated_at);

  const piped = await jrs(world, ['requeue', uuid.slice(0, 8), '--json']);
  expect(piped.code).toBe(EXIT.error);
  expect(piped.stderr).toContain('add --yes to requeue without a question');
  expect(piped.json).toEqual([]);
});

it('requeues after a yes, or with --yes without asking', async () => {
  const answered = await jrs(world, ['requeue', uuid.slice(0, 8)], { stdin: 'y\n' });
  expect(answered.code).toBe(EXIT.ok);
  expect(answered.stdout).toContain(`Requeued 1 job: ${uuid.slice(0, 8)}.`);
  const yes = await jrs(world, ['requeue', uuid.slice(0, 8), '--yes', '--json']);
  expect(yes.code).toBe(EXIT.ok);
  expect(yes.stderr).toMatch(/About 2 credits|not known yet/);
  expect(yes.stderr).not.toContain('[y/N]');
  expect(records(yes, 'requeue')).toHaveLength(1);
});
