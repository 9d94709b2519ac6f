// The Results screen: the finished jobs whose files are downloaded, as a gallery (pictures, first frames,
// first pages, audio to play), newest first, filtered by project and by batch. Built from the jobs,
// downloads and batches the app already keeps live, so a file appears here as soon as it is saved.
import { useEffect, useMemo } from 'react';
import { counted } from '../../../electron/shared/domain/plural';
import { EmptyState } from '../../components/EmptyState';
import { NoticeBar } from '../../components/NoticeBar';
import { useHostCapabilities } from '../../lib/host-capabilities';
import { shortcutLabel } from '../../lib/platform';
import { useBatchesStore } from '../batches/batches-store';
import { useDownloadsStore } from '../downloads/downloads-store';
import { useJobsStore } from '../jobs/jobs-store';
import { useNavStore } from '../navigation/nav-store';
import { useWhileShown } from '../navigation/use-while-shown';
import { ALL, filterChoices, filterItems, NO_BATCH, resultItems } from './result-items';
import { useResultsStore } from './results-store';
import { ResultsGrid } from './ResultsGrid';

export function ResultsScreen(): React.JSX.Element {
  const jobs = useWhileShown('results', useJobsStore, (state) => state.byId);
  const downloads = useWhileShown('results', useDownloadsStore, (state) => state.byId);
  const batches = useWhileShown('results', useBatchesStore, (state) => state.byId);
  const { filter: chosen, notice } = useResultsStore();
  const { dragOut } = useHostCapabilities();
  const focusRequest = useNavStore((state) => state.focusRequest);
  const shown = useNavStore((state) => state.screen === 'results');

  const all = useMemo(() => resultItems(jobs, downloads, batches), [jobs, downloads, batches]);
  const choices = useMemo(() => filterChoices(all), [all]);
  const hasUnbatched = all.some((item) => item.batchId === null);
  // A choice the results no longer have (another account, a batch removed) counts as "All", as its menu shows.
  const filter = useMemo(
    () => ({
      projectId: choices.projects.some((choice) => choice.value === chosen.projectId)
        ? chosen.projectId
        : ALL,
      batchId:
        (chosen.batchId === NO_BATCH && hasUnbatched) ||
        choices.batches.some((choice) => choice.value === chosen.batchId)
          ? chosen.batchId
          : ALL,
    }),
    [choices, chosen, hasUnbatched],
  );
  const items = useMemo(() => filterItems(all, filter), [all, filter]);
  const filtered = filter.projectId !== ALL || filter.batchId !== ALL;

  useEffect(() => {
    if (shown && focusRequest > 0) document.getElementById('results-title')?.focus();
  }, [focusRequest, shown]);

  const setFilter = useResultsStore.getState().setFilter;
  return (
    <div className="results-screen">
      <div className="results-head">
        <h2 id="results-title" className="results-title" tabIndex={-1}>
          Results
        </h2>
        <p className="results-count" data-testid="results-count">
          {filtered
            ? `${counted(items.length, 'result', 'results')} of ${all.length.toLocaleString('en')}`
            : counted(all.length, 'result', 'results')}
        </p>
        <div className="results-filters">
          <label className="results-filter">
            <span>Project</span>
            <select
              className="select"
              value={filter.projectId}
              onChange={(event) => setFilter({ projectId: event.target.value })}
            >
              <option value={ALL}>All projects</option>
              {choices.projects.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
          <label className="results-filter">
            <span>Batch</span>
            <select
              className="select"
              value={filter.batchId}
              onChange={(event) => setFilter({ batchId: event.target.value })}
            >
              <option value={ALL}>All batches</option>
              {hasUnbatched ? <option value={NO_BATCH}>Not in a batch</option> : null}
              {choices.batches.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <p id="results-keys" className="results-hint">
        Arrow keys move between results, Enter opens one in its app, Space plays audio, Shift+F10 shows its
        other actions.{dragOut ? ' Drag a result onto the desktop or into another app.' : ''}
      </p>
      <NoticeBar notice={notice} onDismiss={() => useResultsStore.getState().notify(null)} />
      <div className="results-body">
        {all.length === 0 ? (
          <EmptyState title="No results yet">
            A finished job shows here once its file is downloaded: choose Download in the Queue (
            {shortcutLabel('2')}), or turn on automatic download in Settings ({shortcutLabel('4')}).
          </EmptyState>
        ) : items.length === 0 ? (
          <EmptyState title="No results match these filters">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => setFilter({ projectId: ALL, batchId: ALL })}
            >
              Show all results
            </button>
          </EmptyState>
        ) : (
          <ResultsGrid items={items} describedBy="results-keys" />
        )}
      </div>
    </div>
  );
}
