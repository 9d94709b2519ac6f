// One project in the list: a button with its name, type and active window; pressed when chosen.
import type { Project } from '../../../electron/shared/api/schemas';
import { ProjectName } from '../../components/ProjectName';
import { formatActiveWindow } from '../../lib/dates';
import { jobTypeLabel } from '../../lib/job-type-labels';

interface ProjectItemProps {
  project: Project;
  selected: boolean;
  onChoose(project: Project): void;
}

export function ProjectItem({ project, selected, onChoose }: ProjectItemProps): React.JSX.Element {
  return (
    <li>
      <button
        type="button"
        className="project-item"
        aria-pressed={selected}
        onClick={() => onChoose(project)}
        data-project-id={project.projectId}
      >
        <span className="project-item-name">
          <ProjectName name={project.projectName} />
        </span>
        <span className="project-item-meta">
          <span className={`tag tag-type tag-${project.projectType}`}>
            {jobTypeLabel(project.projectType)}
          </span>
          <span className="project-item-window">
            {formatActiveWindow(project.startDate, project.endDate)}
          </span>
        </span>
      </button>
    </li>
  );
}
