// Reading dropped spreadsheets: every encoding (UTF-8 with and without BOM, UTF-16 LE/BE with and without
// BOM, Windows-1252) and separator (`,` `;` tab, detected), quotes and quoted newlines, empty lines,
// ragged rows and odd headers, line numbers; XLSX built here with SheetJS (dates and percentages as Excel
// shows them, formulas by value, a chosen sheet); and every broken file explained in words.
import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readSheet, SheetError } from '../../../electron/core/batches/read-sheet';

const utf8 = (text: string) => new TextEncoder().encode(text);

function failure(run: () => unknown): SheetError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SheetError);
    return error as SheetError;
  }
  throw new Error('expected a SheetError');
}

function workbook(sheets: Record<string, unknown[][]>, edit?: (book: XLSX.WorkBook) => void): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  }
  edit?.(book);
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('CSV', () => {
  const TEXT = 'Name,Headline\r\nCafé Zoë,"Olá, Lisboa"\r\nBen,Hi\r\n';

  it.each([
    ['UTF-8', utf8(TEXT)],
    ['UTF-8 with BOM', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(TEXT)])],
    ['UTF-16 LE', new Uint8Array([0xff, 0xfe, ...iconv.encode(TEXT, 'utf16le')])],
    ['UTF-16 BE', new Uint8Array([0xfe, 0xff, ...iconv.encode(TEXT, 'utf16be')])],
    ['Windows-1252', new Uint8Array(iconv.encode(TEXT.replace('Olá', 'Ola'), 'win1252'))],
  ])('reads %s', (encoding, bytes) => {
    const sheet = readSheet(bytes, 'people.csv');
    expect(sheet.encoding).toBe(encoding);
    expect(sheet.columns).toEqual(['Name', 'Headline']);
    expect(sheet.rows[0]?.[0]).toBe('Café Zoë');
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.separator).toBe(',');
  });

  it('recognises UTF-16 without a BOM by its zero bytes', () => {
    expect(readSheet(new Uint8Array(iconv.encode(TEXT, 'utf16le')), 'a.csv').encoding).toBe('UTF-16 LE');
    expect(readSheet(new Uint8Array(iconv.encode(TEXT, 'utf16be')), 'a.csv').rows[1]).toEqual(['Ben', 'Hi']);
  });

  it('detects semicolons (European Excel, with decimal commas) and tabs', () => {
    const semi = readSheet(utf8('Name;Price;Volume\nAna;1,5;"2,5"\nBen;3,25;0,5\n'), 'a.csv');
    expect(semi.separator).toBe(';');
    expect(semi.rows).toEqual([
      ['Ana', '1,5', '2,5'],
      ['Ben', '3,25', '0,5'],
    ]);
    const tabs = readSheet(utf8('Name\tCity, Country\nAna\tLisbon, PT\n'), 'a.tsv');
    expect(tabs.separator).toBe('\t');
    expect(tabs.rows).toEqual([['Ana', 'Lisbon, PT']]);
  });

  it('keeps quoted newlines and doubled quotes, skips empty lines, and knows each row’s line', () => {
    const sheet = readSheet(
      utf8('\n\nName,Quote\n"Ana","She said ""hi""\nand left"\n\n,\nBen,"x"\n'),
      'a.csv',
    );
    expect(sheet.columns).toEqual(['Name', 'Quote']);
    expect(sheet.rows).toEqual([
      ['Ana', 'She said "hi"\nand left'],
      ['Ben', 'x'],
    ]);
    expect(sheet.lines).toEqual([4, 8]);
  });

  it('names blank headers, numbers repeated ones, and makes ragged rows as wide as the widest', () => {
    const sheet = readSheet(utf8(' Name ,,name\nAna,1\nBen,2,3,4\n'), 'a.csv');
    expect(sheet.columns).toEqual(['Name', 'Column 2', 'name (2)', 'Column 4']);
    expect(sheet.rows).toEqual([
      ['Ana', '1', '', ''],
      ['Ben', '2', '3', '4'],
    ]);
  });

  it('reads 10,000 rows', () => {
    const lines = ['Name,Headline,Photo,City,Code'];
    for (let i = 0; i < 10_000; i++) lines.push(`Person ${i},"Hello, ${i}",p${i}.png,Lisbon,${i}`);
    const sheet = readSheet(utf8(lines.join('\n')), 'big.csv');
    expect(sheet.rows).toHaveLength(10_000);
    expect(sheet.rows[9_999]).toEqual(['Person 9999', 'Hello, 9999', 'p9999.png', 'Lisbon', '9999']);
    expect(sheet.lines[9_999]).toBe(10_001);
  });
});

describe('XLSX', () => {
  it('shows cells as Excel does: dates and percentages formatted, formulas by their value', () => {
    const bytes = workbook(
      {
        People: [
          ['Name', 'Born', 'Share', 'Total'],
          ['Ana', 1, 0.25, 3],
        ],
      },
      (book) => {
        const sheet = book.Sheets['People']!;
        sheet['B2'] = { t: 'n', v: 46024, z: 'yyyy-mm-dd' };
        sheet['C2'] = { t: 'n', v: 0.25, z: '0%' };
        sheet['D2'] = { t: 'n', v: 3, f: '1+2' };
      },
    );
    const sheet = readSheet(bytes, 'people.xlsx');
    expect(sheet.encoding).toBe('XLSX');
    expect(sheet.separator).toBeNull();
    expect(sheet.columns).toEqual(['Name', 'Born', 'Share', 'Total']);
    expect(sheet.rows).toEqual([['Ana', '2026-01-02', '25%', '3']]);
    expect(sheet.lines).toEqual([2]);
  });

  it('reads the first sheet, or the one chosen, and lists them all', () => {
    const bytes = workbook({ First: [['A'], ['1']], Second: [['B'], ['2'], ['3']] });
    expect(readSheet(bytes, 'a.xlsx').sheetNames).toEqual(['First', 'Second']);
    const second = readSheet(bytes, 'a.xlsx', { sheetName: 'Second' });
    expect(second).toMatchObject({ sheetName: 'Second', columns: ['B'], rows: [['2'], ['3']] });
    expect(failure(() => readSheet(bytes, 'a.xlsx', { sheetName: 'Third' })).message).toBe(
      'This workbook has no sheet named “Third”. Its sheets: First, Second.',
    );
  });

  it('skips empty rows and keeps the rows’ numbers in the sheet', () => {
    const bytes = workbook({ S: [[], ['Name'], [], ['Ana'], ['Ben']] });
    const sheet = readSheet(bytes, 'a.xlsx');
    expect(sheet.rows).toEqual([['Ana'], ['Ben']]);
    expect(sheet.lines).toEqual([4, 5]);
  });
});

describe('broken files', () => {
  it('names the line of a quote that is never closed', () => {
    const error = failure(() => readSheet(utf8('Name,Quote\nAna,ok\nBen,"never closed\nCy,x\n'), 'a.csv'));
    expect(error.line).toBe(3);
    expect(error.message).toBe(
      'Line 3 opens a quote (") that is never closed, so the rest of the file would become one cell. Close the quote or remove it, then drop the file again.',
    );
  });

  it('refuses a photo renamed .csv, an empty file, a header without rows, and a damaged workbook', () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0,
    ]);
    expect(failure(() => readSheet(png, 'photo.csv')).message).toMatch(/^This file is not a spreadsheet/);
    expect(failure(() => readSheet(new Uint8Array(), 'empty.csv')).message).toBe('empty.csv is empty.');
    expect(failure(() => readSheet(utf8('\n\n'), 'blank.csv')).message).toBe('blank.csv has no rows.');
    expect(failure(() => readSheet(utf8('Name,Headline\n'), 'h.csv')).message).toMatch(
      /has a header row but no rows under it/,
    );
    const whole = workbook({ S: [['A'], ['1']] });
    expect(failure(() => readSheet(whole.slice(0, whole.length / 2), 'cut.xlsx')).message).toMatch(
      /^This Excel file is damaged or incomplete/,
    );
  });
});
