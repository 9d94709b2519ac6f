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
} as const;
