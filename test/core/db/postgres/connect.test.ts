// Connecting to the team database, against a real PostgreSQL: each way it can fail is really produced
// (a wrong password, an unknown user, a missing database, a closed port, a port that never answers, a
// malformed address, a server older than required) and said in words that name what to fix, never the password.
import { createServer, type Server, type Socket } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../electron/core/kernel/app-error';
import { connectTeamDatabase, type TeamConnection } from '../../../../electron/core/db/postgres/connect';
import { redacted } from '../../../../electron/core/db/postgres/connect-errors';
import {
  ADDRESS_SHAPE,
  parseConnectionString,
} from '../../../../electron/core/db/postgres/connection-string';
import {
  MINIMUM_SERVER_VERSION,
  minimumWords,
  parseVersionNum,
  versionWords,
} from '../../../../electron/core/db/postgres/server-version';
import { pgClusterForThisFile } from '../../../fixtures/pg-cluster-per-file';

// Nothing here writes: the tests connect to the cluster's own 'postgres' database (CREATE DATABASE costs).
const cluster = pgClusterForThisFile();
const opened: TeamConnection[] = [];
afterEach(async () => {
  for (const connection of opened.splice(0)) await connection.close();
});

/** A password no server message would ever contain by chance, with characters that need %-escaping. */
const WRONG_PASSWORD = 'Wr0ng-s3cret:P@ss/wörd';

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

/** Every message of the error and its causes, and everything util.inspect shows of it. */
function everythingSaid(error: unknown): string {
  const messages: string[] = [];
  for (let e = error as { message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    messages.push(String(e.message));
  }
  return `${messages.join('\n')}\n${inspect(error, { depth: 10 })}`;
}

function expectNoPassword(error: unknown, ...passwords: string[]): void {
  const said = everythingSaid(error);
  for (const password of passwords) {
    expect(said).not.toContain(password);
    expect(said).not.toContain(encodeURIComponent(password));
  }
}

async function failure(
  url: string,
  options: Parameters<typeof connectTeamDatabase>[1] = {},
): Promise<AppError> {
  const error = await connectTeamDatabase(url, options).then(
    (connection) => {
      opened.push(connection);
      throw new Error('connected, but a refusal was expected');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A port that takes connections and never says a word, like a server behind a stalled network. */
async function silentPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return {
    port: address.port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function closedPort(): Promise<number> {
  const { port, close } = await silentPort();
  await close();
  return port;
}

describe('connecting to the team database', () => {
  it('connects to a PostgreSQL 15 server and reads its version', async () => {
    const connection = await connectTeamDatabase(cluster().url('postgres'));
    opened.push(connection);
    expect(connection.serverVersionNum).toBeGreaterThanOrEqual(MINIMUM_SERVER_VERSION);
    // The number the server answers, in words, is the version `postgres --version` says.
    expect(versionWords(connection.serverVersionNum)).toBe(cluster().version);
    const { rows } = await connection.pool.query<{ n: number }>('SELECT 40::bigint + 2 AS n');
    expect(rows[0]!.n).toBe(42);
  });

  it('says the password is wrong, naming the host, port and user, never the password', async () => {
    const url = withPassword(cluster().url('postgres'), WRONG_PASSWORD);
    const error = await failure(url);
    expect(error.kind).toBe('team-sign-in');
    expect(error.message).toBe(
      `The team database at 127.0.0.1:${cluster().port} refused to sign in user "jrs": the password is wrong, or there is no such user. Check the user and password in the address you were given.`,
    );
    expect(String((error.cause as Error).message)).toMatch(/password authentication failed/);
    expectNoPassword(error, WRONG_PASSWORD, cluster().password);
  });

  it('says the same of a user the server does not have', async () => {
    const url = new URL(cluster().url('postgres'));
    url.username = 'nobody_here';
    const error = await failure(url.toString());
    expect(error.kind).toBe('team-sign-in');
    expect(error.message).toContain('user "nobody_here"');
    expectNoPassword(error, cluster().password);
  });

  it('names a database the server does not have, with the command that makes it', async () => {
    const url = withDatabase(cluster().url('postgres'), 'campaigns_2026');
    const error = await failure(url);
    expect(error.kind).toBe('team-no-database');
    expect(error.message).toBe(
      `The team database server at 127.0.0.1:${cluster().port} has no database named "campaigns_2026". Make it first (for example: createdb -h 127.0.0.1 -p ${cluster().port} -U jrs campaigns_2026), or check the name in the address.`,
    );
    expectNoPassword(error, cluster().password);
  });

  it('says a closed port refused the connection, naming the host and port', async () => {
    const port = await closedPort();
    const error = await failure(
      `postgres://jrs:${encodeURIComponent(WRONG_PASSWORD)}@127.0.0.1:${port}/team`,
    );
    expect(error.kind).toBe('team-unreachable');
    expect(error.message).toBe(
      `The team database at 127.0.0.1:${port} could not be reached: the connection was refused (no server is listening there). Check the host and port in its address, that the server is running, and that this computer may reach it (a VPN or firewall may be in the way).`,
    );
    expectNoPassword(error, WRONG_PASSWORD);
  });

  it('gives up on a port that never answers after the connect timeout', async () => {
    const silent = await silentPort();
    try {
      const url = `postgres://jrs:${encodeURIComponent(WRONG_PASSWORD)}@127.0.0.1:${silent.port}/team`;
      const error = await failure(url, { connectTimeoutMs: 200 });
      expect(error.kind).toBe('team-unreachable');
      expect(error.message).toContain(
        `at 127.0.0.1:${silent.port} could not be reached: it did not answer within 0.2 s`,
      );
      expectNoPassword(error, WRONG_PASSWORD);
    } finally {
      await silent.close();
    }
  });

  it('refuses a server older than required, saying which version it runs and which is needed', async () => {
    // The cluster is 15: the threshold is raised to play a server too old (versionWords is checked below).
    const error = await failure(cluster().url('postgres'), { minimumServerVersion: 990000 });
    expect(error.kind).toBe('team-server-too-old');
    expect(error.message).toBe(
      `The team database server at 127.0.0.1:${cluster().port} runs PostgreSQL ${cluster().version}; the team history needs PostgreSQL 99 or newer. Ask whoever runs it to upgrade, or use another server.`,
    );
  });
});

describe('server versions in words', () => {
  it('reads server_version_num as PostgreSQL numbers it, before and after version 10', () => {
    expect(parseVersionNum('150018')).toBe(150018);
    expect(parseVersionNum('15.18')).toBeNull();
    expect(parseVersionNum(undefined)).toBeNull();
    expect(versionWords(150018)).toBe('15.18');
    expect(versionWords(140011)).toBe('14.11');
    expect(versionWords(90624)).toBe('9.6.24');
    expect(140011 < MINIMUM_SERVER_VERSION && 150000 >= MINIMUM_SERVER_VERSION).toBe(true);
    expect(minimumWords(MINIMUM_SERVER_VERSION)).toBe('15');
  });
});

describe('the address', () => {
  it('reads host, port, user, database and password, and sslmode', () => {
    const parsed = parseConnectionString(
      `postgresql://ana%40team:${encodeURIComponent(WRONG_PASSWORD)}@db.example:6543/jrs?sslmode=require`,
    );
    expect(parsed.address).toEqual({ host: 'db.example', port: 6543, user: 'ana@team', database: 'jrs' });
    expect(parsed.password).toBe(WRONG_PASSWORD);
    expect(parsed.ssl).toEqual({ rejectUnauthorized: false });
    expect(parseConnectionString('postgres://u@[::1]/d').address).toEqual({
      host: '::1',
      port: 5432,
      user: 'u',
      database: 'd',
    });
  });

  it.each([
    ['not an address', `db.example jrs ${WRONG_PASSWORD}`, 'it is not an address of the form below'],
    [
      'another scheme',
      `mysql://jrs:${encodeURIComponent(WRONG_PASSWORD)}@db.example/jrs`,
      'it starts with "mysql://"',
    ],
    ['no user', `postgres://db.example:5432/jrs`, 'it names no user'],
    [
      'no database',
      `postgres://jrs:${encodeURIComponent(WRONG_PASSWORD)}@db.example:5432`,
      'it names no database',
    ],
    [
      'an unknown option',
      `postgres://jrs:${encodeURIComponent(WRONG_PASSWORD)}@db.example/jrs?password=x`,
      'the option "password"',
    ],
    [
      'an unknown sslmode',
      `postgres://jrs:${encodeURIComponent(WRONG_PASSWORD)}@db.example/jrs?sslmode=maybe`,
      'sslmode "maybe"',
    ],
  ])('refuses %s, saying the shape expected and not repeating the password', (_what, url, why) => {
    let error: unknown = null;
    try {
      parseConnectionString(url);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('invalid-input');
    expect((error as AppError).message).toContain(why);
    expect((error as AppError).message).toContain(ADDRESS_SHAPE);
    expectNoPassword(error, WRONG_PASSWORD);
  });

  it('blots the password out of a driver error that would repeat it, in every form', () => {
    const driver = new Error(`could not use postgres://jrs:${encodeURIComponent(WRONG_PASSWORD)}@h/d`, {
      cause: new Error(`bad password ${WRONG_PASSWORD}`),
    });
    const copy = redacted(driver, WRONG_PASSWORD);
    expect(copy.message).toContain('***');
    expectNoPassword(copy, WRONG_PASSWORD);
  });
});
