// The Queue screen: every job of the history, full width. A header with counts and the actions on the
// selection (or, for export, on everything shown), the search and filters, the windowed grid, the detail
// drawer beside it, and one notice saying how the last action went.
import { memo, useMemo, useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NoticeBar } from '../../components/NoticeBar';
import { Spinner } from '../../components/Spinner';
import { useNow } from '../../lib/ticker';
import { jobCount } from '../jobs/job-words';
import { useJobsStore } from '../jobs/jobs-store';
import { downloadJobs } from '../downloads/download-actions';
import { DownloadsBar } from '../downloads/DownloadsBar';
import { JobDrawer } from './JobDrawer';
import { JobsGrid } from './JobsGrid';
import { exportJobs } from './queue-actions';
import { hasFilters } from './queue-filter';
import { PollHealthBanner } from './PollHealthBanner';
import { QueueFilters } from './QueueFilters';
import { useDisplayNameStore } from '../team/display-name-store';
import { useQueueStore } from './queue-store';
import { SelectionConfirms } from './SelectionConfirms';
import { TrackJobDialog } from './TrackJobDialog';
import { useWhileShown } from '../navigation/use-while-shown';
import { useVisibleIds } from './use-visible-ids';

/** No selection shown (never changed: a stable value keeps the memos below still). */
const NO_IDS: string[] = [];

/** Stable, so that the notice's own timer is not restarted by every render of the screen. */
const dismissNotice = () => useQueueStore.getState().notify(null);

// The screen renders once a frame while jobs change (it follows the whole history for its list); these parts
// read their own stores or take props that hold still, so they are memoised rather than rendered with it.
const HealthBanner = memo(PollHealthBanner);
const Filters = memo(QueueFilters);
const Downloads = memo(DownloadsBar);
const Drawer = memo(JobDrawer);
const Notice = memo(NoticeBar);
const TrackDialog = memo(TrackJobDialog);

function GridOverlay({
  total,
  shown,
  pending,
}: {
  total: number;
  shown: number;
  /** The list is being worked out: "nothing matches" may not be true. */
  pending: boolean;
}): React.JSX.Element | null {
  const status = useJobsStore((state) => state.status);
  const error = useJobsStore((state) => state.error);
  const filtering = useQueueStore((state) => hasFilters(state.filters));
  if (status === 'error') {
    return (
      <div className="grid-overlay">
        <ErrorNotice title="The jobs could not be loaded" onRetry={() => void useJobsStore.getState().load()}>
          {error}
        </ErrorNotice>
      </div>
    );
  }
  if (shown > 0 || (pending && total > 0)) return null;
  if ((status === 'loading' || status === 'idle') && total === 0) {
    return (
      <div className="grid-overlay">
        <div className="panel-loading">
          <Spinner size="md" />
          <p role="status">Loading jobs…</p>
        </div>
      </div>
    );
  }
  return (
    <div className="grid-overlay">
      {total === 0 ? (
        <EmptyState title="No jobs yet">
          Jobs you submit from Create appear here and are followed until they succeed or fail. To follow a job
          made elsewhere, choose “Track a job…”.
        </EmptyState>
      ) : (
        <EmptyState title={filtering ? 'No job matches' : 'Nothing to show'}>
          <p>Nothing matches these filters among {jobCount(total)}.</p>
          <button
            type="button"
            className="btn btn-secondary btn-sm empty-state-action"
            onClick={() => useQueueStore.getState().clearFilters()}
          >
            Clear filters
          </button>
        </EmptyState>
      )}
    </div>
  );
}

export function QueueScreen(): React.JSX.Element {
  const byId = useWhileShown('queue', useJobsStore, (state) => state.byId);
  const filters = useQueueStore((state) => state.filters);
  const sort = useQueueStore((state) => state.sort);
  const selected = useQueueStore((state) => state.selected);
  const busy = useQueueStore((state) => state.busy);
  const notice = useQueueStore((state) => state.notice);
  const drawerOpen = useQueueStore((state) => state.drawerId !== null);
  const [tracking, setTracking] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [confirmingRequeue, setConfirmingRequeue] = useState(false);

  // The date filter moves with the clock (a minute is fine); without it the clock is left out.
  const minute = useNow(60_000);
  const clock = filters.date === 'all' ? 0 : minute;
  // "Me" in the Submitted by filter: this installation's name now.
  const me = useDisplayNameStore((state) => state.view?.name ?? null);
  // Worked out off the page's thread (a worker): 10,000 jobs filtered and sorted took long tasks here.
  const { list, pending } = useVisibleIds(byId, filters, sort, clock, me);
  const { ids } = list;
  const total = useMemo(() => Object.keys(byId).length, [byId]);
  const selectedIds = useMemo(
    () => (selected.size === 0 ? NO_IDS : ids.filter((id) => selected.has(id))),
    [ids, selected],
  );
  const failedIds = list.failed;
  const exportIds = selectedIds.length > 0 ? selectedIds : ids;
  // Download takes the selection, else every job shown that has a file (the others would only be skipped).
  const downloadIds = selectedIds.length > 0 ? selectedIds : list.withFile;

  const counts = [
    ids.length === total ? jobCount(total) : `${ids.length.toLocaleString()} of ${jobCount(total)}`,
    selectedIds.length > 0 ? `${selectedIds.length.toLocaleString()} selected` : null,
  ].filter(Boolean);

  return (
    <div className="queue-screen">
      <header className="queue-header">
        <div className="queue-heading">
          <h2 className="queue-title">Queue</h2>
          <p className="queue-count" data-testid="queue-count">
            {counts.join(' · ')}
          </p>
        </div>
        <div className="queue-actions" role="group" aria-label="Actions on jobs">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={failedIds.length === 0}
            title={
              failedIds.length === 0
                ? 'No failed job is shown'
                : `Select the ${jobCount(failedIds.length, 'failed job')} shown`
            }
            onClick={() => useQueueStore.getState().selectOnly(failedIds)}
          >
            Select all failed
          </button>
          <span className="toolbar-divider" aria-hidden="true" />
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={selectedIds.length === 0 || busy !== null}
            title={selectedIds.length === 0 ? 'Select jobs to requeue' : undefined}
            onClick={() => setConfirmingRequeue(true)}
          >
            {busy === 'requeue' ? <Spinner /> : null}
            Requeue
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={exportIds.length === 0 || busy !== null}
            title={
              selectedIds.length > 0
                ? `Export the ${jobCount(selectedIds.length)} selected`
                : `Export the ${jobCount(ids.length)} shown`
            }
            onClick={() => void exportJobs(exportIds)}
          >
            {busy === 'export' ? <Spinner /> : null}
            Export CSV
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={downloadIds.length === 0}
            title={
              selectedIds.length > 0
                ? `Download the files of the ${jobCount(selectedIds.length)} selected`
                : downloadIds.length > 0
                  ? `Download the files of the ${jobCount(downloadIds.length, 'finished job')} shown`
                  : 'No finished job with a file is shown'
            }
            onClick={() => void downloadJobs(downloadIds)}
          >
            Download
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm btn-danger-text"
            disabled={selectedIds.length === 0 || busy !== null}
            title={selectedIds.length === 0 ? 'Select jobs to remove' : undefined}
            onClick={() => setConfirmingRemove(true)}
          >
            Remove from history
          </button>
          <span className="toolbar-divider" aria-hidden="true" />
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setTracking(true)}>
            Track a job…
          </button>
        </div>
      </header>

      <HealthBanner />
      <Filters />
      <Downloads />

      <div className={`queue-main${drawerOpen ? ' has-drawer' : ''}`}>
        <div className="grid-frame">
          <JobsGrid ids={ids} byId={byId} busy={pending} />
          <GridOverlay total={total} shown={ids.length} pending={pending} />
        </div>
        <Drawer />
        <div className="queue-notice">
          <Notice notice={notice} onDismiss={dismissNotice} />
        </div>
      </div>

      <TrackDialog open={tracking} onOpenChange={setTracking} />
      <SelectionConfirms
        selectedIds={selectedIds}
        busy={busy}
        requeueOpen={confirmingRequeue}
        onRequeueOpenChange={setConfirmingRequeue}
        removeOpen={confirmingRemove}
        onRemoveOpenChange={setConfirmingRemove}
      />
    </div>
  );
}
