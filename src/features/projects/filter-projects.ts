// Which projects the list shows: a case- and accent-insensitive search of the name and the type (its id and
// its words: "video", "Text to speech"), and one type or all.
import type { Project } from '../../../electron/shared/api/schemas';
import { jobTypeLabel } from '../../lib/job-type-labels';

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export function filterProjects(projects: readonly Project[], query: string, type: string): Project[] {
  const needle = fold(query);
  return projects.filter(
    (project) =>
      (type === '' || project.projectType === type) &&
      (needle === '' ||
        fold(project.projectName).includes(needle) ||
        fold(project.projectType.replace(/_/g, ' ')).includes(needle) ||
        fold(jobTypeLabel(project.projectType)).includes(needle)),
  );
}

/** The types present in the list, in first-seen order, for the filter's options. */
export function projectTypesOf(projects: readonly Project[]): string[] {
  return [...new Set(projects.map((project) => project.projectType))];
}
