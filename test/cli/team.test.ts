// `jrs team connect|status|forget` against a real PostgreSQL (a throwaway cluster for this file) and the
// run's keychain: the address is tested before it is saved, each failure is said in words with its exit
// code and saves nothing, JRS_DATABASE_URL wins for one run and is never saved, and the password is never
// in anything a run prints (checked on every run, in words and in --json).
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { RECORDS, type RecordType } from '../../electron/cli/records/json-record';
import { PG_LATEST_VERSION } from '../../electron/core/db/postgres/migrations';
import { hasPassword, redactedAddress, TEAM_DATABASE_SECRET } from '../../electron/core/team/team-connection';
import { pgClusterForThisFile } from '../fixtures/pg-cluster-per-file';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { IDS, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, records, type CliResult, type CliWorld, type RunOptions } from './cli-harness';

const cluster = pgClusterForThisFile();

/** A password no server message would contain by chance, with characters that need %-escaping. */
const WRONG_PASSWORD = 'Wr0ng-s3cret:P@ss/wörd';

let teamUrl: string;
let world: CliWorld;
beforeAll(async () => {
  teamUrl = await cluster().createDatabase();
});
beforeEach(() => {
  world = cliWorld();
});
const closeAfter: (() => void)[] = [];
afterEach(() => {
  world.remove();
  for (const close of closeAfter.splice(0)) close();
});

function withPassword(url: string, password: string): string {
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The address as jrs shows it: no password. */
function shown(url: string): string {
  const parsed = new URL(url);
  return `postgres://${parsed.username}@${parsed.host}${parsed.pathname}`;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * One run of jrs; whatever it says, in words or JSON, holds no password (the cluster's nor the wrong one),
 * and each --json line is a record `jrs schema team` describes.
 */
async function team(argv: string[], options: RunOptions = {}): Promise<CliResult> {
  const result = await jrs(world, ['team', ...argv], options);
  for (const line of result.json) RECORDS[line.type as RecordType].parse(line);
  const said = `${result.stdout}\n${result.stderr}`;
  for (const password of [cluster().password, WRONG_PASSWORD]) {
    expect(said).not.toContain(password);
    expect(said).not.toContain(encodeURIComponent(password));
  }
  return result;
}

const saved = () => world.secrets.get(TEAM_DATABASE_SECRET);

it('tests an address piped in, saves it in the keychain, shows it without its password, and forgets it', async () => {
  const connected = await team(['connect'], { stdin: `${teamUrl}\n` });
  expect(connected.code, connected.stderr).toBe(EXIT.ok);
  expect(connected.stdout).toContain(
    `Connected to ${shown(teamUrl)} (PostgreSQL ${cluster().version}); the team history's schema is at version ${PG_LATEST_VERSION}.`,
  );
  expect(await saved()).toBe(teamUrl);

  const status = await team(['status']);
  expect(status.code, status.stderr).toBe(EXIT.ok);
  expect(status.stdout).toContain(`On this computer: ${join(world.dataDir, 'history.sqlite')}`);
  expect(status.stdout).toContain(`Team database: ${shown(teamUrl)} (saved in this computer's keychain)`);
  expect(status.stdout).toContain(
    `It answers: PostgreSQL ${cluster().version}; the team history's schema is at version ${PG_LATEST_VERSION}.`,
  );
  expect(status.stdout).toContain(
    'The app, jrs and jrs serve on this computer work on the team history: jobs, batches, accounts (never their keys)',
  );

  const json = await team(['status', '--json']);
  expect(records(json, 'team')).toEqual([
    {
      type: 'team',
      history: 'team',
      historyPath: join(world.dataDir, 'history.sqlite'),
      database: {
        address: shown(teamUrl),
        source: 'keychain',
        answers: true,
        serverVersion: cluster().version,
        schemaVersion: PG_LATEST_VERSION,
        knownSchemaVersion: PG_LATEST_VERSION,
        writable: true,
        problem: null,
      },
    },
  ]);

  const forgot = await team(['forget']);
  expect(forgot.code, forgot.stderr).toBe(EXIT.ok);
  expect(forgot.stdout).toContain(`Forgot the team database ${shown(teamUrl)}`);
  expect(await saved()).toBeNull();
  const after = await team(['status', '--json']);
  expect(records(after, 'team')[0]).toMatchObject({ database: null });
  expect((await team(['forget'])).stdout).toContain('No team database was saved.');
});

it('says what is wrong (password, database, port) with its exit code, and saves nothing', async () => {
  const port = await closedPort();
  const where = `127.0.0.1:${cluster().port}`;
  const cases = [
    {
      url: withPassword(teamUrl, WRONG_PASSWORD),
      code: EXIT.auth,
      kind: 'team-sign-in',
      says: `The team database at ${where} refused to sign in user "jrs": the password is wrong`,
    },
    {
      url: withDatabase(teamUrl, 'campaigns_2026'),
      code: EXIT.error,
      kind: 'team-no-database',
      says: `The team database server at ${where} has no database named "campaigns_2026".`,
    },
    {
      url: `postgres://jrs:${encodeURIComponent(WRONG_PASSWORD)}@127.0.0.1:${port}/team`,
      code: EXIT.error,
      kind: 'team-unreachable',
      says: `The team database at 127.0.0.1:${port} could not be reached: the connection was refused`,
    },
    {
      url: `mysql://jrs:${encodeURIComponent(WRONG_PASSWORD)}@127.0.0.1/team`,
      code: EXIT.usage,
      kind: 'invalid-input',
      says: 'The team database address cannot be used: it starts with "mysql://"',
    },
  ];
  for (const { url, code, kind, says } of cases) {
    const result = await team(['connect', '--json'], { stdin: url });
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).toContain(says);
    expect(records(result, 'error')).toEqual([expect.objectContaining({ kind, exitCode: code })]);
    expect(records(result, 'team')).toEqual([]);
    expect(await saved(), kind).toBeNull();
  }
});

it('refuses an address with its password as an argument (visible in ps), saving nothing', async () => {
  const result = await team(['connect', teamUrl]);
  expect(result.code).toBe(EXIT.usage);
  expect(result.stderr).toContain('other users of this computer can see');
  expect(result.stderr).toContain('jrs team connect');
  expect(await saved()).toBeNull();
});

it('uses JRS_DATABASE_URL for the run, before the saved address, and never saves it', async () => {
  const alone = await team(['status'], { env: { JRS_DATABASE_URL: teamUrl } });
  expect(alone.code, alone.stderr).toBe(EXIT.ok);
  expect(alone.stdout).toContain(`Team database: ${shown(teamUrl)} (from JRS_DATABASE_URL, this run only)`);
  expect(alone.stdout).toContain('It answers: PostgreSQL');
  expect(await saved()).toBeNull();

  await world.secrets.set(TEAM_DATABASE_SECRET, teamUrl);
  const missing = withDatabase(teamUrl, 'campaigns_2026');
  const wins = await team(['status', '--json'], { env: { JRS_DATABASE_URL: missing } });
  expect(wins.code).toBe(EXIT.error);
  expect(records(wins, 'team')[0]).toMatchObject({
    database: {
      address: shown(missing),
      source: 'environment',
      answers: false,
      problem: { kind: 'team-no-database', message: expect.stringContaining('"campaigns_2026"') },
    },
  });
  expect(await saved()).toBe(teamUrl);
});

it('says a team history made by a newer app is read here, never written, and that the app needs updating', async () => {
  const newer = await cluster().createDatabase();
  expect((await team(['connect'], { stdin: newer })).code).toBe(EXIT.ok);
  const client = new pg.Client({ connectionString: newer });
  await client.connect();
  await client.query("INSERT INTO schema_version (version, name) VALUES (99, 'from a newer app')");
  await client.end();
  const status = await team(['status', '--json']);
  expect(status.code, status.stderr).toBe(EXIT.ok);
  expect(records(status, 'team')[0]).toMatchObject({
    database: { answers: true, schemaVersion: 99, knownSchemaVersion: PG_LATEST_VERSION, writable: false },
  });
  expect(status.stderr).toContain(
    `made by a newer version of Job Rendering Studio (schema version 99; this app knows up to ${PG_LATEST_VERSION}): update the app`,
  );
});

it('saves nothing when no keychain answers, and says to use JRS_DATABASE_URL', async () => {
  world.secrets = {
    availability: async () => ({ available: false, reason: 'No system keychain answered.' }),
    get: () => Promise.reject(new Error('no keychain')),
    set: () => Promise.reject(new Error('no keychain')),
    delete: () => Promise.reject(new Error('no keychain')),
  };
  const result = await team(['connect'], { stdin: teamUrl });
  expect(result.code).toBe(EXIT.auth);
  expect(result.stderr).toContain('No system keychain answered.');
  expect(result.stderr).toContain('JRS_DATABASE_URL');
});

it('shows an address without its password, whatever its form', () => {
  expect(
    redactedAddress(
      `postgresql://ana%40team:${encodeURIComponent(WRONG_PASSWORD)}@[::1]:6543/studio?sslmode=require`,
    ),
  ).toBe('postgres://ana%40team@[::1]:6543/studio?sslmode=require');
  expect(redactedAddress('postgres://ana@db.example.com/studio')).toBe(
    'postgres://ana@db.example.com:5432/studio',
  );
  expect(hasPassword('postgres://ana:x@db.example.com/studio')).toBe(true);
  expect(hasPassword('postgres://ana@db.example.com/studio')).toBe(false);
});

it('copies this computer’s history into the team’s in one step, changes nothing here, and doubles nothing when run again', async () => {
  const url = await cluster().createDatabase();
  const env = { JRS_DATABASE_URL: url };
  // A computer with a history of its own: the built-in sandbox, quick.
  const mine = cliWorld({ sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50 })) });
  closeAfter.push(() => mine.remove());
  expect((await jrs(mine, ['accounts', 'add', '--sandbox'])).code).toBe(EXIT.ok);
  const sent = await jrs(mine, ['submit', IDS.image, '--set', 'headline=Mine', '--wait', '--json']);
  expect(sent.code, sent.stderr).toBe(EXIT.ok);
  const jobId = records(sent, 'job').at(-1)?.['id'];
  const here = await jrs(mine, ['jobs', '--json']);

  const first = await jrs(mine, ['team', 'copy-history', '--json'], { env });
  expect(first.code, first.stderr).toBe(EXIT.ok);
  expect(records(first, 'copied')).toEqual([
    expect.objectContaining({
      address: shown(url),
      from: join(mine.dataDir, 'history.sqlite'),
      jobs: { copied: 1, alreadyThere: 0 },
    }),
  ]);
  const again = await jrs(mine, ['team', 'copy-history'], { env });
  expect(again.code, again.stderr).toBe(EXIT.ok);
  expect(again.stdout).toContain('0 job(s) (1 already there)');
  expect(again.stderr).toContain('Nothing was changed or removed in');

  // This computer's history is as it was; the team's has the job, as this computer's account sees it.
  expect((await jrs(mine, ['jobs', '--json'])).stdout).toBe(here.stdout);
  const team = await jrs(mine, ['jobs', '--json'], { env });
  expect(records(team, 'job')).toEqual([expect.objectContaining({ id: jobId, status: 'SUCCESS' })]);
  for (const run of [first, again, team])
    expect(run.stdout + run.stderr).not.toContain(new URL(url).password);

  const nowhere = await jrs(mine, ['team', 'copy-history']);
  expect(nowhere.code).toBe(EXIT.usage);
  expect(nowhere.stderr).toContain('No team database to copy into: connect one with jrs team connect');
});
