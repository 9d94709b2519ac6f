// Which client sends which batch row, when several computers of a team work on one batch: a row is claimed
// (pending → submitting, with the claiming client's id) by one conditional statement under row locks, so
// two people starting the same batch, or one batch resumed on two computers, send each row once. A client
// that died with rows claimed leaves them `submitting`; settleInterrupted turns those, and only those, into
// `unknown` (the service may or may not have them), never a live client's sends in flight.
import type pg from 'pg';
import type { JobRow } from '../row-mappers';
import { JOB_COLUMNS } from './pg-job-row';

/** Anything that runs a query: the pool, or one client of it (inside a caller's transaction). */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.ClientBase, 'query'>;

export interface ClaimedRow {
  readonly id: string;
  readonly batchRow: number;
}

export interface ClaimNextOptions {
  readonly batchId: string;
  /** At most this many rows (the sender's free slots). */
  readonly limit: number;
  /** The claiming client (one per running process): written on each row, so its sends can be told from a dead client's. */
  readonly clientId: string;
}

/**
 * The claim, one statement: the batch's next pending rows, lowest row numbers first, pending → submitting
 * for $3, answering `returning` for each. Rows another client has locked (claiming them right now) are
 * skipped, not waited for; a row another client claimed a moment ago is no longer pending when this
 * statement looks at it again under its lock, so it is not taken twice.
 *
 * The locking SELECT runs once, materialized, then the UPDATE joins it. Not `WHERE id IN (SELECT … LIMIT …
 * FOR UPDATE SKIP LOCKED)`: PostgreSQL 15 plans that as a semi join that runs the subquery again for each
 * row, and each rerun skips the rows this statement just updated and locks the next ones, so one call
 * claimed every pending row of the batch, not `limit` (claim-rows.test.ts, "hands rows out in row order").
 * The SELECT reads the partial index of pending batch rows (migration 001), so a claim late in a big batch
 * does not step over the rows already sent.
 */
const claimNext = (returning: string) => `
  WITH next AS MATERIALIZED (
    SELECT id AS next_id FROM jobs
      WHERE batch_id = $1 AND tracking = 'pending' AND NOT archived
      ORDER BY batch_row
      LIMIT $2
      FOR UPDATE SKIP LOCKED)
  UPDATE jobs SET tracking = 'submitting', tracking_note = NULL, claimed_by = $3
    FROM next WHERE jobs.id = next.next_id
    RETURNING ${returning}`;

/** The batch's next pending rows (at most `limit`), claimed for `clientId`: their ids, in row order. */
export async function claimNextRows(
  db: Queryable,
  { batchId, limit, clientId }: ClaimNextOptions,
): Promise<ClaimedRow[]> {
  if (limit <= 0) return [];
  const { rows } = await db.query<{ id: string; batch_row: number }>(claimNext('jobs.id, jobs.batch_row'), [
    batchId,
    limit,
    clientId,
  ]);
  // RETURNING keeps no order: the sender sends in row order.
  return rows.map((row) => ({ id: row.id, batchRow: row.batch_row })).sort((a, b) => a.batchRow - b.batchRow);
}

/**
 * The same claim, answering each claimed row whole (JOB_COLUMNS, as it is now: submitting) with the request
 * it is to send, in row order: the sender needs no read before sending.
 */
export async function claimNextJobRows(
  db: Queryable,
  { batchId, limit, clientId }: ClaimNextOptions,
): Promise<(JobRow & { request_json: string | null })[]> {
  if (limit <= 0) return [];
  const { rows } = await db.query<JobRow & { request_json: string | null }>(
    claimNext(`${JOB_COLUMNS}, jobs.request_json`),
    [batchId, limit, clientId],
  );
  return rows.sort((a, b) => (a.batch_row ?? 0) - (b.batch_row ?? 0));
}

/** One row, pending → submitting for `clientId`: true for exactly one claimer, false once it is taken. */
export async function claimRow(db: Queryable, id: string, clientId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE jobs SET tracking = 'submitting', tracking_note = NULL, claimed_by = $2
       WHERE id = $1 AND tracking = 'pending' AND NOT archived`,
    [id, clientId],
  );
  return (rowCount ?? 0) > 0;
}

/** The note on a job whose sender stopped before the service answered (shown with Resubmit / Discard). */
export const INTERRUPTED_ELSEWHERE_NOTE =
  'The app sending this job stopped before the service answered, so it may or may not have been created. ' +
  'Resubmit it, or discard it if you can see it was created.';

export interface SettleOptions {
  /**
   * The clients known to be running (the holders of live leases, and this client itself when it has sends
   * in flight). Their `submitting` rows are left alone: the answer to their POST may still come.
   */
  readonly liveClients: readonly string[];
  /** Only these accounts' rows (the accounts whose work the caller holds); all accounts when absent. */
  readonly accountIds?: readonly string[];
  readonly note?: string;
}

export interface SettledRow {
  readonly id: string;
  readonly accountId: string;
}

/**
 * Rows left `submitting` by a client that is no longer live (or by none: a copied history's cut-off send)
 * become `unknown`, with a note: not resent (they may exist), not lost (they may not). `claimed_by` stays,
 * saying which client was sending. Returns them.
 */
export async function settleInterrupted(
  db: Queryable,
  { liveClients, accountIds, note = INTERRUPTED_ELSEWHERE_NOTE }: SettleOptions,
): Promise<SettledRow[]> {
  const { rows } = await db.query<{ id: string; account_id: string }>(
    `UPDATE jobs SET tracking = 'unknown', tracking_note = $2
       WHERE tracking = 'submitting'
         AND (claimed_by IS NULL OR NOT (claimed_by = ANY($1::text[])))
         AND ($3::text[] IS NULL OR account_id = ANY($3::text[]))
       RETURNING id, account_id`,
    [liveClients, note, accountIds ?? null],
  );
  return rows
    .map((row) => ({ id: row.id, accountId: row.account_id }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}
