// The credit report's port (issue 19: "the account shows credits spent by person and by batch for a chosen
// period"): what an account's jobs that finished in [fromMs, toMs) were charged, summed by who submitted
// them and by batch. SQLite answers it for one person today, PostgreSQL for a team; async from the start.
import type { CreditReport } from '../../shared/domain/team';

export interface CreditReportStore {
  creditReport(accountId: string, fromMs: number, toMs: number): Promise<CreditReport>;
}
