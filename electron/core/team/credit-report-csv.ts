// The credit report as CSV (issue 19: "exports it as CSV"): one table, by person then by batch, each with
// its total, the period on every row. Names come from other people (anyone on the team sets their own),
// so every cell goes through the formula guard of every export (csv-formula-guard.ts).
import { SINGLE_JOBS, submitterWords, type CreditReport } from '../../shared/domain/team';
import { formulaSafeCsv } from '../jobs/csv-formula-guard';

const HEADER = ['by', 'name', 'jobs', 'credits', 'from', 'to'];

const total = (lines: readonly { jobs: number; credits: number }[]) => ({
  jobs: lines.reduce((sum, line) => sum + line.jobs, 0),
  credits: Math.round(lines.reduce((sum, line) => sum + line.credits, 0) * 1e6) / 1e6,
});

export function creditReportCsv(report: CreditReport, fromMs: number, toMs: number): string {
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const row = (by: string, name: string, line: { jobs: number; credits: number }) => [
    by,
    name,
    String(line.jobs),
    String(line.credits),
    from,
    to,
  ];
  return formulaSafeCsv([
    HEADER,
    ...report.byPerson.map((line) => row('person', submitterWords(line.person), line)),
    row('person', 'Total', total(report.byPerson)),
    ...report.byBatch.map((line) => row('batch', line.batchId === null ? SINGLE_JOBS : line.name, line)),
    row('batch', 'Total', total(report.byBatch)),
  ]);
}
