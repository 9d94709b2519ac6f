// The records of `jrs batch`: what the sheet will become (before anything is sent), the batch made or
// resumed, and how it ended.
import { z } from 'zod';
import { importPreviewSchema } from '../../shared/domain/batch-import';
import { batchViewSchema } from '../../shared/domain/batch';
import { defineRecord } from './define-record';

const preview = importPreviewSchema.shape;

export const previewRecordSchema = defineRecord(
  'preview',
  'What the sheet will become, before anything is sent: its rows’ problems, the columns and fields left unmatched, the cost against the balance.',
  {
    file: preview.fileName,
    projectId: preview.projectId,
    projectName: preview.projectName,
    rows: z.number().int(),
    ready: preview.ready,
    /** The rows that will be sent (ready, up to --first). */
    toSend: z.number().int(),
    errors: z.number().int(),
    warnings: z.number().int(),
    issues: preview.issues,
    mapping: preview.mapping,
    unmatchedColumns: preview.unmatchedColumns,
    unmatchedFields: preview.unmatchedFields,
    unusedFiles: preview.files.shape.unused,
    estimate: preview.estimate,
    /** Expected credits in all, or null when the project has no finished job to learn from. */
    cost: z.number().nullable(),
    balance: preview.balance,
  },
);

export const batchRecordSchema = defineRecord(
  'batch',
  'The batch the sheet became, or the one it had become before (resumed: rows already sent are not sent again).',
  {
    id: batchViewSchema.shape.id,
    name: batchViewSchema.shape.name,
    rows: batchViewSchema.shape.rows,
    resumed: z.boolean(),
  },
);

const count = z.number().int().min(0);

export const summaryRecordSchema = defineRecord(
  'summary',
  'How a batch ended, counted by rows; downloaded counts the files saved.',
  {
    batchId: z.string(),
    rows: count,
    submitted: count,
    succeeded: count,
    failed: count,
    lost: count,
    unknown: count,
    refused: count,
    downloaded: count,
  },
);
