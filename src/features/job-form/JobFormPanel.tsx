// The middle panel: a prompt to choose a project, its fields loading or failing to load, or its form, with a
// warning when the project stops taking jobs soon (or has not started to).
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ProjectName } from '../../components/ProjectName';
import { Spinner } from '../../components/Spinner';
import { formatActiveWindow } from '../../lib/dates';
import { useNow } from '../../lib/ticker';
import { windowNotice } from '../projects/project-window';
import { jobTypeLabel } from '../../lib/job-type-labels';
import { JobForm } from './JobForm';
import { useJobFormStore } from './job-form-store';

export function JobFormPanel(): React.JSX.Element {
  const { project, mapping, status, error, errorIsOutage, capability, retry } = useJobFormStore();
  const now = useNow(60_000);

  if (!project) {
    return (
      <section className="panel form-panel" aria-labelledby="job-form-title">
        <h2 id="job-form-title" className="sr-only">
          New job
        </h2>
        <EmptyState title="Choose a project to start a job">
          Each project is a template. Pick one from the list and its fields appear here.
        </EmptyState>
      </section>
    );
  }

  return (
    <section className="panel form-panel" aria-labelledby="job-form-title" aria-busy={status === 'loading'}>
      <header className="form-panel-header">
        <p className="eyebrow">New job</p>
        <h2 id="job-form-title" className="form-panel-title">
          <ProjectName name={project.projectName} />
        </h2>
        <p className="form-panel-meta">
          <span className={`tag tag-type tag-${project.projectType}`}>
            {jobTypeLabel(project.projectType)}
          </span>
          <span>{formatActiveWindow(project.startDate, project.endDate)}</span>
        </p>
        <WindowWarning startDate={project.startDate} endDate={project.endDate} now={now} />
      </header>
      {status === 'loading' ? (
        <div className="panel-loading">
          <Spinner size="md" />
          <p role="status">Loading the project’s fields…</p>
        </div>
      ) : status === 'error' ? (
        <ErrorNotice title="The project’s fields could not be loaded" onRetry={() => void retry()}>
          {errorIsOutage ? 'The service cannot be reached right now: see the note in Projects.' : error}
        </ErrorNotice>
      ) : mapping ? (
        <JobForm
          key={`${project.projectId}:${mapping.fetchedAt}`}
          project={project}
          mapping={mapping}
          capability={capability}
        />
      ) : null}
    </section>
  );
}

function WindowWarning(props: { startDate: string | null; endDate: string | null; now: number }) {
  const notice = windowNotice(props.startDate, props.endDate, props.now);
  if (!notice) return null;
  const text =
    notice.kind === 'starts'
      ? `${notice.text}. The service refuses its jobs until then.`
      : notice.kind === 'ended'
        ? `${notice.text}. The service no longer takes its jobs; choose Refresh in Projects.`
        : `${notice.text}. After that the service refuses its jobs: submit what you need before then.`;
  return (
    <p className="form-window-warning" role="note">
      <span aria-hidden="true">⚠ </span>
      {text}
    </p>
  );
}
