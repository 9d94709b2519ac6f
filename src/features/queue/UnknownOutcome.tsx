// A job whose outcome is unknown: what happened, in words, and the person's two choices.
import type { JobView } from '../../../electron/shared/domain/job';
import { Spinner } from '../../components/Spinner';
import { discardJob, resubmitJob } from './queue-actions';
import { useQueueStore } from './queue-store';

export const UNKNOWN_EXPLANATION =
  'The app stopped (or the connection broke) after sending this job, so it may or may not have been created. Resubmit sends the same request again; if the first one did get through you will pay twice. Discard forgets it.';

export function UnknownOutcome({ job }: { job: JobView }): React.JSX.Element {
  const busy = useQueueStore((state) => state.busy);
  return (
    <section className="notice notice-warning drawer-unknown" aria-labelledby="unknown-title">
      <span className="notice-icon" aria-hidden="true">
        ?
      </span>
      <div className="notice-body">
        <h4 id="unknown-title" className="notice-title">
          Outcome unknown
        </h4>
        <p className="notice-text">{UNKNOWN_EXPLANATION}</p>
        {job.trackingNote ? <p className="notice-text drawer-note">{job.trackingNote}</p> : null}
        <div className="drawer-choice">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy !== null || job.archived}
            onClick={() => void resubmitJob(job)}
          >
            {busy === 'resubmit' ? <Spinner /> : null}
            Resubmit
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy !== null}
            onClick={() => void discardJob(job)}
          >
            {busy === 'discard' ? <Spinner /> : null}
            Discard
          </button>
        </div>
      </div>
    </section>
  );
}
