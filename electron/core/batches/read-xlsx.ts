// Reads one sheet of an Excel workbook with SheetJS (the maintained @e965/xlsx build): every cell as the
// person sees it in Excel (its formatted text: dates, percentages, currency), formulas by their last
// computed value, and each row's number in the sheet. Nothing in the file is ever run. A zipped workbook is
// checked against the limits first (workbook-limits.ts), and only the sheet wanted is parsed.
import * as XLSX from '@e965/xlsx';
import { SHEET_LIMITS, SheetError, moreCellsThanAllowed } from './sheet-error';
import { checkZippedWorkbook } from './workbook-limits';

export interface XlsxRows {
  rows: string[][];
  lines: number[];
  sheetNames: string[];
  sheetName: string;
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.t === 'z' || cell.t === 'e') return '';
  if (typeof cell.w === 'string') return cell.w;
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  return cell.v === undefined || cell.v === null ? '' : String(cell.v);
}

/** SheetJS's words for a workbook encrypted with a password (OLE files only: Excel's own encryption). */
const PASSWORD = /password-protected|ECMA-376 Encrypted|ODS Encryption/i;

export function readXlsx(bytes: Uint8Array, wanted?: string, zipped = true): XlsxRows {
  if (zipped) checkZippedWorkbook(bytes, wanted);
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, {
      sheets: wanted ?? 0,
      type: 'array',
      dense: true,
      cellText: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      sheetRows: SHEET_LIMITS.maxRows + 2,
    });
  } catch (error) {
    const reason = (error as Error).message ?? '';
    if (PASSWORD.test(reason)) {
      throw new SheetError(
        'This workbook is protected by a password. Open it in Excel, save a copy without the password, and drop that copy.',
      );
    }
    throw new SheetError(
      'This Excel file is damaged or incomplete and cannot be opened. Open it in Excel and save it again (or export it as CSV), then drop the new file.',
    );
  }
  const sheetNames = book.SheetNames;
  const sheetName = wanted ?? sheetNames[0];
  if (sheetName === undefined) throw new SheetError('This workbook has no sheets.');
  const sheet = book.Sheets[sheetName];
  if (!sheet || !sheetNames.includes(sheetName)) {
    throw new SheetError(
      `This workbook has no sheet named “${sheetName}”. Its sheets: ${sheetNames.join(', ')}.`,
    );
  }
  const dense = (sheet as { '!data'?: (XLSX.CellObject | undefined)[][] })['!data'] ?? [];
  const rows: string[][] = [];
  const lines: number[] = [];
  // Formats not checked before parsing (.xls, .xlsb, .ods) are held to the same count here.
  let cells = 0;
  dense.forEach((row, index) => {
    const kept = (row ?? []).slice(0, SHEET_LIMITS.maxColumns + 1);
    cells += kept.length;
    if (cells > SHEET_LIMITS.maxCells) throw moreCellsThanAllowed();
    const texts = kept.map((cell) => cellText(cell));
    if (texts.some((text) => text.trim() !== '')) {
      rows.push(texts);
      lines.push(index + 1);
    }
  });
  if (rows.length > SHEET_LIMITS.maxRows + 1) {
    throw new SheetError(
      `This sheet has more than ${SHEET_LIMITS.maxRows.toLocaleString('en')} rows. Split it into smaller files and import them one by one.`,
    );
  }
  return { rows, lines, sheetNames, sheetName };
}
