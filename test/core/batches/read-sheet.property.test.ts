// Properties of the spreadsheet reader: any bytes at all are either read or refused with a SheetError in
// words (never another exception); and a random table written as CSV, with any separator and encoding,
// reads back cell for cell.
import fc from 'fast-check';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import { readSheet, SheetError } from '../../../electron/core/batches/read-sheet';

it('never throws anything but a SheetError that says something, whatever the bytes', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 2000 }), fc.constantFrom('a.csv', 'a.xlsx', ''), (bytes, name) => {
      try {
        readSheet(bytes, name);
      } catch (error) {
        expect(error).toBeInstanceOf(SheetError);
        expect((error as SheetError).message.length).toBeGreaterThan(10);
      }
    }),
    { numRuns: 300 },
  );
});

it('never throws anything but a SheetError for text made of quotes, separators and line breaks', () => {
  const piece = fc.constantFrom('"', ',', ';', '\t', '\n', '\r\n', 'a', 'é', ' ', '""');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 200 }), (pieces) => {
      try {
        readSheet(new TextEncoder().encode(pieces.join('')), 'a.csv');
      } catch (error) {
        expect(error).toBeInstanceOf(SheetError);
      }
    }),
    { numRuns: 500 },
  );
});

/** Whether `bytes` are valid UTF-8 that says something other than `text`. */
function decodesAsOtherUtf8(bytes: Uint8Array, text: string): boolean {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes) !== text;
  } catch {
    return false;
  }
}

/** Cell text with what makes CSV hard: quotes, separators, line breaks, accents, spaces at the ends. */
const cell = fc
  .array(fc.constantFrom('a', 'B', '7', ' ', '"', ',', ';', '\t', '\n', 'é', 'ß', '€', '中', '😀', '.'), {
    maxLength: 12,
  })
  .map((chars) => chars.join(''));

it('reads back any table written as CSV, in any separator and encoding', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 5 }).chain((width) =>
        fc.record({
          header: fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,8}[A-Za-z0-9]$/), {
            minLength: width,
            maxLength: width,
            comparator: (a, b) => a.toLowerCase() === b.toLowerCase(),
          }),
          rows: fc.array(
            fc
              .array(cell, { minLength: width, maxLength: width })
              .filter((row) => row.some((text) => text.trim() !== '')),
            { minLength: 1, maxLength: 8 },
          ),
        }),
      ),
      fc.constantFrom(',', ';', '\t'),
      fc.constantFrom('utf8', 'utf8-bom', 'utf16le', 'utf16be', 'win1252'),
      fc.boolean(),
      ({ header, rows }, separator, encoding, quoteAll) => {
        const table = [header, ...rows];
        // Quoted as Excel does (only where needed), or every cell.
        const text = Papa.unparse(table, { delimiter: separator, quotes: quoteAll, newline: '\r\n' });
        if (encoding === 'win1252' && iconv.decode(iconv.encode(text, 'win1252'), 'win1252') !== text) return;
        // Windows-1252 bytes that are also valid UTF-8 of other text ("ß€" is DF 80, which is UTF-8's "߀")
        // cannot be told apart by any reader; valid UTF-8 is read as UTF-8, as nearly every such file is.
        if (encoding === 'win1252' && decodesAsOtherUtf8(iconv.encode(text, 'win1252'), text)) return;
        const bytes =
          encoding === 'utf8'
            ? iconv.encode(text, 'utf8')
            : encoding === 'utf8-bom'
              ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), iconv.encode(text, 'utf8')])
              : encoding === 'utf16le'
                ? Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')])
                : encoding === 'utf16be'
                  ? Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf16be')])
                  : iconv.encode(text, 'win1252');
        const sheet = readSheet(new Uint8Array(bytes), 'table.csv');
        expect(sheet.columns).toEqual(header);
        expect(sheet.rows).toEqual(rows);
      },
    ),
    { numRuns: 300 },
  );
});
