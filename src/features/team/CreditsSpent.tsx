// Settings → Credits spent (issue 19): what the active account's jobs that finished in a chosen period were
// charged, by person and by batch, each table with its total, and Export CSV (saved by main through the
// save dialog, every name formula-guarded there). Read again when the period or the account changes, and
// each time Settings is shown.
import { useEffect, useState } from 'react';
import { SINGLE_JOBS, submitterWords, type CreditReport } from '../../../electron/shared/domain/team';
import { ErrorNotice } from '../../components/ErrorNotice';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { api, call, failureMessage } from '../../lib/api';
import { useAccountsStore } from '../accounts/accounts-store';
import { useNavStore } from '../navigation/nav-store';
import { dayText, PERIOD_KINDS, periodOf, type Period, type PeriodKind } from './credit-periods';

const creditFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat();

type Loaded =
  { state: 'loading' } | { state: 'ready'; report: CreditReport } | { state: 'error'; message: string };

function total(lines: readonly { jobs: number; credits: number }[]) {
  return {
    jobs: lines.reduce((sum, line) => sum + line.jobs, 0),
    credits: lines.reduce((sum, line) => sum + line.credits, 0),
  };
}

function ReportTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: readonly { key: string; name: string; jobs: number; credits: number }[];
}): React.JSX.Element {
  const sum = total(rows);
  return (
    <div className="credits-table-wrap">
      <table className="credits-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <th scope="col" className="num">
              Jobs
            </th>
            <th scope="col" className="num">
              Credits
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="credits-name" title={row.name}>
                {row.name}
              </th>
              <td className="num">{countFormat.format(row.jobs)}</td>
              <td className="num">{creditFormat.format(row.credits)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="num">{countFormat.format(sum.jobs)}</td>
            <td className="num">{creditFormat.format(sum.credits)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function useReport(accountId: string | null, period: Period | null, attempt: number): Loaded {
  const key = `${accountId}:${period?.fromMs}:${period?.toMs}:${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; loaded: Loaded } | null>(null);
  useEffect(() => {
    if (!accountId || !period) return;
    let current = true;
    call(() => api().credits.report({ fromMs: period.fromMs, toMs: period.toMs })).then(
      (report) => current && setAnswer({ key, loaded: { state: 'ready', report } }),
      (error: unknown) =>
        current && setAnswer({ key, loaded: { state: 'error', message: failureMessage(error) } }),
    );
    return () => {
      current = false;
    };
    // The key holds everything the request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return answer?.key === key ? answer.loaded : { state: 'loading' };
}

export function CreditsSpent(): React.JSX.Element {
  const accountId = useAccountsStore((state) => state.snapshot?.activeId ?? null);
  const shown = useNavStore((state) => state.screen === 'settings');
  const [kind, setKind] = useState<PeriodKind>('this-month');
  const today = dayText(new Date());
  const [custom, setCustom] = useState({ from: today, to: today });
  const [views, setViews] = useState(0);
  const [exported, setExported] = useState<{ tone: 'saved' | 'error'; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  // Read again each time Settings is shown: jobs may have finished meanwhile.
  const [lastShown, setLastShown] = useState(shown);
  if (shown !== lastShown) {
    setLastShown(shown);
    if (shown) setViews((count) => count + 1);
  }

  const chosen = periodOf(kind, new Date(), custom);
  const period = 'problem' in chosen ? null : chosen;
  const loaded = useReport(accountId, period, views);

  if (!accountId)
    return <p className="settings-note">Choose an account to see the credits its jobs spent.</p>;

  const exportCsv = async () => {
    if (!period || exporting) return;
    setExporting(true);
    setExported(null);
    try {
      const result = await call(() =>
        api().credits.exportReport({ fromMs: period.fromMs, toMs: period.toMs, fileLabel: period.label }),
      );
      setExported(result.path ? { tone: 'saved', text: `Saved to ${result.path}.` } : null);
    } catch (error) {
      setExported({ tone: 'error', text: failureMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const report = loaded.state === 'ready' ? loaded.report : null;
  const empty = report !== null && report.byPerson.length === 0;
  return (
    <div className="credits-spent" data-testid="credits-spent">
      <div className="credits-period">
        <div className="field">
          <label className="field-label" htmlFor="credits-period">
            Period
          </label>
          <select
            id="credits-period"
            className="select"
            value={kind}
            onChange={(event) => setKind(event.target.value as PeriodKind)}
          >
            {PERIOD_KINDS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {kind === 'custom' ? (
          <>
            <div className="field">
              <label className="field-label" htmlFor="credits-from">
                First day
              </label>
              <input
                id="credits-from"
                type="date"
                className="input"
                value={custom.from}
                aria-describedby={'problem' in chosen ? 'credits-period-problem' : undefined}
                onChange={(event) => setCustom({ ...custom, from: event.target.value })}
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor="credits-to">
                Last day
              </label>
              <input
                id="credits-to"
                type="date"
                className="input"
                value={custom.to}
                aria-describedby={'problem' in chosen ? 'credits-period-problem' : undefined}
                onChange={(event) => setCustom({ ...custom, to: event.target.value })}
              />
            </div>
          </>
        ) : null}
        <button
          type="button"
          className="btn btn-secondary credits-export"
          aria-disabled={!report || empty || exporting ? true : undefined}
          onClick={() => {
            if (report && !empty) void exportCsv();
          }}
        >
          {exporting ? <Spinner /> : null}
          Export CSV…
        </button>
      </div>
      {'problem' in chosen ? (
        <p className="field-error" id="credits-period-problem">
          <span aria-hidden="true">⚠ </span>
          {chosen.problem}
        </p>
      ) : null}
      {exported ? (
        exported.tone === 'saved' ? (
          <p className="settings-saved" role="status">
            {exported.text}
          </p>
        ) : (
          <ErrorNotice title="The CSV was not saved">{exported.text}</ErrorNotice>
        )
      ) : null}
      {!period ? null : loaded.state === 'loading' ? (
        <p className="settings-note" role="status">
          <Spinner /> Adding up the credits…
        </p>
      ) : loaded.state === 'error' ? (
        <ErrorNotice
          title="The credits spent could not be read"
          onRetry={() => setViews((count) => count + 1)}
        >
          {loaded.message}
        </ErrorNotice>
      ) : empty ? (
        <EmptyState title="No credits spent in this period">
          <p>
            Jobs count here once they finish and the service charges them. Choose another period to look
            further back.
          </p>
        </EmptyState>
      ) : report ? (
        <div className="credits-tables">
          <ReportTable
            caption="By person"
            head="Person"
            rows={report.byPerson.map((line) => ({
              key: line.person ?? '\u0000unnamed',
              name: submitterWords(line.person),
              jobs: line.jobs,
              credits: line.credits,
            }))}
          />
          <ReportTable
            caption="By batch"
            head="Batch"
            rows={report.byBatch.map((line) => ({
              key: line.batchId ?? '\u0000single',
              name: line.batchId === null ? SINGLE_JOBS : line.name,
              jobs: line.jobs,
              credits: line.credits,
            }))}
          />
        </div>
      ) : null}
    </div>
  );
}
