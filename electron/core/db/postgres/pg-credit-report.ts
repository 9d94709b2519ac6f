// The credit report's port on the team's PostgreSQL: the account's charged jobs with a finish time, read
// over the pool in one statement (summed by credit-report.ts, the same code as SQLite's).
import type { CreditReport } from '../../../shared/domain/team';
import { summarizeCharges, type ChargedRow } from '../../jobs/credit-report';
import type { CreditReportStore } from '../../jobs/credit-report-store';
import type { PgAccess } from './pg-access';

export class PgCreditReport implements CreditReportStore {
  constructor(private readonly db: PgAccess) {}

  async creditReport(accountId: string, fromMs: number, toMs: number): Promise<CreditReport> {
    const rows = await this.db.read<ChargedRow>(
      `SELECT jobs.id, jobs.submitted_by, jobs.batch_id, batches.name AS batch_name, jobs.finished_at,
         jobs.credit_used
       FROM jobs LEFT JOIN batches ON batches.id = jobs.batch_id
       WHERE jobs.account_id = $1 AND jobs.credit_used IS NOT NULL AND jobs.finished_at IS NOT NULL`,
      [accountId],
    );
    return summarizeCharges(rows, fromMs, toMs);
  }
}
