// `jrs batch` in-process against the real sandbox, on a JRS_BASE_URL account: a sheet's problems and cost
// said before anything is sent, its rows sent, waited for and saved under the naming template (byte-
// identical); the same command again goes on with the same batch and sends nothing twice, --new makes
// another; the confirmation; failed rows (exit 4); Ctrl-C (exit 130) and the run after it; a folder of
// photos uploaded through the built-in sandbox account.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { envAccountId } from '../../electron/cli/env-account';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { storedBytes } from '../fixtures/sandbox-outputs';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { CapturedStream, cliWorld, jrs, records, type CliWorld } from './cli-harness';

let remote: RunningSandbox;
let world: CliWorld;
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50, slowMs: 1500 }) });
});
afterAll(() => remote.close());
beforeEach(async () => {
  world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) } });
  world.env['JRS_BASE_URL'] = remote.url;
  world.env['JRS_API_KEY'] = KEY_A;
});
afterEach(() => {
  // Whatever happened, the run's account was never written down.
  const accounts = join(world.dataDir, 'accounts.json');
  if (existsSync(accounts))
    expect(readFileSync(accounts, 'utf8')).not.toContain(envAccountId(remote.url, KEY_A));
  world.remove();
});

const sheet = async (name: string, text: string) => writeFile(join(world.dir, name), text);
const jobsOnSandbox = () => remote.inspect.jobCount(KEY_A);

it('sends a sheet’s good rows, saves their files by the template, and goes on with the same batch when run again', async () => {
  await sheet(
    'people.csv',
    'Name,Title,Photo\nAna,Olá,https://example.com/a.png\nBen,Hi,http://example.com/b.png\nCy,Hey,\n',
  );
  const argv = ['batch', IDS.image, '--sheet', 'people.csv', '--map', 'Title=headline', '--download', 'out'];
  const before = jobsOnSandbox();
  const first = await jrs(world, [...argv, '--name', '{row.name}.{ext}', '--yes', '--json']);
  expect(first.code).toBe(EXIT.ok);

  const [preview] = records(first, 'preview');
  expect(preview).toMatchObject({ file: 'people.csv', rows: 3, ready: 2, toSend: 2, errors: 1 });
  expect(preview!['issues']).toContainEqual(
    expect.objectContaining({ row: 1, field: 'photo', level: 'error', code: 'bad-url' }),
  );
  const [batch] = records(first, 'batch');
  expect(batch).toEqual({
    type: 'batch',
    id: expect.any(String),
    name: 'people.csv',
    rows: 2,
    resumed: false,
  });
  // One `row` object per row, as each settles (in any order).
  const rows = records(first, 'row').sort((a, b) => Number(a['row']) - Number(b['row']));
  expect(rows.map((row) => [row['row'], row['status']])).toEqual([
    [0, 'SUCCESS'],
    [2, 'SUCCESS'],
  ]);
  const files = records(first, 'download');
  expect(files.map((file) => file['path']).sort()).toEqual([
    join(world.dir, 'out', 'Ana.png'),
    join(world.dir, 'out', 'Cy.png'),
  ]);
  for (const file of files) {
    const row = rows.find((candidate) => candidate['jobId'] === file['jobId'])!;
    expect(
      readFileSync(String(file['path'])).equals(await storedBytes(remote, String(row['outputPath']))),
    ).toBe(true);
  }
  const summary = { type: 'summary', batchId: batch!['id'], rows: 2, submitted: 2, succeeded: 2 };
  expect(first.json.at(-1)).toEqual({
    ...summary,
    failed: 0,
    lost: 0,
    unknown: 0,
    refused: 0,
    downloaded: 2,
  });
  expect(jobsOnSandbox()).toBe(before + 2);

  // The same sheet again: the same batch, nothing sent, nothing asked (no --yes, nothing on stdin).
  const again = await jrs(world, [...argv, '--json']);
  expect(again.code).toBe(EXIT.ok);
  expect(records(again, 'batch')).toEqual([{ ...batch, resumed: true }]);
  expect(again.json.at(-1)).toMatchObject({ ...summary, downloaded: 2 });
  expect(again.stderr).toContain('Going on with batch “people.csv”');
  expect(jobsOnSandbox()).toBe(before + 2);

  const another = await jrs(world, [...argv, '--new', '--yes', '--json']);
  expect(records(another, 'batch')[0]).toMatchObject({ resumed: false, rows: 2 });
  expect(records(another, 'batch')[0]!['id']).not.toBe(batch!['id']);
  expect(jobsOnSandbox()).toBe(before + 4);
});

it('asks before spending credits, and sends only the first rows when told', async () => {
  await sheet('short.csv', 'Headline\nOne\nTwo\nThree\n');
  const argv = ['batch', IDS.image, '--sheet', 'short.csv'];
  const before = jobsOnSandbox();
  for (const answer of ['n\n', '']) {
    const declined = await jrs(world, argv, { stdin: answer });
    expect(declined.code).toBe(EXIT.error);
    expect(declined.stderr).toContain('Submit 3 jobs');
    expect(declined.stderr).toContain('Nothing was submitted (add --yes to submit without a question).');
  }
  expect(jobsOnSandbox()).toBe(before);
  // For people: the preview on stderr, the outcome on stdout.
  const accepted = await jrs(world, [...argv, '--first', '2'], { stdin: 'y\n' });
  expect(accepted.code).toBe(EXIT.ok);
  expect(accepted.stderr).toMatch(/short\.csv → 22222222-[\w-]+: 3 rows, 3 ready\./);
  expect(accepted.stderr).toContain('Submit 2 jobs');
  expect(accepted.stdout).toBe('Batch “short.csv”: 2 rows, 2 succeeded.\n');
  expect(jobsOnSandbox()).toBe(before + 2);
});

it('exits 4 when rows fail, with how to send them again', async () => {
  await sheet('fail.csv', 'Headline\nA\nB\n');
  const result = await jrs(world, ['batch', 'Always fails', '--sheet', 'fail.csv', '--yes', '--json']);
  expect(result.code).toBe(EXIT.jobsFailed);
  expect(result.json.at(-1)).toMatchObject({
    type: 'summary',
    rows: 2,
    submitted: 2,
    succeeded: 0,
    failed: 2,
  });
  expect(result.stderr).toMatch(/Run the failed rows again with: jrs requeue [0-9a-f]{8} [0-9a-f]{8}/);
});

it('says why no row is ready: a sheet naming files without --assets', async () => {
  await sheet('named.csv', 'Headline,Photo\nA,anna.png\n');
  const result = await jrs(world, ['batch', IDS.image, '--sheet', 'named.csv', '--yes']);
  expect(result.code).toBe(EXIT.usage);
  expect(result.stderr).toContain(
    'error: No row is ready to submit.\nThe sheet names files: give their folder with --assets DIR.',
  );
});

it('stops cleanly on Ctrl-C (exit 130), and the same command then finishes the same batch', async () => {
  await sheet('slow.csv', 'Headline\nOne\nTwo\nThree\nFour\nFive\nSix\n');
  const argv = ['batch', 'Slow render', '--sheet', 'slow.csv', '--yes', '--json'];
  const before = jobsOnSandbox();
  const stop = new AbortController();
  const stdout = new CapturedStream();
  const running = jrs(world, argv, { signal: stop.signal, stdout });
  await stdout.until(/"type":"batch"/);
  stop.abort();
  const stopped = await running;
  expect(stopped.code).toBe(EXIT.interrupted);
  expect(stopped.stderr).toContain(
    'Stopped. Run the same command again to go on with batch “slow.csv”: rows already sent are not sent again.',
  );
  expect(records(stopped, 'error')).toEqual([
    { type: 'error', kind: 'interrupted', message: 'Stopped.', exitCode: EXIT.interrupted },
  ]);
  const [batch] = records(stopped, 'batch');

  const finished = await jrs(world, argv);
  expect(finished.code).toBe(EXIT.ok);
  expect(records(finished, 'batch')).toEqual([{ ...batch, resumed: true }]);
  expect(finished.json.at(-1)).toMatchObject({ rows: 6, submitted: 6, succeeded: 6, unknown: 0 });
  expect(jobsOnSandbox()).toBe(before + 6);
});

it('uploads a folder of photos the rows name, through the built-in sandbox account', async () => {
  world.remove();
  world = cliWorld({ sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50 })) });
  expect((await jrs(world, ['accounts', 'add', '--sandbox'])).code).toBe(EXIT.ok);
  const photos = join(world.dir, 'photos');
  await mkdir(join(photos, 'more'), { recursive: true });
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await writeFile(join(photos, 'anna.png'), png);
  await writeFile(join(photos, 'more', 'ben.png'), Buffer.concat([png, Buffer.from([0])]));
  await writeFile(join(photos, '.DS_Store'), 'not a photo');
  await sheet('team.csv', 'Headline,Photo\nAna,anna.png\nBen,more/ben.png\n');
  const result = await jrs(world, [
    'batch',
    'Spring promo',
    '--sheet',
    'team.csv',
    '--assets',
    'photos',
    '--yes',
    '--json',
  ]);
  expect(result.code).toBe(EXIT.ok);
  expect(records(result, 'preview')[0]).toMatchObject({ ready: 2, errors: 0, unusedFiles: [] });
  expect(result.json.at(-1)).toMatchObject({ type: 'summary', rows: 2, succeeded: 2 });
});
