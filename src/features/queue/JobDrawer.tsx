// The detail drawer (a non-modal Radix Dialog beside the grid, named "Job details"): the job's state, values
// with previews, ids, output, times and raw JSON, and what can be done with it (requeue, duplicate into the
// form, remove from history; resubmit or discard when its outcome is unknown). It follows the active row
// while open, reads the full record with jobs:get, and reads it again whenever the job changes.
import { submitterWords } from '../../../electron/shared/domain/team';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import type { JobDetail, JobView } from '../../../electron/shared/domain/job';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NoticeBox } from '../../components/NoticeBox';
import { ProjectName } from '../../components/ProjectName';
import { Spinner } from '../../components/Spinner';
import { TimeLeft } from '../../components/TimeLeft';
import { api, call, failureMessage } from '../../lib/api';
import { formatExactTime } from '../../lib/dates';
import { jobTypeLabel } from '../../lib/job-type-labels';
import { isRunning, TRACKING_WORDS } from '../jobs/job-status';
import { jobName } from '../jobs/job-words';
import { useJobsStore } from '../jobs/jobs-store';
import { StatusBadge } from '../jobs/StatusBadge';
import { DownloadPanel } from '../downloads/DownloadPanel';
import { JobValues } from './JobValues';
import { useNavStore } from '../navigation/nav-store';
import { JOBS_GRID_ID } from './grid-columns';
import { JsonBlock } from './JsonBlock';
import { duplicateIntoForm, removeJobs, requeueJobs } from './queue-actions';
import { useQueueStore } from './queue-store';
import { BatchPlace } from './BatchPlace';
import { RerunConfirm } from './RerunConfirm';
import { UnknownOutcome } from './UnknownOutcome';

type DetailState =
  { state: 'loading' } | { state: 'ready'; detail: JobDetail } | { state: 'error'; message: string };

function useJobDetail(id: string, job: JobView | undefined): DetailState {
  const [detail, setDetail] = useState<DetailState>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    call(() => api().jobs.get({ id })).then(
      (value) => current && setDetail({ state: 'ready', detail: value }),
      (error: unknown) => current && setDetail({ state: 'error', message: failureMessage(error) }),
    );
    return () => {
      current = false;
    };
    // The job object changes whenever the job does: the record is read again then.
  }, [id, job]);
  return detail;
}

function Time({ label, iso }: { label: string; iso: string | null }): React.JSX.Element | null {
  if (!iso) return null;
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>
        <time dateTime={iso}>{formatExactTime(iso)}</time>
      </dd>
    </div>
  );
}

function requeueBlocker(job: JobView): string | null {
  if (job.archived) return 'Its account was removed.';
  if (!job.uuid) return 'The service has not given it an id yet.';
  if (job.tracking === 'unknown') return 'Its outcome is unknown: resubmit or discard it first.';
  if (job.tracking === 'submitting') return 'It is still being sent.';
  return null;
}

function Actions({ job, detail }: { job: JobView; detail: JobDetail | null }): React.JSX.Element {
  const busy = useQueueStore((state) => state.busy);
  const [confirming, setConfirming] = useState(false);
  const [confirmingRequeue, setConfirmingRequeue] = useState(false);
  const blocked = requeueBlocker(job);
  return (
    <div className="drawer-actions" role="group" aria-label="Actions on this job">
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={busy !== null || blocked !== null}
        title={blocked ?? 'Send it back to the service’s worker queue'}
        onClick={() => setConfirmingRequeue(true)}
      >
        {busy === 'requeue' ? <Spinner /> : <span className="icon-refresh" aria-hidden="true" />}
        Requeue
      </button>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={busy !== null || job.archived}
        title={job.archived ? 'Its account was removed.' : 'Open its project with these values in the form'}
        onClick={() => void duplicateIntoForm(job, detail)}
      >
        {busy === 'duplicate' ? <Spinner /> : null}
        Duplicate into the form
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-danger-text"
        disabled={busy !== null}
        onClick={() => setConfirming(true)}
      >
        Remove from history
      </button>
      <RerunConfirm
        open={confirmingRequeue}
        onOpenChange={setConfirmingRequeue}
        title="Requeue this job?"
        confirmLabel="Requeue"
        params={{ ids: [job.id] }}
        busy={busy === 'requeue'}
        onConfirm={() => void requeueJobs([job.id]).then(() => setConfirmingRequeue(false))}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this job from the history?"
        confirmLabel="Remove from history"
        busy={busy === 'remove'}
        onConfirm={() => void removeJobs([job.id]).then(() => setConfirming(false))}
      >
        <p>
          The app forgets “{jobName(job)}”: it is no longer listed or followed.
          {isRunning(job) ? ' It keeps running on the service and still uses credits.' : ''} You can follow it
          again later with “Track a job…” and its service id.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function DrawerBody({ id, job }: { id: string; job: JobView | undefined }): React.JSX.Element {
  const detailState = useJobDetail(id, job);
  const detail = detailState.state === 'ready' ? detailState.detail : null;
  // A job outside the history on screen (another account's, from a notification) is shown from its record.
  const view: JobView | null = job ?? detail;

  if (!view) {
    return detailState.state === 'error' ? (
      <ErrorNotice title="The job could not be read">{detailState.message}</ErrorNotice>
    ) : (
      <div className="panel-loading">
        <Spinner size="md" />
        <p role="status">Reading the job…</p>
      </div>
    );
  }

  return (
    <>
      <div className="drawer-summary">
        <h3 className="drawer-project">
          <ProjectName name={view.projectName} />
        </h3>
        <p className="drawer-meta">
          <StatusBadge job={view} />
          <span className={`tag tag-type tag-${view.jobType}`}>{jobTypeLabel(view.jobType)}</span>
          {view.creditUsed !== null ? (
            <span className="drawer-credits">
              {view.creditUsed} {view.creditUsed === 1 ? 'credit' : 'credits'}
            </span>
          ) : null}
        </p>
        {/* A finished job's badge says how it ended: "Finished." would only repeat it. */}
        {view.tracking !== 'final' ? (
          <p className="drawer-tracking">{TRACKING_WORDS[view.tracking]}.</p>
        ) : null}
      </div>

      {view.archived ? (
        <p className="notice notice-info drawer-archived">
          Its account was removed: this job is kept in the history, read-only.
        </p>
      ) : null}
      {view.tracking === 'unknown' ? <UnknownOutcome job={view} /> : null}
      {view.tracking === 'lost' ? (
        <NoticeBox tone="warning" title="Lost">
          {view.trackingNote ?? 'The service no longer knows this job, so the app stopped following it.'}
        </NoticeBox>
      ) : null}
      {view.error ? (
        <NoticeBox tone="error" title="Why it failed">
          {view.error}
        </NoticeBox>
      ) : null}
      {view.tracking === 'active' && view.trackingNote ? (
        <p className="drawer-note">{view.trackingNote}</p>
      ) : null}

      <Actions job={view} detail={detail} />

      <DownloadPanel job={view} />

      <section className="drawer-section" aria-labelledby="drawer-values">
        <h4 id="drawer-values" className="drawer-heading">
          Values
        </h4>
        <JobValues jobId={view.id} projectId={view.projectId} values={view.values} />
      </section>

      <section className="drawer-section" aria-labelledby="drawer-ids">
        <h4 id="drawer-ids" className="drawer-heading">
          Ids and output
        </h4>
        <dl className="facts">
          <div className="fact">
            <dt>Service id</dt>
            <dd className="fact-id">
              {view.uuid ? (
                <>
                  <code>{view.uuid}</code>
                  <CopyButton text={view.uuid} label="Copy service id" short="Copy" />
                </>
              ) : (
                <span className="value-note">Not given yet</span>
              )}
            </dd>
          </div>
          <div className="fact">
            <dt>History id</dt>
            <dd className="fact-id">
              <code>{view.id}</code>
              <CopyButton text={view.id} label="Copy history id" short="Copy" />
            </dd>
          </div>
          <div className="fact">
            <dt>Output</dt>
            <dd className="fact-id">
              {/* A requeued job's answers may still carry the run before's output: only a finished run has one. */}
              {view.outputPath && !isRunning(view) ? (
                <>
                  <code>{view.outputPath}</code>
                  <CopyButton text={view.outputPath} label="Copy output path" short="Copy" />
                </>
              ) : (
                <span className="value-note">{isRunning(view) ? 'Not ready yet' : 'None'}</span>
              )}
            </dd>
          </div>
          <div className="fact">
            <dt>Submitted by</dt>
            <dd>{submitterWords(view.submittedBy)}</dd>
          </div>
          {view.batchId !== null ? (
            <div className="fact">
              <dt>Batch</dt>
              <dd>
                <BatchPlace job={{ ...view, batchId: view.batchId }} />
              </dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section className="drawer-section" aria-labelledby="drawer-times">
        <h4 id="drawer-times" className="drawer-heading">
          Times
        </h4>
        <dl className="facts">
          <Time label="Created" iso={view.createdAt} />
          <Time label="Updated" iso={view.updatedAt} />
          <Time label="Finished" iso={view.finishedAt} />
          {isRunning(view) && view.expectedAt ? (
            <div className="fact">
              <dt>Expected</dt>
              <dd>
                <TimeLeft expectedAt={view.expectedAt} />
              </dd>
            </div>
          ) : null}
          {detail ? (
            <>
              <Time label="First seen" iso={detail.firstSeenAt} />
              <Time label="Last checked" iso={detail.lastPolledAt} />
              <Time label="Next check" iso={detail.nextPollAt} />
            </>
          ) : null}
        </dl>
      </section>

      <section className="drawer-section" aria-labelledby="drawer-raw">
        <h4 id="drawer-raw" className="drawer-heading">
          Raw data
        </h4>
        {detailState.state === 'error' ? (
          <p className="value-note">The full record could not be read: {detailState.message}</p>
        ) : detail ? (
          <>
            <JsonBlock title="Service record" value={detail.record} />
            <JsonBlock title="Request sent" value={detail.input} />
          </>
        ) : (
          <p className="value-note" role="status">
            <Spinner /> Reading the full record…
          </p>
        )}
      </section>
    </>
  );
}

export function JobDrawer(): React.JSX.Element {
  const drawerId = useQueueStore((state) => state.drawerId);
  const job = useJobsStore((state) => (drawerId ? state.byId[drawerId] : undefined));
  const contentRef = useRef<HTMLDivElement>(null);

  return (
    <Dialog.Root
      open={drawerId !== null}
      modal={false}
      onOpenChange={(open) => {
        if (!open) useQueueStore.getState().closeDrawer();
      }}
    >
      <Dialog.Content
        ref={contentRef}
        className="drawer"
        aria-describedby={undefined}
        // Beside the grid, not over it: clicking a row shows that job here instead of closing.
        onInteractOutside={(event) => event.preventDefault()}
        // Escape in the grid clears its selection first; the drawer closes on Escape from inside it.
        onEscapeKeyDown={(event) => {
          if (!contentRef.current?.contains(document.activeElement)) event.preventDefault();
        }}
        // Closed (Esc, ×): back to the grid on the job's row, which opened it; the drawer has no trigger
        // for Radix to return to, and focus would otherwise fall to the page.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (useNavStore.getState().screen === 'queue')
            document.getElementById(JOBS_GRID_ID)?.focus({ preventScroll: true });
        }}
      >
        <div className="drawer-header">
          <Dialog.Title className="drawer-title">Job details</Dialog.Title>
          <Dialog.Close className="btn btn-ghost btn-icon" aria-label="Close the details">
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </div>
        <div className="drawer-body">
          {drawerId ? <DrawerBody key={drawerId} id={drawerId} job={job} /> : null}
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
