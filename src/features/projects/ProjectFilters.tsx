// The project list's search box (by name) and type filter.
import { jobTypeLabel } from '../../lib/job-type-labels';
import { useProjectsStore } from './projects-store';

export function ProjectFilters({ types }: { types: readonly string[] }): React.JSX.Element {
  const query = useProjectsStore((state) => state.query);
  const typeFilter = useProjectsStore((state) => state.typeFilter);
  const { setQuery, setTypeFilter } = useProjectsStore.getState();
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
        onChange={(event) => setQuery(event.target.value)}
      />
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
