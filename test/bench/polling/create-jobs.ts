// Creates the benchmark's jobs through the real client: a bounded pool of POST /jobs/v2, optionally
// paced (a rate-limited key), handing each created job on as soon as it exists.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient, Job } from '../../../electron/core/api';
import type { PollTarget } from '../../../electron/core/jobs/poll-types';
import type { BenchProject } from './bench-seed';

export interface CreatedJob {
  readonly target: PollTarget;
  /** When the POST answered, on this machine's clock (a fixed poller's start). */
  readonly createdLocal: number;
}

export interface CreateOptions {
  /** POSTs at once (default 8). */
  concurrency?: number;
  /** At most this many POSTs per second (default: unpaced). */
  perSecond?: number;
  onCreated?: (job: CreatedJob) => void;
}

function targetOf(job: Job, project: BenchProject, label: string): PollTarget {
  return {
    id: `${label}-${job.uuid}`,
    uuid: job.uuid,
    projectId: project.projectId,
    jobType: project.jobType,
    startedAtMs: Date.parse(job.created_at ?? '') || Date.now(),
  };
}

/** `plan` lists the project of each job to create, in order. */
export async function createJobs(
  client: ApiClient,
  plan: readonly BenchProject[],
  label: string,
  options: CreateOptions = {},
): Promise<CreatedJob[]> {
  const created: CreatedJob[] = [];
  const spacingMs = options.perSecond ? 1000 / options.perSecond : 0;
  const start = Date.now();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const index = next;
      next += 1;
      const project = plan[index];
      if (!project) return;
      const wait = start + index * spacingMs - Date.now();
      if (wait > 0) await sleep(wait);
      const job = await client.createJob(
        {
          template_id: project.projectId,
          job_type: project.jobType,
          version: 2,
          values: { headline: 'bench' },
        },
        { retries: 10 },
      );
      const entry = { target: targetOf(job, project, label), createdLocal: Date.now() };
      created.push(entry);
      options.onCreated?.(entry);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, () => worker()));
  return created;
}

/** `perProject` jobs of every project, interleaved so that every type starts at about the same time. */
export function planOf(projects: readonly BenchProject[], perProject: number): BenchProject[] {
  const plan: BenchProject[] = [];
  for (let round = 0; round < perProject; round += 1) plan.push(...projects);
  return plan;
}
