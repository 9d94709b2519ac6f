// How a job is named in sentences ("Social Banner · Spring launch") and how ids are shortened for display.
import type { JobView } from '../../../electron/shared/domain/job';
import { counted } from '../../../electron/shared/domain/plural';

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The project and the start of the job's text values, so that jobs of one project can be told apart. */
export function jobName(job: Pick<JobView, 'projectName' | 'summary'>, max = 48): string {
  const project = job.projectName.trim() || 'Untitled project';
  const summary = clip(job.summary, max);
  return summary ? `${project} · ${summary}` : project;
}

/** The first characters of an id (a UUID's first group), enough to recognise it. */
export function shortId(id: string): string {
  return id.length > 10 ? id.slice(0, 8) : id;
}

/** "1 job", "3 jobs". */
export function jobCount(n: number, noun = 'job'): string {
  return counted(n, noun, `${noun}s`);
}
