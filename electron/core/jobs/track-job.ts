// Adds a job created elsewhere (another machine, a script) to the history by its service id, and
// follows it like any other.
import type { JobView } from '../../shared/domain/job';
import { isApiError } from '../api';
import { AppError } from '../kernel/app-error';
import { randomUUID } from 'node:crypto';
import { recordColumns, summarize } from './job-mapper';
import { rowOf, viewOf, type JobsContext } from './jobs-context';

function objectOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export async function trackJob(context: JobsContext, accountId: string, uuid: string): Promise<JobView> {
  const { repo, accounts, clock, polling } = context;
  const existing = await repo.getByUuid(accountId, uuid);
  if (existing) return viewOf(context, existing);
  const { client } = await accounts.connections.get(accountId);
  let job;
  try {
    job = await client.getJob(uuid);
  } catch (error) {
    if (isApiError(error) && error.kind === 'not-found') {
      throw new AppError(
        'not-found',
        `This account has no job with the id ${uuid}. Check the id, and that the job was made with this account’s key.`,
      );
    }
    throw error;
  }
  // A submission whose outcome was unknown, found: its client request id is in the job's input.
  const requestId = job.input['client_request_id'];
  const pending = typeof requestId === 'string' ? await repo.get(requestId) : undefined;
  if (pending && pending.accountId === accountId && pending.tracking === 'unknown') {
    await context.lifecycle.found(pending, job);
    const resolved = await rowOf(context, pending.id);
    polling.follow(resolved);
    return viewOf(context, resolved);
  }
  // Tracked twice at once: the other call added it meanwhile.
  const added = await repo.getByUuid(accountId, uuid);
  if (added) return viewOf(context, added);
  // The record names its project by id; the name comes from the active projects when it is one of them.
  const projects = await client.listActiveProjects().catch(() => []);
  const project = projects.find((candidate) => candidate.projectId === job.template_id);
  const values = objectOf(job.values ?? job.input['values']);
  const id = randomUUID();
  await context.lifecycle.tracked({
    id,
    accountId,
    projectId: job.template_id,
    projectName: project?.projectName ?? '',
    jobType: job.job_type,
    request: job.input,
    values,
    summary: summarize(values),
    nowMs: clock.now(),
    submittedBy: (await context.submittedBy?.()) ?? null,
    ...recordColumns(job, clock.now()),
  });
  const row = await rowOf(context, id);
  polling.follow(row);
  return viewOf(context, row);
}
