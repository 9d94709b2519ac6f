// The team's account list in the `accounts` table (migration 001): an id, a name and an address, no key.
// The first computer to publish an account names it for the team, so that a colleague's own label for it
// does not rename it under everyone else.
import type { AccountDirectory, SharedAccountRecord } from '../../accounts/account-directory';
import type { Clock } from '../../kernel/ports';
import type { PgAccess } from './pg-access';

export class PgAccountDirectory implements AccountDirectory {
  constructor(
    private readonly db: PgAccess,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<SharedAccountRecord[]> {
    const rows = await this.db.read<{ id: string; name: string; base_url: string }>(
      'SELECT id, name, base_url FROM accounts ORDER BY name, id',
    );
    return rows.map((row) => ({ id: row.id, name: row.name, baseUrl: row.base_url }));
  }

  async publish(records: readonly SharedAccountRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.db.write(
      `INSERT INTO accounts (id, name, base_url, added_at_ms)
       SELECT id, name, base_url, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS r(id, name, base_url)
       ON CONFLICT (id) DO NOTHING`,
      [records.map((r) => r.id), records.map((r) => r.name), records.map((r) => r.baseUrl), this.clock.now()],
    );
  }
}
