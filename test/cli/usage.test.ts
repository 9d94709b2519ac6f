// Bad arguments are said in one line with a hint, and exit 2; help exits 0; no account exits 3. No
// service is needed: each of these stops before the first request.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { cliWorld, jrs, type CliWorld } from './cli-harness';

let world: CliWorld;
beforeEach(() => {
  world = cliWorld({
    sandbox: { start: () => Promise.reject(new Error('no built-in sandbox in this test')) },
  });
});
afterEach(() => world.remove());

/** The error's lines: one that says what is wrong, then the hint. */
const lines = (text: string) => text.trim().split('\n');

it('shows the help, exit 0, and the usage on stderr without a command, exit 2', async () => {
  const help = await jrs(world, ['--help']);
  expect(help.code).toBe(EXIT.ok);
  expect(help.stdout).toContain('Usage: jrs');
  expect(help.stdout).toContain('Exit codes: 0 ok, 1 error, 2 bad arguments, 3 no account or key refused');
  const none = await jrs(world, []);
  expect(none.code).toBe(EXIT.usage);
  expect(none.stderr).toContain('Usage: jrs');
  const batchHelp = await jrs(world, ['batch', '--help']);
  expect(batchHelp.code).toBe(EXIT.ok);
  expect(batchHelp.stdout).toContain('--sheet <file>');
  // The help command, as `git help` is: exit 0, and nothing said on stderr.
  const helpJobs = await jrs(world, ['help', 'jobs']);
  expect(helpJobs.code).toBe(EXIT.ok);
  expect(helpJobs.stdout).toContain('Usage: jrs jobs');
  expect(helpJobs.stderr).toBe('');
  expect((await jrs(world, ['help'])).code).toBe(EXIT.ok);
});

it.each([
  [['frob'], /^error: unknown command 'frob'$/],
  [
    ['jobs', '--limit', 'many'],
    /^error: option '--limit <n>' argument 'many' is invalid\. Give a whole number from 1\.$/,
  ],
  [
    ['jobs', '--status', 'done'],
    /^error: option '--status <status>' argument 'done' is invalid\. Choose one of: /,
  ],
  [['batch', 'Promo'], /^error: required option '--sheet <file>' not specified$/],
  [
    ['batch', 'Promo', '--sheet', 'a.csv', '--first', '0'],
    /argument '0' is invalid\. Give a whole number from 1\.$/,
  ],
  [['submit', 'Promo', '--volume', '120'], /argument '120' is invalid\. Give a number from 0 to 100\.$/],
  [['jobs', '--frist'], /^error: unknown option '--frist'$/],
  [['requeue'], /^error: missing required argument 'id'$/],
])('%j is refused in one line with a hint, exit 2', async (argv, message) => {
  const result = await jrs(world, argv);
  expect(result.code).toBe(EXIT.usage);
  const [first, ...rest] = lines(result.stderr);
  expect(first).toMatch(message);
  expect(rest.at(-1)).toMatch(/jrs --help|Did you mean/);
  expect(result.stdout).toBe('');
});

it('says a usage error as a JSON object too, with --json', async () => {
  const result = await jrs(world, ['jobs', '--limit', '0', '--json']);
  expect(result.code).toBe(EXIT.usage);
  expect(result.json).toEqual([
    {
      type: 'error',
      kind: 'usage',
      message: "option '--limit <n>' argument '0' is invalid. Give a whole number from 1.",
      exitCode: EXIT.usage,
    },
  ]);
});

it('refuses what commander cannot check, in one line and a hint', async () => {
  const download = await jrs(world, ['download']);
  expect(download.code).toBe(EXIT.usage);
  expect(lines(download.stderr)).toEqual([
    'error: Which jobs? Give their ids, or --finished.',
    'For example: jrs download 3f2a9c1e  or  jrs download --finished --to ./renders',
  ]);
  const missingSheet = await jrs(world, ['batch', 'Promo', '--sheet', 'nowhere.csv', '--json']);
  expect(missingSheet.code).toBe(EXIT.usage);
  expect(missingSheet.json).toEqual([
    {
      type: 'error',
      kind: 'usage',
      message: expect.stringContaining('--sheet: there is no file at'),
      exitCode: 2,
    },
  ]);
  const sandbox = await jrs(world, ['sandbox', '--error-rate', '2']);
  expect(sandbox.code).toBe(EXIT.usage);
  expect(lines(sandbox.stderr)).toEqual([
    'error: --error-rate must be a number from 0 to 1; got "2".',
    'See the flags with: jrs sandbox --help',
  ]);
});

it('says which of JRS_BASE_URL and JRS_API_KEY is missing or wrong, never quoting the key', async () => {
  const key = 'secret-key-that-must-not-show-0001';
  const onlyKey = await jrs(world, ['projects'], { env: { JRS_API_KEY: key } });
  expect(onlyKey.code).toBe(EXIT.usage);
  expect(lines(onlyKey.stderr)[0]).toBe('error: JRS_API_KEY is set but JRS_BASE_URL is not.');
  const plainHttp = await jrs(world, ['projects'], {
    env: { JRS_BASE_URL: 'http://example.com', JRS_API_KEY: key },
  });
  expect(plainHttp.code).toBe(EXIT.usage);
  expect(lines(plainHttp.stderr)[0]).toMatch(/^error: JRS_BASE_URL: The address must start with https:\/\//);
  for (const result of [onlyKey, plainHttp]) expect(result.stdout + result.stderr).not.toContain(key);
});

it('exits 3 with what to do when there is no account', async () => {
  const result = await jrs(world, ['projects', '--json']);
  expect(result.code).toBe(EXIT.auth);
  expect(result.json).toEqual([
    { type: 'error', kind: 'no-account', message: expect.any(String), exitCode: EXIT.auth },
  ]);
  expect(lines(result.stderr)[1]).toContain('jrs accounts add --name NAME --url URL');
});
