// A migration of the team history on PostgreSQL: SQL that moves the schema from `version - 1` to `version`,
// run inside the one transaction that migrate.ts holds under its advisory lock.
export interface PgMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
