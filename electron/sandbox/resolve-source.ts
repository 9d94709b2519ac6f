// Resolves the source of a new job: template_id before project_id; image prompts for ai_image_generation.
import type { JobType } from '../shared/api/job-types';
import { isActive, type AccountStore } from './account-store';
import type { Simulation } from './seed';

export type SourceResult =
  { ok: true; sourceId: string; simulation: Simulation } | { ok: false; message: string };

export function resolveSource(
  accounts: AccountStore,
  accountId: string,
  jobType: JobType,
  templateId: string | undefined,
  projectId: string | undefined,
  now: number,
): SourceResult {
  const sourceId = templateId ?? projectId;
  if (!sourceId) {
    return {
      ok: false,
      message: 'Send template_id (or project_id) naming the project or source of the job.',
    };
  }
  if (jobType === 'ai_image_generation') {
    const prompt = accounts.imagePrompt(accountId, sourceId);
    if (prompt) return { ok: true, sourceId, simulation: prompt.simulation };
  }
  const project = accounts.project(accountId, sourceId);
  if (!project || project.deleted) {
    return { ok: false, message: `No project or source with id ${sourceId} was found for this account.` };
  }
  // Not shown in the spec; the sandbox refuses what the real service could only run wrongly.
  if (!isActive(project, now)) {
    return { ok: false, message: `Project ${sourceId} is outside its active window.` };
  }
  if (project.type !== jobType) {
    return {
      ok: false,
      message: `Project ${sourceId} is a ${project.type} project; job_type ${jobType} does not match it.`,
    };
  }
  return { ok: true, sourceId, simulation: project.simulation };
}
