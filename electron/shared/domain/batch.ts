// A batch: many jobs of one project from one spreadsheet (or one dropped folder), sent through a queue that
// can be paused, resumed and cancelled, and that goes on after a crash without losing or repeating a row.
import { z } from 'zod';
import { submitJobSchema } from './job';

export const BATCH_STATES = ['running', 'paused', 'cancelled'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export const batchViewSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** running: rows are being sent; paused: none is sent until resumed; cancelled: unsent rows dropped. */
  state: z.enum(BATCH_STATES),
  /** Rows made into jobs (excluded rows are not counted). */
  rows: z.number().int().min(0),
  /** The file names of its downloads, e.g. `{project}/{row.name}.{ext}`; null: the account's template. */
  nameTemplate: z.string().nullable(),
  /** The spreadsheet's columns (for `{row.<column>}` names and the export back); empty without a sheet. */
  columns: z.array(z.string()),
});
export type BatchView = z.infer<typeof batchViewSchema>;

/** The jobs of a new batch, built and checked by the import (rows with errors are left out before). */
export const newBatchSchema = z.object({
  projectId: z.string().min(1),
  projectName: z.string(),
  name: z.string().trim().min(1).max(200),
  nameTemplate: z.string().max(1000).nullable(),
  sheet: z
    .object({
      columns: z.array(z.string()),
      rows: z.array(z.array(z.string())),
      /** Each row's number in the file (the header is row 1), as the person's spreadsheet numbers it. */
      lines: z.array(z.number().int().min(0)).optional(),
    })
    .nullable(),
  jobs: z
    .array(z.object({ row: z.number().int().min(0), request: submitJobSchema }))
    .min(1, 'A batch needs at least one row.')
    .max(100_000),
});
export type NewBatch = z.infer<typeof newBatchSchema>;

/** A batch's spreadsheet as imported, with each row's number in the file; for the batch view and the CLI. */
export const batchSheetSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  /** Per row (a job's `batchRow` is its index), its row number in the file. */
  lines: z.array(z.number().int()),
});
export type BatchSheetView = z.infer<typeof batchSheetSchema>;

export const batchesChangedSchema = z.object({
  accountId: z.string(),
  batches: z.array(batchViewSchema),
  removed: z.array(z.string()),
});
export type BatchesChanged = z.infer<typeof batchesChangedSchema>;
