// One submitted job: project, type, status, when, credits used and, if it failed, why.
import type { JobSummary } from '../../../electron/shared/domain/job';
import { ProjectName } from '../../components/ProjectName';
import { formatDateTime, formatJobTime } from '../../lib/dates';
import { jobTypeLabel } from '../../lib/job-type-labels';
import { StatusBadge } from './StatusBadge';

export function JobRow({ job }: { job: JobSummary }): React.JSX.Element {
  return (
    <li className={`job-row${job.error ? ' has-error' : ''}`} data-job-id={job.id}>
      <div className="job-row-main">
        <span className="job-row-name">
          <ProjectName name={job.projectName} />
        </span>
        <StatusBadge status={job.status} />
      </div>
      <div className="job-row-meta">
        <span>{jobTypeLabel(job.jobType)}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={job.createdAt} title={formatDateTime(job.createdAt)}>
          {formatJobTime(job.createdAt)}
        </time>
        {job.creditUsed !== null ? (
          <>
            <span aria-hidden="true">·</span>
            <span>
              {job.creditUsed} {job.creditUsed === 1 ? 'credit' : 'credits'}
            </span>
          </>
        ) : null}
      </div>
      {job.error ? <p className="job-row-error">{job.error}</p> : null}
    </li>
  );
}
