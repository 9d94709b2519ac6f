// The one error a spreadsheet that cannot be read gives: what is wrong in the person's words, where (the
// line or row, when there is one), and what to do.
export class SheetError extends Error {
  constructor(
    message: string,
    /** The 1-based line (CSV) or row (XLSX) the problem is on, when there is one. */
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'SheetError';
  }
}

/** Limits that keep a dropped file from taking the app down: far above a real campaign's sheet. */
export const SHEET_LIMITS = {
  maxBytes: 50 * 1024 * 1024,
  maxRows: 100_000,
  maxColumns: 1_000,
  /** Cells of the sheet read (a workbook's other sheets are not read): 100,000 rows of 20 columns. */
  maxCells: 2_000_000,
  /** What a workbook's parts may inflate to, all together, as its zip directory says (and they do). */
  maxUnpackedBytes: 256 * 1024 * 1024,
  /** The heap of the thread that reads a sheet: past it, the read stops instead of the app. */
  readerHeapMb: 1024,
} as const;

const count = (n: number) => n.toLocaleString('en');

/** The words for a sheet with too many cells, said the same way for CSV and XLSX. */
export function tooManyCells(cells: number, shape = ''): SheetError {
  return new SheetError(
    `This sheet has ${count(cells)} cells${shape}; the app reads at most ${count(SHEET_LIMITS.maxCells)}. Split it or remove empty columns.`,
  );
}

/** The same, when the reading stopped at the limit and the whole count is not known. */
export function moreCellsThanAllowed(): SheetError {
  return new SheetError(
    `This sheet has more than ${count(SHEET_LIMITS.maxCells)} cells, the most the app reads. Split it or remove empty columns.`,
  );
}

/** "(99,001 rows × 200 columns)". */
export function shapeWords(rows: number, columns: number): string {
  return ` (${count(rows)} rows × ${count(columns)} columns)`;
}

export const NOT_A_SPREADSHEET =
  'This file is not a spreadsheet (it may be another kind of file renamed). Save the sheet as CSV or XLSX and drop that file.';
