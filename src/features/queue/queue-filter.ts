// Which jobs the queue shows and in which order: filters (status incl. tracking states, project, type, batch,
// date), a search by id (ours or the service's) or by any value's text, and a sort by any column. Pure
// functions over the history; the text searched per job is cached on the job object, so only changed jobs
// are read again.
import type { JobView } from '../../../electron/shared/domain/job';
import { rangeStart } from '../../lib/dates';
import { jobTypeLabel } from '../../lib/job-type-labels';
import { matchesStatusFilter, stateKeyOf, stateRank } from '../jobs/job-status';
import type { JobsById } from '../jobs/jobs-store';
import { shortId } from '../jobs/job-words';

export type DateRange = 'all' | 'today' | '7d' | '30d';

export interface QueueFilters {
  /** '' for all, 'running', a state key (QUEUED…, submitting, unknown, lost). */
  status: string;
  /** A projectId, or '' for all. */
  project: string;
  /** A jobType, or '' for all. */
  type: string;
  /** A batchId, NO_BATCH for jobs outside any batch, or '' for all. */
  batch: string;
  date: DateRange;
  query: string;
  /** Who submitted it: a display name, ME, UNNAMED_PERSON (jobs from before names were kept), or '' for everyone. */
  person: string;
}

/** The filter's own values: a name never holds a control character (shared/domain/team.ts), so these are none. */
export const ME = '\u0000me';
export const UNNAMED_PERSON = '\u0000unnamed';

/** Whether the job was submitted by `person` (ME: by `me`, this installation's name now). */
function matchesPerson(job: JobView, person: string, me: string | null): boolean {
  if (person === '') return true;
  if (person === UNNAMED_PERSON) return job.submittedBy === null;
  if (person === ME) return me !== null && job.submittedBy === me;
  return job.submittedBy === person;
}

export const NO_BATCH = '(none)';

export const NO_FILTERS: QueueFilters = {
  status: '',
  project: '',
  type: '',
  batch: '',
  date: 'all',
  query: '',
  person: '',
};

export const SORT_KEYS = [
  'status',
  'project',
  'type',
  'summary',
  'created',
  'finished',
  'eta',
  'batch',
  'credits',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';

export interface QueueSort {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: QueueSort = { key: 'created', direction: 'descending' };

/** Times and names sort in the order a person expects ("Banner 2" before "Banner 10", any case). */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Every text of a value: strings, and the strings inside asset objects ({image_url}, {audio_url, …}). */
function textsOf(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (typeof value === 'number' || typeof value === 'boolean') into.push(String(value));
  else if (Array.isArray(value)) for (const item of value) textsOf(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) textsOf(item, into);
}

const haystacks = new WeakMap<JobView, string>();

/** The folded text a search looks in: both ids, the project, and every value. */
export function searchTextOf(job: JobView): string {
  let text = haystacks.get(job);
  if (text === undefined) {
    const parts = [job.id, job.uuid ?? '', job.projectName, job.summary];
    textsOf(job.values, parts);
    text = fold(parts.join('\n'));
    haystacks.set(job, text);
  }
  return text;
}

function timeOf(iso: string | null): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

export function matchesFilters(
  job: JobView,
  filters: QueueFilters,
  since: number | null,
  needle: string,
  me: string | null = null,
): boolean {
  if (!matchesStatusFilter(job, filters.status)) return false;
  if (!matchesPerson(job, filters.person, me)) return false;
  if (filters.project && job.projectId !== filters.project) return false;
  if (filters.type && job.jobType !== filters.type) return false;
  if (filters.batch === NO_BATCH ? job.batchId !== null : filters.batch && job.batchId !== filters.batch) {
    return false;
  }
  if (since !== null && (timeOf(job.createdAt) ?? 0) < since) return false;
  return needle === '' || searchTextOf(job).includes(needle);
}

type SortValue = string | number | null;

function sortValue(job: JobView, key: SortKey): SortValue {
  switch (key) {
    case 'status':
      return stateRank(stateKeyOf(job));
    case 'project':
      return job.projectName.trim() || null;
    case 'type':
      return jobTypeLabel(job.jobType);
    case 'summary':
      return job.summary.trim() || null;
    case 'created':
      return timeOf(job.createdAt);
    case 'finished':
      return timeOf(job.finishedAt);
    case 'eta':
      return timeOf(job.expectedAt);
    case 'batch':
      return job.batchId === null
        ? null
        : `${job.batchId}\u0000${String(job.batchRow ?? 0).padStart(9, '0')}`;
    case 'credits':
      return job.creditUsed;
  }
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The ids of the jobs shown, in order. Empty values (no finish time yet, no batch…) go last in either
 * direction; ties fall back to newest first, then the id, so the order never jumps between renders.
 */
export function visibleJobIds(
  byId: JobsById,
  filters: QueueFilters,
  sort: QueueSort,
  now: number,
  /** This installation's display name, for the filter's "Me". */
  me: string | null = null,
): string[] {
  const since = rangeStart(filters.date, now);
  const needle = fold(filters.query.trim());
  const rows: Array<{ id: string; value: SortValue; created: number }> = [];
  for (const job of Object.values(byId)) {
    if (!matchesFilters(job, filters, since, needle, me)) continue;
    rows.push({ id: job.id, value: sortValue(job, sort.key), created: timeOf(job.createdAt) ?? 0 });
  }
  const sign = sort.direction === 'ascending' ? 1 : -1;
  rows.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value !== b.value) return a.value === null ? 1 : -1;
    } else {
      const order = compareValues(a.value, b.value);
      if (order !== 0) return sign * order;
    }
    return b.created - a.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
  return rows.map((row) => row.id);
}

export interface FilterOption {
  value: string;
  label: string;
}

function sortedOptions(entries: Map<string, string>): FilterOption[] {
  return [...entries]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The filters' options in the history, before they are named and ordered: each kind's values. */
export interface OptionSources {
  /** projectId → the project's name (as its first job gave it). */
  projects: ReadonlyMap<string, string>;
  types: Iterable<string>;
  batches: Iterable<string>;
  people: Iterable<string>;
  /** Some job was submitted before names were kept. */
  unnamed: boolean;
}

export interface FilterOptions {
  projects: FilterOption[];
  types: FilterOption[];
  batches: FilterOption[];
  /** The names of who submitted the jobs (in the order a person reads names); the unnamed ones apart. */
  people: FilterOption[];
  unnamed: boolean;
}

/** The options, named and in order; a batch by its name, two of one name told apart by their short ids. */
export function presentOptions(
  sources: OptionSources,
  batchNames: ReadonlyMap<string, string> = new Map(),
): FilterOptions {
  const projects = new Map<string, string>();
  for (const [id, name] of sources.projects) projects.set(id, name.trim() || 'Untitled project');
  const types = new Map<string, string>();
  for (const type of sources.types) types.set(type, jobTypeLabel(type));
  const batches = new Map<string, string>();
  for (const id of sources.batches) batches.set(id, batchNames.get(id) ?? `Batch ${shortId(id)}`);
  const named = [...batches.values()];
  for (const [id, label] of batches) {
    if (named.indexOf(label) !== named.lastIndexOf(label)) batches.set(id, `${label} (${shortId(id)})`);
  }
  const people = new Map<string, string>();
  for (const name of sources.people) people.set(name, name);
  return {
    projects: sortedOptions(projects),
    types: sortedOptions(types),
    batches: sortedOptions(batches),
    people: sortedOptions(people),
    unnamed: sources.unnamed,
  };
}

/**
 * The projects, types and batches present in the history, for the filters' options; a batch by its name
 * (`batchNames`, from the Batches screen), two of one name told apart by their short ids.
 */
export function filterOptions(
  byId: JobsById,
  batchNames: ReadonlyMap<string, string> = new Map(),
): FilterOptions {
  const projects = new Map<string, string>();
  const types = new Set<string>();
  const batches = new Set<string>();
  const people = new Set<string>();
  let unnamed = false;
  for (const job of Object.values(byId)) {
    if (job.submittedBy === null) unnamed = true;
    else people.add(job.submittedBy);
    if (!projects.has(job.projectId)) projects.set(job.projectId, job.projectName);
    types.add(job.jobType);
    if (job.batchId !== null) batches.add(job.batchId);
  }
  return presentOptions({ projects, types, batches, people, unnamed }, batchNames);
}

export function hasFilters(filters: QueueFilters): boolean {
  return (
    filters.status !== '' ||
    filters.project !== '' ||
    filters.type !== '' ||
    filters.batch !== '' ||
    filters.date !== 'all' ||
    filters.person !== '' ||
    filters.query.trim() !== ''
  );
}
