// The team history, ready to use: connected and checked (connect.ts), its schema brought up to date
// (migrate.ts), and, when a newer app made it, opened again read-only so nothing this client does can write.
import { connectTeamDatabase, type ConnectOptions, type TeamConnection } from './connect';
import { migrate, type MigrateHooks } from './migrate';
import type { PgMigration } from './migrations/types';
import { TeamSchema } from './schema-guard';

export interface TeamDatabase extends TeamConnection {
  readonly schema: TeamSchema;
}

export interface OpenOptions extends Omit<ConnectOptions, 'readOnly'> {
  /** The migrations this client knows (all of them; tests pass fewer to play an older client). */
  migrations?: readonly PgMigration[];
  migrateHooks?: MigrateHooks;
}

export async function openTeamDatabase(url: string, options: OpenOptions = {}): Promise<TeamDatabase> {
  const { migrations, migrateHooks, ...connectOptions } = options;
  let connection: TeamConnection = await connectTeamDatabase(url, connectOptions);
  let schema: TeamSchema;
  try {
    const client = await connection.pool.connect();
    try {
      schema = new TeamSchema(await migrate(client, migrations, migrateHooks));
    } finally {
      client.release();
    }
  } catch (error) {
    await connection.close();
    throw error;
  }
  if (!schema.writable) {
    await connection.close();
    connection = await connectTeamDatabase(url, { ...connectOptions, readOnly: true });
  }
  return { ...connection, schema };
}
