// The records of files: one per job's file saved (or not) by download, submit, track and batch, and the
// CSV written by export.
import { z } from 'zod';
import { DOWNLOAD_STATES } from '../../shared/domain/download';
import { jobChannels } from '../../shared/ipc/channels/jobs';
import { defineRecord } from './define-record';

/** What became of one job's file; skipped: the job has no file to download (not finished, or failed). */
export const fileOutcomeSchema = z.object({
  jobId: z.string(),
  state: z.enum([...DOWNLOAD_STATES, 'skipped']),
  path: z.string().nullable(),
  bytes: z.number().int().min(0),
  error: z.string().nullable(),
});
export type FileOutcome = z.infer<typeof fileOutcomeSchema>;

export const downloadRecordSchema = defineRecord(
  'download',
  'A job’s file: saved (state done, at path), or why not (error).',
  { ...fileOutcomeSchema.shape, uuid: z.string().nullable() },
);

export const exportRecordSchema = defineRecord(
  'export',
  'The CSV file written, and how many jobs it holds.',
  jobChannels['jobs:export'].result.shape,
);
