// One job in the queue's grid. Memoised on its props: the job object (replaced only when that job changed),
// its place and whether it is selected or active, so other jobs' changes never render it again. Clicks are
// handled by the grid (one listener for all rows).
import { memo } from 'react';
import type { JobView } from '../../../electron/shared/domain/job';
import { ProjectName } from '../../components/ProjectName';
import { RelativeTime } from '../../components/RelativeTime';
import { TimeLeft } from '../../components/TimeLeft';
import { jobTypeLabel } from '../../lib/job-type-labels';
import { renderProbe } from '../../lib/render-probe';
import { isRunning } from '../jobs/job-status';
import { shortId } from '../jobs/job-words';
import { StatusBadge } from '../jobs/StatusBadge';
import { rowDomId } from './grid-columns';

interface JobGridRowProps {
  job: JobView;
  /** Position in the list shown (0-based). */
  index: number;
  /** Offset from the top of the list, in pixels. */
  top: number;
  selected: boolean;
  active: boolean;
}

const creditFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** An empty cell: a dash to the eye, "none" to a screen reader. */
function Empty(): React.JSX.Element {
  return (
    <>
      <span className="cell-empty" aria-hidden="true">
        —
      </span>
      <span className="sr-only">none</span>
    </>
  );
}

export const JobGridRow = memo(function JobGridRow({ job, index, top, selected, active }: JobGridRowProps) {
  renderProbe.row?.(job.id);
  const classes = ['grid-row', 'grid-body-row'];
  if (selected) classes.push('is-selected');
  if (active) classes.push('is-active');
  if (job.archived) classes.push('is-archived');
  return (
    <div
      role="row"
      id={rowDomId(job.id)}
      className={classes.join(' ')}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-job-id={job.id}
      style={{ transform: `translateY(${top}px)` }}
    >
      <div role="gridcell" className="cell col-select">
        <span className={`row-check${selected ? ' is-checked' : ''}`} aria-hidden="true" />
      </div>
      <div role="gridcell" className="cell col-status" title={job.error ?? undefined}>
        <StatusBadge job={job} />
      </div>
      <div role="gridcell" className="cell col-project">
        <span className="cell-text">
          <ProjectName name={job.projectName} />
        </span>
        {job.archived ? (
          <span className="tag tag-archived" title="Its account was removed: kept read-only in the history">
            <span aria-hidden="true">⊘</span>
            <span className="archived-word">Archived</span>
          </span>
        ) : null}
      </div>
      <div role="gridcell" className="cell col-type">
        <span className="cell-text">{jobTypeLabel(job.jobType)}</span>
      </div>
      <div role="gridcell" className="cell col-summary" title={job.summary || undefined}>
        <span className="cell-text">{job.summary}</span>
      </div>
      <div role="gridcell" className="cell col-created">
        <RelativeTime iso={job.createdAt} />
      </div>
      <div role="gridcell" className="cell col-finished">
        {job.finishedAt ? <RelativeTime iso={job.finishedAt} /> : <Empty />}
      </div>
      <div role="gridcell" className="cell col-eta">
        {isRunning(job) && job.expectedAt ? <TimeLeft expectedAt={job.expectedAt} /> : <Empty />}
      </div>
      <div role="gridcell" className="cell col-batch">
        {job.batchId !== null ? (
          <span className="cell-text" title={`Batch ${job.batchId}`}>
            {shortId(job.batchId)}
            {job.batchRow !== null ? ` · row ${job.batchRow}` : ''}
          </span>
        ) : (
          <Empty />
        )}
      </div>
      <div role="gridcell" className="cell col-credits">
        {job.creditUsed !== null ? creditFormat.format(job.creditUsed) : <Empty />}
      </div>
    </div>
  );
});
