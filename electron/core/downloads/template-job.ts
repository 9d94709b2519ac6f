// A history row as the naming template sees it, with its batch's name and spreadsheet row when it has one.
import type { JobRow } from '../jobs/job-row';
import type { TemplateJob } from './name-template';

/** What the naming template knows of a job's batch. */
export interface TemplateBatch {
  name: string;
  /** The batch's own template, which wins over the account's; null: the account's. */
  nameTemplate: string | null;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

export function templateJobOf(job: JobRow, batch?: TemplateBatch | null): TemplateJob {
  let values: Record<string, unknown> = {};
  try {
    values = JSON.parse(job.values_json) as Record<string, unknown>;
  } catch {
    // A damaged row names its file without its values rather than not at all.
  }
  const cells = batch && job.batch_row !== null ? batch.rows[job.batch_row] : undefined;
  return {
    uuid: job.uuid ?? job.id,
    projectId: job.project_id,
    projectName: job.project_name,
    jobType: job.job_type,
    status: job.status,
    finishedAt: job.finished_at,
    createdAt: job.created_at,
    batchName: batch?.name ?? null,
    batchRow: job.batch_row,
    values,
    row:
      cells && batch ? Object.fromEntries(batch.columns.map((column, i) => [column, cells[i] ?? ''])) : null,
  };
}
