// The import wizard: a spreadsheet (and dropped image or audio files) opened against a project, the
// preview changed (mapping, fixes, rows left out, the file dropped again, more files), and the batch
// submitted: its files uploaded first, then every row written, then sent. Progress comes as events.
import { z } from 'zod';
import { batchViewSchema } from '../../domain/batch';
import {
  importFileSchema,
  importPreviewSchema,
  rowFixSchema,
  sampleColumnSchema,
} from '../../domain/batch-import';
import { columnMappingSchema } from '../../domain/batch-sheet';

const importId = z.string().min(1).max(100);
const files = z.array(importFileSchema).max(10_000);

export const importChannels = {
  'imports:open': {
    params: z.object({
      projectId: z.string().min(1).max(200),
      /** Without a sheet, the files are the rows: one job per file. */
      sheet: importFileSchema.optional(),
      files: files.default([]),
      sheetName: z.string().max(200).optional(),
    }),
    result: importPreviewSchema,
  },
  'imports:update': {
    params: z.object({
      importId,
      mapping: columnMappingSchema.optional(),
      fixes: z.array(rowFixSchema).max(100_000).optional(),
      excluded: z.array(z.string().max(100)).max(100_000).optional(),
    }),
    result: importPreviewSchema,
  },
  'imports:addFiles': { params: z.object({ importId, files }), result: importPreviewSchema },
  /** The spreadsheet dropped again (or another sheet of it): fixes kept where their rows still are. */
  'imports:reimport': {
    params: z.object({ importId, sheet: importFileSchema, sheetName: z.string().max(200).optional() }),
    result: importPreviewSchema,
  },
  'imports:submit': {
    params: z.object({
      importId,
      name: z.string().trim().min(1, 'Name the batch.').max(200),
      /** Only the first N rows that are ready. */
      firstRows: z.number().int().min(1).optional(),
      nameTemplate: z.string().max(1000).nullable(),
    }),
    result: batchViewSchema,
  },
  'imports:close': { params: z.object({ importId }), result: z.undefined() },
  /** The columns a project's sheet is expected to have, each with what it takes (said before a sheet is dropped). */
  'imports:columns': {
    params: z.object({ projectId: z.string().min(1).max(200) }),
    result: z.array(sampleColumnSchema),
  },
  /** Saves the project's sample sheet (its columns, an example row, a notes row); path null: cancelled. */
  'imports:saveSample': {
    params: z.object({ projectId: z.string().min(1).max(200), format: z.enum(['csv', 'xlsx']) }),
    result: z.object({ path: z.string().nullable() }),
  },
} as const;

export const importEvents = {
  'imports:progress': z.object({
    importId: z.string(),
    stage: z.enum(['uploading', 'writing']),
    done: z.number().int(),
    total: z.number().int(),
    /** Said while an upload waits to be tried again. */
    note: z.string().optional(),
  }),
} as const;
