// A job's state as a badge: an icon shape and a word (the service's status, or our tracking state where it
// says more: "Sending…", "Outcome unknown", "Lost"), so it never relies on colour alone. Hovering shows both.
import type { JobView } from '../../../electron/shared/domain/job';
import { jobStateWords } from './job-status';

export function StatusBadge({ job }: { job: Pick<JobView, 'status' | 'tracking'> }): React.JSX.Element {
  const words = jobStateWords(job);
  return (
    <span
      className={`badge badge-${words.tone}`}
      data-status={job.status ?? ''}
      data-tracking={job.tracking}
      title={words.description}
    >
      <span
        className={`badge-icon${job.tracking === 'active' && words.tone === 'running' ? ' is-spinning' : ''}`}
        aria-hidden="true"
      >
        {words.icon}
      </span>
      <span className="badge-text">{words.label}</span>
      {words.detail ? <span className="badge-detail">· {words.detail}</span> : null}
    </span>
  );
}
