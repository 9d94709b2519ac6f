// Requeue with POST /jobs/trigger-job. The service stops at the first id it cannot resolve and answers
// only "No job found", without saying which: then each id is checked with GET /jobs/:id, the ones the
// service does not know are marked lost (and named), and the rest are requeued.
import type { RequeueResult } from '../../shared/domain/job';
import type { ApiClient } from '../api';
import { isApiError } from '../api';
import { AppError } from '../kernel/app-error';
import type { Job } from './job';
import type { JobsContext } from './jobs-context';

const LOST_NOTE = 'The service no longer knows this job (it answered “Job not found”).';
/** The request body is capped by the service's schema (electron/shared/api/schemas.ts). */
const CHUNK = 500;

/** A job the service has accepted: it has the service's id. */
type SentRow = Job & { uuid: string };

/** The first of `rows` the service answers "Job not found" for, by position; -1 when it knows them all. */
async function firstUnknown(client: ApiClient, rows: readonly SentRow[]): Promise<number> {
  for (const [index, row] of rows.entries()) {
    try {
      await client.getJob(row.uuid);
    } catch (error) {
      if (isApiError(error) && error.kind === 'not-found') return index;
      throw error;
    }
  }
  return -1;
}

/**
 * Requeues `rows` in order and returns the ids the service did not know. The service stops at the first
 * unknown id and keeps the ones before it requeued: those are never sent again (that would run them
 * twice); the unknown one is lost, and the rest are sent anew.
 */
async function trigger(client: ApiClient, rows: readonly SentRow[]): Promise<Set<string>> {
  const lost = new Set<string>();
  let remaining = rows;
  while (remaining.length > 0) {
    try {
      await client.triggerJobs(remaining.map((row) => row.uuid));
      return lost;
    } catch (error) {
      if (!isApiError(error) || error.kind !== 'not-found') throw error;
    }
    const index = await firstUnknown(client, remaining);
    const unknown = remaining[index];
    if (!unknown) {
      throw new AppError(
        'invalid-response',
        'The service said it could not find one of the jobs, yet it knows each of them. Try the requeue again.',
      );
    }
    lost.add(unknown.id);
    remaining = remaining.slice(index + 1);
  }
  return lost;
}

/** Whether the service can be asked to run this job again (it has its id, and its outcome is known). */
export function canRequeue(row: Job): row is SentRow {
  return row.uuid !== null && !row.archived && row.tracking !== 'submitting' && row.tracking !== 'unknown';
}

export async function requeueJobs(context: JobsContext, ids: readonly string[]): Promise<RequeueResult> {
  const { repo, accounts, polling } = context;
  const result: RequeueResult = { requeued: [], lost: [], skipped: [] };
  const byAccount = new Map<string, SentRow[]>();
  for (const id of ids) {
    const row = await repo.get(id);
    if (!row || !canRequeue(row)) {
      result.skipped.push(id);
      continue;
    }
    const sent: SentRow = { ...row, uuid: row.uuid };
    byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), sent]);
  }
  for (const [accountId, rows] of byAccount) {
    const { client } = await accounts.connections.get(accountId);
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      let lost: Set<string>;
      try {
        lost = await trigger(client, chunk);
      } catch (error) {
        if (!isApiError(error) || !error.outcomeUnknown) throw error;
        // They may have been requeued: follow them, so the service's own answers show where they stand.
        await context.lifecycle.requeued(chunk);
        for (const row of chunk) {
          const current = await repo.get(row.id);
          if (current) polling.follow(current);
        }
        throw new AppError(
          error.kind,
          `${error.message} The app is checking those jobs now; look at their status before requeueing them again.`,
        );
      }
      const requeued = chunk.filter((row) => !lost.has(row.id));
      await context.lifecycle.requeued(requeued);
      for (const row of chunk) {
        if (lost.has(row.id)) {
          polling.unfollow(row);
          await context.lifecycle.lost(row, LOST_NOTE);
          result.lost.push(row.id);
        } else {
          const current = await repo.get(row.id);
          if (current) polling.follow(current);
          polling.pollNow(row);
          result.requeued.push(row.id);
        }
      }
    }
  }
  return result;
}
