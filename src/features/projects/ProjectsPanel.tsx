// The active projects of the account: search, type filter, refresh, and every state of the list
// (loading, error with Try again, empty, nothing matching) said in words. A refresh that fails keeps the
// list that was loaded, marked with its time, under the one notice that says what went wrong.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Spinner } from '../../components/Spinner';
import { importDropped } from '../batches/import/import-store';
import { useJobFormStore } from '../job-form/job-form-store';
import { useNavStore } from '../navigation/nav-store';
import { filterProjects, projectTypesOf } from './filter-projects';
import { lastUpdatedWords } from './last-updated';
import { ProjectFilters } from './ProjectFilters';
import { ProjectItem } from './ProjectItem';
import { selectStale, useProjectsStore } from './projects-store';

const STALE_NOTE_ID = 'projects-stale-note';

/** Up and down arrows (Home, End) move between the projects, as in a list of the system's; ↑ from the top to the search. */
function moveInList(event: React.KeyboardEvent<HTMLUListElement>): void {
  const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity };
  const move = moves[event.key];
  if (move === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('.project-item')];
  const current = buttons.indexOf(event.target as HTMLButtonElement);
  if (current < 0 || buttons.length === 0) return;
  event.preventDefault();
  // ↑ from the first project goes back to the search box it came from.
  if (current === 0 && event.key === 'ArrowUp') {
    document.getElementById('project-search')?.focus();
    return;
  }
  const next = Math.min(buttons.length - 1, Math.max(0, current + move));
  buttons[next]?.focus();
}

/** The project under a drag or drop event's target, by its item's `data-project-id`. */
function projectAt(event: { target: EventTarget | null } | undefined): string | null {
  const target = event?.target;
  return target instanceof Element
    ? (target.closest('[data-project-id]')?.getAttribute('data-project-id') ?? null)
    : null;
}

/**
 * Any project is a drop target: a spreadsheet (with its photos) or photos alone dropped on it open a new
 * batch of that project on the Batches screen (the keyboard's way there is Batches → New batch…).
 */
function useProjectDrop() {
  const [target, setTarget] = useState<string | null>(null);
  const zone = useDropzone({
    noClick: true,
    noKeyboard: true,
    onDragOver: (event) => setTarget(projectAt(event)),
    onDragLeave: () => setTarget(null),
    onDrop: (files, _rejected, event) => {
      const projectId = projectAt(event as { target: EventTarget | null } | undefined);
      setTarget(null);
      if (!projectId || files.length === 0) return;
      importDropped(projectId, files);
      useNavStore.getState().go('batches');
    },
  });
  return { zone, target };
}

export function ProjectsPanel(): React.JSX.Element {
  const { projects, status, error, loadedAt, query, typeFilter, load } = useProjectsStore();
  const stale = useProjectsStore(selectStale);
  const chosenId = useJobFormStore((state) => state.project?.projectId ?? null);
  const choose = useJobFormStore((state) => state.choose);
  const types = useMemo(() => projectTypesOf(projects), [projects]);
  const shown = useMemo(() => filterProjects(projects, query, typeFilter), [projects, query, typeFilter]);
  const refreshButton = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [searchFocused, setSearchFocused] = useState(false);
  // What Enter in the search box opens: the first match, once something is typed.
  const firstMatch = query.trim() !== '' ? (shown[0] ?? null) : null;
  const retried = useRef(false);
  const loading = status === 'loading' || status === 'idle';
  const drop = useProjectDrop();

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
      <ProjectFilters
        types={types}
        firstMatch={firstMatch}
        onPick={(project) => void choose(project)}
        onIntoList={() => listRef.current?.querySelector<HTMLButtonElement>('.project-item')?.focus()}
        onSearchFocus={setSearchFocused}
      />
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
            <div
              {...drop.zone.getRootProps({
                className: `project-drop${drop.zone.isDragActive ? ' is-dragging' : ''}`,
              })}
              data-testid="project-drop"
            >
              {drop.zone.isDragActive ? (
                <p className="project-drop-hint" role="status">
                  Drop on a project: a spreadsheet and its photos make a batch, photos alone one job each.
                </p>
              ) : null}
              <ul
                ref={listRef}
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
                    dropTarget={project.projectId === drop.target}
                    suggested={searchFocused && project.projectId === firstMatch?.projectId}
                    onChoose={(chosen) => void choose(chosen)}
                  />
                ))}
              </ul>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
