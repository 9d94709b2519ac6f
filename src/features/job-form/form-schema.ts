// Builds the job form's zod schema from its fields: any field may be left empty (the service marks none as
// required, so the form lists the empty ones before sending instead), a value that is there is checked
// (asset fields take a web address, colour fields a colour, by the rule the batch preview and the CLI
// share: electron/shared/domain/field-value-rules.ts), and video projects add the background music,
// volume (0–1) and start offset (≥ 0 s).
import { z } from 'zod';
import { VIDEO_JOB_TYPES, type JobType } from '../../../electron/shared/api/job-types';
import { checkFieldValue } from '../../../electron/shared/domain/field-value-rules';
import { HTTP_EXCEPTION_WORDS, isAllowedWebAddress } from '../../../electron/shared/domain/urls';
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

/** The asset-address message, with the one rule of electron/shared/domain/urls.ts in words. */
const webAddressMessage = (label: string) =>
  `${label} needs a web address starting with https:// (${HTTP_EXCEPTION_WORDS}).`;

const assetUrl = (label: string) =>
  z
    .string()
    .trim()
    .refine((text) => text === '' || isAllowedWebAddress(text), webAddressMessage(label));

function fieldSchema(field: FormField): z.ZodType<string, string> {
  switch (field.type.kind) {
    case 'image':
    case 'audio':
      return assetUrl(field.label);
    case 'color':
      return z.string().superRefine((text, context) => {
        const { error } = checkFieldValue('', { ...field, kind: 'color' }, text);
        if (error) context.addIssue({ code: 'custom', message: error });
      });
    default:
      return z.string();
  }
}

// A field the project itself calls optional ("Voice-over (optional)") is left empty on purpose.
const SAYS_OPTIONAL = /\(\s*optional\s*\)/i;

/**
 * The fields left empty (whitespace counts as empty) that the person may have forgotten, in the form's
 * order: not those whose label says they are optional.
 */
export function emptyFieldsOf(
  fields: readonly FormField[],
  form: Pick<JobFormValues, 'values'>,
): FormField[] {
  return fields.filter(
    (field) => !SAYS_OPTIONAL.test(field.label) && (form.values[field.key] ?? '').trim() === '',
  );
}

export const backgroundSchema = z.object({
  music: assetUrl('Background music'),
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
