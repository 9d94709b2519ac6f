// One batch: its name (renamed in place), where it stands (each count in words, a bar in coloured parts, the
// time left, or what became of it once finished), what can be done with it (pause or resume, cancel the rows
// not sent, retry the failed, download every file, export the sheet back), and its rows, windowed, each
// with its row number in the sheet, its name, its state, its note and its file.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BatchView } from '../../../electron/shared/domain/batch';
import { counted } from '../../../electron/shared/domain/plural';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, call, failureMessage } from '../../lib/api';
import { useNow } from '../../lib/ticker';
import { useDownloadsStore } from '../downloads/downloads-store';
import { useJobsStore } from '../jobs/jobs-store';
import { BatchBar } from './BatchBar';
import { BatchRows } from './BatchRows';
import { batchProgress, jobsOfBatch, type BatchProgress } from './batch-progress';
import { useBatchSheet } from './batch-sheet';
import { downloadWords, exportWords, finishedWords, retryWords } from './batch-words';
import { useWhileShown } from '../navigation/use-while-shown';
import { RerunConfirm } from '../queue/RerunConfirm';

function countWords(progress: BatchProgress): [string, number][] {
  const words: [string, number][] = [
    ['Not sent yet', progress.pending],
    ['Being sent', progress.sending],
    ['Running', progress.running],
    ['Succeeded', progress.succeeded],
    ['Failed', progress.failed],
    ['Refused', progress.refused],
    ['Outcome unknown', progress.unknown],
    ['Lost', progress.lost],
    ['Files saved', progress.downloaded],
  ];
  return words;
}

function etaWords(etaMs: number | null, now: number): string {
  if (etaMs === null) return 'Time left: not known yet';
  const minutes = Math.max(1, Math.round((etaMs - now) / 60_000));
  return minutes < 60 ? `About ${minutes} min left` : `About ${Math.round(minutes / 6) / 10} h left`;
}

function stateWords(batch: BatchView, progress: BatchProgress): string {
  if (batch.state === 'cancelled') return 'Cancelled';
  if (batch.state === 'paused') return 'Paused';
  return progress.finished ? 'Finished' : 'Running';
}

/** The batch's name, and a Rename button that turns it into a field (Enter keeps, Escape drops). */
function BatchName({ batch }: { batch: BatchView }): React.JSX.Element {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  /** Set when the field closes: the Rename button, drawn again, takes focus back (once it is there). */
  const refocus = useRef(false);
  useEffect(() => {
    if (draft !== null || !refocus.current) return;
    refocus.current = false;
    renameButton.current?.focus();
  }, [draft]);
  const stop = () => {
    refocus.current = true;
    setDraft(null);
    setError(null);
  };
  const save = async () => {
    const name = (draft ?? '').trim();
    if (name === '') return setError('Write a name for the batch.');
    if (name === batch.name) return stop();
    try {
      await call(() => api().batches.rename({ id: batch.id, name }));
      stop();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <div className="batch-name">
      <h3 id="batch-title" className="batch-title" hidden={draft !== null}>
        {batch.name}
      </h3>
      {draft === null ? (
        <button
          ref={renameButton}
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setDraft(batch.name)}
        >
          Rename
        </button>
      ) : (
        <form
          className="batch-rename"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <input
            className="input input-sm"
            aria-label="Batch name"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'batch-rename-error' : undefined}
            autoFocus
            maxLength={200}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                stop();
              }
            }}
          />
          <button type="submit" className="btn btn-primary btn-sm">
            Save name
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={stop}>
            Cancel
          </button>
          {error ? (
            <p id="batch-rename-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      )}
    </div>
  );
}

export function BatchDetail({ batch }: { batch: BatchView }): React.JSX.Element {
  const sheet = useBatchSheet(batch.id);
  const jobsById = useWhileShown('batches', useJobsStore, (state) => state.byId);
  const downloads = useWhileShown('batches', useDownloadsStore, (state) => state.byId);
  const jobs = useMemo(() => jobsOfBatch(jobsById, batch.id), [jobsById, batch.id]);
  // The time left moves by the minute; the counts by the jobs.
  const now = useNow(60_000);
  const progress = useMemo(() => batchProgress(jobs, downloads, now), [jobs, downloads, now]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [confirmRetry, setConfirmRetry] = useState(false);

  const run = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    try {
      setMessage(await work());
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const retryable = progress.failed + progress.refused;
  const exportAs = (format: 'csv' | 'xlsx') =>
    run(async () => {
      const saved = await call(() => api().batches.export({ id: batch.id, format }));
      return saved.path ? exportWords(saved.rows, saved.path) : null;
    });

  return (
    <section className="batch-detail" aria-labelledby="batch-title">
      <header className="batch-head">
        <div>
          <BatchName batch={batch} />
          <p className="batch-sub">
            {batch.projectName || 'Untitled project'} · {counted(batch.rows, 'row', 'rows')} ·{' '}
            <span className="batch-state" data-state={batch.state}>
              {stateWords(batch, progress)}
            </span>
          </p>
        </div>
        <div className="batch-actions" role="group" aria-label="Batch actions">
          {batch.state === 'running' && !progress.finished ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy}
              onClick={() =>
                void run(
                  async () => (
                    await call(() => api().batches.pause({ id: batch.id })),
                    'Paused: no more rows are sent until you resume.'
                  ),
                )
              }
            >
              Pause
            </button>
          ) : null}
          {batch.state === 'paused' ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy}
              onClick={() =>
                void run(async () => (await call(() => api().batches.resume({ id: batch.id })), null))
              }
            >
              Resume
            </button>
          ) : null}
          {batch.state !== 'cancelled' && progress.pending > 0 ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy}
              onClick={() => setConfirmCancel(true)}
            >
              Cancel…
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy || retryable === 0}
            onClick={() => setConfirmRetry(true)}
          >
            Retry failed
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy || progress.succeeded === 0}
            onClick={() =>
              void run(async () => {
                const started = await call(() => api().batches.download({ id: batch.id }));
                return downloadWords(started.queued.length, started.saved.length);
              })
            }
          >
            Download all
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={() => void exportAs('csv')}
          >
            Export CSV
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={() => void exportAs('xlsx')}
          >
            Export Excel
          </button>
        </div>
      </header>

      <div className="batch-summary">
        <BatchBar progress={progress} label="Rows done" />
        <p
          className={`batch-eta${progress.finished && progress.succeeded < progress.total ? ' is-failed' : ''}`}
        >
          {progress.finished ? finishedWords(progress) : etaWords(progress.etaMs, now)}
          {progress.finished && retryable > 0 ? (
            <>
              {' '}
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={busy}
                // Credits are spent: the same question with its cost as "Retry failed" asks.
                onClick={() => setConfirmRetry(true)}
              >
                Retry {retryable === 1 ? 'it' : `the ${retryable.toLocaleString('en')} rows`}
              </button>
            </>
          ) : null}
        </p>
        <dl className="batch-counts">
          {countWords(progress).map(([label, count]) => (
            <div key={label} className={`batch-count${count === 0 ? ' is-zero' : ''}`}>
              <dt>{label}</dt>
              <dd>{count}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div aria-live="polite" className="batch-message">
        {message ? <p>{message}</p> : null}
      </div>
      {error ? <ErrorNotice title="That did not work">{error}</ErrorNotice> : null}
      <BatchRows jobs={jobs} downloads={downloads} sheet={sheet} />
      <RerunConfirm
        open={confirmRetry}
        onOpenChange={setConfirmRetry}
        title={`Retry ${retryable} failed ${retryable === 1 ? 'row' : 'rows'}?`}
        confirmLabel="Retry failed"
        verb="sent again"
        params={{ batchId: batch.id }}
        busy={busy}
        onConfirm={() => {
          setConfirmRetry(false);
          void run(async () => {
            const result = await call(() => api().batches.retryFailed({ id: batch.id }));
            return retryWords(result.resent, result.requeued);
          });
        }}
      />
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel the rows not sent yet?"
        confirmLabel="Cancel the rows"
        cancelLabel="Keep them"
        onConfirm={() => {
          setConfirmCancel(false);
          void run(
            async () => (
              await call(() => api().batches.cancel({ id: batch.id })),
              'The rows not sent were dropped; the jobs already sent go on.'
            ),
          );
        }}
      >
        <p>
          {counted(progress.pending, 'row not sent yet', 'rows not sent yet')} will be dropped. Rows already
          sent go on and can still be downloaded.
        </p>
      </ConfirmDialog>
    </section>
  );
}
