// The credit report summed from an account's charged jobs, the same code for every store (each store
// only reads the rows), so SQLite and PostgreSQL cannot disagree on a period's edge, a sum or an order.
//
// Which time decides the period: `finished_at`, the service's own time for the job's end, which is when it
// charges the credits (its balance falls then). Not when the job was submitted (first_seen_ms, or
// submitted_at_ms in the team store): a job sent on the 31st that ends on the 1st is paid in the new month,
// and the report should match the service's balance. A job requeued since has its old charge cleared
// (credit_used NULL) until it ends again, so it counts once, in the period of its latest end.
import type { CreditReport } from '../../shared/domain/team';
import { SINGLE_JOBS } from '../../shared/domain/team';

/** One charged job as the stores read it. */
export interface ChargedRow {
  id: string;
  submitted_by: string | null;
  batch_id: string | null;
  /** The batch's name (joined), null when the batch itself is gone. */
  batch_name: string | null;
  /** The service's timestamp text (ISO 8601, with its zone). */
  finished_at: string;
  credit_used: number;
}

/** Byte order of the UTF-8 text, as both databases' "C" collation compares: not the locale's, never moving. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** A batch whose row is gone still has a name (as batchCounts says it). */
function batchName(row: ChargedRow): string {
  if (row.batch_id === null) return SINGLE_JOBS;
  return row.batch_name ?? `Batch ${row.batch_id.slice(0, 8)}`;
}

/** Sums kept to a millionth of a credit: the stores hand rows in different orders, float sums must not differ. */
const rounded = (credits: number): number => Math.round(credits * 1e6) / 1e6;

/**
 * The report of the rows whose finish falls in [fromMs, toMs); a finish time the service wrote that cannot
 * be read as a time is left out (it belongs to no period). Lines by credits (most first), then by name in
 * byte order; a person's unnamed line (jobs from before names were kept) after the named ones of its sum,
 * and two batches of one name by their ids.
 */
export function summarizeCharges(rows: readonly ChargedRow[], fromMs: number, toMs: number): CreditReport {
  const inPeriod = rows
    .filter((row) => {
      const finished = Date.parse(row.finished_at);
      return Number.isFinite(finished) && finished >= fromMs && finished < toMs;
    })
    .sort((a, b) => byteOrder(a.id, b.id));
  const people = new Map<string | null, { jobs: number; credits: number }>();
  const batches = new Map<string | null, { name: string; jobs: number; credits: number }>();
  for (const row of inPeriod) {
    const person = people.get(row.submitted_by) ?? { jobs: 0, credits: 0 };
    person.jobs += 1;
    person.credits += row.credit_used;
    people.set(row.submitted_by, person);
    const batch = batches.get(row.batch_id) ?? { name: batchName(row), jobs: 0, credits: 0 };
    batch.jobs += 1;
    batch.credits += row.credit_used;
    batches.set(row.batch_id, batch);
  }
  const byPerson = [...people]
    .map(([person, sums]) => ({ person, jobs: sums.jobs, credits: rounded(sums.credits) }))
    .sort(
      (a, b) =>
        b.credits - a.credits ||
        (a.person === null ? 1 : 0) - (b.person === null ? 1 : 0) ||
        byteOrder(a.person ?? '', b.person ?? ''),
    );
  const byBatch = [...batches]
    .map(([batchId, sums]) => ({ batchId, name: sums.name, jobs: sums.jobs, credits: rounded(sums.credits) }))
    .sort(
      (a, b) =>
        b.credits - a.credits || byteOrder(a.name, b.name) || byteOrder(a.batchId ?? '', b.batchId ?? ''),
    );
  return { byPerson, byBatch };
}
