// Crash-safe submission. The job is written to the history (state `submitting`, with the exact request and
// a client request id inside it) before POST /jobs/v2 is sent, and completed with the service's id after
// the 201. If the app dies in between, or the connection breaks after the request may have taken effect,
// the job becomes `unknown`: shown with the values sent, for the person to resubmit or discard. Never
// resubmitted silently; never vanishes.
import { randomUUID } from 'node:crypto';
import type { CreateJobRequest, Job as ServiceJob } from '../../shared/api/schemas';
import type { JobView, SubmitJob } from '../../shared/domain/job';
import { isApiError } from '../api';
import { AppError } from '../kernel/app-error';
import { errorSentence } from '../kernel/error-words';
import { summarize } from './job-mapper';
import type { Job } from './job';
import { rowOf, viewOf, type JobsContext } from './jobs-context';
import { submitBody } from './submit-body';

export const INTERRUPTED_NOTE =
  'The app stopped before the service answered, so this job may or may not have been created. ' +
  'Resubmit it, or discard it if you can see it was created.';

function unknownNote(error: unknown): string {
  return `The connection broke after the job was sent, so it may or may not have been created (${errorSentence(error)}). Resubmit it, or discard it if you can see it was created.`;
}

/**
 * Sends the stored request of a `submitting` row and records what came of it. `refused` handles a POST
 * that provably created nothing; once the service has answered with a job, the row is never removed,
 * whatever fails locally afterwards.
 */
export async function sendSubmission(
  context: JobsContext,
  row: Job,
  refused: (error: unknown) => Promise<void>,
  options: SendOptions = {},
): Promise<JobView> {
  const { repo, lifecycle, accounts, polling, log } = context;
  const { sending } = options;
  const body = (
    'request' in options ? options.request : (await repo.payload(row.id)).request
  ) as CreateJobRequest;
  let job: ServiceJob;
  try {
    const { client } = await accounts.connections.get(row.accountId);
    sending?.();
    job = await client.createJob(body, options.attempts === 'once' ? { retries: 0 } : undefined);
    options.answered?.();
  } catch (error) {
    if (isApiError(error) && error.outcomeUnknown) {
      await lifecycle.unknown(row, unknownNote(error));
      return viewOf(context, await rowOf(context, row.id));
    }
    await refused(error);
    throw error;
  }
  let recorded: Job | undefined;
  try {
    recorded = await recordCreated(context, row, job);
  } catch (error) {
    // The job exists and was paid for: keep the row (still `submitting`, so the next start shows it as
    // unknown) and say which job it is, so it can be tracked by id.
    log?.(`the history could not record job ${job.uuid}: ${(error as Error).message}`);
    throw new AppError(
      'database',
      `The job was created (id ${job.uuid}), but the history could not be saved. Free some disk space, restart the app, and track the job by its id.`,
    );
  }
  const sent = recorded ?? (await rowOf(context, row.id));
  polling.follow(sent);
  return viewOf(context, sent);
}

export interface SendOptions {
  /** The request as stored, when the caller has it at hand (a claim answered it): no read before sending. */
  request?: unknown;
  /** Called just before the request goes out: until then, nothing can have been created. */
  sending?: () => void;
  /** Called as the service's answer (the job) comes back, before it is written down. */
  answered?: () => void;
  /**
   * `once`: a refusal (a 429 above all) comes straight back instead of being tried again inside the client,
   * so the caller's request gate hears of it and the retry waits its turn there (a batch's rows).
   */
  attempts?: 'once';
}

/**
 * The service's answer written to the history, tried again after each wait when the history refused it:
 * the job as written (undefined if the store could not say).
 */
async function recordCreated(context: JobsContext, row: Job, job: ServiceJob): Promise<Job | undefined> {
  const delays = context.recordRetries?.delaysMs ?? [];
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await context.lifecycle.created(row, job);
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !context.recordRetries) throw error;
      context.log?.(`job ${job.uuid} not recorded yet (${(error as Error).message}); trying again`);
      const { timers } = context.recordRetries;
      await new Promise<void>((resolve) => timers.setTimeout(resolve, delay));
    }
  }
}

export async function submitJob(
  context: JobsContext,
  accountId: string,
  request: SubmitJob,
  batch?: { batchId: string; batchRow: number },
): Promise<JobView> {
  const id = randomUUID();
  // The id travels in the body, which the service keeps as the job's input: a job found later can be
  // matched to this submission.
  const body = { ...submitBody(request, context.sessionId), client_request_id: id };
  await context.lifecycle.recordIntent({
    id,
    accountId,
    projectId: request.projectId,
    projectName: request.projectName,
    jobType: request.jobType,
    request: body,
    values: request.values,
    summary: summarize(request.values),
    source: batch ? 'batch' : 'form',
    batchId: batch?.batchId ?? null,
    batchRow: batch?.batchRow ?? null,
    nowMs: context.clock.now(),
    submittedBy: (await context.submittedBy?.()) ?? null,
  });
  return sendSubmission(
    context,
    await rowOf(context, id),
    async () => {
      // The service refused it (or it provably never left): nothing was created, nothing to keep.
      await context.lifecycle.withdrawn([{ id, accountId }]);
    },
    { request: body },
  );
}

async function unknownRow(context: JobsContext, id: string): Promise<Job> {
  const row = await context.repo.get(id);
  if (!row) throw new AppError('not-found', 'That job is no longer in the history.');
  if (row.tracking !== 'unknown') {
    throw new AppError(
      'invalid-input',
      'Only a job whose outcome is unknown can be resubmitted or discarded.',
    );
  }
  if (row.archived) throw new AppError('no-account', 'The account of this job was removed.');
  return row;
}

/** The job changed since it was read (resent, discarded or its account removed): refused as it is now. */
async function changedMeanwhile(context: JobsContext, id: string): Promise<never> {
  await unknownRow(context, id);
  throw new AppError('invalid-input', 'Only a job whose outcome is unknown can be resubmitted or discarded.');
}

/** Sends the exact same request again, at the person's word. */
export async function resubmitJob(context: JobsContext, id: string): Promise<JobView> {
  const row = await unknownRow(context, id);
  if (!(await context.lifecycle.resubmitting(row))) await changedMeanwhile(context, id);
  return sendSubmission(context, await rowOf(context, id), async (error) => {
    // This attempt created nothing, but the first one may have: the person decides again.
    await context.lifecycle.unknown(row, `Resubmitting failed: ${errorSentence(error)}`);
  });
}

export async function discardJob(context: JobsContext, id: string): Promise<void> {
  const row = await unknownRow(context, id);
  if (!(await context.lifecycle.discarded(row))) await changedMeanwhile(context, id);
}

/** At start: submissions the last run never heard back about are unknown, not lost and not resent. */
export async function recoverInterruptedSubmissions(context: JobsContext): Promise<number> {
  return (await context.lifecycle.interruptedToUnknown(INTERRUPTED_NOTE)).length;
}
