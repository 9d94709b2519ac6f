// The Create screen's compact list of the jobs submitted from this window since it opened, newest first,
// following their progress live. Each opens its details in the Queue, where every job is.
import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JobView } from '../../../electron/shared/domain/job';
import { EmptyState } from '../../components/EmptyState';
import { ProjectName } from '../../components/ProjectName';
import { RelativeTime } from '../../components/RelativeTime';
import { jobTypeLabel } from '../../lib/job-type-labels';
import { isRunning } from '../jobs/job-status';
import { useJobsStore, type JobsById } from '../jobs/jobs-store';
import { StatusBadge } from '../jobs/StatusBadge';
import { useNavStore } from '../navigation/nav-store';
import { showJobInQueue } from '../queue/show-job';

/** A long session still lists only its latest jobs here; the Queue has them all. */
const SHOWN = 50;

/** The latest of this session's jobs still in the history, newest first. */
function sessionJobs(byId: JobsById, sessionIds: readonly string[]): JobView[] {
  const jobs: JobView[] = [];
  for (const id of sessionIds) {
    const job = byId[id];
    if (job) jobs.push(job);
    if (jobs.length === SHOWN) break;
  }
  return jobs;
}

const SessionJob = memo(function SessionJob({ job }: { job: JobView }) {
  return (
    <li className={`session-job${job.error ? ' has-error' : ''}`} data-job-id={job.id}>
      <button type="button" className="session-job-button" onClick={() => showJobInQueue(job.id)}>
        <span className="session-job-main">
          <span className="session-job-name">
            <ProjectName name={job.projectName} />
          </span>
          <StatusBadge job={job} />
        </span>
        {job.summary ? <span className="session-job-summary">{job.summary}</span> : null}
        <span className="session-job-meta">
          {jobTypeLabel(job.jobType)}
          {' · '}
          <RelativeTime iso={job.createdAt} />
          {job.creditUsed !== null ? (
            <span>
              {' · '}
              {job.creditUsed} {job.creditUsed === 1 ? 'credit' : 'credits'}
            </span>
          ) : null}
        </span>
        {job.error ? <span className="session-job-error">{job.error}</span> : null}
      </button>
    </li>
  );
});

export function SessionJobs(): React.JSX.Element {
  // The shown jobs' own objects, compared one by one: the Create screen stays mounted behind the others, and
  // reading the whole history here rendered it again on every frame of any job's change.
  const jobs = useJobsStore(useShallow((state) => sessionJobs(state.byId, state.sessionIds)));
  const running = jobs.filter(isRunning).length;

  return (
    <section className="panel session-panel" aria-labelledby="session-title">
      <header className="panel-header">
        <h2 id="session-title" className="panel-title">
          This session
        </h2>
        {jobs.length > 0 ? (
          <span className="panel-subtitle">{running > 0 ? `${running} not finished` : 'All finished'}</span>
        ) : null}
      </header>
      {/* Focusable: in a short window this list scrolls, and a keyboard must be able to scroll it too. */}
      <div className="panel-body" tabIndex={0} role="region" aria-labelledby="session-title">
        {jobs.length === 0 ? (
          <EmptyState title="No jobs yet this session">
            Jobs you submit here appear in this list and follow their progress. Earlier jobs are in the Queue.
          </EmptyState>
        ) : (
          <ul className="session-list" aria-label="Submitted jobs">
            {jobs.map((job) => (
              <SessionJob key={job.id} job={job} />
            ))}
          </ul>
        )}
      </div>
      <footer className="panel-footer">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => useNavStore.getState().go('queue', { focus: true })}
        >
          Show all jobs
        </button>
      </footer>
    </section>
  );
}
