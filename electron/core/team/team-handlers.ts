// The IPC handlers of who submitted what (issue 19): the installation's display name, and the active
// account's credits spent by person and by batch, shown or saved as CSV through the save dialog.
import type { Handlers } from '../../shared/ipc/contract';
import { saveError, writeFileAtomically } from '../files/write-file-atomically';
import type { CreditReportStore } from '../jobs/credit-report-store';
import { AppError } from '../kernel/app-error';
import type { Dialogs } from '../kernel/ports';
import { creditReportCsv } from './credit-report-csv';
import type { DisplayName } from './display-name';

type TeamChannel = 'team:name' | 'team:setName' | 'credits:report' | 'credits:exportReport';

export interface TeamHandlersDeps {
  displayName: DisplayName;
  reports: CreditReportStore;
  /** The active account's id (throws in words when there is none). */
  activeAccountId(): string;
  dialogs?: Dialogs;
}

function checkedPeriod(fromMs: number, toMs: number): void {
  if (fromMs >= toMs) throw new AppError('invalid-input', 'The period must end after it starts.');
}

export function teamHandlers(deps: TeamHandlersDeps): Pick<Handlers, TeamChannel> {
  return {
    'team:name': async () => deps.displayName.view(),
    'team:setName': async ({ name }) =>
      name === null ? deps.displayName.reset() : deps.displayName.set(name),
    'credits:report': async ({ fromMs, toMs }) =>
      deps.reports.creditReport(deps.activeAccountId(), fromMs, toMs),
    'credits:exportReport': async ({ fromMs, toMs, fileLabel }) => {
      checkedPeriod(fromMs, toMs);
      if (!deps.dialogs) throw new AppError('internal', 'Files cannot be saved from here.');
      const report = await deps.reports.creditReport(deps.activeAccountId(), fromMs, toMs);
      const label = fileLabel ?? new Date(fromMs).toISOString().slice(0, 10);
      const path = await deps.dialogs.chooseSaveFile({
        title: 'Export credits spent as CSV',
        defaultName: `credits-spent-${label}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      });
      if (!path) return { path: null, rows: 0 };
      try {
        await writeFileAtomically(path, creditReportCsv(report, fromMs, toMs));
      } catch (error) {
        throw saveError(error, 'The CSV', path);
      }
      return { path, rows: report.byPerson.length + report.byBatch.length };
    },
  };
}
