// Builds the job form's zod schema from its fields: every field is required, asset fields take a URL,
// and video projects add the background music, volume (0–1) and start offset (≥ 0 s).
import { z } from 'zod';
import { VIDEO_JOB_TYPES, type JobType } from '../../../electron/shared/api/job-types';
import type { FormField } from './field-kinds';

export interface BackgroundValues {
  /** URL of the music, or '' for none. */
  music: string;
  volume: number;
  start: number;
}

export interface JobFormValues {
  values: Record<string, string>;
  background?: BackgroundValues;
}

export function hasBackground(projectType: string): boolean {
  return (VIDEO_JOB_TYPES as readonly string[]).includes(projectType as JobType);
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const assetUrl = (label: string, what: string) =>
  z
    .string()
    .trim()
    // abort: an empty field gets one message, not also the one about addresses.
    .min(1, { error: `${label} is required: ${what}.`, abort: true })
    .refine(isHttpUrl, `${label} needs a web address starting with https://.`);

function fieldSchema(field: FormField): z.ZodType<string, string> {
  switch (field.type.kind) {
    case 'image':
      return assetUrl(field.label, 'drop an image, choose a file or paste its address');
    case 'audio':
      return assetUrl(field.label, 'drop an audio file, choose a file or paste its address');
    default:
      return z.string().trim().min(1, `${field.label} is required.`);
  }
}

export const backgroundSchema = z.object({
  music: z
    .string()
    .trim()
    .refine(
      (text) => text === '' || isHttpUrl(text),
      'Background music needs a web address starting with https://.',
    ),
  volume: z
    .number({ error: 'Volume must be a number from 0 to 100%.' })
    .min(0, 'Volume must be from 0 to 100%.')
    .max(1, 'Volume must be from 0 to 100%.'),
  start: z
    .number({ error: 'Enter the start offset in seconds (0 or more).' })
    .finite('Enter the start offset in seconds (0 or more).')
    .min(0, 'The start offset cannot be negative.'),
});

export function buildJobFormSchema(
  fields: readonly FormField[],
  projectType: string,
): z.ZodType<JobFormValues, JobFormValues> {
  const values = z.object(Object.fromEntries(fields.map((field) => [field.key, fieldSchema(field)])));
  return hasBackground(projectType)
    ? z.object({ values, background: backgroundSchema })
    : z.object({ values });
}

export const DEFAULT_BACKGROUND: BackgroundValues = { music: '', volume: 0.5, start: 0 };

/** Empty values for a new form. */
export function emptyJobForm(fields: readonly FormField[], projectType: string): JobFormValues {
  const values = Object.fromEntries(fields.map((field) => [field.key, '']));
  return hasBackground(projectType) ? { values, background: { ...DEFAULT_BACKGROUND } } : { values };
}
