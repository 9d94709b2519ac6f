// Requeue with POST /jobs/trigger-job. The service stops at the first id it cannot resolve and answers
// only "No job found", without saying which: then each id is checked with GET /jobs/:id, the ones the
// service does not know are marked lost (and named), and the rest are requeued.
import type { RequeueResult } from '../../shared/domain/job';
import type { ApiClient } from '../api';
import { isApiError } from '../api';
import type { JobRow } from './job-row';
import type { JobsContext } from './jobs-context';

const LOST_NOTE = 'The service no longer knows this job (it answered “Job not found”).';
/** The request body is capped by the service's schema (electron/shared/api/schemas.ts). */
const CHUNK = 500;

/** A job the service has accepted: it has the service's id. */
type SentRow = JobRow & { uuid: string };

async function unknownTo(client: ApiClient, rows: readonly SentRow[]): Promise<Set<string>> {
  const lost = new Set<string>();
  for (const row of rows) {
    try {
      await client.getJob(row.uuid);
    } catch (error) {
      if (isApiError(error) && error.kind === 'not-found') lost.add(row.id);
      else throw error;
    }
  }
  return lost;
}

async function trigger(client: ApiClient, rows: readonly SentRow[]): Promise<Set<string>> {
  try {
    await client.triggerJobs(rows.map((row) => row.uuid));
    return new Set();
  } catch (error) {
    if (!isApiError(error) || error.kind !== 'not-found') throw error;
  }
  const lost = await unknownTo(client, rows);
  const known = rows.filter((row) => !lost.has(row.id));
  if (known.length > 0) await client.triggerJobs(known.map((row) => row.uuid));
  return lost;
}

export async function requeueJobs(context: JobsContext, ids: readonly string[]): Promise<RequeueResult> {
  const { repo, accounts, clock, feed, polling } = context;
  const result: RequeueResult = { requeued: [], lost: [], skipped: [] };
  const byAccount = new Map<string, SentRow[]>();
  for (const id of ids) {
    const row = repo.get(id);
    if (
      !row ||
      row.uuid === null ||
      row.archived ||
      row.tracking === 'submitting' ||
      row.tracking === 'unknown'
    ) {
      result.skipped.push(id);
      continue;
    }
    const sent: SentRow = { ...row, uuid: row.uuid };
    byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), sent]);
  }
  for (const [accountId, rows] of byAccount) {
    const { client } = await accounts.connections.get(accountId);
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      const lost = await trigger(client, chunk);
      const requeued = chunk.filter((row) => !lost.has(row.id));
      repo.markRequeued(
        requeued.map((row) => row.id),
        clock.now(),
      );
      for (const row of chunk) {
        if (lost.has(row.id)) {
          polling.unfollow(row);
          repo.setTracking(row.id, 'lost', LOST_NOTE);
          result.lost.push(row.id);
        } else {
          const current = repo.get(row.id);
          if (current) polling.follow(current);
          polling.pollNow(row);
          result.requeued.push(row.id);
        }
        feed.changed(accountId, row.id);
      }
    }
  }
  return result;
}
