// Reads CSV text with papaparse: the separator (`,` `;` or tab) chosen by which one gives the most rows of
// the same width (papaparse's own guess takes `,` in "1,5;2,5"), quoted newlines and doubled quotes kept,
// empty lines skipped, and each row's first line in the file, to name it in messages.
import Papa from 'papaparse';
import { SHEET_LIMITS, SheetError, moreCellsThanAllowed } from './sheet-error';

/** In the order a tie goes: a tab or a semicolon is rarely inside a cell's text, a comma often is. */
export const SEPARATORS = ['\t', ';', ','] as const;

export interface CsvRows {
  rows: string[][];
  /** The 1-based line each row starts on. */
  lines: number[];
  separator: string;
}

/** How well a separator splits the first lines: the share of rows with the most common width (> 1). */
function score(text: string, separator: string): number {
  const sample = Papa.parse<string[]>(text.slice(0, 64 * 1024), {
    delimiter: separator,
    preview: 50,
    skipEmptyLines: true,
  }).data;
  const widths = new Map<number, number>();
  for (const row of sample) widths.set(row.length, (widths.get(row.length) ?? 0) + 1);
  let best = 0;
  let bestWidth = 1;
  for (const [width, count] of widths) {
    if (count > best || (count === best && width > bestWidth)) [best, bestWidth] = [count, width];
  }
  if (bestWidth < 2 || sample.length === 0) return 0;
  // Consistency first, then the number of columns (a tie of "a,b;c" lines goes to the wider split).
  return best / sample.length + bestWidth / 10_000;
}

export function detectSeparator(text: string): string {
  let best: string = SEPARATORS[0];
  let bestScore = -1;
  for (const separator of SEPARATORS) {
    const value = score(text, separator);
    if (value > bestScore) [best, bestScore] = [separator, value];
  }
  return best;
}

/** Where each line starts, to turn a character offset into a line number. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

export function readCsv(text: string): CsvRows {
  const separator = detectSeparator(text);
  const starts = lineStarts(text);
  const rows: string[][] = [];
  const lines: number[] = [];
  let start = 0;
  let cellCount = 0;
  let failure: SheetError | null = null;
  Papa.parse<string[]>(text, {
    delimiter: separator,
    step(result, parser) {
      const cursor = result.meta.cursor;
      const quote = result.errors.find((error) => error.code === 'MissingQuotes');
      if (quote) {
        // Where the open quote is: the first quote at or after the row's start.
        const opened = text.indexOf('"', start);
        const line = lineAt(starts, opened === -1 ? start : opened);
        failure = new SheetError(
          `Line ${line} opens a quote (") that is never closed, so the rest of the file would become one cell. Close the quote or remove it, then drop the file again.`,
          line,
        );
        parser.abort();
        return;
      }
      // Skip the blank characters before the row (its line is the one it really starts on).
      let first = start;
      while (first < cursor && (text[first] === '\n' || text[first] === '\r')) first += 1;
      const cells = result.data.map((cell) => (cell.endsWith('\r') ? cell.slice(0, -1) : cell));
      if (cells.some((cell) => cell.trim() !== '')) {
        if (rows.length > SHEET_LIMITS.maxRows) {
          failure = new SheetError(
            `This file has more than ${SHEET_LIMITS.maxRows.toLocaleString('en')} rows. Split it into smaller files and import them one by one.`,
          );
          parser.abort();
          return;
        }
        // Counted as the rows come, so a file of a few wide rows is refused before it is all held.
        cellCount += cells.length;
        if (cellCount > SHEET_LIMITS.maxCells) {
          failure = moreCellsThanAllowed();
          parser.abort();
          return;
        }
        rows.push(cells);
        lines.push(lineAt(starts, first));
      }
      start = cursor;
    },
  });
  if (failure) throw failure;
  return { rows, lines, separator };
}
