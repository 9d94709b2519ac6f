// A spreadsheet on its way to becoming a batch: the sheet as read (every cell as the person sees it),
// how its columns map onto a project's fields, and what is wrong with its rows. Shared by core (which
// reads, matches and validates) and the renderer (which shows the preview and takes the fixes).
import { z } from 'zod';

export const sheetSchema = z.object({
  /** The header row's cells, trimmed (a blank header is named `Column 3`). */
  columns: z.array(z.string()),
  /** Data rows, each as long as `columns`, every cell the text the person sees in their spreadsheet. */
  rows: z.array(z.array(z.string())),
  /** For each row, its line (CSV) or row number (XLSX) in the file, to name it in messages. */
  lines: z.array(z.number().int()),
  /** The lines of rows left out as notes for people (first cell starting "# "), said in the preview. */
  notesLines: z.array(z.number().int()).optional(),
  /** Every sheet of a workbook (empty for CSV), and the one read. */
  sheetNames: z.array(z.string()),
  sheetName: z.string().nullable(),
  /** How the file was read: `UTF-8`, `UTF-16 LE`, `Windows-1252`, `XLSX`…, and the separator of a CSV. */
  encoding: z.string(),
  separator: z.string().nullable(),
});
export type Sheet = z.infer<typeof sheetSchema>;

/** Where one field's value comes from, for every row. */
export const fieldSourceSchema = z.discriminatedUnion('from', [
  /** The cell of this column (by its header text). */
  z.object({ from: z.literal('column'), column: z.string() }),
  /** The same value for every row. */
  z.object({ from: z.literal('constant'), value: z.string() }),
  /** Left empty. */
  z.object({ from: z.literal('none') }),
]);
export type FieldSource = z.infer<typeof fieldSourceSchema>;

/** Field id → where its value comes from. Remembered per project. */
export const columnMappingSchema = z.record(z.string(), fieldSourceSchema);
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const ISSUE_LEVELS = ['error', 'warning'] as const;

/** One problem of one cell (or of a whole row, with `field` null), in the person's words. */
export const rowIssueSchema = z.object({
  /** Index into `Sheet.rows`. */
  row: z.number().int().min(0),
  field: z.string().nullable(),
  /** An error stops the row from being submitted; a warning is said and allowed (as on the form). */
  level: z.enum(ISSUE_LEVELS),
  code: z.enum([
    'empty',
    'file-not-found',
    'wrong-file',
    'file-too-large',
    'bad-url',
    'out-of-range',
    'duplicate-row',
    'bad-colour',
    'too-long',
  ]),
  message: z.string(),
});
export type RowIssue = z.infer<typeof rowIssueSchema>;
