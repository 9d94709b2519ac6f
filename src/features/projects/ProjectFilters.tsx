// The project list's search box (by name) and type filter. The box leads into the list as a combobox's
// input would: its first match is marked (Enter opens it), and ↓ moves focus onto the matches.
import type { Project } from '../../../electron/shared/api/schemas';
import { jobTypeLabel } from '../../lib/job-type-labels';
import { useProjectsStore } from './projects-store';

export const SEARCH_HINT_ID = 'project-search-hint';

interface ProjectFiltersProps {
  types: readonly string[];
  /** The match Enter opens: the first one shown, once something is typed. */
  firstMatch: Project | null;
  onPick(project: Project): void;
  /** ↓ from the box: focus to the first match. */
  onIntoList(): void;
  onSearchFocus(focused: boolean): void;
}

export function ProjectFilters(props: ProjectFiltersProps): React.JSX.Element {
  const { types, firstMatch, onPick, onIntoList, onSearchFocus } = props;
  const query = useProjectsStore((state) => state.query);
  const typeFilter = useProjectsStore((state) => state.typeFilter);
  const { setQuery, setTypeFilter } = useProjectsStore.getState();

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>): void {
    if (event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      onIntoList();
    } else if (event.key === 'Enter' && firstMatch) {
      event.preventDefault();
      onPick(firstMatch);
    }
  }

  return (
    <div className="project-filters" role="search" aria-label="Filter projects">
      <label className="sr-only" htmlFor="project-search">
        Search projects by name or type
      </label>
      <input
        id="project-search"
        className="input input-search"
        type="search"
        placeholder="Search"
        value={query}
        aria-describedby={SEARCH_HINT_ID}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => onSearchFocus(true)}
        onBlur={() => onSearchFocus(false)}
      />
      <p id={SEARCH_HINT_ID} className="sr-only">
        {firstMatch
          ? `Enter opens ${firstMatch.projectName.trim() || 'the first match'}; the down arrow moves to the matches.`
          : 'Type to find a project; the down arrow moves to the projects.'}
      </p>
      <label className="sr-only" htmlFor="project-type">
        Project type
      </label>
      <select
        id="project-type"
        className="select"
        value={typeFilter}
        onChange={(event) => setTypeFilter(event.target.value)}
      >
        <option value="">All types</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {jobTypeLabel(type)}
          </option>
        ))}
      </select>
    </div>
  );
}
