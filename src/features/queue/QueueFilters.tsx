// The queue's search (ids and values) and its filters: status (with our tracking states), project, type,
// batch and date. Options come from the history itself.
import { useEffect, useMemo, useState } from 'react';
import { UNNAMED_SUBMITTER } from '../../../electron/shared/domain/team';
import { useDisplayNameStore } from '../team/display-name-store';
import { STATUS_FILTERS } from '../jobs/job-status';
import { useJobsStore } from '../jobs/jobs-store';
import { FilterOptionsTally } from './filter-options-tally';
import {
  hasFilters,
  ME,
  NO_BATCH,
  UNNAMED_PERSON,
  type FilterOption,
  type QueueFilters as Filters,
} from './queue-filter';
import { useQueueStore } from './queue-store';
import { useWhileShown } from '../navigation/use-while-shown';
import { useBatchesStore } from '../batches/batches-store';

const DATE_OPTIONS: readonly FilterOption[] = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
];

interface FilterSelectProps {
  name: keyof Filters;
  label: string;
  allLabel: string;
  options: readonly FilterOption[];
}

function FilterSelect({ name, label, allLabel, options }: FilterSelectProps): React.JSX.Element {
  const value = useQueueStore((state) => state.filters[name]);
  const id = `queue-filter-${name}`;
  const all = name === 'date' ? 'all' : '';
  // A chosen value whose jobs are all gone stays choosable, so the select never shows something else.
  const shown =
    value === all || options.some((option) => option.value === value)
      ? options
      : [...options, { value, label: `${value} (no jobs now)` }];
  return (
    <div className="filter">
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`select select-sm${value !== all ? ' is-filtering' : ''}`}
        value={value}
        onChange={(event) => useQueueStore.getState().setFilter(name, event.target.value)}
      >
        <option value={all}>{allLabel}</option>
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function QueueFilters(): React.JSX.Element {
  const filters = useQueueStore((state) => state.filters);
  // Batches by their names (the sheet's file name and date, or as renamed), not their ids.
  const batchesById = useBatchesStore((state) => state.byId);
  const batchNames = useMemo(
    () => new Map(Object.values(batchesById).map((batch) => [batch.id, batch.name])),
    [batchesById],
  );
  // Kept from the jobs each frame changed, not read from the whole history; the same object while no
  // option comes or goes, so a frame of changes renders nothing here.
  const [tally] = useState(() => new FilterOptionsTally());
  const options = useWhileShown('queue', useJobsStore, (state) => tally.options(state.byId, batchNames));
  const me = useDisplayNameStore((state) => state.view?.name ?? null);
  useEffect(() => {
    if (!useDisplayNameStore.getState().view) void useDisplayNameStore.getState().load();
  }, []);
  // Me first, then every name in the history, then the jobs from before names were kept.
  const people = useMemo(
    () => [
      { value: ME, label: me ? `Me (${me})` : 'Me' },
      ...options.people,
      ...(options.unnamed ? [{ value: UNNAMED_PERSON, label: UNNAMED_SUBMITTER }] : []),
    ],
    [me, options.people, options.unnamed],
  );
  const batches = useMemo(
    () =>
      options.batches.length > 0 ? [{ value: NO_BATCH, label: 'Not in a batch' }, ...options.batches] : [],
    [options.batches],
  );

  return (
    <div className="queue-filters" role="search" aria-label="Filter jobs">
      <div className="filter filter-search">
        <label className="sr-only" htmlFor="queue-search">
          Search jobs
        </label>
        <input
          id="queue-search"
          className="input input-search input-sm"
          type="search"
          placeholder="Search ids and values"
          autoComplete="off"
          spellCheck={false}
          value={filters.query}
          onChange={(event) => useQueueStore.getState().setFilter('query', event.target.value)}
        />
      </div>
      <FilterSelect name="status" label="Status" allLabel="All statuses" options={STATUS_FILTERS} />
      <FilterSelect name="project" label="Project" allLabel="All projects" options={options.projects} />
      <FilterSelect name="type" label="Type" allLabel="All types" options={options.types} />
      <FilterSelect name="batch" label="Batch" allLabel="All batches" options={batches} />
      <FilterSelect name="date" label="Date" allLabel="Any date" options={DATE_OPTIONS} />
      <FilterSelect name="person" label="Submitted by" allLabel="Everyone" options={people} />
      {hasFilters(filters) ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => useQueueStore.getState().clearFilters()}
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
