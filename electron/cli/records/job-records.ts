// The records of jobs: a job as the history has it (jobs, submit, track, resubmit), a batch's row as it
// settles (batch), a job forgotten (discard), and the answer of a requeue.
import { z } from 'zod';
import { jobViewSchema, requeueResultSchema } from '../../shared/domain/job';
import { defineRecord } from './define-record';

export const jobRecordSchema = defineRecord(
  'job',
  'A job of the history as it stands, with the words people see (statusText).',
  { ...jobViewSchema.shape, statusText: z.string() },
);
export type JobRecord = z.infer<typeof jobRecordSchema>;

export const rowRecordSchema = defineRecord('row', 'A row of a batch, once it is settled.', {
  /** Its index among the batch's rows (0 for the first), null for a job of no batch. */
  row: jobViewSchema.shape.batchRow,
  /** Its row in the person's spreadsheet (the header is row 1). */
  sheetRow: z.number().int().nullable(),
  jobId: z.string(),
  uuid: jobViewSchema.shape.uuid,
  status: jobViewSchema.shape.status,
  tracking: jobViewSchema.shape.tracking,
  statusText: z.string(),
  error: z.string().nullable(),
  outputPath: jobViewSchema.shape.outputPath,
});
export type RowRecord = z.infer<typeof rowRecordSchema>;

export const discardedRecordSchema = defineRecord(
  'discarded',
  'A job whose outcome was unknown, forgotten by the history.',
  { id: z.string() },
);

export const requeueRecordSchema = defineRecord(
  'requeue',
  'What a requeue did: the jobs sent back to the queue, those the service no longer knows (marked lost), and those left aside.',
  requeueResultSchema.shape,
);
