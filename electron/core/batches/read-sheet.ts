// A dropped spreadsheet, CSV or XLSX (told apart by content, not by name), read into a Sheet: the first
// non-empty row is the header (blank headers named, repeated ones numbered), every row as wide as the
// header, each row's line kept for messages; a notes row under it (its first cell starting "# ", as the
// sample sheets write theirs) is not a job. Anything that cannot be read is a SheetError in words.
import type { Sheet } from '../../shared/domain/batch-sheet';
import { decodeText } from './decode-text';
import { readCsv } from './read-csv';
import { readXlsx } from './read-xlsx';
import { SHEET_LIMITS, SheetError } from './sheet-error';

export { SheetError } from './sheet-error';

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
/** An old .xls (OLE compound file), which SheetJS reads too. */
const isOle = (bytes: Uint8Array) =>
  bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

/**
 * A row of notes for people, not a job: its first cell starts with "#" and a space ("# Text, up to 40
 * characters"). A hashtag ("#SpringSale") or a colour ("#1f6feb") has no space after its "#", so stays a row.
 */
export function isNotesRow(cells: readonly string[]): boolean {
  return /^\s*#(\s|$)/.test(cells[0] ?? '');
}

/** Header cells trimmed, blank ones named `Column N`, repeats numbered `Name (2)`. */
export function headerOf(cells: readonly string[], width: number): string[] {
  const seen = new Map<string, number>();
  const header: string[] = [];
  for (let i = 0; i < width; i += 1) {
    const base = (cells[i] ?? '').trim() || `Column ${i + 1}`;
    const key = base.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    header.push(count === 1 ? base : `${base} (${count})`);
  }
  return header;
}

export function readSheet(bytes: Uint8Array, fileName: string, options: { sheetName?: string } = {}): Sheet {
  if (bytes.byteLength === 0) throw new SheetError(`${fileName || 'This file'} is empty.`);
  if (bytes.byteLength > SHEET_LIMITS.maxBytes) {
    throw new SheetError(
      `${fileName} is ${(bytes.byteLength / 1048576).toFixed(0)} MB; a spreadsheet can be up to ${SHEET_LIMITS.maxBytes / 1048576} MB. Split it into smaller files.`,
    );
  }
  let rows: string[][];
  let lines: number[];
  let meta: Pick<Sheet, 'sheetNames' | 'sheetName' | 'encoding' | 'separator'>;
  if (isZip(bytes) || isOle(bytes)) {
    const read = readXlsx(bytes, options.sheetName, isZip(bytes));
    ({ rows, lines } = read);
    meta = { sheetNames: read.sheetNames, sheetName: read.sheetName, encoding: 'XLSX', separator: null };
  } else {
    const { text, encoding } = decodeText(bytes);
    const read = readCsv(text);
    ({ rows, lines } = read);
    meta = { sheetNames: [], sheetName: null, encoding, separator: read.separator };
  }
  const [headerCells, ...all] = rows;
  const kept = all.flatMap((row, i) => (isNotesRow(row) ? [] : [i]));
  const data = kept.map((i) => all[i] ?? []);
  if (!headerCells) throw new SheetError(`${fileName || 'This file'} has no rows.`);
  if (data.length === 0) {
    throw new SheetError(
      `${fileName || 'This file'} has a header row but no rows under it: add one row per job, then drop it again.`,
      lines[0] ?? null,
    );
  }
  // A loop, not Math.max(...rows): 100,000 arguments would overflow the stack.
  let width = headerCells.length;
  for (const row of data) width = Math.max(width, row.length);
  if (width > SHEET_LIMITS.maxColumns) {
    throw new SheetError(
      `This sheet has more than ${SHEET_LIMITS.maxColumns} columns; remove the ones not needed.`,
    );
  }
  const columns = headerOf(headerCells, width);
  return {
    columns,
    rows: data.map((row) =>
      row.length === width ? row : [...row, ...Array<string>(width - row.length).fill('')],
    ),
    lines: kept.map((i) => lines[i + 1] ?? i + 2),
    notesLines: all.flatMap((row, i) => (isNotesRow(row) ? [lines[i + 1] ?? i + 2] : [])),
    ...meta,
  };
}
