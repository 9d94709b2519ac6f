// A history row as the naming template sees it, with its batch's name and spreadsheet row when it has one.
import type { Job } from '../jobs/job';
import type { TemplateJob } from './name-template';

/** What the naming template knows of a job's batch. */
export interface TemplateBatch {
  name: string;
  /** The batch's own template, which wins over the account's; null: the account's. */
  nameTemplate: string | null;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

export function templateJobOf(job: Job, batch?: TemplateBatch | null): TemplateJob {
  // A damaged row has empty values: it names its file without them rather than not at all.
  const values = job.values;
  const cells = batch && job.batchRow !== null ? batch.rows[job.batchRow] : undefined;
  return {
    uuid: job.uuid ?? job.id,
    projectId: job.projectId,
    projectName: job.projectName,
    jobType: job.jobType,
    status: job.status,
    finishedAt: job.finishedAt,
    createdAt: job.createdAt,
    batchName: batch?.name ?? null,
    batchRow: job.batchRow,
    values,
    row:
      cells && batch ? Object.fromEntries(batch.columns.map((column, i) => [column, cells[i] ?? ''])) : null,
  };
}
