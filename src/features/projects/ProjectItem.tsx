// One project in the list: a button with its name, its type, and its active window where it matters (it
// starts later, or ends within 14 days); pressed when chosen.
import type { Project } from '../../../electron/shared/api/schemas';
import { ProjectName } from '../../components/ProjectName';
import { jobTypeLabel } from '../../lib/job-type-labels';
import { useNow } from '../../lib/ticker';
import { windowNotice } from './project-window';

interface ProjectItemProps {
  project: Project;
  selected: boolean;
  /** Files are being dragged over it. */
  dropTarget?: boolean;
  /** Enter in the search box opens it (the box says so to screen readers). */
  suggested?: boolean;
  onChoose(project: Project): void;
}

export function ProjectItem({
  project,
  selected,
  dropTarget = false,
  suggested = false,
  onChoose,
}: ProjectItemProps): React.JSX.Element {
  const now = useNow(60_000);
  const notice = windowNotice(project.startDate, project.endDate, now);
  return (
    <li>
      <button
        type="button"
        className={`project-item${dropTarget ? ' is-drop-target' : ''}${suggested ? ' is-suggested' : ''}`}
        aria-pressed={selected}
        onClick={() => onChoose(project)}
        data-project-id={project.projectId}
      >
        <span className="project-item-name">
          <ProjectName name={project.projectName} />
          {suggested ? (
            <kbd className="kbd project-item-enter" aria-hidden="true">
              Enter
            </kbd>
          ) : null}
        </span>
        <span className="project-item-meta">
          <span className={`tag tag-type tag-${project.projectType}`}>
            {jobTypeLabel(project.projectType)}
          </span>
          {notice ? (
            <span className={`project-item-window is-${notice.kind}`}>
              {notice.kind === 'ends-soon' ? <span aria-hidden="true">⚠ </span> : null}
              {notice.text}
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
}
