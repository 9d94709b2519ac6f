// The history's store contract on PostgreSQL: one throwaway cluster and one fresh team database for the
// file, opened as a client opens it (openTeamDatabase: connect, migrate), emptied before each case (a new
// database per case costs ~0.5 s), with the stores pgStores builds.
import { afterAll } from 'vitest';
import { openTeamDatabase, type TeamDatabase } from '../../../electron/core/db/postgres/open-team-database';
import { pgStores } from '../../../electron/core/db/postgres/pg-stores';
import { pgClusterForThisFile } from '../../fixtures/pg-cluster-per-file';
import { describeStoreContract } from './contract';

const cluster = pgClusterForThisFile();

let opened: TeamDatabase | null = null;
afterAll(async () => {
  await opened?.close();
});

/** The file's database, empty: every table the stores write, truncated. */
async function emptyDatabase(): Promise<TeamDatabase> {
  opened ??= await openTeamDatabase(await cluster().createDatabase());
  await opened.pool.query('TRUNCATE jobs, batches, downloads, settings, asset_cache, leases');
  return opened;
}

describeStoreContract(
  'PostgreSQL',
  async () => {
    const database = await emptyDatabase();
    const { pool } = database;
    const column = { values: 'values_json', request: 'request_json', record: 'record_json' } as const;
    return {
      stores: pgStores(pool, {
        computerId: 'this-computer',
        submittedBy: 'Ada (contract)',
        clientId: 'contract-client',
        schema: database.schema,
      }),
      // A client that holds no lease: it is not running any more.
      elsewhere: pgStores(pool, {
        computerId: 'other-computer',
        submittedBy: 'Grace (contract)',
        clientId: 'stopped-client',
        schema: database.schema,
      }),
      damage: {
        async settingText(accountId, key, text) {
          await pool.query(
            `INSERT INTO settings (computer_id, account_id, name, value_json) VALUES ('this-computer', $1, $2, $3)
           ON CONFLICT (computer_id, account_id, name) DO UPDATE SET value_json = excluded.value_json`,
            [accountId, key, text],
          );
        },
        async sheetText(batchId, text) {
          await pool.query(`UPDATE batches SET sheet_json = $2 WHERE id = $1`, [batchId, text]);
        },
        async jobText(jobId, which, text) {
          // The column's name comes from the fixed table above, never from the caller's text.
          await pool.query(`UPDATE jobs SET ${column[which]} = $2 WHERE id = $1`, [jobId, text]);
        },
      },
      // The pool stays open for the next case; the file's afterAll closes it.
      close: async () => undefined,
    };
  },
  { claimsMany: true },
);
