// The credit report's port on SQLite: the account's charged jobs with a finish time, read in one
// statement (summed by credit-report.ts, the same code as the team store's).
import type { Database, Statement } from 'better-sqlite3';
import type { CreditReport } from '../../../shared/domain/team';
import { summarizeCharges, type ChargedRow } from '../../jobs/credit-report';
import type { CreditReportStore } from '../../jobs/credit-report-store';

export class SqliteCreditReport implements CreditReportStore {
  private readonly charged: Statement<[string], ChargedRow>;

  constructor(db: Database) {
    this.charged = db.prepare(`
      SELECT jobs.id, jobs.submitted_by, jobs.batch_id, batches.name AS batch_name, jobs.finished_at,
        jobs.credit_used
      FROM jobs LEFT JOIN batches ON batches.id = jobs.batch_id
      WHERE jobs.account_id = ? AND jobs.credit_used IS NOT NULL AND jobs.finished_at IS NOT NULL`);
  }

  async creditReport(accountId: string, fromMs: number, toMs: number): Promise<CreditReport> {
    return summarizeCharges(this.charged.all(accountId), fromMs, toMs);
  }
}
