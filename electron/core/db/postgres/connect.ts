// Opens a pool of connections to the team database and proves it usable before anyone relies on it: the
// server answers, takes the user and password, has the database, and is PostgreSQL 15 or newer. Every
// failure is an AppError saying what to fix (connect-errors.ts), never with the password in it.
import pg from 'pg';
import { AppError } from '../../kernel/app-error';
import { connectFailure, redacted } from './connect-errors';
import { parseConnectionString, whereOf, type TeamDatabaseAddress } from './connection-string';
import { MINIMUM_SERVER_VERSION, minimumWords, parseVersionNum, versionWords } from './server-version';

export const CONNECT_TIMEOUT_MS = 5000;

export interface ConnectOptions {
  /** How long to wait for the server to answer a new connection (5 s; tests shorten it). */
  connectTimeoutMs?: number;
  /** The oldest `server_version_num` accepted (150000; a test raises it to see the refusal). */
  minimumServerVersion?: number;
  /** Every connection starts read-only (`default_transaction_read_only`): the server refuses any write. */
  readOnly?: boolean;
  /** At most this many connections at once (10). */
  maxConnections?: number;
  /** An idle connection broke (the server restarted, the network dropped): the pool replaces it. */
  onIdleError?: (error: Error) => void;
  /**
   * This client's id, set on every connection as `jrs.client`: the change notices of its own writes carry
   * it (migration 001's trigger), so its change listener can leave them out.
   */
  clientId?: string;
}

export interface TeamConnection {
  readonly pool: pg.Pool;
  readonly address: TeamDatabaseAddress;
  readonly serverVersionNum: number;
  readonly readOnly: boolean;
  close(): Promise<void>;
}

/** bigint columns (times in ms, change numbers) as numbers, like SQLite's integers; all fit below 2^53. */
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** A client id goes into the connection's startup options: letters, digits and dashes only (a UUID). */
const CLIENT_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The `options` startup parameter: read-only sessions, and this client's id for its change notices. */
function sessionOptions(readOnly: boolean, clientId: string | undefined): string | undefined {
  const settings: string[] = [];
  if (readOnly) settings.push('-c default_transaction_read_only=on');
  if (clientId !== undefined) {
    if (!CLIENT_ID.test(clientId)) throw new Error(`not a client id for the team database: "${clientId}"`);
    settings.push(`-c jrs.client=${clientId}`);
  }
  return settings.length > 0 ? settings.join(' ') : undefined;
}

export async function connectTeamDatabase(
  url: string,
  options: ConnectOptions = {},
): Promise<TeamConnection> {
  const { address, password, ssl } = parseConnectionString(url);
  const timeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const readOnly = options.readOnly ?? false;
  const startup = sessionOptions(readOnly, options.clientId);
  const pool = new pg.Pool({
    host: address.host,
    port: address.port,
    user: address.user,
    password,
    database: address.database,
    ssl,
    connectionTimeoutMillis: timeoutMs,
    max: options.maxConnections ?? 10,
    keepAlive: true,
    application_name: 'Job Rendering Studio',
    types,
    ...(startup ? { options: startup } : {}),
  });
  // Without a listener a connection that breaks while idle would end the process.
  pool.on('error', (error) => options.onIdleError?.(redacted(error, password)));

  let serverVersionNum: number;
  try {
    const client = await pool.connect();
    try {
      const answer = await client.query<{ server_version_num: string }>('SHOW server_version_num');
      const parsed = parseVersionNum(answer.rows[0]?.server_version_num);
      if (parsed === null) throw new Error('the server did not say its version like PostgreSQL');
      serverVersionNum = parsed;
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw connectFailure(error, address, password, timeoutMs);
  }

  const minimum = options.minimumServerVersion ?? MINIMUM_SERVER_VERSION;
  if (serverVersionNum < minimum) {
    await pool.end().catch(() => undefined);
    throw new AppError(
      'team-server-too-old',
      `The team database server at ${whereOf(address)} runs PostgreSQL ${versionWords(serverVersionNum)}; the team history needs PostgreSQL ${minimumWords(minimum)} or newer. Ask whoever runs it to upgrade, or use another server.`,
    );
  }

  let closed: Promise<void> | null = null;
  return {
    pool,
    address,
    serverVersionNum,
    readOnly,
    close: () => (closed ??= pool.end()),
  };
}
