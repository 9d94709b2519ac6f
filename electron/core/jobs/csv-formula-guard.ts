// The one CSV writer of every export (the job history's and a batch's): UTF-8 with a BOM, Windows line
// ends, and no cell a spreadsheet would run as a formula (OWASP's CSV injection rules).
import { stringify } from 'csv-stringify/sync';

/**
 * What a spreadsheet skips before it decides a cell is a formula: spaces, tabs and line breaks of any kind
 * (Unicode's too, and the zero-width ones), so " =1+1" or "\n=1+1" is checked by its "=".
 */
const LEADING_BLANKS = /^[\s\u200b-\u200d\u2060]*/;
/** =, +, -, @ start a formula in Excel, LibreOffice and Sheets (and their full-width forms with an IME). */
const FORMULA_START = /^[=+\-@\uff1d\uff0b\uff0d\uff20]/;
/** A tab or a carriage return at the very start is one of OWASP's triggers by itself. */
const CONTROL_START = /^[\t\r]/;

/** Whether a spreadsheet opening this cell could take it for a formula. */
export function looksLikeFormula(text: string): boolean {
  if (CONTROL_START.test(text)) return true;
  const meaningful = text.slice(LEADING_BLANKS.exec(text)?.[0].length ?? 0);
  return FORMULA_START.test(meaningful);
}

/**
 * The cell as text a spreadsheet shows as it is: a leading apostrophe makes it text (every minus sign too,
 * so a negative number is written "'-1", as the exports always did).
 */
export function defused(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}

/**
 * Rows as CSV, every cell guarded; a guarded cell is also quoted, so that the apostrophe and what follows
 * stay one field whatever reads it.
 */
export function formulaSafeCsv(table: readonly (readonly string[])[]): string {
  return stringify(
    table.map((row) => row.map(defused)),
    { bom: true, record_delimiter: 'windows', quoted_match: /^'/ },
  );
}
