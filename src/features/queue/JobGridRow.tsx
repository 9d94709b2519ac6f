// One job in the queue's grid. Memoised on its props: the job object (replaced only when that job changed),
// its place and whether it is selected or active, so other jobs' changes never render it again. Clicks are
// handled by the grid (one listener for all rows).
import { memo } from 'react';
import type { DownloadView } from '../../../electron/shared/domain/download';
import type { JobView } from '../../../electron/shared/domain/job';
import { ProjectName } from '../../components/ProjectName';
import { RelativeTime } from '../../components/RelativeTime';
import { TimeLeft } from '../../components/TimeLeft';
import { submitterWords } from '../../../electron/shared/domain/team';
import { jobTypeLabel } from '../../lib/job-type-labels';
import { renderProbe } from '../../lib/render-probe';
import { DownloadCell } from '../downloads/DownloadCell';
import { isRunning } from '../jobs/job-status';
import { BatchPlace } from './BatchPlace';
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
  /** The job's download, replaced only when it changed (so progress renders only its own row). */
  download: DownloadView | undefined;
}

const creditFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/**
 * A cell's class: an empty one shows a dash drawn by CSS (`.is-empty`), which screen readers skip, so they
 * announce the cell as blank. No element per empty cell: a scrollbar jump mounts a whole window of rows.
 */
function cellClass(column: string, empty: boolean): string {
  return empty ? `cell col-${column} is-empty` : `cell col-${column}`;
}

export const JobGridRow = memo(function JobGridRow({
  job,
  index,
  top,
  selected,
  active,
  download,
}: JobGridRowProps) {
  renderProbe.row?.(job.id);
  const classes = ['grid-row', 'grid-body-row'];
  if (selected) classes.push('is-selected');
  if (active) classes.push('is-active');
  if (job.archived) classes.push('is-archived');
  const timeLeft = isRunning(job) && job.expectedAt !== null;
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
        <span className="cell-lines">
          <span className="cell-line">
            <span className="cell-text">
              <ProjectName name={job.projectName} />
            </span>
            {job.archived ? (
              <span
                className="tag tag-archived"
                title="Its account was removed: kept read-only in the history"
              >
                <span aria-hidden="true">⊘</span>
                <span className="archived-word">Archived</span>
              </span>
            ) : null}
          </span>
          {/* Who submitted it (issue 19), under the project: seen at every width of the grid. */}
          <span
            className="cell-by"
            data-testid="submitted-by"
            title={`Submitted by ${submitterWords(job.submittedBy)}`}
          >
            {/* Plain text, no element more per row: a scrollbar jump mounts a whole window of rows. */}
            {job.submittedBy === null ? submitterWords(null) : `by ${job.submittedBy}`}
          </span>
        </span>
      </div>
      <div role="gridcell" className="cell col-type">
        {jobTypeLabel(job.jobType)}
      </div>
      <div role="gridcell" className="cell col-summary" title={job.summary || undefined}>
        {job.summary}
      </div>
      <div role="gridcell" className="cell col-created">
        <RelativeTime iso={job.createdAt} />
      </div>
      <div role="gridcell" className={cellClass('finished', !job.finishedAt)}>
        {job.finishedAt ? <RelativeTime iso={job.finishedAt} /> : null}
      </div>
      <div role="gridcell" className={cellClass('eta', !timeLeft)}>
        {timeLeft ? <TimeLeft expectedAt={job.expectedAt} /> : null}
      </div>
      <div
        role="gridcell"
        className={cellClass('batch', job.batchId === null)}
        title={job.batchId !== null ? `Batch ${job.batchId}` : undefined}
      >
        {job.batchId !== null ? <BatchPlace job={{ ...job, batchId: job.batchId }} /> : null}
      </div>
      <DownloadCell download={download} />
      <div role="gridcell" className={cellClass('credits', job.creditUsed === null)}>
        {job.creditUsed !== null ? creditFormat.format(job.creditUsed) : null}
      </div>
    </div>
  );
});
