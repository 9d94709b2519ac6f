// Which jobs `jrs jobs` and `jrs export` take: by status (the service's, or our tracking word), project
// (id or part of its name) and any text of the job (ids, values).
import { InvalidArgumentError } from 'commander';
import type { JobView } from '../shared/domain/job';

export const STATUS_CHOICES = [
  'queued',
  'started',
  'in-progress',
  'succeeded',
  'failed',
  'running',
  'finished',
  'pending',
  'sending',
  'refused',
  'unknown',
  'lost',
] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

const ALIASES: Record<string, StatusChoice> = { success: 'succeeded', in_progress: 'in-progress' };

/** Commander's parser of --status: the service's spelling (SUCCESS, IN_PROGRESS) is taken too. */
export function parseStatus(text: string): StatusChoice {
  const word = text.trim().toLowerCase();
  const choice = ALIASES[word] ?? STATUS_CHOICES.find((candidate) => candidate === word.replace(/_/g, '-'));
  if (!choice) throw new InvalidArgumentError(`Choose one of: ${STATUS_CHOICES.join(', ')}.`);
  return choice;
}

function hasStatus(job: JobView, choice: StatusChoice): boolean {
  const sent = job.tracking === 'active' || job.tracking === 'final';
  switch (choice) {
    case 'queued':
      return sent && job.status === 'QUEUED';
    case 'started':
      return sent && job.status === 'STARTED';
    case 'in-progress':
      return sent && job.status === 'IN_PROGRESS';
    case 'succeeded':
      return job.tracking === 'final' && job.status === 'SUCCESS';
    case 'failed':
      return job.tracking === 'final' && job.status === 'FAILED';
    case 'running':
      return job.tracking === 'active' || job.tracking === 'submitting';
    case 'finished':
      return job.tracking === 'final';
    case 'pending':
      return job.tracking === 'pending';
    case 'sending':
      return job.tracking === 'submitting';
    default:
      return job.tracking === choice;
  }
}

export interface JobFilter {
  status?: StatusChoice;
  project?: string;
  search?: string;
}

export function filterJobs(jobs: readonly JobView[], filter: JobFilter): JobView[] {
  const project = filter.project?.trim().toLowerCase();
  const search = filter.search?.trim().toLowerCase();
  return jobs.filter((job) => {
    if (filter.status && !hasStatus(job, filter.status)) return false;
    if (
      project &&
      job.projectId.toLowerCase() !== project &&
      !job.projectName.toLowerCase().includes(project)
    ) {
      return false;
    }
    if (search) {
      const text = [job.id, job.uuid ?? '', job.projectName, job.summary, JSON.stringify(job.values)]
        .join(' ')
        .toLowerCase();
      if (!text.includes(search)) return false;
    }
    return true;
  });
}
