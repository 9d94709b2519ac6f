// Trying a team database before anyone relies on it: connecting (and bringing its schema up to date, as
// every client does at connect) before its address is saved, or only looking (read-only, nothing changed)
// for a status. Either answers what a person wants to see; a failure is the connect's AppError in words.
import { connectTeamDatabase, type ConnectOptions } from '../db/postgres/connect';
import { redacted } from '../db/postgres/connect-errors';
import { parseConnectionString } from '../db/postgres/connection-string';
import { PG_LATEST_VERSION } from '../db/postgres/migrations';
import { openTeamDatabase, type OpenOptions } from '../db/postgres/open-team-database';
import { readSchemaVersion } from '../db/postgres/read-schema-version';
import { versionWords } from '../db/postgres/server-version';
import { AppError } from '../kernel/app-error';
import { redactedAddress } from './team-connection';

export interface TeamDatabaseCheck {
  /** Its address without the password. */
  readonly address: string;
  /** The server's PostgreSQL version ("15.18"). */
  readonly serverVersion: string;
  /** The team history's schema there, or null when none was made yet. */
  readonly schemaVersion: number | null;
  /** The newest schema this app knows. */
  readonly knownSchemaVersion: number;
  /** False when a newer app made its history: this one reads it and never writes. */
  readonly writable: boolean;
}

/** Connects and migrates (what connecting means for every client), then closes: the address works. */
export async function prepareTeamDatabase(
  url: string,
  options: OpenOptions = {},
): Promise<TeamDatabaseCheck> {
  const address = redactedAddress(url);
  const database = await openTeamDatabase(url, options);
  await database.close();
  return {
    address,
    serverVersion: versionWords(database.serverVersionNum),
    schemaVersion: database.schema.schema.version,
    knownSchemaVersion: database.schema.schema.known,
    writable: database.schema.writable,
  };
}

/** Connects read-only and reads the schema's version, changing nothing. */
export async function lookAtTeamDatabase(
  url: string,
  options: Omit<ConnectOptions, 'readOnly'> = {},
): Promise<TeamDatabaseCheck> {
  const address = redactedAddress(url);
  const connection = await connectTeamDatabase(url, { ...options, readOnly: true, maxConnections: 1 });
  try {
    const schemaVersion = await readSchemaVersion(connection.pool).catch((error: unknown) => {
      const cause = redacted(error, parseConnectionString(url).password);
      throw new AppError(
        'database',
        `The team database at ${address} answered, but its team history could not be read (${cause.message}). Ask whoever runs the server.`,
        { cause },
      );
    });
    return {
      address,
      serverVersion: versionWords(connection.serverVersionNum),
      schemaVersion,
      knownSchemaVersion: PG_LATEST_VERSION,
      writable: schemaVersion === null || schemaVersion <= PG_LATEST_VERSION,
    };
  } finally {
    await connection.close();
  }
}
