// How the team stores reach the database: reads as they are, writes only when this client may write (a
// history made by a newer app is refused in words, schema-guard.ts), and transactions on one pooled client.
import type pg from 'pg';
import type { TeamSchema } from './schema-guard';

/** Values bound to a statement's $1, $2, … (never built into its text). */
type Params = readonly unknown[];

export class PgAccess {
  constructor(
    readonly pool: pg.Pool,
    private readonly schema: TeamSchema,
  ) {}

  async read<R extends pg.QueryResultRow>(sql: string, params: Params = []): Promise<R[]> {
    const { rows } = await this.pool.query<R>(sql, [...params]);
    return rows;
  }

  /** One write statement on its own (autocommit): answers its result, or the refusal in words. */
  async write<R extends pg.QueryResultRow>(sql: string, params: Params = []): Promise<pg.QueryResult<R>> {
    return this.writeWith((db) => db.query<R>(sql, [...params]));
  }

  /** A write made by a helper that takes the pool (claim-rows.ts), under the same guard. */
  async writeWith<T>(work: (db: pg.Pool) => Promise<T>): Promise<T> {
    this.schema.assertWritable();
    try {
      return await work(this.pool);
    } catch (error) {
      throw this.schema.explainWriteError(error);
    }
  }

  /**
   * `work` inside BEGIN … COMMIT on one client of the pool: all of it or, on any error, none (ROLLBACK). A
   * client whose ROLLBACK fails too (its connection broke) is destroyed, not handed back to the pool.
   */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    this.schema.assertWritable();
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw this.schema.explainWriteError(error);
    } finally {
      client.release(broken);
    }
  }
}

/** A bigint or count as a number (connect.ts already parses int8 so; a pool made elsewhere may not). */
