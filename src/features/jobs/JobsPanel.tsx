// The queue: the active account's submitted jobs, newest first, updated live by `jobs:changed`.
import { useMemo } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { LiveRegion } from '../../components/LiveRegion';
import { Spinner } from '../../components/Spinner';
import { useAccountsStore } from '../accounts/accounts-store';
import { JobRow } from './JobRow';
import { useJobsStore } from './jobs-store';
import { isFinalStatus } from '../../../electron/shared/api/job-types';

export function JobsPanel(): React.JSX.Element {
  const { jobs, status, error, announcement, load } = useJobsStore();
  const activeId = useAccountsStore((state) => state.snapshot?.activeId ?? null);
  const shown = useMemo(
    () => jobs.filter((job) => !activeId || job.accountId === activeId),
    [jobs, activeId],
  );
  const running = shown.filter((job) => !isFinalStatus(job.status)).length;

  return (
    <section className="panel jobs-panel" aria-labelledby="jobs-title">
      <header className="panel-header">
        <h2 id="jobs-title" className="panel-title">
          Jobs
        </h2>
        {shown.length > 0 ? (
          <span className="panel-subtitle">{running > 0 ? `${running} running` : 'All finished'}</span>
        ) : null}
      </header>
      <LiveRegion message={announcement} />
      <div className="panel-body">
        {status === 'error' ? (
          <ErrorNotice title="The jobs could not be loaded" onRetry={() => void load()}>
            {error}
          </ErrorNotice>
        ) : status === 'loading' && shown.length === 0 ? (
          <div className="panel-loading">
            <Spinner size="md" />
            <p role="status">Loading jobs…</p>
          </div>
        ) : shown.length === 0 ? (
          <EmptyState title="No jobs yet">
            Jobs you submit appear here, newest first, and follow their progress until they succeed or fail.
          </EmptyState>
        ) : (
          <ul className="job-list" aria-label="Submitted jobs">
            {shown.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
