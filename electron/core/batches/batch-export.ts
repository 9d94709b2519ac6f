// The spreadsheet given back: every row of the batch's sheet as it was imported (first its row number in the
// file, as the person's spreadsheet and the batch view number it), followed by what became
// of it (the job's id, its status in words, the output's storage path and the file on this computer), as
// CSV that Excel opens as it should (UTF-8 with a BOM, formulas defused) or as XLSX (cells as text).
import * as XLSX from '@e965/xlsx';
import type { Job } from '../jobs/job';
import { formulaSafeCsv } from '../jobs/csv-formula-guard';
import { sheetLines, type BatchSheet } from './batch';
import { assetOf } from '../../shared/domain/asset-value';
import { STATUS_WORDS } from '../../shared/domain/status-words';

export const RESULT_COLUMNS = ['Job id', 'Status', 'Output path', 'Local file'] as const;
/** The row's number in the imported file (the header is row 1), before the sheet's own columns. */
export const ROW_COLUMN = 'Sheet row';

function statusWords(job: Job | undefined): string {
  if (!job) return 'Not in the batch (excluded)';
  switch (job.tracking) {
    case 'pending':
      return 'Not sent yet';
    case 'submitting':
      return 'Being sent';
    case 'refused':
      return `Refused: ${job.trackingNote ?? 'the service did not take it'}`;
    case 'unknown':
      return 'Outcome unknown';
    case 'lost':
      return 'Lost: the service no longer knows it';
    default:
      if (job.status === 'SUCCESS') return STATUS_WORDS.SUCCESS;
      if (job.status === 'FAILED') return `${STATUS_WORDS.FAILED}${job.error ? `: ${job.error}` : ''}`;
      return job.status ? `Running (${job.status})` : 'Submitted';
  }
}

function valueCell(value: unknown): string {
  if (typeof value === 'string') return value;
  const asset = assetOf(value);
  if (asset) return asset.url;
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

/**
 * The table to write: the sheet's header and rows (or, for a batch without a sheet, one column per value)
 * with the result columns after them. `files` holds the local file of each downloaded job.
 */
export function batchTable(
  sheet: BatchSheet | null,
  jobs: readonly Job[],
  files: ReadonlyMap<string, string>,
): string[][] {
  const byRow = new Map(jobs.flatMap((job) => (job.batchRow === null ? [] : [[job.batchRow, job]])));
  const result = (job: Job | undefined) => [
    job?.uuid ?? '',
    statusWords(job),
    job?.outputPath ?? '',
    job ? (files.get(job.id) ?? '') : '',
  ];
  if (sheet) {
    const lines = sheetLines(sheet);
    return [
      [ROW_COLUMN, ...sheet.columns, ...RESULT_COLUMNS],
      ...sheet.rows.map((cells, index) => [
        String(lines[index] ?? index + 2),
        ...cells,
        ...result(byRow.get(index)),
      ]),
    ];
  }
  const parsed = jobs.map((job) => job.values);
  const keys = [...new Set(parsed.flatMap((values) => Object.keys(values)))];
  return [
    [ROW_COLUMN, ...keys, ...RESULT_COLUMNS],
    ...jobs.map((job, i) => [
      job.batchRow === null ? '' : String(job.batchRow + 1),
      ...keys.map((key) => valueCell(parsed[i]?.[key])),
      ...result(job),
    ]),
  ];
}

export function tableCsv(table: readonly (readonly string[])[]): string {
  return formulaSafeCsv(table);
}

/** Every cell a text cell: nothing the sheet held can become a formula or a number that loses digits. */
export function tableXlsx(table: readonly (readonly string[])[], sheetName: string): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(
    table.map((row) => [...row]),
    { cellDates: false },
  );
  for (const cell of Object.values(sheet)) {
    if (cell && typeof cell === 'object' && 't' in cell)
      Object.assign(cell, { t: 's', v: String(cell.v ?? '') });
  }
  const safeName =
    sheetName
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Batch';
  XLSX.utils.book_append_sheet(book, sheet, safeName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
