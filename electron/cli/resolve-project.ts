// A project named on the command line, by its id or its name (any case; a unique part of a name too),
// among the account's active projects.
import type { Project } from '../shared/api/schemas';
import { UsageError } from './cli-error';
import type { CoreSession } from './core-session';

const norm = (text: string) => text.trim().toLowerCase();

export function findProject(projects: readonly Project[], text: string): Project {
  const wanted = norm(text);
  const byId = projects.find((project) => project.projectId === text.trim());
  if (byId) return byId;
  const named = projects.filter((project) => norm(project.projectName) === wanted && wanted !== '');
  if (named.length === 1 && named[0]) return named[0];
  const partly =
    named.length > 1 ? named : projects.filter((p) => wanted && norm(p.projectName).includes(wanted));
  if (partly.length === 1 && partly[0]) return partly[0];
  if (partly.length > 1) {
    const names = partly.slice(0, 5).map((project) => `“${project.projectName}” (${project.projectId})`);
    throw new UsageError(
      `“${text}” matches ${partly.length} projects: ${names.join(', ')}.`,
      'Give more of the name, or the project’s id.',
    );
  }
  throw new UsageError(`No active project is called “${text}”.`, 'See the projects with: jrs projects');
}

export async function resolveProject(session: CoreSession, text: string): Promise<Project> {
  return findProject(await session.call('projects:list'), text);
}
