// Every migration of the team history, in order. A new one is a new file and one entry here; never edit a
// released one (a colleague's app may already have applied it).
import { teamHistory } from './001-team-history';
import type { PgMigration } from './types';

export const PG_MIGRATIONS: readonly PgMigration[] = [teamHistory];
export const PG_LATEST_VERSION = PG_MIGRATIONS.at(-1)?.version ?? 0;
