// What the import wizard and core say to each other about a spreadsheet on its way to a batch: the fields a
// row fills (the project's, plus the background music of video projects), the fixes made in the preview,
// and the preview itself, checked row by row.
import { z } from 'zod';
import { batchViewSchema } from './batch';
import { columnMappingSchema, rowIssueSchema, sheetSchema } from './batch-sheet';
import { costEstimateSchema } from './job';

/** Pseudo-fields of video projects' background music, mapped like any field. */
export const BACKGROUND_FIELDS = {
  music: '@background_music',
  volume: '@background_volume',
  start: '@background_start',
} as const;

export const IMPORT_FIELD_KINDS = [
  'text',
  'color',
  'image',
  'audio',
  'unknown',
  'music',
  'volume',
  'start',
] as const;
export type ImportFieldKind = (typeof IMPORT_FIELD_KINDS)[number];

export const importFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(IMPORT_FIELD_KINDS),
});
export type ImportField = z.infer<typeof importFieldSchema>;

/** A cell changed in the preview. It is kept across a re-import where its row (by its cells) still has `from`. */
export const rowFixSchema = z.object({
  rowKey: z.string().min(1).max(100),
  column: z.string().max(500),
  from: z.string().max(100_000),
  to: z.string().max(100_000),
});
export type RowFix = z.infer<typeof rowFixSchema>;

/** A file given to the import: a path main reads (the app), or its bytes (a browser, the test harness). */
export const importFileSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('path'),
    path: z.string().min(1).max(4096),
    /** Its path inside a dropped folder, e.g. `photos/anna.png`; else its name. */
    relativePath: z.string().min(1).max(1024).optional(),
  }),
  z.object({
    kind: z.literal('bytes'),
    name: z.string().min(1).max(255),
    relativePath: z.string().min(1).max(1024).optional(),
    bytes: z.instanceof(Uint8Array),
  }),
]);
export type ImportFile = z.infer<typeof importFileSchema>;

export const importPreviewSchema = z.object({
  importId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  fileName: z.string(),
  /** Files dropped without a spreadsheet: one row (one job) per file. */
  filesOnly: z.boolean(),
  sheet: sheetSchema,
  fields: z.array(importFieldSchema),
  mapping: columnMappingSchema,
  unmatchedColumns: z.array(z.string()),
  unmatchedFields: z.array(z.string()),
  /** A key per row (of its original cells), for fixes and exclusions. */
  rowKeys: z.array(z.string()),
  issues: z.array(rowIssueSchema),
  fixes: z.array(rowFixSchema),
  /** Fixes of an earlier import of the file that no longer apply to any row. */
  staleFixes: z.array(rowFixSchema),
  excluded: z.array(z.string()),
  /** Dropped files: how many, and the ones no row uses. */
  files: z.object({ count: z.number().int(), unused: z.array(z.string()) }),
  /** Rows that would become jobs (not excluded, no error). */
  ready: z.number().int(),
  /** Whether files can be uploaded for this account, and if not, why (URLs only). */
  uploads: z.object({ available: z.boolean(), reason: z.string().optional() }),
  estimate: costEstimateSchema,
  balance: z.number().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importSubmittedSchema = batchViewSchema;

/** One column of a project's sample sheet: its header, what it takes in words, and the example row's cell. */
export const sampleColumnSchema = z.object({
  header: z.string(),
  /** The field it fills; null for the Name column (what the row is called, for file names). */
  fieldId: z.string().nullable(),
  kind: z.enum([...IMPORT_FIELD_KINDS, 'name']),
  /** "Text", "Colour: #rrggbb or a colour name", "A photo: …", with "(optional)" where it may stay empty. */
  expects: z.string(),
  optional: z.boolean(),
  example: z.string(),
});
export type SampleColumn = z.infer<typeof sampleColumnSchema>;
