// Writes a new batch: every row as a `pending` job with its exact request (the batch's own session id, and
// the row's id as client_request_id) before any is sent, so that a crash can neither lose nor repeat one.
import { randomUUID } from 'node:crypto';
import type { NewBatch } from '../../shared/domain/batch';
import { summarize } from '../jobs/job-mapper';
import type { NewSubmission } from '../jobs/job';
import { submitBody } from '../jobs/submit-body';
import type { JobLifecycle } from '../jobs/lifecycle';
import type { BatchStore } from './batch-store';

export async function createBatch(
  batches: Pick<BatchStore, 'create'>,
  lifecycle: Pick<JobLifecycle, 'recordBatch'>,
  accountId: string,
  batch: NewBatch,
  nowMs: number,
  /** The display name current now, recorded on every row (issue 19). */
  submittedBy: string | null = null,
): Promise<string> {
  const id = randomUUID();
  const sessionId = randomUUID();
  const jobType = batch.jobs[0]?.request.jobType ?? 'video';
  const jobs: NewSubmission[] = batch.jobs.map(({ row, request }) => {
    const jobId = randomUUID();
    return {
      id: jobId,
      accountId,
      projectId: request.projectId,
      projectName: request.projectName,
      jobType: request.jobType,
      request: { ...submitBody(request, sessionId), client_request_id: jobId },
      values: request.values,
      summary: summarize(request.values),
      source: 'batch',
      batchId: id,
      batchRow: row,
      nowMs,
      submittedBy,
    };
  });
  await lifecycle.recordBatch(jobs, () =>
    batches.create({
      id,
      accountId,
      projectId: batch.projectId,
      projectName: batch.projectName,
      jobType,
      name: batch.name,
      sessionId,
      nameTemplate: batch.nameTemplate,
      sheet: batch.sheet,
      nowMs,
      jobs,
    }),
  );
  return id;
}
