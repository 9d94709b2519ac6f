// Uploads from the command line on a real account (issue 17, item 1): a file given to an image field of an
// account without asset storage is refused in words with the way to set one up, and nothing is sent;
// `jrs accounts storage` sets up an S3-compatible bucket (the real sandbox, a real S3-protocol server), the
// secret read from stdin and never taken as an argument; the JRS_BASE_URL account takes JRS_S3_* instead.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { envAccountId } from '../../electron/cli/env-account';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { startS3Server, type S3Server } from '../fixtures/s3-server';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, records, type CliWorld } from './cli-harness';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SECRET = 'S3RVER';

let remote: RunningSandbox;
let s3: S3Server;
let world: CliWorld;
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
  s3 = await startS3Server();
  world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) } });
  const added = await jrs(world, ['accounts', 'add', '--name', 'Team', '--url', remote.url], {
    stdin: KEY_A,
  });
  expect(added.code).toBe(EXIT.ok);
  await writeFile(join(world.dir, 'photo.png'), PNG);
});
afterAll(async () => {
  world.remove();
  await s3.close();
  await remote.close();
});

const bucketArgs = () => [
  '--endpoint',
  s3.endpoint,
  '--bucket',
  'campaign-assets',
  '--access-key-id',
  'S3RVER',
  '--path-style',
  '--prefix',
  'jrs',
];

it('refuses a file for an account without asset storage, says how to set one up, and sends nothing', async () => {
  const result = await jrs(world, ['submit', IDS.image, '--set', 'headline=Hi', '--set', 'photo=@photo.png']);
  expect(result.code).toBe(EXIT.error);
  const [error, hint] = result.stderr.trim().split('\n').slice(-2);
  expect(error).toBe(
    'error: File uploads need asset storage, which is not configured for this account yet. Paste the public https address of the file instead.',
  );
  expect(hint).toBe(
    'Set up its storage: jrs accounts storage "Team" --endpoint URL --bucket NAME --access-key-id ID (the secret on stdin; see jrs accounts storage --help). Or give the field a web address (https://…) instead of @file.',
  );
  const jobs = await jrs(world, ['jobs', '--json']);
  expect(records(jobs, 'job')).toHaveLength(0);
});

it('says the same way out when a batch’s photos cannot be uploaded, and sends nothing', async () => {
  await writeFile(join(world.dir, 'rows.csv'), 'headline,photo\nHi,photo.png\n');
  const result = await jrs(world, ['batch', IDS.image, '--sheet', 'rows.csv', '--assets', '.'], {
    stdin: 'n\n',
  });
  expect(result.stderr).toContain('File uploads need asset storage');
  expect(result.stderr).toContain('Set up its storage: jrs accounts storage "Team" --endpoint URL');
  const jobs = await jrs(world, ['jobs', '--json']);
  expect(records(jobs, 'job')).toHaveLength(0);
});

it('never takes the secret as an argument, and asks for it when none is piped in', async () => {
  const argv = await jrs(world, ['accounts', 'storage', 'Team', ...bucketArgs(), '--secret', SECRET]);
  expect(argv.code).toBe(EXIT.usage);
  expect(argv.stderr).toContain(
    'error: The secret access key is never taken as an argument: other users of this computer can read a command line (ps).',
  );
  expect(argv.stderr).toContain('printf %s "$S3_SECRET" | jrs accounts storage "Team"');
  const none = await jrs(world, ['accounts', 'storage', 'Team', ...bucketArgs()], { stdin: '' });
  expect(none.code).toBe(EXIT.usage);
  expect(none.stderr).toContain('error: No S3 secret access key was given.');
  const missing = await jrs(world, ['accounts', 'storage', 'Team', '--endpoint', s3.endpoint], {
    stdin: SECRET,
  });
  expect(missing.code).toBe(EXIT.usage);
  expect(missing.stderr).toContain('--bucket: A bucket name has 3–63 lower-case letters');
  expect(missing.stderr).toContain('--access-key-id: Write the access key id.');
  const shown = await jrs(world, ['accounts', 'storage', 'Team']);
  expect(shown.stdout).toContain('Asset storage of “Team”: The account’s own storage');
});

it('tests a bucket before saving it: a wrong one is said and nothing is saved', async () => {
  const wrong = await jrs(
    world,
    [
      'accounts',
      'storage',
      'Team',
      ...bucketArgs().map((arg) => (arg === 'campaign-assets' ? 'no-such-bucket' : arg)),
    ],
    { stdin: SECRET },
  );
  expect(wrong.code).toBe(EXIT.error);
  expect(wrong.stderr).toContain(`The bucket “no-such-bucket” does not exist at ${s3.endpoint}.`);
  expect(wrong.stderr).toContain('Nothing was saved.');
  const shown = await jrs(world, ['accounts', 'storage', 'Team', '--json']);
  expect(records(shown, 'storage')[0]).toMatchObject({ settings: { provider: 'default' } });
});

it('sets up a bucket with the secret from stdin; then a file goes into it', async () => {
  const saved = await jrs(world, ['accounts', 'storage', 'Team', ...bucketArgs()], { stdin: `${SECRET}\n` });
  expect(saved.code).toBe(EXIT.ok);
  expect(saved.stderr).toContain('Wrote, read back and deleted a test object in “campaign-assets”');
  expect(saved.stdout).toContain('Saved the asset storage of “Team”: An S3-compatible bucket:');
  expect(saved.stdout).toMatch(/secret\s+in the keychain, ends in RVER/);

  const sent = await jrs(world, [
    'submit',
    IDS.image,
    '--set',
    'headline=Hi',
    '--set',
    'photo=@photo.png',
    '--json',
  ]);
  expect(sent.code).toBe(EXIT.ok);
  const [job] = records(sent, 'job');
  const url = (job?.['values'] as { photo: { image_url: string } }).photo.image_url;
  expect(url.startsWith(`${s3.endpoint}/campaign-assets/jrs/`)).toBe(true);
  // The link is a real one: the bucket answers it with the file's bytes.
  expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(PNG)).toBe(true);

  // Back to web addresses only: a file is refused again, with the same way out.
  const urls = await jrs(world, ['accounts', 'storage', 'Team', '--urls-only']);
  expect(urls.code).toBe(EXIT.ok);
  const refused = await jrs(world, ['submit', IDS.image, '--set', 'photo=@photo.png']);
  expect(refused.code).toBe(EXIT.error);
  expect(refused.stderr).toContain('This account is set to take web addresses only');
  expect(refused.stderr).toContain('jrs accounts storage "Team" --endpoint URL');
});

it('gives the JRS_BASE_URL account a bucket through JRS_S3_* for the run', async () => {
  const env = { JRS_BASE_URL: remote.url, JRS_API_KEY: KEY_A };
  const without = await jrs(world, ['submit', IDS.image, '--set', 'photo=@photo.png'], { env });
  expect(without.code).toBe(EXIT.error);
  expect(without.stderr).toContain(
    'For the JRS_BASE_URL account: Set JRS_S3_ENDPOINT, JRS_S3_BUCKET, JRS_S3_ACCESS_KEY_ID, JRS_S3_SECRET_ACCESS_KEY (and JRS_S3_REGION, default us-east-1; JRS_S3_PATH_STYLE=1 for MinIO and most self-hosted servers).',
  );

  const partial = await jrs(world, ['submit', IDS.image, '--set', 'photo=@photo.png'], {
    env: { ...env, JRS_S3_BUCKET: 'campaign-assets' },
  });
  expect(partial.code).toBe(EXIT.usage);
  expect(partial.stderr).toContain(
    'error: JRS_S3_ENDPOINT, JRS_S3_ACCESS_KEY_ID, JRS_S3_SECRET_ACCESS_KEY are not set, but other JRS_S3_* variables are.',
  );

  const s3Env = {
    ...env,
    JRS_S3_ENDPOINT: s3.endpoint,
    JRS_S3_BUCKET: 'campaign-assets',
    JRS_S3_ACCESS_KEY_ID: 'S3RVER',
    JRS_S3_SECRET_ACCESS_KEY: SECRET,
    JRS_S3_PATH_STYLE: '1',
    JRS_S3_PREFIX: 'ci',
  };
  const sent = await jrs(world, ['submit', IDS.image, '--set', 'photo=@photo.png', '--json'], { env: s3Env });
  expect(sent.code).toBe(EXIT.ok);
  const [job] = records(sent, 'job');
  const url = (job?.['values'] as { photo: { image_url: string } }).photo.image_url;
  expect(url.startsWith(`${s3.endpoint}/campaign-assets/ci/`)).toBe(true);
  expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(PNG)).toBe(true);
  // Its secret stayed in the run's memory: no keychain entry for it, and never said.
  const id = envAccountId(remote.url.replace(/\/+$/, ''), KEY_A);
  expect(await world.secrets.get(`${id}:s3-secret`)).toBeNull();
  expect(sent.stderr).not.toContain(SECRET);

  const stray = await jrs(world, ['projects'], { env: { JRS_S3_BUCKET: 'campaign-assets' } });
  expect(stray.stderr).toContain('The JRS_S3_* variables are for the JRS_BASE_URL account only');
});
