// What `jrs` says about its history file when something is wrong with it: a damaged file set aside (said
// on stderr with the set-aside file's name; the command itself still succeeds), and a history made
// read-only (said in words, with what to make writable; reading still works, a change is refused with the
// documented exit code, never "Something went wrong inside jrs"). Read-only is real: the commands run as
// a process of a user who is not root (root writes through any mode), the history's owner.
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { CapturedStream, cliWorld, jrs, type CliWorld } from './cli-harness';

const ROOT = resolve(__dirname, '../..');
const MAIN = join(ROOT, 'electron/cli/main.ts');
const worlds: CliWorld[] = [];
afterEach(() => worlds.splice(0).forEach((world) => world.remove()));

function newWorld(): CliWorld {
  const world = cliWorld();
  worlds.push(world);
  return world;
}

describe('a damaged history', () => {
  it('is set aside, and the command says so on stderr, naming the set-aside file', async () => {
    const world = newWorld();
    mkdirSync(world.dataDir, { recursive: true });
    writeFileSync(join(world.dataDir, 'history.sqlite'), 'this is not a database, only words. '.repeat(200));
    const result = await jrs(world, ['accounts']);
    expect(result.code).toBe(EXIT.ok);
    const aside = readdirSync(world.dataDir).find((name) => name.startsWith('history.sqlite.damaged-'));
    expect(aside).toBeDefined();
    expect(result.stderr).toContain(
      `The job history could not be read, so it was set aside as ${join(world.dataDir, aside!)}`,
    );
    expect(result.stderr).not.toMatch(/Something went wrong/);
    // Said once: the next run finds a healthy history and says nothing.
    const again = await jrs(world, ['accounts']);
    expect(again.stderr).not.toMatch(/set aside/);
  });
});

describe('a history deleted while a command runs', () => {
  let remote: RunningSandbox;
  beforeAll(async () => {
    remote = await startSandbox({ seed: makeTestSeed({ durationMs: 400 }) });
  });
  afterAll(() => remote.close());

  it('is said on stderr, and the job the command followed is in the history afterwards', async () => {
    const world = newWorld();
    const env = { JRS_BASE_URL: remote.url, JRS_API_KEY: KEY_A };
    const stdout = new CapturedStream();
    const running = jrs(
      world,
      ['submit', IDS.video, '--set', 'headline=Kept', '--set', 'photo=https://example.com/a.png', '--wait'],
      { env, stdout },
    );
    const [, id] = (await stdout.until(/Submitted job (\S+) /)) as RegExpExecArray;
    const history = join(world.dataDir, 'history.sqlite');
    for (const suffix of ['', '-wal', '-shm']) rmSync(history + suffix, { force: true });
    const result = await running;
    expect(result.code).toBe(EXIT.ok);
    expect(result.stderr).toContain(
      `The history file (${history}) was deleted or moved while the app was running`,
    );
    expect(result.stderr).not.toMatch(/Something went wrong/);

    const listed = await jrs(world, ['jobs', '--json'], { env });
    expect(
      listed.json.filter((line) => line.type === 'job').map((line) => line['uuid'] ?? line['id']),
    ).toContain(id);
  });
});

/** A user who is not root: root itself when the tests run as someone else, else nobody. */
const AS_ROOT = process.getuid?.() === 0;
const OTHER = 65534;

function runAsOwner(world: CliWorld, argv: string[], env: Record<string, string>) {
  const command = AS_ROOT ? 'setpriv' : process.execPath;
  const args = [
    ...(AS_ROOT ? [`--reuid=${OTHER}`, `--regid=${OTHER}`, '--clear-groups', process.execPath] : []),
    '--import',
    'tsx',
    MAIN,
    ...argv,
  ];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env['PATH'], HOME: world.dir, NO_COLOR: '1', JRS_DATA_DIR: world.dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.once('exit', (code) => done({ code, stdout, stderr })),
  );
}

describe.skipIf(process.platform === 'win32')('a read-only history', () => {
  let remote: RunningSandbox;
  beforeAll(async () => {
    remote = await startSandbox({ seed: makeTestSeed({ durationMs: 300 }) });
  });
  afterAll(() => remote.close());

  /** A history made by a first run, owned by the user the commands run as. */
  async function ownedHistory(): Promise<{ world: CliWorld; history: string; env: Record<string, string> }> {
    const world = newWorld();
    const env = { JRS_BASE_URL: remote.url, JRS_API_KEY: KEY_A };
    const first = await jrs(world, ['jobs'], { env });
    expect(first.code).toBe(EXIT.ok);
    if (AS_ROOT) {
      for (const path of [
        world.dir,
        world.dataDir,
        ...readdirSync(world.dataDir).map((n) => join(world.dataDir, n)),
      ]) {
        chownSync(path, OTHER, OTHER);
      }
    }
    return { world, history: join(world.dataDir, 'history.sqlite'), env };
  }

  const submit = ['submit', IDS.video, '--set', 'headline=Hi', '--set', 'photo=https://example.com/a.png'];

  it('(the file 0400) is shown, and a change is refused in words with exit code 1', async () => {
    const { world, history, env } = await ownedHistory();
    chmodSync(history, 0o400);
    const listed = await runAsOwner(world, ['jobs'], env);
    expect(listed.stderr).toContain(
      `The job history file (${history}) is read-only, so the app shows the jobs it holds but cannot add or change any. Make it writable again (for example: chmod u+w "${history}")`,
    );
    expect(listed.code).toBe(EXIT.ok);

    const refused = await runAsOwner(world, submit, env);
    expect(refused.stderr).toContain(
      `error: Nothing was changed. The job history file (${history}) is read-only`,
    );
    expect(refused.stderr).not.toMatch(/Something went wrong/);
    expect(refused.code).toBe(EXIT.error);
    expect(remote.inspect.jobCount(KEY_A)).toBe(0);
  });

  it('(its folder 0500) is shown, and a change is refused in words naming the folder', async () => {
    const { world, env } = await ownedHistory();
    chmodSync(world.dataDir, 0o500);
    const listed = await runAsOwner(world, ['jobs'], env);
    expect(listed.stderr).toContain(`The job history folder (${world.dataDir}) is read-only`);
    expect(listed.code).toBe(EXIT.ok);
    const refused = await runAsOwner(world, submit, env);
    expect(refused.stderr).toContain(
      `error: Nothing was changed. The job history folder (${world.dataDir}) is read-only, so the app shows the jobs it holds but cannot add or change any. Make it writable again (for example: chmod u+w "${world.dataDir}")`,
    );
    expect(refused.stderr).not.toMatch(/Something went wrong/);
    expect(refused.code).toBe(EXIT.error);
    chmodSync(world.dataDir, 0o700);
    expect(existsSync(join(world.dataDir, 'history.sqlite'))).toBe(true);
  });
});
