// A history row as the naming template sees it.
import type { JobRow } from '../jobs/job-row';
import type { TemplateJob } from './name-template';

export function templateJobOf(job: JobRow): TemplateJob {
  let values: Record<string, unknown> = {};
  try {
    values = JSON.parse(job.values_json) as Record<string, unknown>;
  } catch {
    // A damaged row names its file without its values rather than not at all.
  }
  return {
    uuid: job.uuid ?? job.id,
    projectId: job.project_id,
    projectName: job.project_name,
    jobType: job.job_type,
    status: job.status,
    finishedAt: job.finished_at,
    createdAt: job.created_at,
    // Batches arrive with issue 9; until then no job has a batch name.
    batchName: null,
    batchRow: job.batch_row,
    values,
  };
}
