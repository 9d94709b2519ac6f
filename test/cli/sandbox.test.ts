// The built-in sandbox two ways: as the account of `jrs accounts add --sandbox`, where a file given as
// @file is uploaded as the form uploads it; and `jrs sandbox`, the service in the foreground until Ctrl-C.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { IDS, KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';
import { CapturedStream, cliWorld, jrs, records, withCore, type CliWorld } from './cli-harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let world: CliWorld;
beforeEach(() => {
  world = cliWorld({ sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50 })) });
});
afterEach(() => world.remove());

it('uploads an @file through the account’s storage and sends the form’s background settings', async () => {
  expect((await jrs(world, ['accounts', 'add', '--sandbox'])).code).toBe(EXIT.ok);
  await writeFile(join(world.dir, 'anna.png'), PNG);
  const result = await jrs(world, [
    'submit',
    'Spring promo',
    '--set',
    'headline=Olá',
    '--set',
    'photo=@anna.png',
    '--music',
    'https://example.com/music.mp3',
    '--volume',
    '30',
    '--wait',
    '--json',
  ]);
  expect(result.code).toBe(EXIT.ok);
  expect(result.stderr).toContain('Uploading anna.png…');
  const job = records(result, 'job').at(-1)!;
  expect(job).toMatchObject({ status: 'SUCCESS', projectId: IDS.video });
  const photo = (job['values'] as { photo: { image_url: string } }).photo.image_url;
  expect(photo).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  const input = await withCore(world, async (call) => {
    await call('accounts:snapshot');
    return (await call('jobs:get', { id: String(job['id']) })).input as Record<string, unknown>;
  });
  expect(input).toMatchObject({
    background_music: 'https://example.com/music.mp3',
    background_volume: 0.3,
    background_start: 0,
  });
  const notAnImage = await jrs(world, ['submit', 'Spring promo', '--set', 'photo=@anna.txt']);
  expect(notAnImage.code).toBe(EXIT.usage);
  expect(notAnImage.stderr.split('\n')[0]).toBe(`error: There is no file at ${join(world.dir, 'anna.txt')}.`);
});

it('runs the sandbox in the foreground, prints its address and keys, and stops on Ctrl-C', async () => {
  const seed = join(world.dir, 'seed.json');
  await writeFile(seed, JSON.stringify(makeTestSeed()));
  const stop = new AbortController();
  const stdout = new CapturedStream();
  const stderr = new CapturedStream();
  const running = jrs(world, ['sandbox', '--port', '0', '--seed', 'seed.json'], {
    signal: stop.signal,
    stdout,
    stderr,
  });
  // Fails at once, rather than waiting for ever, if the command ends before it prints its address.
  const ended = running.then((result) => new Error(`jrs sandbox ended (${result.code}): ${result.stderr}`));
  const first = await Promise.race([
    stdout.until(/Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)\n/),
    ended,
  ]);
  if (first instanceof Error) throw first;
  const url = first[1];
  await stdout.until(new RegExp(`API key of account 2: ${KEY_B}\n`));
  expect(stdout.text).toContain(`API key of account 1: ${KEY_A}`);
  expect(stderr.text).toContain(`export JRS_BASE_URL=${url} JRS_API_KEY=${KEY_A}`);
  const credits = await fetch(`${url}/auth/credits`, { headers: { 'x-api-key': KEY_A } });
  expect(await credits.json()).toEqual({ credits: 100 });
  stop.abort();
  const result = await running;
  expect(result.code).toBe(EXIT.ok);
  expect(result.stderr).toContain('Sandbox stopped.');
  await expect(fetch(`${url}/auth/credits`)).rejects.toThrow();
  const help = await jrs(world, ['sandbox', '--help']);
  expect(help.stdout).toMatch(/^Usage: jrs sandbox \[options\]/);
});
