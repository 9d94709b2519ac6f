// Turns the form's values into the `jobs:submit` request: strings for text (an empty one as ''), a colour
// as `#rrggbb` (the name or code typed, read by the shared colour rule), `{ image_url }` for images and
// `{ audio_url, effects: [] }` for audio (an empty file field is left out: there is no file to point at),
// and the background settings for video projects.
import type { Project, JobValues } from '../../../electron/shared/api/schemas';
import { isJobType } from '../../../electron/shared/api/job-types';
import { valueToSend } from '../../../electron/shared/domain/field-value-rules';
import type { SubmitJob } from '../../../electron/shared/domain/job';
import type { FormField } from './field-kinds';
import { hasBackground, type JobFormValues } from './form-schema';
import { assetValue } from '../../../electron/shared/domain/asset-value';

export function toJobValues(fields: readonly FormField[], form: JobFormValues): JobValues {
  const values: JobValues = {};
  for (const field of fields) {
    const text = (form.values[field.key] ?? '').trim();
    if ((field.type.kind === 'image' || field.type.kind === 'audio') && text === '') continue;
    if (field.type.kind === 'image' || field.type.kind === 'audio')
      values[field.id] = assetValue(field.type.kind, text);
    else values[field.id] = valueToSend(field.type.kind, form.values[field.key] ?? '');
  }
  return values;
}

/** The request, or null when the project's type is not one the service accepts. */
export function toSubmitJob(
  project: Project,
  fields: readonly FormField[],
  form: JobFormValues,
): SubmitJob | null {
  if (!isJobType(project.projectType)) return null;
  const request: SubmitJob = {
    projectId: project.projectId,
    projectName: project.projectName,
    jobType: project.projectType,
    values: toJobValues(fields, form),
  };
  if (hasBackground(project.projectType) && form.background) {
    const music = form.background.music.trim();
    request.background = {
      music: music || null,
      volume: form.background.volume,
      start: form.background.start,
    };
  }
  return request;
}
