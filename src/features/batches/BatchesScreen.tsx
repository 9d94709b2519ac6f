// The Batches screen: the account's batches on the left (newest first, each with its progress), and on
// the right the chosen batch, or the import wizard that makes a new one from a spreadsheet.
import { useEffect, useMemo } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAccountsStore } from '../accounts/accounts-store';
import { useDownloadsStore } from '../downloads/downloads-store';
import { useJobsStore } from '../jobs/jobs-store';
import { useNavStore } from '../navigation/nav-store';
import { BatchBar } from './BatchBar';
import { BatchDetail } from './BatchDetail';
import { batchProgress, jobsOfBatch } from './batch-progress';
import { batchesInOrder, useBatchesStore } from './batches-store';
import { ImportWizard } from './import/ImportWizard';
import type { BatchView } from '../../../electron/shared/domain/batch';
import { useWhileShown } from '../navigation/use-while-shown';

function BatchItem({ batch, selected }: { batch: BatchView; selected: boolean }): React.JSX.Element {
  const jobs = useWhileShown('batches', useJobsStore, (state) => state.byId);
  const downloads = useWhileShown('batches', useDownloadsStore, (state) => state.byId);
  const progress = useMemo(
    // Counts only: the time left is the detail's (any `now` gives the same counts).
    () => batchProgress(jobsOfBatch(jobs, batch.id), downloads, 0),
    [jobs, downloads, batch.id],
  );
  const done = progress.succeeded + progress.failed + progress.refused + progress.lost;
  return (
    <li>
      <button
        type="button"
        className={`batch-item${selected ? ' is-selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
        onClick={() => useBatchesStore.getState().select(batch.id)}
      >
        <span className="batch-item-name">{batch.name}</span>
        <span className="batch-item-meta">
          {batch.projectName || 'Untitled project'} · {done} of {batch.rows} done
          {batch.state !== 'running' ? ` · ${batch.state === 'paused' ? 'Paused' : 'Cancelled'}` : ''}
        </span>
        <BatchBar progress={{ ...progress, total: Math.max(progress.total, batch.rows) }} small />
      </button>
    </li>
  );
}

export function BatchesScreen(): React.JSX.Element {
  const accountId = useAccountsStore((state) => state.snapshot?.activeId ?? null);
  const { byId, selectedId, importOpen, error } = useBatchesStore();
  const batches = useMemo(() => batchesInOrder(byId), [byId]);
  const selected = selectedId ? byId[selectedId] : undefined;
  const focusRequest = useNavStore((state) => state.focusRequest);
  const shown = useNavStore((state) => state.screen === 'batches');

  useEffect(() => {
    void useBatchesStore.getState().load(accountId);
  }, [accountId]);
  useEffect(() => {
    if (shown && focusRequest > 0) document.getElementById('batches-title')?.focus();
  }, [focusRequest, shown]);

  return (
    <div className="batches-screen">
      <aside className="batch-list" aria-labelledby="batches-title">
        <div className="batch-list-head">
          <h2 id="batches-title" className="batches-title" tabIndex={-1}>
            Batches
          </h2>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => useBatchesStore.getState().openImport()}
          >
            New batch…
          </button>
        </div>
        {error ? (
          <ErrorNotice
            title="The batches could not be read"
            onRetry={() => void useBatchesStore.getState().load(accountId)}
          >
            {error}
          </ErrorNotice>
        ) : null}
        {batches.length > 0 ? (
          <ul className="batch-items" aria-label="Batches, newest first">
            {batches.map((batch) => (
              <BatchItem key={batch.id} batch={batch} selected={!importOpen && batch.id === selectedId} />
            ))}
          </ul>
        ) : (
          <p className="batch-list-empty">No batch yet.</p>
        )}
      </aside>
      <div className="batch-main">
        {importOpen ? (
          <ImportWizard />
        ) : selected ? (
          <BatchDetail key={selected.id} batch={selected} />
        ) : (
          <EmptyState title="Make hundreds of jobs from one spreadsheet">
            Choose <strong>New batch…</strong>, pick a project and drop a CSV or Excel file with one row per
            job, with the photos or audio files its rows name. You check every row before anything is sent.
          </EmptyState>
        )}
      </div>
    </div>
  );
}
