// The active projects of the account: search, type filter, refresh, and every state of the list
// (loading, error with Try again, empty, nothing matching) said in words. A refresh that fails keeps the
// list that was loaded, marked with its time, under the one notice that says what went wrong.
import { useEffect, useMemo, useRef } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Spinner } from '../../components/Spinner';
import { useJobFormStore } from '../job-form/job-form-store';
import { filterProjects, projectTypesOf } from './filter-projects';
import { lastUpdatedWords } from './last-updated';
import { ProjectFilters } from './ProjectFilters';
import { ProjectItem } from './ProjectItem';
import { selectStale, useProjectsStore } from './projects-store';

const STALE_NOTE_ID = 'projects-stale-note';

/** Up and down arrows (Home, End) move between the projects, as in a list of the system's. */
function moveInList(event: React.KeyboardEvent<HTMLUListElement>): void {
  const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity };
  const move = moves[event.key];
  if (move === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('.project-item')];
  const current = buttons.indexOf(event.target as HTMLButtonElement);
  if (current < 0 || buttons.length === 0) return;
  event.preventDefault();
  const next = Math.min(buttons.length - 1, Math.max(0, current + move));
  buttons[next]?.focus();
}

export function ProjectsPanel(): React.JSX.Element {
  const { projects, status, error, loadedAt, query, typeFilter, load } = useProjectsStore();
  const stale = useProjectsStore(selectStale);
  const chosenId = useJobFormStore((state) => state.project?.projectId ?? null);
  const choose = useJobFormStore((state) => state.choose);
  const types = useMemo(() => projectTypesOf(projects), [projects]);
  const shown = useMemo(() => filterProjects(projects, query, typeFilter), [projects, query, typeFilter]);
  const refreshButton = useRef<HTMLButtonElement>(null);
  const retried = useRef(false);
  const loading = status === 'loading' || status === 'idle';

  // Try again from the notice: when it works the notice goes, and focus goes to Refresh, not to the page.
  useEffect(() => {
    if (!retried.current || status === 'loading') return;
    retried.current = false;
    if (status === 'ready') refreshButton.current?.focus();
  }, [status]);

  function tryAgain(): void {
    retried.current = true;
    void load();
  }

  const notice = error ? (
    <ErrorNotice
      title={
        stale && loadedAt !== null
          ? `${lastUpdatedWords(loadedAt)} — can’t refresh right now`
          : 'The projects could not be loaded'
      }
      titleId={STALE_NOTE_ID}
      onRetry={tryAgain}
      retryLabel={status === 'loading' ? 'Trying again…' : 'Try again'}
    >
      {error}
    </ErrorNotice>
  ) : null;

  return (
    <section className="panel projects-panel" aria-labelledby="projects-title">
      <header className="panel-header">
        <h2 id="projects-title" className="panel-title">
          Projects
        </h2>
        <button
          ref={refreshButton}
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
        {notice}
        {error && !stale ? null : loading && projects.length === 0 && loadedAt === null ? (
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
            <ul
              className="project-list"
              onKeyDown={moveInList}
              aria-label="Active projects"
              aria-describedby={stale ? STALE_NOTE_ID : undefined}
            >
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
