// Jobs named on the command line: by the history's id or the service's, whole or by a unique beginning
// (the 8 characters `jrs jobs` shows).
import type { JobView } from '../shared/domain/job';
import { UsageError } from './cli-error';

const MIN_PREFIX = 4;

export function findJob(jobs: readonly JobView[], text: string): JobView {
  const wanted = text.trim().toLowerCase();
  const exact = jobs.find((job) => job.id === wanted || job.uuid?.toLowerCase() === wanted);
  if (exact) return exact;
  const matches =
    wanted.length >= MIN_PREFIX
      ? jobs.filter((job) => job.id.startsWith(wanted) || job.uuid?.toLowerCase().startsWith(wanted))
      : [];
  if (matches.length === 1 && matches[0]) return matches[0];
  if (matches.length > 1) {
    throw new UsageError(
      `“${text}” is the beginning of ${matches.length} jobs’ ids.`,
      'Give more of the id.',
    );
  }
  throw new UsageError(
    `No job in this account’s history has the id “${text}”.`,
    wanted.length < MIN_PREFIX
      ? `Give at least ${MIN_PREFIX} characters of the id (see: jrs jobs).`
      : 'See the jobs with: jrs jobs (a job made elsewhere is added with: jrs track ID).',
  );
}

/** The jobs, each once, in the order given. */
export function findJobs(jobs: readonly JobView[], texts: readonly string[]): JobView[] {
  const found = new Map<string, JobView>();
  for (const text of texts) {
    const job = findJob(jobs, text);
    found.set(job.id, job);
  }
  return [...found.values()];
}
