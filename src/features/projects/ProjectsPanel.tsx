// The active projects of the account: search, type filter, refresh, and every state of the list
// (loading, error with Retry, empty, nothing matching) said in words.
import { useMemo } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Spinner } from '../../components/Spinner';
import { useJobFormStore } from '../job-form/job-form-store';
import { filterProjects, projectTypesOf } from './filter-projects';
import { ProjectFilters } from './ProjectFilters';
import { ProjectItem } from './ProjectItem';
import { useProjectsStore } from './projects-store';

export function ProjectsPanel(): React.JSX.Element {
  const { projects, status, error, query, typeFilter, load } = useProjectsStore();
  const chosenId = useJobFormStore((state) => state.project?.projectId ?? null);
  const choose = useJobFormStore((state) => state.choose);
  const types = useMemo(() => projectTypesOf(projects), [projects]);
  const shown = useMemo(() => filterProjects(projects, query, typeFilter), [projects, query, typeFilter]);
  const loading = status === 'loading' || status === 'idle';

  return (
    <section className="panel projects-panel" aria-labelledby="projects-title">
      <header className="panel-header">
        <h2 id="projects-title" className="panel-title">
          Projects
        </h2>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => void load()}
          disabled={status === 'loading'}
        >
          {status === 'loading' ? <Spinner /> : <span className="icon-refresh" aria-hidden="true" />}
          Refresh
        </button>
      </header>
      <ProjectFilters types={types} />
      <div className="panel-body" aria-busy={loading}>
        {status === 'error' ? (
          <ErrorNotice title="The projects could not be loaded" onRetry={() => void load()}>
            {error}
          </ErrorNotice>
        ) : loading && projects.length === 0 ? (
          <div className="panel-loading">
            <Spinner size="md" />
            <p role="status">Loading projects…</p>
          </div>
        ) : projects.length === 0 ? (
          <EmptyState title="No active projects">
            Projects appear here when their start date arrives, and leave when their end date passes. Create
            or schedule projects in the web app, then choose Refresh.
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState title="No project matches">
            Nothing matches{query.trim() ? ` “${query.trim()}”` : ''} in this type. Clear the search or choose
            All types.
          </EmptyState>
        ) : (
          <>
            <p className="list-count" role="status">
              {shown.length === projects.length
                ? `${projects.length} active ${projects.length === 1 ? 'project' : 'projects'}`
                : `${shown.length} of ${projects.length} projects`}
            </p>
            <ul className="project-list" aria-label="Active projects">
              {shown.map((project) => (
                <ProjectItem
                  key={project.projectId}
                  project={project}
                  selected={project.projectId === chosenId}
                  onChoose={(chosen) => void choose(chosen)}
                />
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
