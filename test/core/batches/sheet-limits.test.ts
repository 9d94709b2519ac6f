// Hostile spreadsheets, generated here and small on disk, each refused in words before it is parsed: the
// issue's 99,000 × 200 sheet by its declared dimension, millions of cells without (or with a false)
// dimension, one cell far right on every row, a zip directory that lies about a part's size or promises
// gigabytes, a CSV of millions of cells; and files that are not spreadsheets said to be so (not
// "password protected", which is kept for Excel's real encryption).
import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readSheet, SheetError } from '../../../electron/core/batches/read-sheet';
import { SHEET_LIMITS } from '../../../electron/core/batches/sheet-error';
import { sheetXml, xlsxOf, zipOf } from './hostile-sheets';

function failure(run: () => unknown): SheetError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SheetError);
    return error as SheetError;
  }
  throw new Error('expected a SheetError');
}

const CELLS =
  /^This sheet has ([\d,]+) cells.*; the app reads at most 2,000,000\. Split it or remove empty columns\.$/;

describe('an .xlsx over the limits is refused before it is parsed', () => {
  it('by its declared dimension: the issue’s 99,000 rows × 200 numeric cells', () => {
    // The dimension as Excel writes it, over the first rows (the refusal never looks further).
    const bytes = xlsxOf([sheetXml({ rows: 100, columns: 200, dimension: 'A1:GR99001' })]);
    expect(failure(() => readSheet(bytes, 'big.xlsx')).message).toBe(
      'This sheet has 19,800,200 cells (99,001 rows × 200 columns); the app reads at most 2,000,000. Split it or remove empty columns.',
    );
  });

  it('by its cells counted, when it declares no dimension or a false one', () => {
    const cells = { rows: 10_700, columns: 200, references: false } as const;
    for (const dimension of [null, 'A1:B3']) {
      const bytes = xlsxOf([sheetXml({ ...cells, dimension })]);
      expect(bytes.length).toBeLessThan(1024 * 1024);
      const { message } = failure(() => readSheet(bytes, 'big.xlsx'));
      expect(message).toMatch(CELLS);
      expect(message).toContain('This sheet has 2,140,000 cells;');
    }
  });

  it('by the range its cells span: one cell at column XFD on every row', () => {
    const rows = Array.from(
      { length: 5_000 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>1</v></c><c r="XFD${i + 1}"><v>2</v></c></row>`,
    ).join('');
    const bytes = xlsxOf([
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
    ]);
    expect(failure(() => readSheet(bytes, 'far.xlsx')).message).toBe(
      'This sheet has 81,920,000 cells (5,000 rows × 16,384 columns); the app reads at most 2,000,000. Split it or remove empty columns.',
    );
  });

  it('reads the sheet chosen only: a huge second sheet does not stop the first', () => {
    const bytes = xlsxOf([
      sheetXml({ rows: 3, columns: 2 }),
      sheetXml({ rows: 10, columns: 2, dimension: 'A1:ZZ999999' }),
    ]);
    expect(readSheet(bytes, 'two.xlsx').rows).toEqual([
      ['0', '1'],
      ['0', '1'],
    ]);
    expect(failure(() => readSheet(bytes, 'two.xlsx', { sheetName: 'Sheet2' })).message).toMatch(CELLS);
  });

  it('finds the sheet chosen through the workbook’s relationships, whatever its part is called', () => {
    const bytes = xlsxOf(
      [sheetXml({ rows: 3, columns: 2 }), sheetXml({ rows: 10, columns: 2, dimension: 'A1:ZZ999999' })],
      (parts) => {
        for (const part of parts) {
          if (part.name === 'xl/worksheets/sheet2.xml') part.name = 'xl/data/Big one.xml';
          if (typeof part.data !== 'string') continue;
          part.data = part.data
            .replace('Target="worksheets/sheet2.xml"', 'Target="../xl/data/Big one.xml"')
            .replace('/xl/worksheets/sheet2.xml', '/xl/data/Big one.xml')
            .replace('name="Sheet2"', 'name="Data &amp; Co"');
        }
      },
    );
    expect(readSheet(bytes, 'two.xlsx').sheetNames).toEqual(['Sheet1', 'Data & Co']);
    expect(failure(() => readSheet(bytes, 'two.xlsx', { sheetName: 'Data & Co' })).message).toMatch(CELLS);
  });

  it('by what its zip directory says the parts unpack to', () => {
    const bytes = xlsxOf([sheetXml({ rows: 3, columns: 2 })], (parts) => {
      parts.push({ name: 'xl/media/huge.bin', data: 'x', declaredSize: 300 * 1024 * 1024 });
    });
    expect(failure(() => readSheet(bytes, 'bomb.xlsx')).message).toBe(
      `This workbook unpacks to 300 MB; the app reads at most ${SHEET_LIMITS.maxUnpackedBytes / 1048576} MB. Split it into smaller files, or save the sheet you need as CSV.`,
    );
  });

  it('as damaged when a part inflates to more than its directory says (a zip bomb that lies)', () => {
    const bytes = xlsxOf([sheetXml({ rows: 3, columns: 2 })], (parts) => {
      parts.push({ name: 'xl/media/liar.bin', data: Buffer.alloc(8 * 1024 * 1024), declaredSize: 1000 });
    });
    expect(failure(() => readSheet(bytes, 'liar.xlsx')).message).toMatch(
      /^This Excel file is damaged or incomplete/,
    );
  });

  it('still reads a sheet within the limits, written as Excel does', () => {
    const sheet = readSheet(xlsxOf([sheetXml({ rows: 2_000, columns: 20 })]), 'fine.xlsx');
    expect(sheet.rows).toHaveLength(1_999);
    expect(sheet.columns).toHaveLength(20);
  });
});

it('refuses a CSV of more cells than the limit while reading it, before it is all held', () => {
  const row = `${Array.from({ length: 100 }, (_, i) => i).join(',')}\n`;
  const bytes = new TextEncoder().encode(row.repeat(21_000));
  expect(failure(() => readSheet(bytes, 'wide.csv')).message).toBe(
    'This sheet has more than 2,000,000 cells, the most the app reads. Split it or remove empty columns.',
  );
});

describe('a file that is not a spreadsheet is said to be one, not "password protected"', () => {
  const NOT_A_SHEET = /^This file is not a spreadsheet/;

  it.each([
    ['random bytes', randomBytes(4096)],
    [
      'a PNG renamed .xlsx',
      Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(2000)]),
    ],
    ['a zip of a text file', zipOf([{ name: 'notes.txt', data: 'hello' }])],
    [
      'a Word document',
      zipOf([
        { name: '[Content_Types].xml', data: '<Types/>' },
        { name: 'word/document.xml', data: '<w:document/>' },
      ]),
    ],
  ])('%s', (_label, bytes) => {
    expect(failure(() => readSheet(bytes, 'sheet.xlsx')).message).toMatch(NOT_A_SHEET);
  });

  it('a file that starts as a zip and is then noise is damaged, not protected', () => {
    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(200, 0xff)]);
    expect(failure(() => readSheet(bytes, 'noise.xlsx')).message).toMatch(
      /^This Excel file is damaged or incomplete/,
    );
  });

  it('a workbook Excel encrypted with a password is still said to be protected', () => {
    const { CFB } = XLSX as unknown as {
      CFB: {
        utils: { cfb_new(): unknown; cfb_add(cfb: unknown, name: string, data: Buffer): void };
        write(cfb: unknown, options: { type: 'buffer' }): Buffer;
      };
    };
    const cfb = CFB.utils.cfb_new();
    CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
    CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(64, 1));
    expect(failure(() => readSheet(CFB.write(cfb, { type: 'buffer' }), 'locked.xlsx')).message).toMatch(
      /^This workbook is protected by a password/,
    );
  });
});
