// What running jobs again will cost, before it is asked for: each job at its project's learned cost (the
// median of its latest successful jobs, cost-estimate.ts), else at what it was charged last, else unknown.
// A requeue counts the jobs the service can requeue; a batch's "Retry failed" its failed jobs and the rows
// the service refused (sent anew).
import type { RerunCost, RerunCostParams } from '../../shared/domain/rerun-cost';
import { AppError } from '../kernel/app-error';
import { estimateCost } from './cost-estimate';
import type { Job } from './job';
import type { JobsContext } from './jobs-context';
import { canRequeue } from './requeue';

/** The rows a batch's "Retry failed" sends again (batch-handlers.ts): refused rows, and failed jobs. */
export function retryableInBatch(rows: readonly Job[]): { refused: Job[]; failed: Job[] } {
  return {
    refused: rows.filter((row) => row.tracking === 'refused'),
    failed: rows.filter((row) => row.status === 'FAILED' && row.uuid !== null && !row.archived),
  };
}

export async function costOfRows(
  context: Pick<JobsContext, 'repo'>,
  rows: readonly Job[],
  skipped: number,
): Promise<RerunCost> {
  const learned = new Map<string, number | null>();
  const projectCost = async (row: Job): Promise<number | null> => {
    const key = `${row.accountId}\n${row.projectId}`;
    if (!learned.has(key)) {
      learned.set(key, estimateCost(await context.repo.charges(row.accountId, row.projectId)).typical);
    }
    return learned.get(key) ?? null;
  };
  let credits = 0;
  let unknown = 0;
  for (const row of rows) {
    // A run that failed was often charged nothing: that says nothing of what a run that works costs.
    const last = row.status === 'SUCCESS' || (row.creditUsed ?? 0) > 0 ? row.creditUsed : null;
    const cost = (await projectCost(row)) ?? last;
    if (cost === null || !Number.isFinite(cost) || cost < 0) unknown += 1;
    else credits += cost;
  }
  return { jobs: rows.length, skipped, credits, unknown };
}

export async function rerunCost(context: JobsContext, params: RerunCostParams): Promise<RerunCost> {
  const { repo, accounts } = context;
  if ('batchId' in params) {
    const rows = await repo.inBatch(params.batchId);
    if (rows.some((row) => row.accountId !== accounts.registry.active().id)) {
      throw new AppError('not-found', 'That batch is not one of the active account’s.');
    }
    const { refused, failed } = retryableInBatch(rows);
    return costOfRows(context, [...refused, ...failed], 0);
  }
  const rows: Job[] = [];
  let skipped = 0;
  for (const id of params.ids) {
    const row = await repo.get(id);
    if (row && canRequeue(row)) rows.push(row);
    else skipped += 1;
  }
  return costOfRows(context, rows, skipped);
}
